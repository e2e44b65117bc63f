/// One gyroscope sample, resolved onto the dock's axes.
public struct GyroSample: Equatable, Sendable {
  /// When the gyro measured the rates (also when it is delivered: the phone's IMU has no transport
  /// delay worth modelling at these rates).
  public var time: SimTime
  /// Measured angular rates, rad/s: yaw positive right, pitch positive down. Bias and noise included.
  public var rates: AxisPair<Double>

  public init(time: SimTime, rates: AxisPair<Double>) {
    self.time = time
    self.rates = rates
  }
}
