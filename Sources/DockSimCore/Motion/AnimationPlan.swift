/// An animation (``DockAnimation`` or custom keyframes) planned from a start pose under the limits.
///
/// The animation starts at rest at ``start`` and passes through every keyframe at rest; between two
/// keyframes both axes follow synchronized rest-to-rest trapezoidal strokes, so position and velocity
/// are continuous and speed and acceleration stay within the limits. Two guards keep it feasible:
///
/// * A keyframe outside an axis's position range is clamped into it (the range widened to include the
///   start pose, so a dock already beyond its range never has to jump); ``clampedKeyframes`` lists them.
/// * A stroke that cannot be made in its keyframe interval is stretched to its minimum time and every
///   later keyframe is delayed by the same amount; ``segmentStretches`` says which, by how much and why.
///
/// Animations start from rest (as DockKit's do from the current position): a caller with a moving dock
/// stops it first. Radians, seconds, rad/s; yaw positive right, pitch positive down.
public struct AnimationPlan: MotionPlan {
  /// The built-in animation played, or `nil` for custom keyframes.
  public let animation: DockAnimation?
  /// The simulated instant the animation starts.
  public let startTime: SimTime
  /// The pose the animation starts and (for the built-ins) ends at, radians.
  public let start: AxisPair<Double>
  /// The limits the animation was planned with.
  public let limits: AxisPair<MotionLimits>
  /// The keyframes as given.
  public let nominalKeyframes: [AnimationKeyframe]
  /// The keyframes as planned: times after stretching, offsets after clamping (seconds, radians).
  public let keyframes: [AnimationKeyframe]
  /// Indices (ascending) of the keyframes whose offsets were clamped into the position range.
  public let clampedKeyframes: [Int]
  /// For each stroke `i` (from keyframe `i` to `i + 1`), why it was stretched, or `nil` if it was not.
  public let segmentStretches: [MotionStretch?]
  /// The largest deviation from the start pose on each axis, radians (from the planned keyframes, where
  /// the strokes turn).
  public let amplitude: AxisPair<Double>
  /// How long the animation runs, seconds, after any stretching.
  public let duration: Double
  private let trajectory: PlannedTrajectory

  /// The nominal duration, seconds (the last nominal keyframe's time).
  public var nominalDuration: Double { nominalKeyframes[nominalKeyframes.count - 1].time }
  /// Whether any stroke was stretched.
  public var stretched: Bool { segmentStretches.contains { $0 != nil } }

  /// Plans the built-in `animation` from `start` (radians, at rest) under `limits`.
  ///
  /// - Throws: ``MotionPlanningError`` for unusable limits or a non-finite start.
  public init(
    animation: DockAnimation, start: AxisPair<Double>, limits: AxisPair<MotionLimits>,
    startTime: SimTime = .zero
  ) throws {
    try self.init(
      animation: animation, keyframes: animation.keyframes, start: start, limits: limits,
      startTime: startTime)
  }

  /// Plans custom `keyframes` from `start` (radians, at rest) under `limits`. The first keyframe must be
  /// at 0 s with no offset; times must increase strictly.
  ///
  /// - Throws: ``MotionPlanningError`` for such keyframes, unusable limits or non-finite inputs.
  public init(
    keyframes: [AnimationKeyframe], start: AxisPair<Double>, limits: AxisPair<MotionLimits>,
    startTime: SimTime = .zero
  ) throws {
    try self.init(animation: nil, keyframes: keyframes, start: start, limits: limits, startTime: startTime)
  }

