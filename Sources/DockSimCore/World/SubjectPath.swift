import Foundation

/// Where a waypoint puts the subject's centre, in the stand's base frame.
public enum WaypointPosition: Equatable, Sendable {
  /// Azimuth (rad, positive right, unwrapped: 0 → 4.7 walks three quarters round the stand),
  /// horizontal distance from the pivot (m) and height of the centre above the pivot (m).
  case polar(azimuth: Double, distance: Double, height: Double)
  /// x forward, y right (m) and height above the pivot (m).
  case cartesian(x: Double, y: Double, height: Double)

  /// The position as a point in the base frame (x forward, y right, z up, metres).
  public var point: Point3 {
    switch self {
    case .polar(let az, let d, let h): return Point3(x: d * cos(az), y: d * sin(az), z: h)
    case .cartesian(let x, let y, let h): return Point3(x: x, y: y, z: h)
    }
  }
}

/// A timed waypoint.
public struct Waypoint: Equatable, Sendable {
  public var time: SimTime
  public var position: WaypointPosition
  public init(time: SimTime, position: WaypointPosition) {
    self.time = time
    self.position = position
  }
}

/// A small periodic side-to-side and up-and-down motion on top of the path (someone talking, shifting
/// weight). Amplitudes in metres, period in seconds.
public struct Sway: Equatable, Sendable {
  public var lateral: Double
  public var vertical: Double
  public var period: Double
  public init(lateral: Double, vertical: Double, period: Double) {
    self.lateral = lateral
    self.vertical = vertical
    self.period = period
  }
}

/// How a path moves between its waypoints.
public enum PathInterpolation: String, Equatable, Sendable, CaseIterable {
  /// Straight segments (arcs between polar waypoints) at constant speed: the velocity jumps at every
  /// waypoint.
  case linear
  /// A natural cubic spline through the waypoints in time, per coordinate: it passes through every
  /// waypoint exactly and its velocity and acceleration are continuous (zero acceleration at the ends).
  /// What a walk sampled at a few hertz needs, so that a tracker does not see a manoeuvre at each
  /// sample.
  case cubic
}

/// A path through timed waypoints. With `linear` interpolation the subject moves along the arc
/// between two polar waypoints (azimuth, distance and height interpolated linearly), otherwise along
/// the straight line. With `cubic` interpolation each coordinate follows a natural cubic spline in
/// time: azimuth, distance and height when every waypoint is polar, else x, y and height. Before the
/// first waypoint and after the last one the subject stands still.
public struct SubjectPath: Equatable, Sendable {
  /// Waypoints in strictly increasing time.
  public var waypoints: [Waypoint] { didSet { prepareSpline() } }
  public var sway: Sway?
  public var interpolation: PathInterpolation { didSet { prepareSpline() } }
  /// For `cubic`: each waypoint's coordinates (azimuth, distance, height when all are polar, else x, y,
  /// z) and the spline's second derivatives there (per s²), computed once so that evaluating a
  /// position allocates nothing. Empty for `linear`.
  private var knots: [SIMD3<Double>] = []
  private var curvatures: [SIMD3<Double>] = []
  private var polarSpline = false

  public init(waypoints: [Waypoint], sway: Sway? = nil, interpolation: PathInterpolation = .linear) {
    precondition(!waypoints.isEmpty, "a path needs at least one waypoint")
    self.waypoints = waypoints
    self.sway = sway
    self.interpolation = interpolation
    prepareSpline()
  }

  /// The subject's centre at `time`.
  public func position(at time: SimTime) -> Point3 {
    var p = basePosition(at: time)
    if let sway, sway.period > 0 {
      let phase = 2 * Double.pi * time.seconds / sway.period
      // Sideways is perpendicular to the line of sight, so the sway moves the subject in the image.
      let r = (p.x * p.x + p.y * p.y).squareRoot()
      if r > 0 {
        let s = sway.lateral * sin(phase)
        let (sideX, sideY) = (-p.y / r, p.x / r)
        p.x += sideX * s
        p.y += sideY * s
      }
      p.z += sway.vertical * sin(2 * phase)
    }
    return p
  }

