import Foundation
import Testing

@testable import DockSimCore

/// The DC motor's exact (zero-order-hold) step: against the analytic solutions of the linear loop, a
/// fine RK4 reference with friction and saturation, rest, hard stops, and the dock's cached transition.
struct MotorExactStepTests {
  static let dt = 0.001

  static func run(_ p: AxisParameters, commands: (Int) -> Double, steps: Int) -> [AxisState] {
    let axis = DCMotorAxis(parameters: p)
    let transition = DCMotorTransition(parameters: p, dt: dt)
    var s = AxisState()
    var out = [s]
    for i in 0..<steps {
      s = axis.step(s, command: AxisCommand(velocity: commands(i)), transition: transition).state
      out.append(s)
    }
    return out
  }

  @Test func proportionalLoopMatchesTheExponentialTo1e12() {
    let p = LinearMotorLoop.axis(ki: 0)
    let r = 1.3
    let states = Self.run(p, commands: { _ in r }, steps: 200)
    let exact = PStepResponse(p, setPoint: r)
    for (i, s) in states.enumerated() {
      let t = Double(i) * Self.dt
      let w = exact.velocity(at: t)
      let theta = exact.position(at: t)
      #expect(abs(s.velocity - w) < 1e-12, "velocity at t=\(t): \(s.velocity - w)")
      #expect(abs(s.position - theta) < 1e-12, "position at t=\(t): \(s.position - theta)")
    }
  }

  @Test func proportionalIntegralLoopMatchesTheExponentialsTo1e12() {
    let p = LinearMotorLoop.axis(ki: 2.0)
    let r = 0.8
    let states = Self.run(p, commands: { _ in r }, steps: 300)
    let exact = PIStepResponse(p, setPoint: r)
    for (i, s) in states.enumerated() {
      let t = Double(i) * Self.dt
      let w = exact.velocity(at: t)
      let theta = exact.position(at: t)
      let integral = r * t - theta
      #expect(abs(s.velocity - w) < 1e-12, "velocity at t=\(t): \(s.velocity - w)")
      #expect(abs(s.position - theta) < 1e-12, "position at t=\(t): \(s.position - theta)")
      #expect(abs(s.integral - integral) < 1e-12, "integral at t=\(t): \(s.integral - integral)")
    }
  }

  /// Commands that start from rest, saturate the torque, reverse through zero (Coulomb sticking) and
  /// exceed the speed cap, every 80 ms.
  static func demandingCommand(_ step: Int) -> Double {
    let pattern = [0.0, 0.3, 2.5, -0.05, -1.8, 0.0, 0.9, -3.0, 0.01, 1.2]
    return pattern[(step / 80) % pattern.count]
  }

  /// `axis` over `steps` ticks of `dt`, each tick subdivided into `substeps` RK4 steps.
  static func fineRungeKutta(_ axis: DCMotorAxis, steps: Int, substeps: Int) -> [AxisState] {
    var s = AxisState()
    var out = [s]
    for i in 0..<steps {
      let command = AxisCommand(velocity: demandingCommand(i))
      for _ in 0..<substeps {
        s = axis.rungeKuttaStep(s, command: command, dt: dt / Double(substeps)).state
      }
      out.append(s)
    }
    return out
  }

  @Test(arguments: [AxisParameters.defaultYaw, AxisParameters.defaultPitch])
  func exactStepStaysCloseToFineRungeKuttaWithFrictionAndSaturation(_ p: AxisParameters) {
    let axis = DCMotorAxis(parameters: p)
    let steps = 1_600
    let exact = Self.run(p, commands: Self.demandingCommand, steps: steps)
    let reference = Self.fineRungeKutta(axis, steps: steps, substeps: 100)
    let rk4 = Self.fineRungeKutta(axis, steps: steps, substeps: 1)
    var exactError = (position: 0.0, velocity: 0.0)
    var rk4Error = (position: 0.0, velocity: 0.0)
    var apart = (position: 0.0, velocity: 0.0)
    for i in 0...steps {
      exactError.position = max(exactError.position, abs(exact[i].position - reference[i].position))
      exactError.velocity = max(exactError.velocity, abs(exact[i].velocity - reference[i].velocity))
      rk4Error.position = max(rk4Error.position, abs(rk4[i].position - reference[i].position))
      rk4Error.velocity = max(rk4Error.velocity, abs(rk4[i].velocity - reference[i].velocity))
      apart.position = max(apart.position, abs(exact[i].position - rk4[i].position))
      apart.velocity = max(apart.velocity, abs(exact[i].velocity - rk4[i].velocity))
    }
    // Both 1 ms integrators stick, break away and meet the torque limit only at tick boundaries,
    // where the fine reference does so within the tick: that, not the integration, is their error
    // against it (docs/integrator.md), so the exact step is as far from it as RK4 at 1 ms, and close
    // to RK4 at 1 ms.
    #expect(exactError.position < 3e-3, "position error \(exactError.position) rad")
    #expect(exactError.velocity < 0.2, "velocity error \(exactError.velocity) rad/s")
    #expect(exactError.position <= rk4Error.position * 1.01 + 1e-6)
    #expect(exactError.velocity <= rk4Error.velocity * 1.01 + 1e-6)
    #expect(apart.position < 1e-5 && apart.velocity < 1e-3, "exact vs RK4 at 1 ms: \(apart)")
    // The exact step really ran: without it the two 1 ms runs would agree bit for bit.
    #expect(apart.position > 0)
    print(
      "integrator figures, inertia \(p.inertia): vs RK4 at 0.01 ms: exact \(exactError), RK4 at 1 ms \(rk4Error); exact vs RK4 at 1 ms \(apart)"
    )
  }

