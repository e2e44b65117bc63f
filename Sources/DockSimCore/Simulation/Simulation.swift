/// The true boxes and camera pose at a capture: for scoring, and for telling which person an app's
/// selection means; never shown to the tracker.
typealias CapturedTruth = (boxes: [TruthBox], pose: CameraPose)

/// The closed loop of one scenario, stepped on integer time.
///
/// Every physics tick (1 kHz by default), in this order:
/// 1. **frame** (when a camera frame is due): world → project subjects through the true camera →
///    detect → push into the inference delay line → deliver the batch captured `latencyFrames` ago →
///    track → control → send the command (it acts after the command latency) → record and score;
/// 2. **actuation**: the dock steps its motors under the active command.
public struct Simulation {
  public let scenario: Scenario
  var dock: Dock
  private var detector: any Detector
  var tracker: any Tracker
  var controller: any Controller
  private var metrics: BuiltInMetrics
  private var extraMetrics: [any MetricAccumulator]
  private let frames: RateSchedule
  private let tickMicros: Int64
  private let projector: SceneProjector
  private var projection = SceneProjector.Workspace()
  /// Reused for the subjects' random-motion offsets of each frame.
  private var offsets: [PathOffset] = []
  /// One random-motion process per subject (nil where the subject has none).
  private var subjectMotion: [MotionNoiseProcess?]
  private var delayLine: [ObservationBatch?]
  /// The true boxes and camera pose at each capture in the delay line, for scoring only.
  private var truthLine: [CapturedTruth?]
  /// The DockKit app session: what the app's calls set and the rules they obey.
  var session: AppSession
  /// The pose the sensors gave at the last frame, and the truth delivered then: what an app's call
  /// between frames is applied against.
  private var lastMeasuredPose = CameraPose(yaw: 0, pitch: 0)
  private var lastDeliveredTruth: CapturedTruth?
  private var tick: Int64 = 0
  private var nextFrame: Int64 = 0
  /// `frames.time(of: nextFrame)`, kept so that the per-tick test is one comparison.
  private var nextFrameTime = SimTime.zero
  /// The timeline, stably sorted by time, and the next event to apply.
  private let events: [ScenarioEvent]
  private var nextEvent = 0
  private var sensors: PoseSensors
  private var poseEstimator: CameraPoseEstimator
  /// Wall time of the tracker and controller, when measured (`measuresComputeTime`); never read back.
  var computeTimer: ComputeTimer?

  /// A simulation with the built-in detector, tracker and controller, or the given ones.
  public init(
    scenario: Scenario, detector: (any Detector)? = nil, tracker: (any Tracker)? = nil,
    controller: (any Controller)? = nil, extraMetrics: [any MetricAccumulator] = []
  ) throws {
    guard scenario.physicsRateHz > 0, 1_000_000 % scenario.physicsRateHz == 0 else {
      throw SimulationError.invalidTiming("physics rate must divide 1000000 Hz exactly")
    }
    guard scenario.frameRateHz > 0, scenario.frameRateHz <= Double(scenario.physicsRateHz) else {
      throw SimulationError.invalidTiming("frame rate must be positive and at most the physics rate")
    }
    self.scenario = scenario
    tickMicros = Int64(1_000_000 / scenario.physicsRateHz)
    frames = RateSchedule(rateHz: scenario.frameRateHz)
    dock = Dock(parameters: scenario.dock)
    session = AppSession(scenario: scenario)
    events = scenario.events.enumerated().sorted { a, b in
      a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
    }.map(\.element)
    sensors = PoseSensors(parameters: scenario.sensors, dock: scenario.dock, seed: scenario.seed)
    poseEstimator = CameraPoseEstimator(parameters: scenario.sensors, dock: scenario.dock)
    self.detector = detector ?? NoisyDetector(parameters: scenario.detector, seed: scenario.seed)
    self.tracker = tracker ?? MultiTargetTracker(camera: scenario.camera, parameters: scenario.tracker)
    projector = SceneProjector(camera: scenario.camera)
    subjectMotion = scenario.subjects.enumerated().map { i, s in
      s.motionNoise.map { MotionNoiseProcess(noise: $0, seed: scenario.seed, subject: i) }
    }
    self.controller =
      controller
      ?? CenterFramingController(
        parameters: scenario.controller, dock: scenario.dock, camera: scenario.camera)
    metrics = BuiltInMetrics(scenario: scenario)
    self.extraMetrics = extraMetrics
    delayLine = Array(repeating: nil, count: scenario.detector.latencyFrames + 1)
    truthLine = Array(repeating: nil, count: scenario.detector.latencyFrames + 1)
  }

