/// Physical and control parameters of one motorized axis. SI units throughout.
public struct AxisParameters: Equatable, Sendable {
  /// Allowed position range in radians (DockKit's `positionRange`); `nil` for continuous rotation.
  /// The axis meets a hard stop at each end.
  public var positionRange: ClosedRange<Double>?
  /// Speed cap in rad/s (DockKit's `maximumSpeed`); velocity set-points are clamped to ±this.
  public var maximumSpeed: Double
  /// Moment of inertia of everything the axis turns, kg·m².
  public var inertia: Double
  /// Viscous friction coefficient, N·m per rad/s.
  public var viscousFriction: Double
  /// Coulomb (dry) friction torque, N·m; also the breakaway torque from rest.
  public var coulombFriction: Double
  /// Largest torque the motor can produce, N·m.
  public var torqueLimit: Double
  /// Proportional gain of the inner velocity loop, N·m per rad/s.
  public var velocityKp: Double
  /// Integral gain of the inner velocity loop, N·m per rad.
  public var velocityKi: Double
  /// Encoder resolution in counts per revolution; 0 reads the exact position.
  public var encoderCountsPerRevolution: Int

  public init(
    positionRange: ClosedRange<Double>?, maximumSpeed: Double, inertia: Double,
    viscousFriction: Double, coulombFriction: Double, torqueLimit: Double,
    velocityKp: Double, velocityKi: Double, encoderCountsPerRevolution: Int
  ) {
    self.positionRange = positionRange
    self.maximumSpeed = maximumSpeed
    self.inertia = inertia
    self.viscousFriction = viscousFriction
    self.coulombFriction = coulombFriction
    self.torqueLimit = torqueLimit
    self.velocityKp = velocityKp
    self.velocityKi = velocityKi
    self.encoderCountsPerRevolution = encoderCountsPerRevolution
  }

  /// A small phone stand's yaw axis: continuous, 2 rad/s cap, a 5 ms velocity loop.
  public static let defaultYaw = AxisParameters(
    positionRange: nil, maximumSpeed: 2.0, inertia: 5e-4, viscousFriction: 1e-4,
    coulombFriction: 2e-3, torqueLimit: 0.1, velocityKp: 0.1, velocityKi: 2.0,
    encoderCountsPerRevolution: 4096)

  /// A small phone stand's pitch axis: ±45°, 1.5 rad/s cap.
  public static let defaultPitch = AxisParameters(
    positionRange: -0.7853981633974483...0.7853981633974483, maximumSpeed: 1.5, inertia: 3e-4,
    viscousFriction: 1e-4, coulombFriction: 2e-3, torqueLimit: 0.08, velocityKp: 0.06,
    velocityKi: 1.2, encoderCountsPerRevolution: 4096)
}
