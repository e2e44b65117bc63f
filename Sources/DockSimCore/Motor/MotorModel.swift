/// The state of one axis: position (rad, unwrapped for continuous axes), velocity (rad/s), and the
/// velocity loop's integrator (rad).
public struct AxisState: Equatable, Sendable {
  public var position: Double
  public var velocity: Double
  public var integral: Double
  public init(position: Double = 0, velocity: Double = 0, integral: Double = 0) {
    self.position = position
    self.velocity = velocity
    self.integral = integral
  }
}

/// What the axis is asked to do during one physics step: a velocity set-point in rad/s, already
/// delayed by the command latency, not yet clamped to the speed cap.
public struct AxisCommand: Equatable, Sendable {
  public var velocity: Double
  public init(velocity: Double) { self.velocity = velocity }
}

/// The result of one physics step, with the clamps and stops the scoring reads.
public struct MotorStep: Equatable, Sendable {
  public var state: AxisState
  /// The set-point exceeded the speed cap and was clamped.
  public var speedClamped: Bool
  /// The axis is against a hard stop of its position range.
  public var atHardStop: Bool
  /// The motor torque hit its limit during the step.
  public var torqueSaturated: Bool
  public init(state: AxisState, speedClamped: Bool, atHardStop: Bool, torqueSaturated: Bool) {
    self.state = state
    self.speedClamped = speedClamped
    self.atHardStop = atHardStop
    self.torqueSaturated = torqueSaturated
  }
}

/// A model of one motorized axis: the seam where a user plugs in their own motor.
public protocol MotorModel: Sendable {
  /// Advances `state` by `dt` seconds under `command`.
  func step(_ state: AxisState, command: AxisCommand, dt: Double) -> MotorStep
}