  /// Runs to the end, streaming every frame to `sink`, and returns the metrics.
  public mutating func run(trace sink: inout some TraceSink) throws -> ScenarioResult {
    try advance(until: SimTime(microseconds: scenario.duration.microseconds), trace: &sink)
    return result
  }

  /// The instant the next physics tick will simulate.
  public var now: SimTime { SimTime(microseconds: tick * tickMicros) }

  /// Whether the scenario's duration has been simulated.
  public var isFinished: Bool { tick * tickMicros >= scenario.duration.microseconds }

  /// Simulates every physics tick before `end` (and before the scenario's end), streaming frames to
  /// `sink`. Calling it again continues where it stopped: the same ticks in the same order whatever
  /// the steps, so stepping never changes a result.
  public mutating func advance(until end: SimTime, trace sink: inout some TraceSink) throws {
    let stop = min(end.microseconds, scenario.duration.microseconds)
    let dt = Double(tickMicros) / 1_000_000
    while tick * tickMicros < stop {
      let now = SimTime(microseconds: tick * tickMicros)
      sensors.step(at: now, yaw: dock.yaw, pitch: dock.pitch)
      sensors.deliver(upTo: now, into: &poseEstimator)
      if now >= nextFrameTime {
        let record = try frame(nextFrame, at: now)
        metrics.observe(record)
        for i in extraMetrics.indices { extraMetrics[i].observe(record) }
        try sink.write(record)
        lastRecord = record
        nextFrame += 1
        nextFrameTime = frames.time(of: nextFrame)
      }
      let report = dock.step(at: now, dt: dt)
      guard report.yaw.state.position.isFinite, report.pitch.state.position.isFinite else {
        throw SimulationError.nonFinite(stage: "motor", frame: nextFrame, time: now)
      }
      metrics.observe(tick: report, dt: dt)
      for i in extraMetrics.indices { extraMetrics[i].observe(tick: report, dt: dt) }
      tick += 1
    }
  }

  /// The metrics of what has been simulated so far.
  public var result: ScenarioResult {
    ScenarioResult(
      name: scenario.name, seed: scenario.seed, duration: scenario.duration, frames: nextFrame,
      metrics: metrics.summary() + extraMetrics.flatMap { $0.summary() })
  }

  /// Applies `command` now, as an app calling DockKit would; returns the error DockKit would throw, or
  /// nil. The command acts from the next frame on and is recorded like a timeline event.
  public mutating func submit(_ command: DockKitCommand) -> DockKitError? {
    let context = appContext(at: now)
    return session.submit(command, context, tracker: &tracker, limits: &dock.limits)
  }

  /// What an app's call is applied against between frames: the last frame's tracks, the truth
  /// delivered then and the pose the sensors gave then.
  private func appContext(at time: SimTime) -> AppSession.Context {
    AppSession.Context(
      time: time, tracks: lastRecord?.tracks ?? [], deliveredTruth: lastDeliveredTruth,
      measuredPose: lastMeasuredPose)
  }

  /// The framing in force (DockKit's framing mode and region of interest).
  public var framing: Framing { session.framing }
  /// Whether the built-in tracker and controller drive the dock (DockKit's system tracking).
  public var systemTracking: Bool { session.systemTracking }
  /// The `setOrientation` move or animation in progress (system tracking off), if any.
  public var activeMotion: ActiveMotion? { session.activeMotion }
  /// Whether the phone is on the dock.
  public var docked: Bool { session.docked }

  /// The last frame simulated, if any.
  public private(set) var lastRecord: FrameRecord?

