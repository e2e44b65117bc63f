import Foundation

/// The closed-form rest-to-rest trapezoidal velocity profile of one axis.
///
/// A stroke of length d (radians) in time T (seconds) accelerates at the limit a (rad/s²) to a cruise
/// speed v_c, cruises, and decelerates at a to rest; the distance is d = v_c·(T − v_c/a).
enum TrapezoidProfile {
  /// The least time, seconds, for a rest-to-rest stroke of `distance` ≥ 0 radians, and the limit that
  /// sets it: 2·√(d/a) when d < v²/a (the speed cap is never reached), d/v + v/a otherwise.
  static func minimumTime(distance: Double, limits: MotionLimits) -> (time: Double, limit: MotionLimitKind) {
    let v = limits.maximumSpeed
    let a = limits.maximumAcceleration
    if distance == 0 { return (0, .acceleration) }
    if distance < v * v / a { return (2 * (distance / a).squareRoot(), .acceleration) }
    return (distance / v + v / a, .speed)
  }

  /// The cruise speed, rad/s, that covers `distance` ≥ 0 radians in `duration` seconds (at least the
  /// minimum time) with acceleration phases at the limit: the smaller root of v² − aT·v + a·d = 0.
  static func cruiseSpeed(distance: Double, duration: Double, limits: MotionLimits) -> Double {
    let a = limits.maximumAcceleration
    // Written as 2d / (T + √(T² − 4d/a)) rather than (aT − √…)/2 so a long, short stroke does not lose
    // its digits to cancellation; the discriminant is floored at zero for T a rounding below minimum.
    let root = max(0, duration * duration - 4 * distance / a).squareRoot()
    return min(2 * distance / (duration + root), limits.maximumSpeed)
  }
}
