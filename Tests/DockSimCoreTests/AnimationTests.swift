import DockSimCore
import Foundation
import Testing

/// `AnimationPlan` for DockKit's built-in animations, through the public API only.
struct AnimationTests {
  static let limits = AxisPair<MotionLimits>(dock: DockParameters())
  /// Not the origin, so an offset mistaken for an absolute pose shows.
  static let start = AxisPair(yaw: 0.7, pitch: -0.1)
  static let rest = AxisPair(yaw: 0.0, pitch: 0.0)
  static let step = 1e-4

  static func times(_ plan: AnimationPlan, step: Double = step) -> [Double] {
    let count = Int((plan.duration / step).rounded(.up)) + 50
    return (0...count).map { Double($0) * step }
  }

  static func plan(
    _ animation: DockAnimation, start: AxisPair<Double> = start,
    limits: AxisPair<MotionLimits> = limits
  ) throws -> AnimationPlan {
    try AnimationPlan(animation: animation, start: start, limits: limits)
  }

  @Test(arguments: DockAnimation.allCases) func startsAndEndsAtTheStartPoseAtRest(
    animation: DockAnimation
  ) throws {
    let plan = try Self.plan(animation)
    #expect(plan.position(at: 0) == Self.start)
    #expect(plan.velocity(at: 0) == Self.rest)
    let end = plan.position(at: plan.duration)
    #expect(abs(end.yaw - Self.start.yaw) <= 1e-9 && abs(end.pitch - Self.start.pitch) <= 1e-9)
    #expect(plan.velocity(at: plan.duration) == Self.rest)
    // It does move in between.
    #expect(Self.times(plan).contains { plan.position(at: $0) != Self.start })
  }

  @Test(arguments: DockAnimation.allCases) func positionAndVelocityAreContinuous(
    animation: DockAnimation
  ) throws {
    let plan = try Self.plan(animation)
    let a = MotionLimits.defaultMaximumAcceleration
    // Every keyframe is passed at rest, at its pose, from both sides.
    for (index, frame) in plan.keyframes.enumerated() {
      let here = plan.position(at: frame.time)
      for axis in Axis.allCases {
        let pose = Self.start[axis] + frame.offset[axis]
        #expect(abs(here[axis] - pose) <= 1e-12, "keyframe \(index) \(axis)")
        for epsilon in [-1e-9, 1e-9] where frame.time + epsilon >= 0 {
          let t = frame.time + epsilon
          #expect(abs(plan.position(at: t)[axis] - pose) <= a * 1e-18 + 1e-12, "\(index) \(axis) t=\(t)")
          #expect(abs(plan.velocity(at: t)[axis]) <= a * 1e-9 * (1 + 1e-6), "\(index) \(axis) t=\(t)")
        }
      }
    }
    // And between keyframes: no step in position or velocity anywhere.
    var previous = (p: plan.position(at: 0), v: plan.velocity(at: 0))
    for t in Self.times(plan).dropFirst() {
      let p = plan.position(at: t)
      let v = plan.velocity(at: t)
      for axis in Axis.allCases {
        #expect(abs(v[axis] - previous.v[axis]) <= a * Self.step * (1 + 1e-9), "\(axis) Δv t=\(t)")
        let mean = (v[axis] + previous.v[axis]) / 2 * Self.step
        #expect(abs(p[axis] - previous.p[axis] - mean) <= a * Self.step * Self.step, "\(axis) Δp t=\(t)")
      }
      previous = (p, v)
    }
  }