  private mutating func frame(_ index: Int64, at now: SimTime) throws -> FrameRecord {
    let pose = dock.cameraPose
    offsets.removeAll(keepingCapacity: true)
    if subjectMotion.contains(where: { $0 != nil }) {
      for i in subjectMotion.indices { offsets.append(subjectMotion[i]?.offset(at: now) ?? .zero) }
    }
    // This frame's boxes and observations go into the delay-line slot of the capture `n` frames ago:
    // its arrays are reused (their last reader, the previous record, lets go of them first), so a
    // steady-state frame allocates nothing here.
    let n = Int64(delayLine.count)
    let slot = Int(index % n)
    lastRecord?.boxes = []
    lastRecord?.observations = []
    lastRecord?.deliveredBoxes = []
    // Likewise the tracker's output buffer, which the previous record still shares.
    lastRecord?.tracks = []
    // The truth delivered last frame is the capture this frame overwrites; only `submit(.track)`, which
    // does not read it, can run before it is replaced below.
    lastDeliveredTruth?.boxes = []
    var boxes = truthLine[slot]?.boxes ?? []
    var observations = delayLine[slot]?.observations ?? []
    truthLine[slot] = nil
    delayLine[slot] = nil
    projector.project(
      subjects: scenario.subjects, occluders: scenario.occluders, at: now, pose: pose, offsets: offsets,
      into: &boxes, workspace: &projection)
    detector.detect(SceneSnapshot(time: now, boxes: boxes), camera: pose, into: &observations)

    // The phone knows its pose only from the sensors (encoders and gyroscope), never from the truth.
    let measuredPose = poseEstimator.pose(at: now)
    lastMeasuredPose = measuredPose
    let measured = AxisPair(yaw: measuredPose.yaw, pitch: measuredPose.pitch)
    let velocity = poseEstimator.angularRate(at: now)

    // Ring buffer of the last latency+1 captures: write this frame's, deliver the one `latency` ago.
    delayLine[slot] = ObservationBatch(
      frame: index, captureTime: now, cameraPose: measuredPose, observations: observations)
    truthLine[slot] = (boxes, pose)
    let deliveredIndex = index - (n - 1)
    var delivered = deliveredIndex >= 0 ? delayLine[Int(deliveredIndex % n)] : nil
    // By delivery, encoder samples exist on both sides of the capture instant: ask again.
    if let d = delivered { delivered?.cameraPose = poseEstimator.pose(at: d.captureTime) }
    let deliveredTruth = deliveredIndex >= 0 ? truthLine[Int(deliveredIndex % n)] : nil

    // The scenario's custom-tracking app model calls `track` with its own detections.
    let appContext = appContext(at: now)
    session.runCustomTrackingApp(
      detections: observations, appContext, tracker: &tracker, limits: &dock.limits)
    var tracks: [Track] = []
    if let custom = session.takeCustomObservations() {
      // Custom tracking: the app's observations, taken now, replace the built-in detector's.
      tracks = timedTrackerUpdate(
        with: ObservationBatch(
          frame: index, captureTime: now, cameraPose: measuredPose, observations: custom),
        frame: index)
    } else if let delivered, !session.customTrackingActive(at: now) {
      tracks = timedTrackerUpdate(with: delivered, frame: index)
    }
    lastDeliveredTruth = deliveredTruth
    let context = AppSession.Context(
      time: now, tracks: tracks, deliveredTruth: deliveredTruth, measuredPose: measuredPose)
    while nextEvent < events.count && events[nextEvent].time <= now {
      let command = events[nextEvent].command
      nextEvent += 1
      session.play(command, context, tracker: &tracker, limits: &dock.limits)
    }
    let applied = session.takeLog()
    let primary = tracker.primaryTrack
    // Field by field: `components` would build an array every frame.
    if let p = primary?.state,
      !(p.azimuth.isFinite && p.elevation.isFinite && p.logSize.isFinite && p.azimuthRate.isFinite
        && p.elevationRate.isFinite && p.logSizeRate.isFinite)
    {
      throw SimulationError.nonFinite(stage: "tracker", frame: index, time: now)
    }
    let motion = MotionState(time: now, positions: measured, velocities: velocity)
    // With system tracking off the app drives the dock; the tracker still runs (DockKit keeps
    // reporting tracking states), but the controller is not consulted.
    let command: DockCommand
    switch session.driver(at: now, measured: measured) {
    case .none: command = .stop
    case .controller:
      command = timedControllerCommand(
        primary: primary, tracks: tracks, motion: motion, framing: session.framing, frame: index)
    case .app(let wanted): command = wanted
    }
    guard command.yawVelocity.isFinite, command.pitchVelocity.isFinite else {
      throw SimulationError.nonFinite(stage: "controller", frame: index, time: now)
    }
    dock.send(command, at: now)

    // Frame the box the tracker follows: a person framed by the face is judged by the face; the person
    // is the one the app selected, if it did.
    let intended = session.selectedSubject ?? scenario.primarySubject
    let truth = Simulation.primaryBox(of: intended, kind: primary?.kind, in: boxes)
    // The estimate is judged at its capture time on the same box as the framing: the one of the kind
    // the primary track follows.
    let truthAtEstimate = deliveredTruth.flatMap {
      Simulation.primaryBox(of: intended, kind: primary?.kind, in: $0.boxes)
    }
    var estimateNEES: Double?
    if let primary, let t = truthAtEstimate, t.kind == primary.kind, let truePose = deliveredTruth?.pose {
      estimateNEES = TrackingMetrics.nees(primary, truth: t, pose: truePose, camera: scenario.camera)
    }
    return FrameRecord(
      frame: index, time: now, boxes: boxes, truth: truth, intendedSubject: session.selectedSubject,
      observation: Simulation.nearest(observations, to: truth),
      observations: observations, tracks: tracks, estimate: primary,
      deliveredBoxes: deliveredTruth?.boxes ?? [],
      deliveredPose: deliveredTruth?.pose,
      truthAtEstimate: truthAtEstimate, estimateNEES: estimateNEES,
      camera: pose, measuredPose: delivered?.cameraPose, sensedPose: measuredPose, cameraVelocity: velocity,
      command: command,
      framingError: Simulation.framingError(truth, target: session.framing.target), framing: session.framing,
      framingChanged: applied.framingChanged, systemTracking: session.systemTracking,
      violations: applied.violations, commands: applied.commands, activeMotion: session.activeMotion,
      battery: session.batteryState(at: now), docked: session.docked)
  }

