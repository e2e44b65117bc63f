/// Speed-cap and position-limit violations, counted per physics tick: the number of episodes (runs of
/// consecutive ticks) and their total duration in seconds.
///
/// A speed-cap violation is a tick whose velocity command exceeded an axis's `maximumSpeed` (the dock
/// clamped it). A position-limit violation is a tick during which an axis was against a hard stop.
public struct ViolationMetrics: MetricAccumulator {
  private var speed = EpisodeCounter()
  private var position = EpisodeCounter()
  public init() {}

  public mutating func observe(_ frame: FrameRecord) {}

  public mutating func observe(tick: DockStepReport, dt: Double) {
    speed.observe(tick.yaw.speedClamped || tick.pitch.speedClamped, dt: dt)
    position.observe(tick.yaw.atHardStop || tick.pitch.atHardStop, dt: dt)
  }

  public func summary() -> [MetricValue] {
    [
      MetricValue(.speedCapViolations, Double(speed.episodes)),
      MetricValue(.speedCapViolationSeconds, speed.duration),
      MetricValue(.positionLimitViolations, Double(position.episodes)),
      MetricValue(.positionLimitViolationSeconds, position.duration),
    ]
  }
}

/// Counts runs of `true` and their total length.
struct EpisodeCounter: Sendable {
  var episodes = 0
  var ticks = 0
  var duration = 0.0
  private var active = false
  mutating func observe(_ flag: Bool, dt: Double) {
    if flag {
      if !active { episodes += 1 }
      ticks += 1
      duration = Double(ticks) * dt
    }
    active = flag
  }
}
