/// A `setOrientation` move or an animation being executed, as the simulation records it for scoring.
public struct ActiveMotion: Sendable {
  public enum Kind: Sendable, Equatable {
    case orientation
    case animation(DockAnimation)
  }
  /// Sequence number of the command that started it, from 1.
  public var serial: Int
  public var kind: Kind
  public var plan: any MotionPlan
  /// For a move: the requested duration, seconds.
  public var requestedDuration: Double
  /// For a move: the (clamped) target; for an animation: the start pose (it returns there).
  public var finalPose: AxisPair<Double>
  /// For an animation: the planned largest deviation from the start per axis.
  public var plannedAmplitude: AxisPair<Double>?
  public var start: AxisPair<Double>

  /// The velocity set-point at `time` (evaluated `lead` seconds ahead to cover the command latency),
  /// with a proportional pull (`gain`, 1/s) back onto the planned position.
  public func command(at time: SimTime, lead: Double, measured: AxisPair<Double>, gain: Double) -> DockCommand
  {
    let t = plan.elapsed(at: time)
    let v = plan.velocity(at: t + lead)
    let p = plan.position(at: t)
    return DockCommand(
      yawVelocity: v.yaw + gain * (p.yaw - measured.yaw),
      pitchVelocity: v.pitch + gain * (p.pitch - measured.pitch))
  }
}
