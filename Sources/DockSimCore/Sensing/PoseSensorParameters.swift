/// The pose sensors of the stand and the phone, and the tuning of the estimator that fuses them.
///
/// Angles in radians, rates in rad/s, DockKit signs (yaw positive right, pitch positive **down**).
/// The encoder resolution is not here: it belongs to each axis
/// (`AxisParameters.encoderCountsPerRevolution`).
public struct PoseSensorParameters: Equatable, Sendable {
  /// Encoder feedback samples per second sent by the dock (DockKit's motor-state rate), Hz; > 0.
  public var encoderRateHz: Double
  /// Transport delay of encoder feedback: a sample measured at `t` reaches the phone at `t + delay`.
  public var encoderDelay: SimDuration
  /// Gyroscope samples per second, Hz; > 0. Gyro samples reach the estimator without delay.
  public var gyroRateHz: Double
  /// Standard deviation of the gyroscope's white noise on each sample and axis, rad/s.
  public var gyroNoise: Double
  /// Constant gyroscope bias per dock axis, rad/s (the estimator has to learn it).
  public var gyroBias: AxisPair<Double>
  /// How the estimator bridges the encoder delay.
  public var estimator: PoseEstimatorMode
  /// How far back `CameraPoseEstimator.pose(at:)` can look; the rings are sized from it (and grown to
  /// cover `gyroBiasWindow + encoderDelay` if that is longer).
  public var history: SimDuration
  /// Span over which the gyro's integral is compared with the encoders' change to measure the bias.
  /// Longer windows divide the encoder quantization error by more time.
  public var gyroBiasWindow: SimDuration
  /// Time constant of the low-pass over the bias measurements (one per encoder sample): the estimate
  /// averages all measurements until this much time's worth has been seen, then forgets
  /// exponentially.
  public var gyroBiasTimeConstant: SimDuration
  /// Below this bias-corrected rate (rad/s), with the encoder unchanged for 50 ms, an axis is taken as
  /// still and the encoder reading is used as is, so gyro noise does not jitter a resting pose.
  public var stillRateThreshold: Double

  public init(
    encoderRateHz: Double = 100, encoderDelay: SimDuration = SimDuration(microseconds: 15_000),
    gyroRateHz: Double = 200, gyroNoise: Double = 0.002,
    gyroBias: AxisPair<Double> = AxisPair(yaw: 0.003, pitch: -0.002),
    estimator: PoseEstimatorMode = .encodersAndGyro,
    history: SimDuration = SimDuration(microseconds: 2_000_000),
    gyroBiasWindow: SimDuration = SimDuration(microseconds: 1_000_000),
    gyroBiasTimeConstant: SimDuration = SimDuration(microseconds: 10_000_000),
    stillRateThreshold: Double = 0.02
  ) {
    self.encoderRateHz = encoderRateHz
    self.encoderDelay = encoderDelay
    self.gyroRateHz = gyroRateHz
    self.gyroNoise = gyroNoise
    self.gyroBias = gyroBias
    self.estimator = estimator
    self.history = history
    self.gyroBiasWindow = gyroBiasWindow
    self.gyroBiasTimeConstant = gyroBiasTimeConstant
    self.stillRateThreshold = stillRateThreshold
  }
}
