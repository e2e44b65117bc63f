/// A DC motor axis behind a PI velocity loop, with inertia, viscous and Coulomb friction, a torque
/// limit, a speed cap and hard stops.
///
/// Continuous dynamics, with `e = ω_ref − ω` and `ω_ref` clamped to ±`maximumSpeed`:
///
///     τ_m = sat(Kp·e + Ki·∫e dt, ±τ_max)
///     J·dω/dt = τ_m − b·ω − τ_c·sgn(ω)
///     dθ/dt = ω
///
/// One physics step holds the set-point and the friction direction; the axis sticks (ω = 0) when the
/// velocity would cross zero or when the drive torque at rest does not exceed the breakaway torque
/// τ_c. While the torque stays below the limit the dynamics are linear and the step is exact
/// (``DCMotorTransition``: the torque is checked at the start, the middle and the end of the step).
/// Otherwise the step is classical RK4, during which the integrator stops while the torque is
/// saturated in the direction of the error (anti-windup). docs/integrator.md gives the error of both.
public struct DCMotorAxis: MotorModel {
  public var parameters: AxisParameters
  public init(parameters: AxisParameters) { self.parameters = parameters }

  /// Advances `state` by `dt` seconds (exactly while linear, see the type). Computes the
  /// ``DCMotorTransition`` for `dt` on every call; a caller stepping repeatedly keeps one and calls
  /// ``step(_:command:transition:)``.
  public func step(_ state: AxisState, command: AxisCommand, dt: Double) -> MotorStep {
    step(state, command: command, transition: DCMotorTransition(parameters: parameters, dt: dt))
  }

  /// Advances `state` by `transition.dt` seconds, with `transition` computed for these parameters.
  public func step(_ state: AxisState, command: AxisCommand, transition: DCMotorTransition) -> MotorStep {
    assert(transition.parameters == parameters, "a transition computed for other parameters")
    let p = parameters
    let reference = min(max(command.velocity, -p.maximumSpeed), p.maximumSpeed)
    let clamped = abs(command.velocity) > p.maximumSpeed
    guard let direction = movingDirection(state, reference: reference) else {
      return finish(held(state, reference: reference, dt: transition.dt), clamped: clamped, saturated: false)
    }
    let y0 = Vector3(state.position, state.velocity, state.integral)
    let friction = p.coulombFriction * direction
    if isLinear(y0, reference: reference) {
      let y1 = transition.full.apply(y0, reference: reference, friction: friction)
      let ym = transition.half.apply(y0, reference: reference, friction: friction)
      if isLinear(y1, reference: reference) && isLinear(ym, reference: reference) {
        return finish(unstuck(y1, direction: direction), clamped: clamped, saturated: false)
      }
    }
    return rungeKutta(y0, reference: reference, direction: direction, dt: transition.dt, clamped: clamped)
  }

  /// The RK4 step alone (no exact step), from a moving state or one breaking away: the reference the
  /// exact step is compared with (docs/integrator.md).
  func rungeKuttaStep(_ state: AxisState, command: AxisCommand, dt: Double) -> MotorStep {
    let reference = min(max(command.velocity, -parameters.maximumSpeed), parameters.maximumSpeed)
    let clamped = abs(command.velocity) > parameters.maximumSpeed
    guard let direction = movingDirection(state, reference: reference) else {
      return finish(held(state, reference: reference, dt: dt), clamped: clamped, saturated: false)
    }
    let y0 = Vector3(state.position, state.velocity, state.integral)
    return rungeKutta(y0, reference: reference, direction: direction, dt: dt, clamped: clamped)
  }

  /// The friction direction of the step (the velocity's sign, or at rest the drive torque's), or nil
  /// when the axis is at rest and the drive torque does not beat the breakaway torque.
  private func movingDirection(_ state: AxisState, reference: Double) -> Double? {
    guard state.velocity == 0 else { return state.velocity > 0 ? 1 : -1 }
    let torque = driveTorque(reference - 0, integral: state.integral).torque
    if abs(torque) <= parameters.coulombFriction { return nil }
    return torque > 0 ? 1 : -1
  }

