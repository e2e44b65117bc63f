/// What a planned motion may ask of one axis: where it may go, how fast, and how hard it may speed up or
/// slow down. Radians, rad/s and rad/s², DockKit signs (yaw positive right, pitch positive down).
public struct MotionLimits: Equatable, Sendable {
  /// Allowed positions in radians (DockKit's `positionRange`); `nil` for a continuous axis (yaw).
  public var positionRange: ClosedRange<Double>?
  /// Largest speed a plan may command, rad/s (DockKit's `maximumSpeed`); must be positive.
  public var maximumSpeed: Double
  /// Largest acceleration (and deceleration) a plan may command, rad/s²; must be positive.
  public var maximumAcceleration: Double

  /// Limits from their parts: `positionRange` in radians (`nil`: continuous), `maximumSpeed` in rad/s,
  /// `maximumAcceleration` in rad/s².
  public init(positionRange: ClosedRange<Double>?, maximumSpeed: Double, maximumAcceleration: Double) {
    self.positionRange = positionRange
    self.maximumSpeed = maximumSpeed
    self.maximumAcceleration = maximumAcceleration
  }

  /// The range and speed cap of `axis` with a planning acceleration in rad/s².
  ///
  /// DockKit publishes no acceleration limit, so the caller chooses one; see
  /// ``defaultMaximumAcceleration``.
  public init(
    _ axis: AxisParameters, maximumAcceleration: Double = MotionLimits.defaultMaximumAcceleration
  ) {
    self.init(
      positionRange: axis.positionRange, maximumSpeed: axis.maximumSpeed,
      maximumAcceleration: maximumAcceleration)
  }

  /// 20 rad/s², our modelling choice: a tenth of the default motors' torque-limited acceleration
  /// (τmax/J ≈ 200 rad/s² yaw, 267 rad/s² pitch), so the velocity loop keeps headroom to follow the
  /// plan and correct position errors, while the animations' fastest strokes still fit unstretched.
  public static let defaultMaximumAcceleration = 20.0

  /// Whether the limits can be planned with: positive finite speed and acceleration, finite range.
  var isValid: Bool {
    guard maximumSpeed.isFinite, maximumSpeed > 0 else { return false }
    guard maximumAcceleration.isFinite, maximumAcceleration > 0 else { return false }
    guard let range = positionRange else { return true }
    return range.lowerBound.isFinite && range.upperBound.isFinite
  }

  /// `position` clamped into the range (unchanged on a continuous axis).
  func clamp(_ position: Double) -> Double {
    guard let range = positionRange else { return position }
    return min(max(position, range.lowerBound), range.upperBound)
  }

  /// `position` clamped into the range widened, if needed, to include `anchor`: a plan never pushes an
  /// axis further out of its range than where it already is.
  func clamp(_ position: Double, keeping anchor: Double) -> Double {
    guard let range = positionRange else { return position }
    return min(max(position, min(range.lowerBound, anchor)), max(range.upperBound, anchor))
  }
}
