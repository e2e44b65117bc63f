/// A gyro sample kept for integration: its rates and the running integral of the rates up to it.
struct GyroHistoryEntry: Sendable {
  var time: SimTime
  /// Raw measured rates, rad/s (bias not removed).
  var rates: AxisPair<Double>
  /// Integral of the raw rates from an arbitrary origin to `time`, rad. Only differences are used,
  /// so the origin can fall out of the ring without rebasing.
  var integral: AxisPair<Double>

  static let zero = GyroHistoryEntry(
    time: .zero, rates: AxisPair(yaw: 0, pitch: 0), integral: AxisPair(yaw: 0, pitch: 0))
}
