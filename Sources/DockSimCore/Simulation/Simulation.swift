/// The closed loop of one scenario, stepped on integer time.
///
/// Every physics tick (1 kHz by default), in this order:
/// 1. **frame** (when a camera frame is due): world → project subjects through the true camera →
///    detect → push into the inference delay line → deliver the batch captured `latencyFrames` ago →
///    track → control → send the command (it acts after the command latency) → record and score;
/// 2. **actuation**: the dock steps its motors under the active command.
public struct Simulation {
  public let scenario: Scenario
  private var dock: Dock
  private var detector: any Detector
  private var tracker: any Tracker
  private var controller: any Controller
  private var metrics: [any MetricAccumulator]
  private let frames: RateSchedule
  private let tickMicros: Int64
  private var delayLine: [ObservationBatch?]
  private var truthLine: [SubjectProjection?]
  private var previousEncoder: AxisPair<Double>?
  private var previousFrameTime = SimTime.zero

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
    self.detector = detector ?? NoisyDetector(parameters: scenario.detector, seed: scenario.seed)
    self.tracker = tracker ?? SingleSubjectTracker(camera: scenario.camera, parameters: scenario.tracker)
    self.controller =
      controller ?? CenterFramingController(parameters: scenario.controller, dock: scenario.dock)
    metrics =
      [
        FramingMetrics(), CameraLagMetric(framePeriod: 1 / scenario.frameRateHz), CommandSmoothnessMetric(),
        ViolationMetrics(),
      ] + extraMetrics
    delayLine = Array(repeating: nil, count: scenario.detector.latencyFrames + 1)
    truthLine = Array(repeating: nil, count: scenario.detector.latencyFrames + 1)
  }

  /// Runs to the end, streaming every frame to `sink`, and returns the metrics.
  public mutating func run(trace sink: inout some TraceSink) throws -> ScenarioResult {
    let end = scenario.duration.microseconds
    let dt = Double(tickMicros) / 1_000_000
    var nextFrame: Int64 = 0
    var tick: Int64 = 0
    while tick * tickMicros < end {
      let now = SimTime(microseconds: tick * tickMicros)
      if now >= frames.time(of: nextFrame) {
        let record = try frame(nextFrame, at: now)
        for i in metrics.indices { metrics[i].observe(record) }
        try sink.write(record)
        nextFrame += 1
      }
      let report = dock.step(at: now, dt: dt)
      guard report.yaw.state.position.isFinite, report.pitch.state.position.isFinite else {
        throw SimulationError.nonFinite(stage: "motor", frame: nextFrame, time: now)
      }
      for i in metrics.indices { metrics[i].observe(tick: report, dt: dt) }
      tick += 1
    }
    return ScenarioResult(
      name: scenario.name, seed: scenario.seed, duration: scenario.duration, frames: nextFrame,
      metrics: metrics.flatMap { $0.summary() })
  }

  private mutating func frame(_ index: Int64, at now: SimTime) throws -> FrameRecord {
    let pose = dock.cameraPose
    let projections = scenario.subjects.map {
      SubjectProjection(subject: $0, at: $0.path.position(at: now), camera: scenario.camera, pose: pose)
    }
    let scene = SceneSnapshot(subjects: scenario.subjects, projections: projections)
    let observations = detector.detect(scene, camera: pose)

    let encoder = dock.encoderPositions
    let measuredPose = CameraPose(yaw: encoder.yaw, pitch: encoder.pitch)
    let dtFrame = (now - previousFrameTime).seconds
    let velocity =
      previousEncoder.map { prev in
        AxisPair(
          yaw: dtFrame > 0 ? (encoder.yaw - prev.yaw) / dtFrame : 0,
          pitch: dtFrame > 0 ? (encoder.pitch - prev.pitch) / dtFrame : 0)
      } ?? AxisPair(yaw: 0, pitch: 0)
    previousEncoder = encoder
    previousFrameTime = now

    // Ring buffer of the last latency+1 captures: write this frame's, deliver the one `latency` ago.
    let n = Int64(delayLine.count)
    delayLine[Int(index % n)] = ObservationBatch(
      frame: index, captureTime: now, cameraPose: measuredPose, observations: observations)
    truthLine[Int(index % n)] = projections.first
    let deliveredIndex = index - (n - 1)
    let delivered = deliveredIndex >= 0 ? delayLine[Int(deliveredIndex % n)] : nil
    let truthAtDelivered = deliveredIndex >= 0 ? truthLine[Int(deliveredIndex % n)] : nil
    return try finishFrame(
      index, now, delivered: delivered, truthAtDelivered: truthAtDelivered, pose: pose,
      projections: projections, observations: observations, velocity: velocity, measured: encoder)
  }

  private mutating func finishFrame(
    _ index: Int64, _ now: SimTime, delivered: ObservationBatch?, truthAtDelivered: SubjectProjection?,
    pose: CameraPose, projections: [SubjectProjection], observations: [Observation],
    velocity: AxisPair<Double>, measured: AxisPair<Double>
  ) throws -> FrameRecord {
    var tracks: [Track] = []
    if let delivered { tracks = tracker.update(with: delivered) }
    let primary = tracker.primaryTrack
    if let p = primary, !p.state.components.allSatisfy(\.isFinite) {
      throw SimulationError.nonFinite(stage: "tracker", frame: index, time: now)
    }
    let motion = MotionState(time: now, positions: measured, velocities: velocity)
    let command = controller.command(primary: primary, tracks: tracks, motion: motion)
    guard command.yawVelocity.isFinite, command.pitchVelocity.isFinite else {
      throw SimulationError.nonFinite(stage: "controller", frame: index, time: now)
    }
    dock.send(command, at: now)

    let truth = projections.first
    return FrameRecord(
      frame: index, time: now, truth: truth, observation: Simulation.nearest(observations, to: truth),
      estimate: primary, truthAtEstimate: primary == nil ? nil : truthAtDelivered,
      camera: pose, cameraVelocity: velocity, command: command,
      framingError: Simulation.framingError(truth))
  }

  /// The observation whose centre is nearest the subject's true box centre, within 0.1.
  static func nearest(_ observations: [Observation], to truth: SubjectProjection?) -> Observation? {
    guard let box = truth?.box else { return nil }
    var best: (Observation, Double)?
    for o in observations {
      let d =
        ((o.rect.midX - box.midX) * (o.rect.midX - box.midX) + (o.rect.midY - box.midY)
          * (o.rect.midY - box.midY))
        .squareRoot()
      if d <= 0.1 && (best == nil || d < best!.1) { best = (o, d) }
    }
    return best?.0
  }

  /// Distance of the subject's centre from the image centre, normalized units, capped at 1 (also
  /// when the subject is behind the camera).
  static func framingError(_ truth: SubjectProjection?) -> Double {
    guard let c = truth?.center else { return 1 }
    let du = c.u - 0.5
    let dv = c.v - 0.5
    return min(1, (du * du + dv * dv).squareRoot())
  }
}
