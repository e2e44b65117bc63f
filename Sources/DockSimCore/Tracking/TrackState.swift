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
  /// The state extrapolated `dt` seconds ahead at constant velocity.
  public func extrapolated(by dt: Double) -> TrackState {
    var s = self
    s.azimuth = Angle.wrap(azimuth + azimuthRate * dt)
    s.elevation += elevationRate * dt
    s.logSize += logSizeRate * dt
    return s
  }

  /// The direction of the state (radians).
  public var direction: Direction { Direction(azimuth: azimuth, elevation: elevation) }

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
  public var covarianceUpper: CovarianceUpper
  /// The instant of the estimate: the capture time of the last processed frame, seconds.
  public var time: Double
  /// Normalized innovation squared of the last update; NaN when the frame had no measurement.
  public var nis: Double
  /// Consecutive frames without a measurement while the subject should have been visible.
  public var misses: Int
  /// Consecutive frames without a measurement while predicted behind a nearer track.
  public var occludedFrames: Int
  public var kind: SubjectKind
  /// Last observed width / height of the box (normalized units), to draw and hit-test it.
  public var aspect: Double
  /// Smoothed speaking confidence of a face track, 0…1 (0 for other kinds).
  public var speaking: Double
  /// Confidence of the last detection that updated the track (the detector's score).
  public var score: Double
  /// For a face track, the id of the live body track the tracker holds to be its person's body; nil for
  /// other kinds, and for a face not linked (yet) or whose body has died.
  public var linkedBody: Int?
  /// The person the track belongs to: the id shared by a face and a body once they were linked, kept by
  /// each of them while it lives (so it outlives the track it came from); the track's own id until then
  /// and for objects. A link joins two people under the older id (the smaller: ids grow with birth).
  public var person: Int

  public init(
    id: Int, status: TrackStatus, state: TrackState, covarianceUpper: CovarianceUpper, time: Double,
    nis: Double, misses: Int, occludedFrames: Int = 0, kind: SubjectKind, aspect: Double = 0.5,
    speaking: Double = 0, score: Double = 1, linkedBody: Int? = nil, person: Int? = nil
  ) {
    self.id = id
    self.status = status
    self.state = state
    self.covarianceUpper = covarianceUpper
    self.time = time
    self.nis = nis
    self.misses = misses
    self.occludedFrames = occludedFrames
    self.kind = kind
    self.aspect = aspect
    self.speaking = speaking
    self.score = score
    self.linkedBody = linkedBody
    self.person = person ?? id
  }

  /// Whether a detection updated the track in the frame it was returned for.
  public var updatedThisFrame: Bool { misses == 0 && occludedFrames == 0 && nis.isFinite }

  /// The track's box in the image of `camera` at `pose` (normalized units, lower-left origin): its
  /// state's centre and height through the measurement model, with its last observed aspect.
  public func box(camera: PinholeCamera, pose: CameraPose) -> NormalizedRect {
    let z = MeasurementModel(camera: camera).projection(pose: pose).evaluate(
      azimuth: state.azimuth, elevation: state.elevation, logSize: state.logSize)
    return NormalizedRect(centerX: z.u, centerY: z.v, width: z.h * aspect, height: z.h)
  }

  /// The state extrapolated `dt` seconds ahead at constant velocity.
  public func extrapolated(by dt: Double) -> TrackState { state.extrapolated(by: dt) }
}

/// A tracker: the seam where a user plugs in their own. It sees observations without identity and the
/// measured camera pose, never the ground truth.
public protocol Tracker: Sendable {
  /// Processes the detections of one captured frame (possibly none) and returns the live tracks
  /// (tentative ones included), ordered by id.
  mutating func update(with batch: ObservationBatch) -> [Track]
  /// The track the controller should follow, if any.
  var primaryTrack: Track? { get }
  /// Forgets every track, as at the start of a run (ids start again from the first, any selection is
  /// dropped); keeps the parameters. The simulation calls it when an app starts a custom-tracking
  /// session, so that the tracker follows the app's observations alone. There is no default: a tracker
  /// that kept its tracks would leave the system's subject primary.
  mutating func reset()
}

/// Why a subject selection was refused.
public enum SelectionError: Error, Equatable, Sendable {
  /// No tracked subject at the given point (DockKit's `noSubjectFound`).
  case noSubjectFound
  /// A coordinate outside 0…1 or not finite (DockKit's `invalidParameter`).
  case invalidParameter
}

/// A tracker whose primary subject can be chosen, as DockKit's `selectSubjects` / `selectSubject(at:)`.
public protocol SubjectSelecting {
  /// Locks the primary onto the first live track of `ids`; an empty list returns to automatic choice.
  mutating func selectSubjects(_ ids: [Int])
  /// Selects the tracked subject whose box contains `point`, normalized with an **upper-left** origin
  /// (as DockKit's `selectSubject(at:)`), and returns its track id.
  mutating func selectSubject(atX x: Double, y: Double) throws(SelectionError) -> Int
}
