/// Why a motion could not be planned.
public enum MotionPlanningError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The requested duration is not a positive finite number of seconds.
  case invalidDuration(Double)
  /// The axis's limits are unusable: speed or acceleration not positive and finite, or a range bound
  /// not finite.
  case invalidLimits(Axis)
  /// A start pose, velocity or target on the axis is not finite.
  case nonFiniteInput(Axis)
  /// Animation keyframes that cannot be played, and why.
  case invalidKeyframes(String)

  public var description: String {
    switch self {
    case .invalidDuration(let d): "duration must be positive and finite, got \(d) s"
    case .invalidLimits(let axis): "\(axis.rawValue) limits need positive finite speed and acceleration"
    case .nonFiniteInput(let axis): "\(axis.rawValue) start, velocity or target is not finite"
    case .invalidKeyframes(let why): "invalid keyframes: \(why)"
    }
  }
}
