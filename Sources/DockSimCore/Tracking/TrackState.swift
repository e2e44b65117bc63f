/// A track's state estimate in the stand's base frame.
///
/// `azimuth` (rad, positive right, wrapped to (-π, π]), `elevation` (rad, positive up), `logSize`
/// (natural log of the angular height in radians) and their rates per second.
public struct TrackState: Equatable, Sendable {
  public var azimuth: Double
  public var elevation: Double
  public var logSize: Double
  public var azimuthRate: Double
  public var elevationRate: Double
  public var logSizeRate: Double
  public init(
    azimuth: Double, elevation: Double, logSize: Double, azimuthRate: Double = 0,
    elevationRate: Double = 0, logSizeRate: Double = 0
  ) {
    self.azimuth = azimuth
    self.elevation = elevation
    self.logSize = logSize
    self.azimuthRate = azimuthRate
    self.elevationRate = elevationRate
    self.logSizeRate = logSizeRate
  }
  /// The six components in state order.
  public var components: [Double] {
    [azimuth, elevation, logSize, azimuthRate, elevationRate, logSizeRate]
  }
}

/// Life-cycle stage of a track.
public enum TrackStatus: String, Sendable {
  case tentative
  case confirmed
  case coasting
}

/// A tracker's output for one subject hypothesis.
public struct Track: Equatable, Sendable {
  /// Tracker-assigned identifier, unique within a run.
  public var id: Int
  public var status: TrackStatus
  /// Posterior at `time`.
  public var state: TrackState
  /// Posterior covariance, 21 upper-triangle entries row by row (p00, p01, …, p55).
  public var covarianceUpper: [Double]
  /// The instant of the estimate: the capture time of the last processed frame, seconds.
  public var time: Double
  /// Normalized innovation squared of the last update; NaN when the frame had no measurement.
  public var nis: Double
  /// Consecutive frames without a measurement.
  public var misses: Int
  public var kind: SubjectKind

  public init(
    id: Int, status: TrackStatus, state: TrackState, covarianceUpper: [Double], time: Double,
    nis: Double, misses: Int, kind: SubjectKind
  ) {
    self.id = id
    self.status = status
    self.state = state
    self.covarianceUpper = covarianceUpper
    self.time = time
    self.nis = nis
    self.misses = misses
    self.kind = kind
  }

  /// The state extrapolated `dt` seconds ahead at constant velocity.
  public func extrapolated(by dt: Double) -> TrackState {
    var s = state
    s.azimuth = Angle.wrap(s.azimuth + s.azimuthRate * dt)
    s.elevation += s.elevationRate * dt
    s.logSize += s.logSizeRate * dt
    return s
  }
}

/// A tracker: the seam where a user plugs in their own. It sees observations without identity and the
/// measured camera pose, never the ground truth.
public protocol Tracker: Sendable {
  /// Processes the detections of one captured frame (possibly none) and returns the live tracks.
  mutating func update(with batch: ObservationBatch) -> [Track]
  /// The track the controller should follow, if any.
  var primaryTrack: Track? { get }
}
