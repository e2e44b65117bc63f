/// The true boxes and camera pose at a capture: for scoring, and for telling which person an app's
/// selection means; never shown to the tracker.
typealias CapturedTruth = (boxes: [TruthBox], pose: CameraPose)

/// The closed loop of one scenario, stepped on integer time.
///
/// Every physics tick (1 kHz by default), in this order (`advance(until:trace:)`):
/// 1. **sensing**: the encoders and the gyroscope sample the dock; the samples that have arrived reach
///    the pose estimator;
/// 2. **frame**, when a camera frame is due (`frame(_:at:)`): named stages, each a small method, in the
///    manner of MuJoCo's `mj_step` (after the previous record lets go of the buffers this frame reuses):
///    1. `captureScene`: the subjects projected through the **true** camera pose and detected;
///    2. `measurePose`: the pose and rates the phone knows from its sensors, never from the truth;
///    3. `deliverCapture`: this capture into the inference delay line, out the one captured
///       `latency_frames` ago, with its pose asked again now that samples surround it;
///    4. `estimate`: the tracker updates on the delivered batch or, under custom tracking, on the app's
///       own observations (the scenario's custom-tracking app calls `track` first, when due);
///    5. `applyAppCommands`: the timeline's due events through the app session (`AppSession`, which
///       holds DockKit's state and rules, and the API calls made since the last frame);
///    6. `commandDock`: the controller's command (system or custom tracking), the app's (its move,
///       animation or manual velocity) or stop (undocked), sent to act after the command latency;
///    7. `record`: the frame record (the truth the frame is judged on, the estimate's NEES, what the
///       app's calls did, the battery), then scored by the metrics and written to the trace;
/// 3. **actuation**: the dock steps its motors under the active command; the metrics see the step.
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
  private var session: AppSession
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
  /// A selection the scenario's app is still trying (`ScenarioEvent.retry`), with its last instant.
  private var retrying: (event: ScenarioEvent, until: SimTime)?
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
    let result = self.result
    // An empty metric cell means "not applicable"; a metric that came out NaN or infinite is a defect
    // (a plugged-in metric's or ours) and must fail the run rather than pass as "not applicable".
    if let bad = result.metrics.first(where: { $0.value.map { !$0.isFinite } ?? false }) {
      throw SimulationError.nonFiniteMetric(name: bad.name, value: bad.value!)
    }
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
        var record = try frame(nextFrame, at: now)
        metrics.observe(record)
        record.primaryJudgement = metrics.tracking.judgement
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

  /// Records a call an app made that the dock refused before it reached the simulation (an argument
  /// DockSimKit checks itself, such as a roll limit or an invalid camera description): reported with
  /// the next frame and counted in `api_violations`, as any refused command.
  public mutating func recordViolation(command name: String, error: DockKitError) {
    session.refuse(name, error, at: now)
  }

  /// What an API call (or the scenario's custom-tracking app) is applied against: the last record's
  /// tracks, and the truth delivered and the pose measured most recently.
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

  /// One camera frame, stage by stage (the type's documentation lists them).
  private mutating func frame(_ index: Int64, at now: SimTime) throws -> FrameRecord {
    releaseLastFrame()
    let capture = captureScene(index, at: now)
    let sensed = measurePose(at: now)
    let delivery = deliverCapture(capture, index, at: now, sensed: sensed)
    let tracks = estimate(index, at: now, capture: capture, delivered: delivery.batch, sensed: sensed)
    let applied = applyAppCommands(at: now, tracks: tracks, deliveredTruth: delivery.truth, sensed: sensed)
    let primary = try primaryTrack(index, at: now)
    let command = try commandDock(index, at: now, primary: primary, tracks: tracks, sensed: sensed)
    return record(
      index, at: now, capture: capture, sensed: sensed, delivery: delivery, tracks: tracks, primary: primary,
      command: command, applied: applied)
  }

  /// What the camera captured at a frame: the true pose and boxes, and the detector's observations.
  private struct Capture {
    var pose: CameraPose
    var boxes: [TruthBox]
    var observations: [Observation]
  }

  /// What the phone's sensors say at a frame's instant.
  private struct Sensed {
    var pose: CameraPose
    /// The axes' angular rates, rad/s.
    var velocity: AxisPair<Double>
    var positions: AxisPair<Double> { AxisPair(yaw: pose.yaw, pitch: pose.pitch) }
  }

  /// The capture `latency_frames` ago as the tracker gets it (none in the first frames), and its truth.
  private struct Delivery {
    var batch: ObservationBatch?
    var truth: CapturedTruth?
  }

  /// Before the stages: this frame's boxes and observations go into the delay-line slot of the capture
  /// `latency_frames + 1` frames ago, whose arrays are reused, and the tracker reuses its output buffer;
  /// their other holders let go of them first, so a steady-state frame allocates nothing.
  private mutating func releaseLastFrame() {
    lastRecord?.boxes = []
    lastRecord?.observations = []
    lastRecord?.deliveredBoxes = []
    lastRecord?.tracks = []
    // The truth delivered last frame is the capture this frame overwrites.
    lastDeliveredTruth?.boxes = []
  }

  /// Stage 1, capture the scene: every subject's boxes through the true camera pose (with their random
  /// motion), hidden parts and all, and what the detector makes of them; into the arrays of the
  /// delay-line slot this capture takes.
  private mutating func captureScene(_ index: Int64, at now: SimTime) -> Capture {
    let pose = dock.cameraPose
    offsets.removeAll(keepingCapacity: true)
    if subjectMotion.contains(where: { $0 != nil }) {
      for i in subjectMotion.indices { offsets.append(subjectMotion[i]?.offset(at: now) ?? .zero) }
    }
    let slot = Int(index % Int64(delayLine.count))
    var boxes = truthLine[slot]?.boxes ?? []
    var observations = delayLine[slot]?.observations ?? []
    truthLine[slot] = nil
    delayLine[slot] = nil
    projector.project(
      subjects: scenario.subjects, occluders: scenario.occluders, at: now, pose: pose, offsets: offsets,
      into: &boxes, workspace: &projection)
    detector.detect(SceneSnapshot(time: now, boxes: boxes), camera: pose, into: &observations)
    return Capture(pose: pose, boxes: boxes, observations: observations)
  }

  /// Stage 2, measure the pose: the phone knows its pose only from the sensors (encoders and
  /// gyroscope), never from the truth. A move or animation the app starts before the next frame starts
  /// from it.
  private mutating func measurePose(at now: SimTime) -> Sensed {
    let pose = poseEstimator.pose(at: now)
    lastMeasuredPose = pose
    return Sensed(pose: pose, velocity: poseEstimator.angularRate(at: now))
  }

  /// Stage 3, deliver: the delay line is a ring of the last `latency_frames + 1` captures; this one is
  /// written with the pose measured for it, and the one `latency_frames` ago comes out, its pose asked
  /// again (by delivery, encoder samples exist on both sides of its capture instant). Its truth is
  /// what app calls until the next frame are judged against.
  private mutating func deliverCapture(_ capture: Capture, _ index: Int64, at now: SimTime, sensed: Sensed)
    -> Delivery
  {
    let n = Int64(delayLine.count)
    let slot = Int(index % n)
    delayLine[slot] = ObservationBatch(
      frame: index, captureTime: now, cameraPose: sensed.pose, observations: capture.observations)
    truthLine[slot] = (capture.boxes, capture.pose)
    let deliveredIndex = index - (n - 1)
    guard deliveredIndex >= 0 else {
      lastDeliveredTruth = nil
      return Delivery(batch: nil, truth: nil)
    }
    var batch = delayLine[Int(deliveredIndex % n)]
    if let b = batch { batch?.cameraPose = poseEstimator.pose(at: b.captureTime) }
    let truth = truthLine[Int(deliveredIndex % n)]
    lastDeliveredTruth = truth
    return Delivery(batch: batch, truth: truth)
  }

  /// Stage 4, estimate: the tracker updates on the delivered batch. Under custom tracking the app's
  /// observations, taken now with the pose measured now, replace the built-in detector's (the
  /// scenario's custom-tracking app calls `track` with this capture's detections first, when due), and
  /// while custom tracking lasts without a new call the tracker is not updated. Returns the live tracks
  /// (none when nothing was processed).
  private mutating func estimate(
    _ index: Int64, at now: SimTime, capture: Capture, delivered: ObservationBatch?, sensed: Sensed
  ) -> [Track] {
    let context = appContext(at: now)
    session.runCustomTrackingApp(
      detections: capture.observations, context, tracker: &tracker, limits: &dock.limits)
    if let custom = session.takeCustomObservations() {
      return timedTrackerUpdate(
        with: ObservationBatch(frame: index, captureTime: now, cameraPose: sensed.pose, observations: custom),
        frame: index)
    }
    guard let delivered, !session.customTrackingActive(at: now) else { return [] }
    return timedTrackerUpdate(with: delivered, frame: index)
  }

  /// Stage 5, apply app commands: the timeline's events due by now, in order, through the app session,
  /// against this frame's tracks, delivered truth and measured pose. A command DockKit would refuse is
  /// not applied and is logged as a violation; nothing here can stop the run. Returns what the app's
  /// calls did since the last frame: the API calls made since, then these.
  private mutating func applyAppCommands(
    at now: SimTime, tracks: [Track], deliveredTruth: CapturedTruth?, sensed: Sensed
  ) -> AppSession.Log {
    let context = AppSession.Context(
      time: now, tracks: tracks, deliveredTruth: deliveredTruth, measuredPose: sensed.pose)
    if let (event, until) = retrying {
      let again = session.play(
        event.command, context, tracker: &tracker, limits: &dock.limits, retrying: now < until)
      if !again { retrying = nil }
    }
    while nextEvent < events.count && events[nextEvent].time <= now {
      let event = events[nextEvent]
      nextEvent += 1
      guard case .selectSubjects = event.command else {
        session.play(event.command, context, tracker: &tracker, limits: &dock.limits)
        continue
      }
      // A later selection replaces one still being tried.
      let until = event.time + event.retry
      let again = session.play(
        event.command, context, tracker: &tracker, limits: &dock.limits, retrying: now < until)
      retrying = again ? (event, until) : nil
    }
    return session.takeLog()
  }

  /// The tracker's primary track once the app's commands are applied (a selection may change it),
  /// checked finite: a NaN from a plugged-in tracker stops the run here, naming the stage.
  private func primaryTrack(_ index: Int64, at now: SimTime) throws -> Track? {
    let primary = tracker.primaryTrack
    // Field by field: `components` would build an array every frame.
    if let p = primary?.state,
      !(p.azimuth.isFinite && p.elevation.isFinite && p.logSize.isFinite && p.azimuthRate.isFinite
        && p.elevationRate.isFinite && p.logSizeRate.isFinite)
    {
      throw SimulationError.nonFinite(stage: "tracker", frame: index, time: now)
    }
    return primary
  }

  /// Stage 6, command the dock: whoever drives it (`AppSession.driver`) — the controller under system
  /// or custom tracking, the app otherwise (its move or animation, else its manual velocity), nobody
  /// when undocked (stop). The tracker runs either way (DockKit keeps reporting tracking states). The
  /// command, checked finite, is sent; it acts after the command latency.
  private mutating func commandDock(
    _ index: Int64, at now: SimTime, primary: Track?, tracks: [Track], sensed: Sensed
  ) throws -> DockCommand {
    let command: DockCommand
    switch session.driver(at: now, measured: sensed.positions) {
    case .none: command = .stop
    case .controller:
      let motion = MotionState(time: now, positions: sensed.positions, velocities: sensed.velocity)
      command = timedControllerCommand(
        primary: primary, tracks: tracks, motion: motion, framing: session.framing, frame: index)
    case .app(let wanted): command = wanted
    }
    guard command.yawVelocity.isFinite, command.pitchVelocity.isFinite else {
      throw SimulationError.nonFinite(stage: "controller", frame: index, time: now)
    }
    dock.send(command, at: now)
    return command
  }

  /// Stage 7, record: the frame as the traces and the metrics see it. The framing is judged on the box
  /// the tracker follows (a person framed by the face is judged by the face) of the person the run is
  /// about (the one the app selected, if it did); the estimate at its capture time on the same box.
  private mutating func record(
    _ index: Int64, at now: SimTime, capture: Capture, sensed: Sensed, delivery: Delivery, tracks: [Track],
    primary: Track?, command: DockCommand, applied: AppSession.Log
  ) -> FrameRecord {
    let intended = session.selectedSubject ?? scenario.primarySubject
    let truth = Simulation.primaryBox(of: intended, kind: primary?.kind, in: capture.boxes)
    let truthAtEstimate = delivery.truth.flatMap {
      Simulation.primaryBox(of: intended, kind: primary?.kind, in: $0.boxes)
    }
    var estimateNEES: Double?
    if let primary, let t = truthAtEstimate, t.kind == primary.kind, let truePose = delivery.truth?.pose {
      estimateNEES = TrackingMetrics.nees(primary, truth: t, pose: truePose, camera: scenario.camera)
    }
    return FrameRecord(
      frame: index, time: now, boxes: capture.boxes, truth: truth, intendedSubject: session.selectedSubject,
      observation: Simulation.nearest(capture.observations, to: truth),
      observations: capture.observations, tracks: tracks, estimate: primary,
      deliveredBoxes: delivery.truth?.boxes ?? [],
      deliveredPose: delivery.truth?.pose,
      truthAtEstimate: truthAtEstimate, estimateNEES: estimateNEES,
      camera: capture.pose, measuredPose: delivery.batch?.cameraPose, sensedPose: sensed.pose,
      cameraVelocity: sensed.velocity, command: command,
      framingError: Simulation.framingError(truth, target: session.framing.target), framing: session.framing,
      framingChanged: applied.framingChanged, systemTracking: session.systemTracking,
      violations: applied.violations, commands: applied.commands, accessoryInputs: applied.accessoryInputs,
      activeMotion: session.activeMotion,
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
