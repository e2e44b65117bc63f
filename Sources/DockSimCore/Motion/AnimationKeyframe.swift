/// A pose an animation passes through at rest: `offset` from the animation's start pose (radians,
/// yaw positive right, pitch positive down) reached at `time` seconds after the animation starts.
public struct AnimationKeyframe: Equatable, Sendable {
  /// Seconds since the animation's start.
  public var time: Double
  /// Offset from the start pose, radians.
  public var offset: AxisPair<Double>

  public init(time: Double, offset: AxisPair<Double>) {
    self.time = time
    self.offset = offset
  }

  /// A keyframe at `time` seconds, `yaw` and `pitch` radians from the start pose.
  public init(time: Double, yaw: Double, pitch: Double) {
    self.init(time: time, offset: AxisPair(yaw: yaw, pitch: pitch))
  }
}