  @Test(arguments: [AxisParameters.defaultYaw, AxisParameters.defaultPitch])
  func rungeKuttaLocalErrorIsWhatTheAnalysisSays(_ p: AxisParameters) {
    // One 1 ms step in the linear regime from a state mid-transient: the exact step is the reference
    // (the tests above hold it to 1e-12); RK4's local error is O((λ·dt)^5), about 1e-6 of the state.
    let axis = DCMotorAxis(parameters: p)
    let transition = DCMotorTransition(parameters: p, dt: Self.dt)
    let state = AxisState(position: 0.2, velocity: 0.4, integral: 0.01)
    let command = AxisCommand(velocity: 0.6)
    let exact = axis.step(state, command: command, transition: transition)
    let rk4 = axis.rungeKuttaStep(state, command: command, dt: Self.dt)
    #expect(!exact.torqueSaturated && !rk4.torqueSaturated)
    let dPosition = abs(exact.state.position - rk4.state.position)
    let dVelocity = abs(exact.state.velocity - rk4.state.velocity)
    #expect(dVelocity > 1e-12 && dVelocity < 1e-5, "\(dVelocity)")
    #expect(dPosition < 1e-8, "\(dPosition)")
    print(
      "integrator figures, inertia \(p.inertia): RK4 local error at 1 ms: position \(dPosition), velocity \(dVelocity)"
    )
  }

  @Test func saturatedStepFallsBackToRungeKuttaBitForBit() {
    let p = AxisParameters.defaultYaw
    let axis = DCMotorAxis(parameters: p)
    let transition = DCMotorTransition(parameters: p, dt: Self.dt)
    // At 0.5 rad/s, asked for the 2 rad/s cap (and more): Kp·1.5 = 0.15 N·m > 0.1 N·m.
    let state = AxisState(position: 0.3, velocity: 0.5, integral: 0.01)
    let command = AxisCommand(velocity: 2.4)
    let exact = axis.step(state, command: command, transition: transition)
    let rk4 = axis.rungeKuttaStep(state, command: command, dt: Self.dt)
    #expect(exact == rk4)
    #expect(exact.torqueSaturated)
    #expect(exact.speedClamped)
  }

  @Test func atRestUnderTheBreakawayTorqueStaysAtRestExactly() {
    let p = AxisParameters.defaultYaw
    let axis = DCMotorAxis(parameters: p)
    let transition = DCMotorTransition(parameters: p, dt: Self.dt)
    let start = AxisState(position: 0.123456789, velocity: 0, integral: 0)
    var s = start
    for _ in 0..<10_000 { s = axis.step(s, command: AxisCommand(velocity: 0), transition: transition).state }
    #expect(s == start)
    // A set-point too small to beat Coulomb friction (Kp·r = 1e-3 < 2e-3 N·m) does not move it either,
    // though the integrator winds up.
    s = start
    for _ in 0..<5 { s = axis.step(s, command: AxisCommand(velocity: 0.01), transition: transition).state }
    #expect(s.position.bitPattern == start.position.bitPattern && s.velocity == 0)
    #expect(s.integral > 0)
  }

  @Test func hardStopHoldsTheAxisAtItsLimit() {
    let p = AxisParameters.defaultPitch
    let axis = DCMotorAxis(parameters: p)
    let transition = DCMotorTransition(parameters: p, dt: Self.dt)
    var s = AxisState(position: 0.7)
    var last: MotorStep?
    for _ in 0..<1_000 {
      last = axis.step(s, command: AxisCommand(velocity: 1.0), transition: transition)
      s = last!.state
      #expect(s.position <= p.positionRange!.upperBound)
    }
    #expect(s.position == p.positionRange!.upperBound)
    #expect(s.velocity == 0)
    #expect(last?.atHardStop == true)
    // And it leaves the stop when sent back.
    for _ in 0..<100 { s = axis.step(s, command: AxisCommand(velocity: -1.0), transition: transition).state }
    #expect(s.position < p.positionRange!.upperBound - 0.01)
  }

  @Test func dockSteppingMatchesTheAxisStepBitForBit() {
    // The dock keeps one transition per axis; `step(_:command:dt:)` computes a fresh one per call.
    let parameters = DockParameters()
    var dock = Dock(parameters: parameters)
    let yaw = DCMotorAxis(parameters: parameters.yaw)
    let pitch = DCMotorAxis(parameters: parameters.pitch)
    var expectedYaw = dock.yaw
    var expectedPitch = dock.pitch
    var movedBoth = false
    for i in 0..<2_000 {
      let now = SimTime(microseconds: Int64(i) * 1000)
      if i % 33 == 0 {
        let v = Self.demandingCommand(i)
        dock.send(DockCommand(yawVelocity: v, pitchVelocity: -0.5 * v), at: now)
      }
      let report = dock.step(at: now, dt: Self.dt)
      expectedYaw =
        yaw.step(expectedYaw, command: AxisCommand(velocity: report.appliedCommand.yawVelocity), dt: Self.dt)
        .state
      expectedPitch =
        pitch.step(
          expectedPitch, command: AxisCommand(velocity: report.appliedCommand.pitchVelocity), dt: Self.dt
        ).state
      #expect(dock.yaw == expectedYaw && dock.pitch == expectedPitch, "tick \(i)")
      if dock.yaw.velocity != 0 && dock.pitch.velocity != 0 { movedBoth = true }
    }
    #expect(movedBoth)
  }
}