  /// Subject `index`'s box of `kind` (the kind the primary track follows), else its main box.
  static func primaryBox(of index: Int, kind: SubjectKind?, in boxes: [TruthBox]) -> TruthBox? {
    boxes.first { $0.subjectIndex == index && $0.kind == kind } ?? mainBox(of: index, in: boxes)
  }

  /// The main (first) box of subject `index`.
  static func mainBox(of index: Int, in boxes: [TruthBox]) -> TruthBox? {
    boxes.first { $0.subjectIndex == index }
  }

  /// The observation whose centre is nearest the subject's true box centre, within 0.1.
  static func nearest(_ observations: [Observation], to truth: TruthBox?) -> Observation? {
    guard let truth, let box = truth.visibleBox else { return nil }
    var best: (Observation, Double)?
    for o in observations where o.kind == truth.kind {
      let d =
        ((o.rect.midX - box.midX) * (o.rect.midX - box.midX) + (o.rect.midY - box.midY)
          * (o.rect.midY - box.midY))
        .squareRoot()
      if d <= 0.1 && (best == nil || d < best!.1) { best = (o, d) }
    }
    return best?.0
  }

  /// Distance of the subject's centre from the framing target, normalized units, capped at 1 (also
  /// when the subject is behind the camera).
  static func framingError(_ truth: TruthBox?, target: (u: Double, v: Double) = (0.5, 0.5)) -> Double {
    guard let u = truth?.centerU, let v = truth?.centerV else { return 1 }
    let du = u - target.u
    let dv = v - target.v
    return min(1, (du * du + dv * dv).squareRoot())
  }
}