  @Test(arguments: DockAnimation.allCases) func staysWithinTheLimits(animation: DockAnimation) throws {
    // Start near the bottom of the pitch range so the nods and droops come close to it.
    let start = AxisPair(yaw: -2.0, pitch: 0.4)
    let plan = try Self.plan(animation, start: start)
    for t in Self.times(plan) {
      let p = plan.position(at: t)
      let v = plan.velocity(at: t)
      let acc = plan.acceleration(at: t)
      for axis in Axis.allCases {
        let limit = Self.limits[axis]
        if let range = limit.positionRange { #expect(range.contains(p[axis]), "\(axis) at t=\(t)") }
        #expect(abs(v[axis]) <= limit.maximumSpeed * (1 + 1e-12), "\(axis) speed at t=\(t)")
        #expect(abs(acc[axis]) <= limit.maximumAcceleration, "\(axis) acceleration at t=\(t)")
      }
    }
  }

  /// The documented durations (seconds) and amplitudes (radians) of docs/motion.md.
  static let documented: [(DockAnimation, Double, AxisPair<Double>)] = [
    (.yes, 1.2, AxisPair(yaw: 0, pitch: 0.15)),
    (.no, 1.95, AxisPair(yaw: 0.2, pitch: 0)),
    (.wakeup, 2.5, AxisPair(yaw: 0, pitch: 0.3)),
    (.kapow, 2.0, AxisPair(yaw: 0.3, pitch: 0.2)),
  ]

  @Test(arguments: documented) func hasTheDocumentedDurationAndAmplitude(
    animation: DockAnimation, duration: Double, amplitude: AxisPair<Double>
  ) throws {
    let plan = try Self.plan(animation)
    #expect(plan.duration == duration)
    #expect(plan.nominalDuration == duration && animation.nominalDuration == duration)
    #expect(plan.amplitude == amplitude)
    #expect(!plan.stretched && plan.segmentStretches.count == plan.keyframes.count - 1)
    #expect(plan.clampedKeyframes.isEmpty)
    #expect(plan.animation == animation)
    // The amplitude is what the dock actually sweeps.
    var swept = AxisPair(yaw: 0.0, pitch: 0.0)
    for t in Self.times(plan) {
      let p = plan.position(at: t)
      for axis in Axis.allCases { swept[axis] = max(swept[axis], abs(p[axis] - Self.start[axis])) }
    }
    #expect(abs(swept.yaw - amplitude.yaw) <= 1e-9 && abs(swept.pitch - amplitude.pitch) <= 1e-9)
  }

  @Test func aNodPastThePitchLimitIsClampedAndReported() throws {
    let quarter = Double.pi / 4
    let start = AxisPair(yaw: 0.0, pitch: quarter - 0.05)
    let plan = try Self.plan(.yes, start: start)
    #expect(plan.clampedKeyframes == [1, 3])
    #expect(abs(plan.amplitude.pitch - 0.05) <= 1e-12)
    #expect(abs(plan.keyframes[1].offset.pitch - 0.05) <= 1e-12)
    #expect(plan.nominalKeyframes[1].offset.pitch == 0.15)
    for t in Self.times(plan) { #expect(plan.position(at: t).pitch <= quarter) }
    #expect(plan.position(at: plan.keyframes[1].time).pitch == quarter)
    #expect(abs(plan.position(at: plan.duration).pitch - start.pitch) <= 1e-12)
    // A dock already past its range is never pushed further out: the nod becomes a pause.
    let beyond = try Self.plan(.yes, start: AxisPair(yaw: 0, pitch: 0.9))
    #expect(beyond.clampedKeyframes == [1, 3])
    #expect(beyond.amplitude.pitch == 0)
    for t in Self.times(beyond) { #expect(beyond.position(at: t).pitch == 0.9) }
  }

  @Test func tightLimitsStretchTheStrokes() throws {
    // At 2 rad/s² a 0.15 rad nod needs 2·√(0.15/2) s, not 0.3 s.
    var gentle = Self.limits
    gentle.pitch.maximumAcceleration = 2
    let plan = try Self.plan(.yes, limits: gentle)
    let stroke = 2 * (0.15 / 2).squareRoot()
    #expect(abs(plan.duration - 4 * stroke) <= 1e-12)
    #expect(plan.stretched)
    for (index, stretch) in plan.segmentStretches.enumerated() {
      #expect(stretch?.axis == .pitch && stretch?.limit == .acceleration, "stroke \(index)")
      #expect(abs((stretch?.requestedDuration ?? 0) - 0.3) <= 1e-12)
      #expect(abs((stretch?.plannedDuration ?? 0) - stroke) <= 1e-12)
      #expect(abs(plan.keyframes[index + 1].time - Double(index + 1) * stroke) <= 1e-12)
    }
    let end = plan.position(at: plan.duration)
    #expect(abs(end.pitch - Self.start.pitch) <= 1e-9)
    // A 0.5 rad/s yaw cap (DockKit's setLimits) makes the shake's 0.4 rad strokes speed-limited.
    var slow = Self.limits
    slow.yaw.maximumSpeed = 0.5
    let shake = try Self.plan(.no, limits: slow)
    let stretch = try #require(shake.segmentStretches[1])
    #expect(stretch.axis == .yaw && stretch.limit == .speed)
    #expect(abs(stretch.requestedDuration - 0.45) <= 1e-12)
    #expect(abs(stretch.plannedDuration - (0.4 / 0.5 + 0.5 / 20)) <= 1e-12)
    for t in Self.times(shake) { #expect(abs(shake.velocity(at: t).yaw) <= 0.5 * (1 + 1e-12)) }
  }

  @Test func kapowPushesBackThenSwingsWithDecay() throws {
    let plan = try Self.plan(.kapow)
    let frames = plan.keyframes
    #expect(frames[1].offset.pitch < 0 && frames[1].offset.yaw == 0, "pushed back: looks up")
    let swings = frames.dropFirst(2).dropLast().map(\.offset.yaw)
    for (a, b) in zip(swings, swings.dropFirst()) {
      #expect(a * b < 0, "alternates")
      #expect(abs(b) < abs(a), "decays")
    }
  }

  @Test(arguments: DockAnimation.allCases) func progressRisesToOne(animation: DockAnimation) throws {
    let plan = try Self.plan(animation)
    var last = 0.0
    #expect(plan.progress(at: 0) == 0)
    for t in Self.times(plan, step: 1e-3) {
      let p = plan.progress(at: t)
      #expect(p >= last && p <= 1)
      last = p
    }
    #expect(plan.progress(at: plan.duration) == 1)
    #expect(!plan.isFinished(at: plan.duration - 1e-6) && plan.isFinished(at: plan.duration))
  }

  @Test func invalidKeyframesThrow() {
    let bad: [[AnimationKeyframe]] = [
      [AnimationKeyframe(time: 0, yaw: 0, pitch: 0)],
      [AnimationKeyframe(time: 0, yaw: 0.1, pitch: 0), AnimationKeyframe(time: 1, yaw: 0, pitch: 0)],
      [AnimationKeyframe(time: 0, yaw: 0, pitch: 0), AnimationKeyframe(time: 0, yaw: 0.1, pitch: 0)],
      [AnimationKeyframe(time: 0, yaw: 0, pitch: 0), AnimationKeyframe(time: .nan, yaw: 0, pitch: 0)],
    ]
    for keyframes in bad {
      let error = #expect(throws: MotionPlanningError.self) {
        try AnimationPlan(keyframes: keyframes, start: Self.start, limits: Self.limits)
      }
      guard case .invalidKeyframes = error else {
        Issue.record("\(keyframes): \(String(describing: error))")
        continue
      }
    }
  }

  @Test func customKeyframesArePlayed() throws {
    let keyframes = [
      AnimationKeyframe(time: 0, yaw: 0, pitch: 0), AnimationKeyframe(time: 0.5, yaw: -0.3, pitch: 0.1),
    ]
    let plan = try AnimationPlan(keyframes: keyframes, start: Self.start, limits: Self.limits)
    #expect(plan.animation == nil)
    #expect(plan.duration == 0.5)
    let end = plan.position(at: 0.5)
    #expect(abs(end.yaw - 0.4) <= 1e-12 && abs(end.pitch - 0) <= 1e-12)
  }

  @Test func planningIsDeterministic() throws {
    func trace() throws -> [UInt64] {
      try DockAnimation.allCases.flatMap { animation -> [UInt64] in
        let plan = try Self.plan(animation)
        return Self.times(plan, step: 1e-3).reversed().flatMap { t -> [UInt64] in
          let p = plan.position(at: t)
          let v = plan.velocity(at: t)
          return [p.yaw, p.pitch, v.yaw, v.pitch, plan.progress(at: t)].map(\.bitPattern)
        }
      }
    }
    #expect(try trace() == trace())
  }
}
