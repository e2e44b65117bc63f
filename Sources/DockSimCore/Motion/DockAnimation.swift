/// DockKit's built-in animations (`animate(motion:)`), each played from the dock's current pose.
///
/// Apple names the four motions and says they start from the current position, but publishes neither
/// their shapes, amplitudes nor durations: the keyframes here are **our modelling choice**, sized to fit
/// the default stand's speed caps with the default planning acceleration (20 rad/s²) unstretched.
/// Every keyframe is a turning point, passed at rest; ``AnimationPlan`` joins them with trapezoidal
/// strokes. Offsets are radians, yaw positive right, pitch positive down; times seconds.
public enum DockAnimation: String, Sendable, CaseIterable {
  /// Nodding: pitch down 0.15 rad and back to level, twice, in 1.2 s.
  case yes
  /// Shaking: yaw to +0.2 rad and −0.2 rad twice, then back to centre, in 1.95 s.
  case no
  /// Waking up: the head droops 0.3 rad down, rests, rises slowly to just past level (0.05 rad up),
  /// settles (0.02 rad down) and comes to rest at the start pose, in 2.5 s.
  case wakeup
  /// Kapow: a fast push back (pitch 0.2 rad up in 0.25 s), then a decaying pendulum swing in yaw
  /// (+0.3, −0.2, +0.12, −0.06, +0.02 rad) while pitch recovers, in 2.0 s.
  case kapow

  /// The nominal keyframes, from (0 s, no offset) to the last, which returns to the start pose.
  public var keyframes: [AnimationKeyframe] {
    switch self {
    case .yes:
      [
        .init(time: 0, yaw: 0, pitch: 0), .init(time: 0.3, yaw: 0, pitch: 0.15),
        .init(time: 0.6, yaw: 0, pitch: 0), .init(time: 0.9, yaw: 0, pitch: 0.15),
        .init(time: 1.2, yaw: 0, pitch: 0),
      ]
    case .no:
      [
        .init(time: 0, yaw: 0, pitch: 0), .init(time: 0.3, yaw: 0.2, pitch: 0),
        .init(time: 0.75, yaw: -0.2, pitch: 0), .init(time: 1.2, yaw: 0.2, pitch: 0),
        .init(time: 1.65, yaw: -0.2, pitch: 0), .init(time: 1.95, yaw: 0, pitch: 0),
      ]
    case .wakeup:
      [
        .init(time: 0, yaw: 0, pitch: 0), .init(time: 0.6, yaw: 0, pitch: 0.3),
        .init(time: 0.9, yaw: 0, pitch: 0.3), .init(time: 2.0, yaw: 0, pitch: -0.05),
        .init(time: 2.3, yaw: 0, pitch: 0.02), .init(time: 2.5, yaw: 0, pitch: 0),
      ]
    case .kapow:
      [
        .init(time: 0, yaw: 0, pitch: 0), .init(time: 0.25, yaw: 0, pitch: -0.2),
        .init(time: 0.6, yaw: 0.3, pitch: -0.08), .init(time: 1.0, yaw: -0.2, pitch: 0),
        .init(time: 1.35, yaw: 0.12, pitch: 0), .init(time: 1.65, yaw: -0.06, pitch: 0),
        .init(time: 1.85, yaw: 0.02, pitch: 0), .init(time: 2.0, yaw: 0, pitch: 0),
      ]
    }
  }

  /// The nominal duration, seconds (the last keyframe's time).
  public var nominalDuration: Double { keyframes[keyframes.count - 1].time }
}
