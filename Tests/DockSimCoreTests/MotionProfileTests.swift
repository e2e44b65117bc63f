import DockSimCore
import Foundation
import Testing

/// `OrientationMove` (DockKit's `setOrientation`) against the closed-form trapezoid, through the public
/// API only.
struct MotionProfileTests {
  /// The default stand: continuous yaw at 2 rad/s, pitch ±π/4 at 1.5 rad/s, both at 20 rad/s².
  static let limits = AxisPair<MotionLimits>(dock: DockParameters())
  static let rest = AxisPair(yaw: 0.0, pitch: 0.0)
  static let quarter = Double.pi / 4

  /// Sample instants from 0 to a little past the end, every `step` seconds.
  static func times(_ plan: some MotionPlan, step: Double = 1e-4) -> [Double] {
    let count = Int((plan.duration / step).rounded(.up)) + 50
    return (0...count).map { Double($0) * step }
  }

  /// The analytic minimum rest-to-rest time over `d` radians at speed cap `v` and acceleration `a`.
  static func minimumTime(_ d: Double, v: Double, a: Double) -> Double {
    d < v * v / a ? 2 * (d / a).squareRoot() : d / v + v / a
  }

  static func move(
    from start: AxisPair<Double> = rest, velocity: AxisPair<Double> = rest, to target: AxisPair<Double>,
    relative: Bool = false, duration: Double, limits: AxisPair<MotionLimits> = limits
  ) throws -> OrientationMove {
    try OrientationMove(
      from: start, velocity: velocity, to: target, relative: relative, duration: duration, limits: limits)
  }

  @Test func reachesTheTargetExactlyAtThePlannedDuration() throws {
    let plan = try Self.move(
      from: AxisPair(yaw: 0.1, pitch: -0.2), to: AxisPair(yaw: 1.3, pitch: 0.4), duration: 2)
    let end = plan.plannedDuration
    #expect(end == 2)
    #expect(plan.position(at: end) == AxisPair(yaw: 1.3, pitch: 0.4))
    #expect(plan.velocity(at: end) == Self.rest)
    // Approaching the end the deceleration phase lands on the target: a·τ²/2 away at τ before it.
    for tau in [1e-3, 1e-5, 1e-7] {
      let p = plan.position(at: end - tau)
      #expect(abs(p.yaw - 1.3) <= 20 * tau * tau / 2 * (1 + 1e-6) + 1e-15)
      #expect(abs(p.pitch - 0.4) <= 20 * tau * tau / 2 * (1 + 1e-6) + 1e-15)
    }
    #expect(abs(plan.position(at: end - 0.05).yaw - 1.3) > 1e-3, "still moving shortly before the end")
    #expect(plan.isFinished(at: end))
    #expect(!plan.isFinished(at: end - 1e-6))
  }

  static let speedCases: [(AxisPair<Double>, Double)] = [
    (AxisPair(yaw: 0.05, pitch: -0.02), 0.01),  // triangular, stretched
    (AxisPair(yaw: -2.5, pitch: 0.7), 0.1),  // trapezoidal, stretched
    (AxisPair(yaw: 1.0, pitch: -0.3), 1.5),  // slower than the limits need
    (AxisPair(yaw: 0.001, pitch: 0.5), 10),  // very slow
  ]

  @Test(arguments: speedCases) func neverExceedsTheSpeedCapOrTheAccelerationLimit(
    target: AxisPair<Double>, duration: Double
  ) throws {
    let plan = try Self.move(to: target, duration: duration)
    let step = 1e-4
    var previous: (p: AxisPair<Double>, v: AxisPair<Double>)? = nil
    for t in Self.times(plan, step: step) {
      let p = plan.position(at: t)
      let v = plan.velocity(at: t)
      let a = plan.acceleration(at: t)
      for axis in Axis.allCases {
        let limit = Self.limits[axis]
        #expect(abs(v[axis]) <= limit.maximumSpeed * (1 + 1e-12), "\(axis) speed at t=\(t)")
        #expect(abs(a[axis]) <= limit.maximumAcceleration, "\(axis) acceleration at t=\(t)")
        if let previous {
          let dv = v[axis] - previous.v[axis]
          #expect(abs(dv) <= limit.maximumAcceleration * step * (1 + 1e-9), "\(axis) Δv at t=\(t)")
          // Velocity is the derivative of position: the trapezoid rule is exact within a phase.
          let dp = p[axis] - previous.p[axis]
          let mean = (v[axis] + previous.v[axis]) / 2 * step
          #expect(abs(dp - mean) <= limit.maximumAcceleration * step * step, "\(axis) Δp at t=\(t)")
        }
      }
      previous = (p, v)
    }
  }