  private func basePosition(at time: SimTime) -> Point3 {
    guard let first = waypoints.first, let last = waypoints.last else { return Point3(x: 1, y: 0, z: 0) }
    if time <= first.time { return first.position.point }
    if time >= last.time { return last.position.point }
    // The first waypoint at or after `time` (times strictly increase): a binary search, since an
    // hour-long path has hundreds of waypoints and this runs for every subject every frame.
    var i = 1
    var high = waypoints.count - 1
    while i < high {
      let mid = (i + high) / 2
      if waypoints[mid].time < time { i = mid + 1 } else { high = mid }
    }
    let a = waypoints[i - 1]
    let b = waypoints[i]
    if interpolation == .cubic, !curvatures.isEmpty { return splinePosition(segment: i, at: time) }
    let f =
      Double((time - a.time).microseconds) / Double((b.time - a.time).microseconds)
    switch (a.position, b.position) {
    case (.polar(let az0, let d0, let h0), .polar(let az1, let d1, let h1)):
      return WaypointPosition.polar(
        azimuth: az0 + (az1 - az0) * f, distance: d0 + (d1 - d0) * f, height: h0 + (h1 - h0) * f
      ).point
    default:
      let p0 = a.position.point
      let p1 = b.position.point
      return Point3(x: p0.x + (p1.x - p0.x) * f, y: p0.y + (p1.y - p0.y) * f, z: p0.z + (p1.z - p0.z) * f)
    }
  }

  /// The spline on the segment ending at waypoint `i`, in the usual form
  /// `y = A·yᵢ₋₁ + B·yᵢ + ((A³ − A)·Mᵢ₋₁ + (B³ − B)·Mᵢ)·h²/6` with A the remaining share of the
  /// segment: at a waypoint A or B is exactly 0, so the spline returns the waypoint's own coordinates.
  private func splinePosition(segment i: Int, at time: SimTime) -> Point3 {
    let t0 = waypoints[i - 1].time
    let t1 = waypoints[i].time
    let span = Double((t1 - t0).microseconds)
    let a = Double((t1 - time).microseconds) / span
    let b = 1 - a
    let h = span / 1e6
    let y =
      a * knots[i - 1] + b * knots[i]
      + ((a * a * a - a) * curvatures[i - 1] + (b * b * b - b) * curvatures[i]) * (h * h / 6)
    if polarSpline { return WaypointPosition.polar(azimuth: y.x, distance: y.y, height: y.z).point }
    return Point3(x: y.x, y: y.y, z: y.z)
  }

  /// The natural spline's second derivatives at the waypoints: the tridiagonal system of continuous
  /// first derivatives with zero curvature at both ends, solved by the Thomas algorithm.
  private mutating func prepareSpline() {
    knots = []
    curvatures = []
    guard interpolation == .cubic, waypoints.count >= 3 else { return }
    polarSpline = waypoints.allSatisfy {
      if case .polar = $0.position { return true } else { return false }
    }
    knots = waypoints.map { w in
      switch w.position {
      case .polar(let az, let d, let h) where polarSpline: return SIMD3(az, d, h)
      default:
        let p = w.position.point
        return SIMD3(p.x, p.y, p.z)
      }
    }
    let n = waypoints.count
    let t = waypoints.map(\.time.seconds)
    // Rows 1 … n−2: h₀·Mᵢ₋₁ + 2(h₀ + h₁)·Mᵢ + h₁·Mᵢ₊₁ = 6·(slope₁ − slope₀); M₀ = Mₙ₋₁ = 0.
    var diagonal = [Double](repeating: 1, count: n)
    var rhs = [SIMD3<Double>](repeating: .zero, count: n)
    var upper = [Double](repeating: 0, count: n)
    for i in 1..<(n - 1) {
      let h0 = t[i] - t[i - 1]
      let h1 = t[i + 1] - t[i]
      let lower = h0
      var d = 2 * (h0 + h1)
      var r = 6 * ((knots[i + 1] - knots[i]) / h1 - (knots[i] - knots[i - 1]) / h0)
      // Eliminate the lower entry with the previous row (row 0 is M₀ = 0, no coupling).
      if i > 1 {
        let m = lower / diagonal[i - 1]
        d -= m * upper[i - 1]
        r -= m * rhs[i - 1]
      }
      diagonal[i] = d
      upper[i] = h1
      rhs[i] = r
    }
    var m = [SIMD3<Double>](repeating: .zero, count: n)
    for i in stride(from: n - 2, through: 1, by: -1) {
      let next = i + 1 < n - 1 ? m[i + 1] : .zero
      m[i] = (rhs[i] - upper[i] * next) / diagonal[i]
    }
    curvatures = m
  }
}
