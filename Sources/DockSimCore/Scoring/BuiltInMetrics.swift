/// The simulation's own metrics, held concretely rather than as `[any MetricAccumulator]`: the
/// simulation loop calls them on every frame and every physics tick (1 kHz), where a call through an
/// existential in an array (projection, uniqueness check, witness call) costs more than the metric.
/// The summary is in the same order as before: framing, lag, smoothness, violations, tracking, DockKit,
/// motion commands.
struct BuiltInMetrics: Sendable {
  var framing = FramingMetrics()
  var lag: CameraLagMetric
  var smoothness = CommandSmoothnessMetric()
  var violations = ViolationMetrics()
  var tracking: TrackingMetrics
  var dockKit = DockKitMetrics()
  var motionCommands = MotionCommandMetrics()

  init(scenario: Scenario) {
    lag = CameraLagMetric(framePeriod: 1 / scenario.frameRateHz)
    tracking = TrackingMetrics(
      camera: scenario.camera, matchThreshold: scenario.matchThreshold,
      primarySubject: scenario.primarySubject,
      minimumVisibleFraction: scenario.detector.minimumVisibleFraction, framePeriod: 1 / scenario.frameRateHz,
      judgedFrom: scenario.primarySelectionTime?.seconds ?? 0)
  }

  mutating func observe(_ frame: FrameRecord) {
    framing.observe(frame)
    lag.observe(frame)
    smoothness.observe(frame)
    violations.observe(frame)
    tracking.observe(frame)
    dockKit.observe(frame)
    motionCommands.observe(frame)
  }

  /// Only `ViolationMetrics` looks at physics ticks; the others' `observe(tick:)` do nothing.
  mutating func observe(tick: DockStepReport, dt: Double) {
    violations.observe(tick: tick, dt: dt)
  }

  func summary() -> [MetricValue] {
    framing.summary() + lag.summary() + smoothness.summary() + violations.summary() + tracking.summary()
      + dockKit.summary() + motionCommands.summary()
  }
}
