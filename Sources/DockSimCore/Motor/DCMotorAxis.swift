/// A DC motor axis behind a PI velocity loop, with inertia, viscous and Coulomb friction, a torque
/// limit, a speed cap and hard stops.
///
/// Continuous dynamics, with `e = ω_ref − ω` and `ω_ref` clamped to ±`maximumSpeed`:
///
///     τ_m = sat(Kp·e + Ki·∫e dt, ±τ_max)
///     J·dω/dt = τ_m − b·ω − τ_c·sgn(ω)
///     dθ/dt = ω
///
/// Integrated with classical RK4 over one physics step; the friction direction is frozen for the step
/// and the axis sticks (ω = 0) when the velocity would cross zero or when the drive torque at rest does
/// not exceed the breakaway torque τ_c. The integrator stops while the torque is saturated in the
/// direction of the error (anti-windup). With τ_c = 0, Ki = 0 and no saturation this is the linear
/// first-order system `J·dω/dt = Kp·(ω_ref − ω) − b·ω`, which the tests compare with its exponential.
public struct DCMotorAxis: MotorModel {
  public var parameters: AxisParameters
  public init(parameters: AxisParameters) { self.parameters = parameters }

  public func step(_ state: AxisState, command: AxisCommand, dt: Double) -> MotorStep {
    let p = parameters
    let cap = p.maximumSpeed
    let reference = min(max(command.velocity, -cap), cap)
    let clamped = abs(command.velocity) > cap
    var saturated = false

    // Static friction: at rest, the axis moves only when the drive torque beats the breakaway torque.
    var direction: Double
    if state.velocity == 0 {
      let torque = driveTorque(reference - 0, integral: state.integral).torque
      if abs(torque) <= p.coulombFriction {
        var held = state
        held.integral += reference * dt
        held.integral = antiWindup(held.integral)
        return finish(held, clamped: clamped, saturated: false)
      }
      direction = torque > 0 ? 1 : -1
    } else {
      direction = state.velocity > 0 ? 1 : -1
    }

    let y0 = Vector3(state.position, state.velocity, state.integral)
    let k1 = derivative(y0, reference, direction, &saturated)
    let k2 = derivative(y0 + k1 * (dt / 2), reference, direction, &saturated)
    let k3 = derivative(y0 + k2 * (dt / 2), reference, direction, &saturated)
    let k4 = derivative(y0 + k3 * dt, reference, direction, &saturated)
    let y1 = y0 + (k1 + k2 * 2 + k3 * 2 + k4) * (dt / 6)

    var next = AxisState(position: y1.a, velocity: y1.b, integral: y1.c)
    if p.coulombFriction > 0 && next.velocity * direction < 0 { next.velocity = 0 }
    return finish(next, clamped: clamped, saturated: saturated)
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
