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

/// A path through timed waypoints. Between two polar waypoints the subject moves along the arc
/// (azimuth, distance and height interpolated linearly); otherwise along the straight line. Before
/// the first waypoint and after the last one the subject stands still.
public struct SubjectPath: Equatable, Sendable {
  /// Waypoints in strictly increasing time.
  public var waypoints: [Waypoint]
  public var sway: Sway?

  public init(waypoints: [Waypoint], sway: Sway? = nil) {
    precondition(!waypoints.isEmpty, "a path needs at least one waypoint")
    self.waypoints = waypoints
    self.sway = sway
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
}
