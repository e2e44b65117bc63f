/// A planned two-axis motion (an ``OrientationMove`` or an ``AnimationPlan``), evaluated in closed form.
///
/// Times `t` are seconds since the plan's start (``startTime``); positions are radians, velocities
/// rad/s, accelerations rad/s², in DockKit signs (yaw positive right, pitch positive down). Before the
/// start a plan reports its start; from ``duration`` on, its final pose at rest.
public protocol MotionPlan: Sendable {
  /// The simulated instant the plan starts.
  var startTime: SimTime { get }
  /// How long the plan runs, seconds (after any stretching).
  var duration: Double { get }
  /// The set-point pose at `t` seconds, radians.
  func position(at t: Double) -> AxisPair<Double>
  /// The set-point velocity at `t` seconds, rad/s.
  func velocity(at t: Double) -> AxisPair<Double>
  /// The set-point acceleration at `t` seconds, rad/s² (right-continuous at phase changes).
  func acceleration(at t: Double) -> AxisPair<Double>
  /// How far along the plan is at `t` seconds, 0…1: the fraction of the total angle to travel (yaw plus
  /// pitch, each counted as the absolute angle swept) covered so far; by time when nothing moves.
  func progress(at t: Double) -> Double
}

extension MotionPlan {
  /// Whether the plan is over at `t` seconds since its start.
  public func isFinished(at t: Double) -> Bool { t >= duration }

  /// The first whole microsecond at or after the plan's end.
  public var endTime: SimTime {
    startTime + SimDuration(microseconds: Int64((duration * 1_000_000).rounded(.up)))
  }

  /// Seconds from the plan's start to `time`.
  public func elapsed(at time: SimTime) -> Double { (time - startTime).seconds }

  /// The set-point pose at the simulated instant `time`, radians.
  public func position(at time: SimTime) -> AxisPair<Double> { position(at: elapsed(at: time)) }

  /// The set-point velocity at the simulated instant `time`, rad/s.
  public func velocity(at time: SimTime) -> AxisPair<Double> { velocity(at: elapsed(at: time)) }

  /// The set-point acceleration at the simulated instant `time`, rad/s².
  public func acceleration(at time: SimTime) -> AxisPair<Double> { acceleration(at: elapsed(at: time)) }

  /// Progress (0…1) at the simulated instant `time`.
  public func progress(at time: SimTime) -> Double { progress(at: elapsed(at: time)) }

  /// Whether the plan is over at the simulated instant `time` (from ``endTime`` on).
  public func isFinished(at time: SimTime) -> Bool { time >= endTime }
}
