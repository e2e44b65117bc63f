import Foundation
import Testing

@testable import DockSimCore

/// The motor axis against the analytic solutions of its linear special cases.
struct MotorAnalyticTests {
  static let dt = 0.001

  static func simulate(_ p: AxisParameters, command: Double, seconds: Double) -> [AxisState] {
    let axis = DCMotorAxis(parameters: p)
    var s = AxisState()
    var out = [s]
    for _ in 0..<Int((seconds / dt).rounded()) {
      s = axis.step(s, command: AxisCommand(velocity: command), dt: dt).state
      out.append(s)
    }
    return out
  }

  @Test func proportionalLoopIsFirstOrder() {
    let p = LinearMotorLoop.axis()
    let r = 1.3
    let states = Self.simulate(p, command: r, seconds: 0.05)
    let exact = PStepResponse(p, setPoint: r)
    let wss = exact.steadyVelocity
    for (i, s) in states.enumerated() {
      let t = Double(i) * Self.dt
      let w = exact.velocity(at: t)
      let theta = exact.position(at: t)
      #expect(abs(s.velocity - w) < 1e-5 * wss, "velocity at t=\(t)")
      #expect(abs(s.position - theta) < 1e-7, "position at t=\(t)")
    }
  }

  @Test func proportionalIntegralLoopIsSecondOrder() {
    let p = LinearMotorLoop.axis(ki: 2.0)
    let r = 0.8
    let states = Self.simulate(p, command: r, seconds: 0.3)
    let exact = PIStepResponse(p, setPoint: r)
    for (i, s) in states.enumerated() {
      let t = Double(i) * Self.dt
      let w = exact.velocity(at: t)
      #expect(abs(s.velocity - w) < 1e-5 * r, "velocity at t=\(t)")
    }
    #expect(abs(states.last!.velocity - r) < 1e-3, "integral action removes the steady-state error")
  }

  @Test func torqueLimitGivesConstantAcceleration() {
    var p = LinearMotorLoop.axis()
    p.viscousFriction = 0
    p.velocityKp = 100
    p.torqueLimit = 0.05
    let states = Self.simulate(p, command: 10, seconds: 0.05)
    let alpha = p.torqueLimit / p.inertia
    for (i, s) in states.enumerated() where Double(i) * Self.dt * alpha < 9 {
      let t = Double(i) * Self.dt
      #expect(abs(s.velocity - alpha * t) < 1e-9, "ω = τmax/J·t at t=\(t)")
      #expect(abs(s.position - alpha * t * t / 2) < 1e-9)
    }
  }

  @Test func coulombFrictionHoldsBelowBreakaway() {
    var p = LinearMotorLoop.axis()
    p.coulombFriction = 0.01
    // Kp·ω_ref = 0.005 N·m < 0.01 N·m breakaway, no integral: never moves.
    let states = Self.simulate(p, command: 0.05, seconds: 0.5)
    #expect(states.allSatisfy { $0.position == 0 && $0.velocity == 0 })
    // Above breakaway it moves, and settles where drive and friction balance.
    let moving = Self.simulate(p, command: 1, seconds: 0.5)
    let expected = (p.velocityKp * 1 - p.coulombFriction) / (p.velocityKp + p.viscousFriction)
    #expect(abs(moving.last!.velocity - expected) < 1e-6)
  }

  @Test func coulombFrictionStopsTheAxisWithoutReversing() {
    var p = LinearMotorLoop.axis()
    p.coulombFriction = 0.01
    let axis = DCMotorAxis(parameters: p)
    var s = AxisState(position: 0, velocity: 2)
    var sawStop = false
    for _ in 0..<200 {
      s = axis.step(s, command: AxisCommand(velocity: 0), dt: Self.dt).state
      #expect(s.velocity >= 0, "friction never drives the axis backwards")
      if s.velocity == 0 { sawStop = true }
    }
    #expect(sawStop)
  }

  @Test func speedCapClampsTheSetPoint() {
    var p = LinearMotorLoop.axis(ki: 2)
    p.maximumSpeed = 1.5
    let axis = DCMotorAxis(parameters: p)
    var s = AxisState()
    var step = axis.step(s, command: AxisCommand(velocity: 4), dt: Self.dt)
    #expect(step.speedClamped)
    for _ in 0..<1000 {
      step = axis.step(s, command: AxisCommand(velocity: 4), dt: Self.dt)
      s = step.state
    }
    #expect(abs(s.velocity - 1.5) < 1e-3)
    #expect(!axis.step(s, command: AxisCommand(velocity: 1.0), dt: Self.dt).speedClamped)
  }

  @Test func hardStopHoldsThePositionRange() {
    var p = LinearMotorLoop.axis(ki: 2)
    p.positionRange = -0.5...0.5
    let axis = DCMotorAxis(parameters: p)
    var s = AxisState(position: 0.4)
    var last: MotorStep?
    for _ in 0..<500 {
      last = axis.step(s, command: AxisCommand(velocity: 1), dt: Self.dt)
      s = last!.state
      #expect(s.position <= 0.5)
    }
    #expect(s.position == 0.5)
    #expect(last!.atHardStop)
    let back = axis.step(s, command: AxisCommand(velocity: -1), dt: Self.dt)
    #expect(back.state.position <= 0.5)
  }

  @Test func commandLatencyDelaysMotion() {
    var params = DockParameters()
    params.commandLatency = SimDuration(microseconds: 20_000)
    var dock = Dock(parameters: params)
    dock.send(DockCommand(yawVelocity: 1, pitchVelocity: 0), at: .zero)
    for tick in 0..<20 {
      _ = dock.step(at: SimTime(microseconds: Int64(tick) * 1000), dt: 0.001)
      #expect(dock.yaw.position == 0, "no motion before the latency has passed (tick \(tick))")
    }
    _ = dock.step(at: SimTime(microseconds: 20_000), dt: 0.001)
    #expect(dock.yaw.position > 0)
  }

  @Test func encoderQuantizesToWholeCounts() {
    let encoder = Encoder(countsPerRevolution: 4096)
    let q = 2 * Double.pi / 4096
    for x in stride(from: -3.0, through: 3.0, by: 0.0137) {
      let r = encoder.read(x)
      #expect(abs(r - x) <= q / 2 + 1e-15)
      #expect(abs((r / q) - (r / q).rounded()) < 1e-9)
    }
    #expect(Encoder(countsPerRevolution: 0).read(0.123456) == 0.123456)
  }
}