  @Test func bothAxesStartAndFinishTogether() throws {
    // Yaw needs 1.5/2 + 2/20 = 0.85 s at least, pitch far less; both must take the requested 1.2 s.
    let plan = try Self.move(to: AxisPair(yaw: 1.5, pitch: 0.1), duration: 1.2)
    let step = 1e-4
    var lastMoving = AxisPair(yaw: -1.0, pitch: -1.0)
    for t in Self.times(plan, step: step) {
      let v = plan.velocity(at: t)
      for axis in Axis.allCases where v[axis] != 0 { lastMoving[axis] = t }
    }
    #expect(lastMoving.yaw > 1.2 - 2 * step && lastMoving.yaw < 1.2)
    #expect(lastMoving.pitch > 1.2 - 2 * step && lastMoving.pitch < 1.2)
    #expect(plan.velocity(at: step).yaw > 0 && plan.velocity(at: step).pitch > 0)
  }

  struct StretchCase: Sendable, CustomTestStringConvertible {
    var target: AxisPair<Double>
    var requested: Double
    var axis: Axis
    var limit: MotionLimitKind
    var testDescription: String { "\(axis) \(limit) to \(target.yaw), \(target.pitch)" }
  }

  static let stretchCases = [
    // d = 0.1 < v²/a = 0.2: triangular, 2·√(0.1/20).
    StretchCase(target: AxisPair(yaw: 0.1, pitch: 0), requested: 0.05, axis: .yaw, limit: .acceleration),
    // d = 1 ≥ 0.2: trapezoidal, 1/2 + 2/20.
    StretchCase(target: AxisPair(yaw: -1, pitch: 0.05), requested: 0.3, axis: .yaw, limit: .speed),
    // pitch 0.6 ≥ 1.5²/20: 0.6/1.5 + 1.5/20 = 0.475 s beats yaw's 0.3/2 + 0.1 = 0.25 s.
    StretchCase(target: AxisPair(yaw: 0.3, pitch: 0.6), requested: 0.2, axis: .pitch, limit: .speed),
    // pitch 0.1 < 0.1125: triangular 0.141 s beats yaw's 2·√(0.05/20) = 0.1 s.
    StretchCase(
      target: AxisPair(yaw: -0.05, pitch: -0.1), requested: 0.01, axis: .pitch, limit: .acceleration),
  ]

