/// A velocity command for both axes in rad/s (DockKit signs), as sent by a controller.
public struct DockCommand: Equatable, Sendable {
  public var yawVelocity: Double
  public var pitchVelocity: Double
  public init(yawVelocity: Double, pitchVelocity: Double) {
    self.yawVelocity = yawVelocity
    self.pitchVelocity = pitchVelocity
  }
  public static let stop = DockCommand(yawVelocity: 0, pitchVelocity: 0)
}

/// What the dock did during one physics step, per axis.
public struct DockStepReport: Equatable, Sendable {
  public var yaw: MotorStep
  public var pitch: MotorStep
  /// The command the motors acted on (after the latency), before clamping.
  public var appliedCommand: DockCommand
}

/// The stand: two motor axes driven by delayed velocity commands. What the phone reads of them (encoders,
/// gyroscope) is `PoseSensors`'s job.
public struct Dock: Sendable {
  public let parameters: DockParameters
  private let yawMotor: Motor
  private let pitchMotor: Motor
  /// The DC motors' exact transitions for the step size in use: for 1 ms (the default physics rate)
  /// from the start, recomputed when a step of another size comes. Stored, not optional, so that a
  /// step reads them in place instead of copying them out.
  private var yawTransition: DCMotorTransition
  private var pitchTransition: DCMotorTransition
  public private(set) var yaw: AxisState
  public private(set) var pitch: AxisState
  /// Commands in flight, in issue order, with the instant each takes effect.
  private var pending: [(at: SimTime, command: DockCommand)] = []
  private var active = DockCommand.stop
  /// The app's limits, enforced by the dock at every physics step (as firmware would).
  public var limits = DockLimits()

  /// A dock with the default DC motor model on both axes, or the given models.
  public init(
    parameters: DockParameters, yawMotor: (any MotorModel)? = nil,
    pitchMotor: (any MotorModel)? = nil
  ) {
    self.parameters = parameters
    self.yawMotor = Motor(yawMotor ?? DCMotorAxis(parameters: parameters.yaw))
    self.pitchMotor = Motor(pitchMotor ?? DCMotorAxis(parameters: parameters.pitch))
    yawTransition = self.yawMotor.transition(default: parameters.yaw, dt: 0.001)
    pitchTransition = self.pitchMotor.transition(default: parameters.pitch, dt: 0.001)
    yaw = AxisState(position: parameters.initialYaw)
    pitch = AxisState(position: parameters.initialPitch)
    pending.reserveCapacity(16)
  }

  /// Queues `command`, issued at `time`; the motors act on it after the command latency.
  public mutating func send(_ command: DockCommand, at time: SimTime) {
    pending.append((time + parameters.commandLatency, command))
  }

  /// Advances the physics from `time` by `dt` seconds.
  public mutating func step(at time: SimTime, dt: Double) -> DockStepReport {
    var consumed = 0
    while consumed < pending.count && pending[consumed].at <= time {
      active = pending[consumed].command
      consumed += 1
    }
    if consumed > 0 { pending.removeFirst(consumed) }
    let limited = limits.apply(active, positions: AxisPair(yaw: yaw.position, pitch: pitch.position))
    if yawTransition.dt != dt {
      yawTransition = yawMotor.transition(default: parameters.yaw, dt: dt)
      pitchTransition = pitchMotor.transition(default: parameters.pitch, dt: dt)
    }
    let y = yawMotor.step(
      yaw, command: AxisCommand(velocity: limited.yawVelocity), dt: dt, transition: yawTransition)
    let p = pitchMotor.step(
      pitch, command: AxisCommand(velocity: limited.pitchVelocity), dt: dt, transition: pitchTransition)
    yaw = y.state
    pitch = p.state
    return DockStepReport(yaw: y, pitch: p, appliedCommand: active)
  }

  /// The true camera pose.
  public var cameraPose: CameraPose { CameraPose(yaw: yaw.position, pitch: pitch.position) }
}

/// A motor model, with the built-in DC motor held concretely: `step` runs twice per physics tick, and
/// a call through an existential costs more than the step itself.
private enum Motor: Sendable {
  case dc(DCMotorAxis)
  case custom(any MotorModel)

  init(_ model: any MotorModel) {
    if let dc = model as? DCMotorAxis { self = .dc(dc) } else { self = .custom(model) }
  }

  /// The DC motor's transition over `dt`; a custom model has none, and gets `default`'s (unused).
  func transition(default parameters: AxisParameters, dt: Double) -> DCMotorTransition {
    switch self {
    case .dc(let motor): DCMotorTransition(parameters: motor.parameters, dt: dt)
    case .custom: DCMotorTransition(parameters: parameters, dt: dt)
    }
  }

  /// One step; the DC motor steps with `transition` (computed by `transition(default:dt:)` for `dt`).
  func step(_ state: AxisState, command: AxisCommand, dt: Double, transition: DCMotorTransition) -> MotorStep
  {
    switch self {
    case .dc(let motor): motor.step(state, command: command, transition: transition)
    case .custom(let motor): motor.step(state, command: command, dt: dt)
    }
  }
}