  /// Static friction holds the axis: position and velocity stay exactly as they are; the integrator
  /// still integrates the error (with anti-windup).
  private func held(_ state: AxisState, reference: Double, dt: Double) -> AxisState {
    var held = state
    held.integral += reference * dt
    held.integral = antiWindup(held.integral)
    return held
  }

  /// The state after a step, stuck at zero velocity if Coulomb friction would have reversed it.
  private func unstuck(_ y: Vector3, direction: Double) -> AxisState {
    var next = AxisState(position: y.a, velocity: y.b, integral: y.c)
    if parameters.coulombFriction > 0 && next.velocity * direction < 0 { next.velocity = 0 }
    return next
  }

  private func rungeKutta(_ y0: Vector3, reference: Double, direction: Double, dt: Double, clamped: Bool)
    -> MotorStep
  {
    var saturated = false
    let k1 = derivative(y0, reference, direction, &saturated)
    let k2 = derivative(y0 + k1 * (dt / 2), reference, direction, &saturated)
    let k3 = derivative(y0 + k2 * (dt / 2), reference, direction, &saturated)
    let k4 = derivative(y0 + k3 * dt, reference, direction, &saturated)
    let y1 = y0 + (k1 + k2 * 2 + k3 * 2 + k4) * (dt / 6)
    return finish(unstuck(y1, direction: direction), clamped: clamped, saturated: saturated)
  }

  private func finish(_ s: AxisState, clamped: Bool, saturated: Bool) -> MotorStep {
    var s = s
    var atStop = false
    if let range = parameters.positionRange {
      if s.position >= range.upperBound {
        s.position = range.upperBound
        if s.velocity > 0 { s.velocity = 0 }
        atStop = true
      } else if s.position <= range.lowerBound {
        s.position = range.lowerBound
        if s.velocity < 0 { s.velocity = 0 }
        atStop = true
      }
    }
    return MotorStep(state: s, speedClamped: clamped, atHardStop: atStop, torqueSaturated: saturated)
  }

  /// Keeps the integrator from commanding more than the torque limit on its own.
  private func antiWindup(_ integral: Double) -> Double {
    guard parameters.velocityKi > 0 else { return integral }
    let bound = parameters.torqueLimit / parameters.velocityKi
    return min(max(integral, -bound), bound)
  }

  /// Whether the drive torque at `y` is below its limit, where the loop is linear.
  private func isLinear(_ y: Vector3, reference: Double) -> Bool {
    !driveTorque(reference - y.b, integral: y.c).saturated
  }

  private func driveTorque(_ error: Double, integral: Double) -> (torque: Double, saturated: Bool) {
    let raw = parameters.velocityKp * error + parameters.velocityKi * integral
    let limit = parameters.torqueLimit
    if raw > limit { return (limit, true) }
    if raw < -limit { return (-limit, true) }
    return (raw, false)
  }

  private func derivative(
    _ y: Vector3, _ reference: Double, _ direction: Double, _ saturated: inout Bool
  ) -> Vector3 {
    let p = parameters
    let error = reference - y.b
    let (torque, sat) = driveTorque(error, integral: y.c)
    if sat { saturated = true }
    let friction = p.viscousFriction * y.b + p.coulombFriction * direction
    let acceleration = (torque - friction) / p.inertia
    // Anti-windup: freeze the integrator while the saturated torque already pushes the way of the error.
    let integrate = !(sat && (torque > 0) == (error > 0))
    return Vector3(y.b, acceleration, integrate ? error : 0)
  }
}

/// Three doubles with the arithmetic RK4 needs, kept on the stack.
struct Vector3 {
  var a: Double
  var b: Double
  var c: Double
  init(_ a: Double, _ b: Double, _ c: Double) {
    self.a = a
    self.b = b
    self.c = c
  }
  static func + (x: Vector3, y: Vector3) -> Vector3 { Vector3(x.a + y.a, x.b + y.b, x.c + y.c) }
  static func * (x: Vector3, s: Double) -> Vector3 { Vector3(x.a * s, x.b * s, x.c * s) }
}
