/// Learns the gyro's constant bias from the encoders.
///
/// Over a window the encoders' change is the true angle turned (up to quantization), the gyro's
/// integral is that angle plus bias × window plus noise, so their difference over the window's length
/// measures the bias. One measurement per encoder sample (windows overlap) is low-passed: averaged
/// uniformly at first, then exponentially with the configured time constant. Averaging overlapping
/// windows telescopes the quantization errors of their ends, which is why the estimate ends up far
/// better than one window's error of about a count per window length.
struct GyroBiasEstimator: Sendable {
  let timeConstant: Double
  private(set) var bias = AxisPair(yaw: 0.0, pitch: 0.0)
  private var updates = 0
  private var lastUpdate: SimTime?

  /// `timeConstant` in seconds.
  init(timeConstant: Double) {
    self.timeConstant = timeConstant
  }

  /// Folds in the window from encoder sample `start` to `end`, over which the raw gyro integrated to
  /// `gyroAngle` (rad per axis).
  mutating func update(from start: EncoderSample, to end: EncoderSample, gyroAngle: AxisPair<Double>) {
    let span = (end.measuredAt - start.measuredAt).seconds
    guard span > 0 else { return }
    let measured = AxisPair(
      yaw: (gyroAngle.yaw - (end.positions.yaw - start.positions.yaw)) / span,
      pitch: (gyroAngle.pitch - (end.positions.pitch - start.positions.pitch)) / span)
    updates += 1
    let elapsed = lastUpdate.map { (end.measuredAt - $0).seconds } ?? 0
    lastUpdate = end.measuredAt
    let weight = min(1, max(1 / Double(updates), timeConstant > 0 ? elapsed / timeConstant : 1))
    bias.yaw += weight * (measured.yaw - bias.yaw)
    bias.pitch += weight * (measured.pitch - bias.pitch)
  }
}