  @Test(arguments: stretchCases) func aTooShortDurationIsStretchedToTheAnalyticMinimum(
    _ c: StretchCase
  ) throws {
    let plan = try Self.move(to: c.target, duration: c.requested)
    let limit = Self.limits[c.axis]
    let expected = Self.minimumTime(
      abs(c.target[c.axis]), v: limit.maximumSpeed, a: limit.maximumAcceleration)
    #expect(abs(plan.plannedDuration - expected) <= 1e-12)
    #expect(plan.requestedDuration == c.requested)
    #expect(plan.stretched)
    #expect(
      plan.stretch
        == MotionStretch(
          axis: c.axis, limit: c.limit, requestedDuration: c.requested,
          plannedDuration: plan.plannedDuration))
    #expect(plan.position(at: plan.plannedDuration) == c.target)
    // At the minimum time the limiting axis peaks at the cap (trapezoid) or at a·T/2 (triangle).
    let peak = Self.times(plan, step: 1e-5).map { abs(plan.velocity(at: $0)[c.axis]) }.max()!
    let expectedPeak =
      c.limit == .speed ? limit.maximumSpeed : limit.maximumAcceleration * expected / 2
    #expect(abs(peak - expectedPeak) <= limit.maximumAcceleration * 1e-5 + 1e-12)
  }

  @Test func aFeasibleDurationIsNotStretched() throws {
    let plan = try Self.move(to: AxisPair(yaw: 1, pitch: 0), duration: 0.6 + 1e-9)
    #expect(!plan.stretched)
    #expect(plan.stretch == nil)
    #expect(plan.plannedDuration == 0.6 + 1e-9)
    #expect(abs(plan.minimumDuration - 0.6) <= 1e-12)
  }

  @Test func aLongerDurationCruisesSlower() throws {
    let plan = try Self.move(to: AxisPair(yaw: 1.0, pitch: -0.2), duration: 3)
    #expect(!plan.stretched)
    // Cruise speed: the smaller root of v² − aT·v + a·d = 0, for each axis.
    func cruise(_ d: Double) -> Double { (20 * 3 - (400.0 * 9 - 4 * 20 * d).squareRoot()) / 2 }
    let samples = Self.times(plan, step: 1e-4)
    let peakYaw = samples.map { abs(plan.velocity(at: $0).yaw) }.max()!
    let peakPitch = samples.map { abs(plan.velocity(at: $0).pitch) }.max()!
    #expect(abs(peakYaw - cruise(1.0)) <= 1e-9)
    #expect(abs(peakPitch - cruise(0.2)) <= 1e-9)
    #expect(peakPitch < peakYaw)
    let faster = try Self.move(to: AxisPair(yaw: 1.0, pitch: -0.2), duration: 1)
    let peakFaster = Self.times(faster).map { abs(faster.velocity(at: $0).yaw) }.max()!
    #expect(peakYaw < peakFaster)
  }

  @Test func relativeAndAbsoluteTargetsAgree() throws {
    let start = AxisPair(yaw: 0.4, pitch: 0.1)
    let relative = try Self.move(
      from: start, to: AxisPair(yaw: 0.5, pitch: -0.3), relative: true, duration: 1)
    let absolute = try Self.move(from: start, to: AxisPair(yaw: 0.9, pitch: -0.2), duration: 1)
    #expect(relative.isRelative && !absolute.isRelative)
    #expect(abs(relative.requestedTarget.yaw - 0.9) <= 1e-15)
    #expect(abs(relative.target.pitch - -0.2) <= 1e-15)
    for t in Self.times(relative, step: 1e-3) {
      let a = relative.position(at: t)
      let b = absolute.position(at: t)
      #expect(abs(a.yaw - b.yaw) <= 1e-12 && abs(a.pitch - b.pitch) <= 1e-12, "t=\(t)")
    }
    // A relative move is relative to where the dock is, not to zero.
    let elsewhere = try Self.move(
      from: AxisPair(yaw: -1, pitch: 0.3), to: AxisPair(yaw: 0.5, pitch: -0.3), relative: true,
      duration: 1)
    #expect(abs(elsewhere.target.yaw - -0.5) <= 1e-15 && abs(elsewhere.target.pitch) <= 1e-15)
  }

  @Test func aPitchTargetOutsideTheRangeIsClampedAndReported() throws {
    let plan = try Self.move(to: AxisPair(yaw: 0.2, pitch: 1.2), duration: 1)
    #expect(plan.requestedTarget.pitch == 1.2)
    #expect(plan.target.pitch == Self.quarter)
    #expect(plan.targetClamped == AxisPair(yaw: false, pitch: true))
    for t in Self.times(plan, step: 1e-3) { #expect(plan.position(at: t).pitch <= Self.quarter) }
    #expect(plan.position(at: plan.duration).pitch == Self.quarter)
    let up = try Self.move(
      from: AxisPair(yaw: 0, pitch: -0.5), to: AxisPair(yaw: 0, pitch: -1), relative: true,
      duration: 1)
    #expect(up.target.pitch == -Self.quarter && up.targetClamped.pitch && !up.targetClamped.yaw)
    let inside = try Self.move(to: AxisPair(yaw: 0, pitch: 0.5), duration: 1)
    #expect(inside.targetClamped == AxisPair(yaw: false, pitch: false))
  }

  @Test func anAbsoluteYawTargetIsReachedTheShortWayRound() throws {
    let from = Angle.radians(degrees: -170)
    let plan = try Self.move(
      from: AxisPair(yaw: from, pitch: 0), to: AxisPair(yaw: Angle.radians(degrees: 170), pitch: 0),
      duration: 1)
    #expect(abs(plan.target.yaw - Angle.radians(degrees: -190)) <= 1e-12)
    #expect(abs(Angle.difference(plan.target.yaw, Angle.radians(degrees: 170))) <= 1e-12)
    #expect(!plan.targetClamped.yaw)
    for t in Self.times(plan, step: 1e-3) {
      #expect(plan.velocity(at: t).yaw <= 0, "turns left only")
      #expect(abs(plan.position(at: t).yaw - from) <= Angle.radians(degrees: 20) + 1e-12)
    }
    // A relative yaw is literal: +340° goes the long way.
    let long = try Self.move(
      from: AxisPair(yaw: from, pitch: 0), to: AxisPair(yaw: Angle.radians(degrees: 340), pitch: 0),
      relative: true, duration: 3)
    #expect(abs(long.target.yaw - Angle.radians(degrees: 170)) <= 1e-12)
    // A yaw axis with a range is not wrapped.
    var limited = Self.limits
    limited.yaw.positionRange = -3...3
    let bounded = try Self.move(
      from: AxisPair(yaw: -2.9, pitch: 0), to: AxisPair(yaw: 2.9, pitch: 0), duration: 4,
      limits: limited)
    #expect(bounded.target.yaw == 2.9)
  }

  @Test func aZeroDistanceMoveIsFinishedImmediately() throws {
    let start = AxisPair(yaw: 0.3, pitch: 0.2)
    for plan in [
      try Self.move(from: start, to: start, duration: 2),
      try Self.move(from: start, to: Self.rest, relative: true, duration: 2),
    ] {
      #expect(plan.plannedDuration == 0)
      #expect(plan.requestedDuration == 2)
      #expect(!plan.stretched)
      #expect(plan.isFinished(at: 0))
      #expect(plan.progress(at: 0) == 1)
      #expect(plan.position(at: 0) == start && plan.position(at: 1) == start)
      #expect(plan.velocity(at: 0) == Self.rest)
    }
  }

  @Test func aMovingDockBrakesFirst() throws {
    let v0 = AxisPair(yaw: 1.0, pitch: -0.5)
    let plan = try Self.move(velocity: v0, to: AxisPair(yaw: -0.5, pitch: 0.3), duration: 2)
    #expect(plan.velocity(at: 0) == v0)
    #expect(plan.brakingDuration == 1.0 / 20)
    #expect(plan.plannedDuration == 2 && !plan.stretched)
    // Braking at the limit: yaw stops 1²/(2·20) = 0.025 rad on, pitch stops at −0.00625 and holds.
    #expect(abs(plan.position(at: 0.05).yaw - 0.025) <= 1e-15)
    #expect(abs(plan.position(at: 0.05).pitch - -0.00625) <= 1e-15)
    #expect(plan.velocity(at: 0.03).pitch == 0)
    let step = 1e-4
    var previous = plan.velocity(at: 0)
    for t in Self.times(plan, step: step).dropFirst() {
      let v = plan.velocity(at: t)
      for axis in Axis.allCases {
        #expect(abs(v[axis] - previous[axis]) <= 20 * step * (1 + 1e-9), "\(axis) at t=\(t)")
        #expect(abs(plan.acceleration(at: t)[axis]) <= 20)
      }
      previous = v
    }
    #expect(plan.position(at: 2) == AxisPair(yaw: -0.5, pitch: 0.3))
    // Braking plus the stroke's minimum (1.025 rad ≥ 0.2: 1.025/2 + 0.1) is more than 0.3 s.
    let hurried = try Self.move(velocity: v0, to: AxisPair(yaw: -1.0, pitch: 0), duration: 0.3)
    #expect(abs(hurried.plannedDuration - (0.05 + 1.025 / 2 + 0.1)) <= 1e-12)
    #expect(hurried.stretch?.axis == .yaw && hurried.stretch?.limit == .speed)
    // Nothing to do but stop: the braking is the whole move, stretched past a very short request.
    let stop = try Self.move(
      velocity: AxisPair(yaw: 0, pitch: 1), to: AxisPair(yaw: 0, pitch: 0.025), duration: 0.01)
    #expect(stop.plannedDuration == 0.05)
    #expect(stop.stretch?.axis == .pitch && stop.stretch?.limit == .acceleration)
  }

  @Test func progressRunsFromZeroToOneAlongThePath() throws {
    let plan = try Self.move(to: AxisPair(yaw: 1, pitch: 0), duration: 2)
    #expect(plan.progress(at: 0) == 0)
    #expect(abs(plan.progress(at: 1) - 0.5) <= 1e-12, "symmetric trapezoid: half way at half time")
    #expect(plan.progress(at: 2) == 1)
    #expect(plan.progress(at: 5) == 1)
    var last = 0.0
    for t in Self.times(plan, step: 1e-3) {
      let p = plan.progress(at: t)
      #expect(p >= last && p <= 1)
      last = p
    }
    // Path length, not time: in the first 10 % of the time the ramp has covered less than 10 %.
    let slow = try Self.move(to: AxisPair(yaw: 0.1, pitch: 0), duration: 0.2)
    #expect(slow.progress(at: 0.02) < 0.1)
  }

  @Test func simulatedInstantsMatchSeconds() throws {
    let plan = try OrientationMove(
      from: MotionState(
        time: SimTime(microseconds: 5_000_000), positions: Self.rest, velocities: Self.rest),
      to: AxisPair(yaw: 0.1, pitch: 0), duration: 0.0333333, limits: Self.limits)
    #expect(plan.startTime == SimTime(microseconds: 5_000_000))
    #expect(plan.endTime == SimTime(microseconds: 5_000_000 + 141_422))  // ⌈2·√(0.1/20) s⌉ in µs
    #expect(plan.isFinished(at: plan.endTime))
    #expect(!plan.isFinished(at: plan.endTime - SimDuration(microseconds: 1)))
    let t = SimTime(microseconds: 5_050_000)
    #expect(plan.position(at: t) == plan.position(at: 0.05))
    #expect(plan.velocity(at: t) == plan.velocity(at: 0.05))
    #expect(plan.position(at: plan.endTime).yaw == 0.1)
  }

  @Test func invalidRequestsThrow() {
    for d in [0, -1, Double.nan, .infinity] {
      let error = #expect(throws: MotionPlanningError.self) { try Self.move(to: Self.rest, duration: d) }
      guard case .invalidDuration = error else {
        Issue.record("duration \(d): \(String(describing: error))")
        continue
      }
    }
    var bad = Self.limits
    bad.pitch.maximumSpeed = 0
    #expect(throws: MotionPlanningError.invalidLimits(.pitch)) {
      try Self.move(to: Self.rest, duration: 1, limits: bad)
    }
    #expect(throws: MotionPlanningError.nonFiniteInput(.yaw)) {
      try Self.move(to: AxisPair(yaw: .nan, pitch: 0), duration: 1)
    }
  }

  @Test func planningIsDeterministic() throws {
    func trace() throws -> [UInt64] {
      let plan = try Self.move(
        from: AxisPair(yaw: 2.1, pitch: 0.3), velocity: AxisPair(yaw: -0.4, pitch: 0.2),
        to: AxisPair(yaw: -2.8, pitch: -0.6), duration: 1.7)
      // Evaluated backwards to show no query depends on an earlier one.
      return Self.times(plan, step: 1e-3).reversed().flatMap { t -> [UInt64] in
        let p = plan.position(at: t)
        let v = plan.velocity(at: t)
        return [p.yaw, p.pitch, v.yaw, v.pitch, plan.progress(at: t)].map(\.bitPattern)
      }
    }
    #expect(try trace() == trace())
  }
}
