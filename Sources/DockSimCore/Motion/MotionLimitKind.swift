/// Which limit makes a rest-to-rest stroke take as long as it does at the least.
public enum MotionLimitKind: String, Sendable, CaseIterable {
  /// The stroke is too short to reach the speed cap: its minimum time, 2·√(d/a), is set by the
  /// acceleration limit alone (a triangular velocity profile). Also the limit when only braking from an
  /// initial velocity stretches a move.
  case acceleration
  /// The stroke cruises at the speed cap: its minimum time is d/v + v/a (a trapezoid).
  case speed
}