  private init(
    animation: DockAnimation?, keyframes nominal: [AnimationKeyframe], start: AxisPair<Double>,
    limits: AxisPair<MotionLimits>, startTime: SimTime
  ) throws {
    try Self.validate(nominal, start: start, limits: limits)
    var axes = AxisPair(
      yaw: AxisTrajectory(startPosition: start.yaw), pitch: AxisTrajectory(startPosition: start.pitch))
    var planned = [nominal[0]]
    var clampedIndices: [Int] = []
    var stretches: [MotionStretch?] = []
    var amplitude = AxisPair(yaw: 0.0, pitch: 0.0)
    // Added to every later nominal time, so an unstretched animation keeps its nominal times exactly.
    var delay = 0.0
    for index in 1..<nominal.count {
      let frame = nominal[index]
      var offset = frame.offset
      var targets = start
      var wasClamped = false
      var strokeTime = AxisPair(
        yaw: (time: 0.0, limit: MotionLimitKind.acceleration), pitch: (0, .acceleration))
      for axis in Axis.allCases {
        let wanted = start[axis] + frame.offset[axis]
        let position = limits[axis].clamp(wanted, keeping: start[axis])
        if position != wanted {
          wasClamped = true
          offset[axis] = position - start[axis]
        }
        targets[axis] = position
        amplitude[axis] = max(amplitude[axis], abs(offset[axis]))
        strokeTime[axis] = TrapezoidProfile.minimumTime(
          distance: abs(position - axes[axis].endPosition), limits: limits[axis])
      }
      if wasClamped { clampedIndices.append(index) }
      let gap = frame.time - nominal[index - 1].time
      let axis: Axis = strokeTime.pitch.time > strokeTime.yaw.time ? .pitch : .yaw
      if strokeTime[axis].time > gap {
        delay += strokeTime[axis].time - gap
        stretches.append(
          MotionStretch(
            axis: axis, limit: strokeTime[axis].limit, requestedDuration: gap,
            plannedDuration: strokeTime[axis].time))
      } else {
        stretches.append(nil)
      }
      let time = frame.time + delay
      for axis in Axis.allCases {
        axes[axis].appendStroke(to: targets[axis], until: time, limits: limits[axis])
      }
      planned.append(AnimationKeyframe(time: time, offset: offset))
    }
    self.animation = animation
    self.startTime = startTime
    self.start = start
    self.limits = limits
    self.nominalKeyframes = nominal
    self.keyframes = planned
    self.clampedKeyframes = clampedIndices
    self.segmentStretches = stretches
    self.amplitude = amplitude
    self.duration = planned[planned.count - 1].time
    self.trajectory = PlannedTrajectory(yaw: axes.yaw, pitch: axes.pitch)
  }

  private static func validate(
    _ keyframes: [AnimationKeyframe], start: AxisPair<Double>, limits: AxisPair<MotionLimits>
  ) throws {
    for axis in Axis.allCases {
      guard limits[axis].isValid else { throw MotionPlanningError.invalidLimits(axis) }
      guard start[axis].isFinite else { throw MotionPlanningError.nonFiniteInput(axis) }
    }
    guard keyframes.count >= 2 else {
      throw MotionPlanningError.invalidKeyframes("need at least two keyframes")
    }
    guard keyframes[0].time == 0, keyframes[0].offset == AxisPair(yaw: 0, pitch: 0) else {
      throw MotionPlanningError.invalidKeyframes("the first keyframe must be at 0 s with no offset")
    }
    for index in 1..<keyframes.count {
      let frame = keyframes[index]
      guard frame.time.isFinite, frame.offset.yaw.isFinite, frame.offset.pitch.isFinite else {
        throw MotionPlanningError.invalidKeyframes("keyframe \(index) is not finite")
      }
      guard frame.time > keyframes[index - 1].time else {
        throw MotionPlanningError.invalidKeyframes("keyframe \(index) is not later than the one before")
      }
    }
  }

  public func position(at t: Double) -> AxisPair<Double> { trajectory.position(at: t) }
  public func velocity(at t: Double) -> AxisPair<Double> { trajectory.velocity(at: t) }
  public func acceleration(at t: Double) -> AxisPair<Double> { trajectory.acceleration(at: t) }
  public func progress(at t: Double) -> Double { trajectory.progress(at: t, duration: duration) }
}
