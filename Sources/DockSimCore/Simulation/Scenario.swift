/// Everything a run needs, in SI units: the validated content of a scenario file.
public struct Scenario: Equatable, Sendable {
  public var name: String
  public var description: String
  /// Seed of every random stream of the run.
  public var seed: UInt64
  /// Simulated duration.
  public var duration: SimDuration
  /// Physics steps per second; 1e6 must be a whole multiple of the step (integer µs).
  public var physicsRateHz: Int
  /// Camera frames per second.
  public var frameRateHz: Double
  public var dock: DockParameters
  public var camera: PinholeCamera
  public var detector: DetectorParameters
  public var tracker: TrackerParameters
  public var controller: ControllerParameters
  public var subjects: [Subject]
  /// Static objects that hide subjects behind them.
  public var occluders: [Occluder]
  /// Index in `subjects` of the subject the run is about: framing, lag and primary-subject metrics
  /// are measured on it. The tracker is not told; it chooses its primary itself.
  public var primarySubject: Int
  /// Largest distance (normalized image units) at which a track matches a true box in the tracking
  /// metrics.
  public var matchThreshold: Double
  /// The motor encoders' feedback and the phone's gyroscope, from which the tracker and controller
  /// get the camera pose.
  public var sensors: PoseSensorParameters
  /// The framing at the start of the run.
  public var framing: Framing
  /// Commands at times, applied in time order (ties in file order).
  public var events: [ScenarioEvent]
  /// The dock's battery.
  public var battery: BatteryModel
  /// Bounds the run's metrics must respect (`expect:`).
  public var expectations: [Expectation]

  /// When the scenario's app selects the primary subject — the time of the first `select_subjects`
  /// event, if the first person it names is `primarySubject` — nil when it never does, or selects
  /// someone else first. The run is about the person the app will select, but until it asks for them
  /// the stand follows whom its automatic choice picks, and that is nobody's mistake: the
  /// primary-subject judge counts the wrong subject from then (`TrackingMetrics.judgedFrom`).
  public var primarySelectionTime: SimTime? {
    // Events run in time order, ties in file order: the earliest selection, the first of equals.
    var earliest: (time: SimTime, first: String?)?
    for e in events {
      guard case .selectSubjects(let ids) = e.command, earliest.map({ e.time < $0.time }) ?? true else {
        continue
      }
      earliest = (e.time, ids.first)
    }
    guard let earliest, subjects.indices.contains(primarySubject),
      earliest.first == subjects[primarySubject].id
    else { return nil }
    return earliest.time
  }

  public init(
    name: String, description: String = "", seed: UInt64, duration: SimDuration, physicsRateHz: Int = 1000,
    frameRateHz: Double = 30, dock: DockParameters = DockParameters(),
    camera: PinholeCamera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0),
    detector: DetectorParameters = DetectorParameters(), tracker: TrackerParameters = TrackerParameters(),
    controller: ControllerParameters = ControllerParameters(), subjects: [Subject],
    occluders: [Occluder] = [],
    primarySubject: Int = 0, matchThreshold: Double = MOTAccumulator.defaultMatchThreshold,
    sensors: PoseSensorParameters = PoseSensorParameters(),
    framing: Framing = Framing(), events: [ScenarioEvent] = [],
    battery: BatteryModel = BatteryModel(), expectations: [Expectation] = []
  ) {
    self.name = name
    self.description = description
    self.seed = seed
    self.duration = duration
    self.physicsRateHz = physicsRateHz
    self.frameRateHz = frameRateHz
    self.dock = dock
    self.camera = camera
    self.detector = detector
    self.tracker = tracker
    self.controller = controller
    self.subjects = subjects
    self.occluders = occluders
    self.primarySubject = primarySubject
    self.matchThreshold = matchThreshold
    self.sensors = sensors
    self.framing = framing
    self.events = events
    self.battery = battery
    self.expectations = expectations
  }
}
