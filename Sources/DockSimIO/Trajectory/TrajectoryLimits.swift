import Foundation

/// Bounds of the trajectory files a scenario or `docksim import-trajectories` reads, and of the people
/// made from them. A file or a person beyond them is the wrong file, a units mistake or a stand placed
/// in the walkers' way; `docs/scenarios.md` ("Paths from data") documents them.
public enum TrajectoryLimits {
  /// Bytes of one trajectory or recording file: the largest ETH/UCY recording is under 1 MB, an hour of
  /// one walker at 100 Hz about 5 MB.
  public static let maximumBytes = 16 << 20
  /// Data rows of one file (one sample each).
  public static let maximumRows = 500_000
  /// Metres: the closest any sample of a path may come to the stand's pivot. Nearer, the person walks
  /// through the stand (and a box centred on the pan axis has no azimuth at all).
  public static let minimumStandClearance = 0.5
  /// Shoulder width of a person's body box, metres: a small child to a broad adult.
  public static let bodyWidth: ClosedRange<Double> = 0.25...0.8
  /// Height of a person's body box, metres: a toddler to a very tall adult.
  public static let bodyHeight: ClosedRange<Double> = 0.5...2.3
  /// Metres: the stand's pivot above the ground (a table, a tripod, a shelf).
  public static let pivotHeight: ClosedRange<Double> = 0...5
  /// Frame rate of a recording's frame numbers, Hz.
  public static let frameRate: ClosedRange<Double> = 0.1...1000
  /// Seconds of a recording's latest time (frame / fps): over 31 years, far beyond any recording, and
  /// it keeps times in microseconds (`SimTime`, the instants `PrimaryChoice` pairs people at) far inside
  /// Int64. Frame 999,999,999,999 at 0.1 Hz, 10^13 s, trapped `import-trajectories` there.
  public static let maximumRecordingTime = 1e9
  /// Coordinates in a file, metres: any recording fits; beyond is a units mistake (millimetres).
  public static let maximumCoordinate = 1000.0
  /// Degrees either way of a stand's heading: one turn; more is a units mistake (radians are smaller).
  public static let maximumHeadingDegrees = 360.0
}

/// Where the stand is in a recording's ground frame (x east, y north, metres; right-handed, z up) and
/// which way it faces.
///
/// `heading` is the direction of the stand's forward axis, radians counter-clockwise from the
/// recording's +x axis (0: facing +x, π/2: facing +y). A point p of the recording is, in the stand's
/// base frame (x forward, y right):
///
///     x_base =  (pₓ − sₓ)·cos h + (p_y − s_y)·sin h
///     y_base =  (pₓ − sₓ)·sin h − (p_y − s_y)·cos h
///
/// (forward is (cos h, sin h); right, a quarter turn clockwise from it seen from above, is
/// (sin h, −cos h)).
public struct StandPose: Equatable, Sendable {
  /// Position of the pivot in the recording's frame, metres.
  public var x: Double
  public var y: Double
  /// Forward direction, radians counter-clockwise from the recording's +x axis.
  public var heading: Double

  public init(x: Double, y: Double, heading: Double) {
    self.x = x
    self.y = y
    self.heading = heading
  }

  /// The recording's point (x east, y north) in the stand's base frame (x forward, y right), metres.
  public func base(x px: Double, y py: Double) -> (x: Double, y: Double) {
    let dx = px - x
    let dy = py - y
    let c = cos(heading)
    let s = sin(heading)
    return (dx * c + dy * s, dx * s - dy * c)
  }

  /// The stand's pose as `--stand` and `stand:` write it: "x,y,heading_deg".
  public var degreesText: String {
    "\(TrajectoryFormat.number(x)),\(TrajectoryFormat.number(y)),\(TrajectoryFormat.number(heading * 180 / .pi))"
  }
}

/// Locale-free number text for the files the importer writes: at most `digits` decimals, trailing zeros
/// dropped, never "-0".
enum TrajectoryFormat {
  static func number(_ value: Double, digits: Int = 4) -> String {
    var text = String(format: "%.\(digits)f", value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }
}
