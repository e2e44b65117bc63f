/// Everything that happened in one camera frame, for traces and scoring.
///
/// Angles in radians (DockKit signs for the camera: yaw right, pitch down; elevation up), image values
/// normalized with a lower-left origin. Optional values are absent when not applicable.
public struct FrameRecord: Sendable {
  public var frame: Int64
  public var time: SimTime
  /// Every box of every subject present at this frame (true camera pose), in subject order; a subject
  /// before its `appear` or from its `leave` has none.
  public var boxes: [TruthBox]
  /// The intended subject's box at this frame: the one of the kind the primary track follows, else its
  /// main box; nil while that subject is absent (the framing metrics then skip the frame).
  public var truth: TruthBox?
  /// The subject the run is about at this frame when the app selected one (`selectSubjects`, a tap on
  /// the preview, tracks it chose); nil: the scenario's `primary_subject`. The framing, the estimate's
  /// truth and the primary-subject metrics are judged on this subject.
  public var intendedSubject: Int?
  /// The observation of the primary subject captured this frame (nil if missed).
  public var observation: Observation?
  /// All observations captured this frame (including clutter), in the detector's order.
  public var observations: [Observation]
  /// The tracks delivered this frame (from the frame captured `latency` frames earlier).
  public var tracks: [Track]
  /// The primary track delivered this frame.
  public var estimate: Track?
  /// Every box at the capture time of the delivered frame, and the true camera pose then.
  public var deliveredBoxes: [TruthBox]
  public var deliveredPose: CameraPose?
  /// The intended subject's box at the capture time of the delivered frame: the one of the kind the
  /// primary track follows, else its main box.
  public var truthAtEstimate: TruthBox?
  /// NEES of the delivered primary estimate against `truthAtEstimate` (3 degrees of freedom, see
  /// `TrackingMetrics.nees`); nil without an estimate, without a box of its kind or a covariance that is
  /// not positive definite.
  public var estimateNEES: Double?
  /// The primary-subject judge's verdict on this frame (`TrackingMetrics.judgement`): filled in by the
  /// simulation after its metrics observed the frame, so a trace shows which frames count in
  /// `wrong_subject_s`; nil when the frame was not scored.
  public var primaryJudgement: PrimaryJudgement?
  /// True camera pose at this frame.
  public var camera: CameraPose
  /// The camera pose the tracker was given for the delivered frame (from the sensors).
  public var measuredPose: CameraPose?
  /// The camera pose the sensors give for this frame's instant (what the phone knows now).
  public var sensedPose: CameraPose?
  /// Measured angular velocity of the axes, rad/s.
  public var cameraVelocity: AxisPair<Double>
  /// The command the controller issued this frame.
  public var command: DockCommand
  /// Distance of the primary subject from the framing target, normalized image units, capped at 1
  /// (also when `truth` is nil: no metric or trace uses it then).
  public var framingError: Double
  /// The framing in force and whether it changed this frame.
  public var framing: Framing
  public var framingChanged: Bool
  /// Whether system tracking drives the dock this frame.
  public var systemTracking: Bool
  /// Commands refused this frame.
  public var violations: [APIViolation]
  /// Commands applied this frame, by name.
  public var commands: [String]
  /// The dock's controls used this frame while docked (the app's accessory events), in order.
  public var accessoryInputs: [AccessoryInput]
  /// The `setOrientation` move or animation driving the dock, if any.
  public var activeMotion: ActiveMotion?
  /// The dock's battery and whether the phone is on the dock.
  public var battery: BatteryState?
  public var docked: Bool

  public init(
    frame: Int64, time: SimTime, boxes: [TruthBox] = [], truth: TruthBox?, intendedSubject: Int? = nil,
    observation: Observation?,
    observations: [Observation] = [], tracks: [Track] = [], estimate: Track?, deliveredBoxes: [TruthBox] = [],
    deliveredPose: CameraPose? = nil, truthAtEstimate: TruthBox?, estimateNEES: Double? = nil,
    camera: CameraPose,
    measuredPose: CameraPose? = nil, sensedPose: CameraPose? = nil,
    cameraVelocity: AxisPair<Double>, command: DockCommand, framingError: Double,
    framing: Framing = Framing(),
    framingChanged: Bool = false, systemTracking: Bool = true, violations: [APIViolation] = [],
    commands: [String] = [], accessoryInputs: [AccessoryInput] = [], activeMotion: ActiveMotion? = nil,
    battery: BatteryState? = nil, docked: Bool = true
  ) {
    self.frame = frame
    self.time = time
    self.boxes = boxes
    self.truth = truth
    self.intendedSubject = intendedSubject
    self.observation = observation
    self.observations = observations
    self.tracks = tracks
    self.estimate = estimate
    self.deliveredBoxes = deliveredBoxes
    self.deliveredPose = deliveredPose
    self.truthAtEstimate = truthAtEstimate
    self.estimateNEES = estimateNEES
    self.camera = camera
    self.measuredPose = measuredPose
    self.sensedPose = sensedPose
    self.cameraVelocity = cameraVelocity
    self.command = command
    self.framingError = framingError
    self.framing = framing
    self.framingChanged = framingChanged
    self.systemTracking = systemTracking
    self.violations = violations
    self.commands = commands
    self.accessoryInputs = accessoryInputs
    self.activeMotion = activeMotion
    self.battery = battery
    self.docked = docked
  }
}

/// Receives frame records as the run produces them (a CSV writer, a plot, a test). Streaming keeps
/// memory flat however long the scenario.
public protocol TraceSink {
  mutating func write(_ record: FrameRecord) throws
}
