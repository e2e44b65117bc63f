/// The recent gyro samples with their running integral, so the angle turned between any two recent
/// instants costs two binary searches rather than a sum over samples.
struct GyroHistory: Sendable {
  private var ring: SampleRing<GyroHistoryEntry>

  init(capacity: Int) {
    ring = SampleRing(capacity: capacity, filler: .zero)
  }

  var isEmpty: Bool { ring.isEmpty }
  var oldestTime: SimTime? { ring.first?.time }
  var newestTime: SimTime? { ring.last?.time }

  /// Adds a sample; one not newer than the newest is dropped, keeping the ring time-ordered.
  mutating func append(_ sample: GyroSample) {
    guard let previous = ring.last else {
      ring.appendDroppingOldest(
        GyroHistoryEntry(time: sample.time, rates: sample.rates, integral: AxisPair(yaw: 0, pitch: 0)))
      return
    }
    guard sample.time > previous.time else { return }
    // Trapezoid: exact for a rate that is linear between samples, which is what `integral(at:)`
    // assumes in between.
    let h = (sample.time - previous.time).seconds
    let integral = AxisPair(
      yaw: previous.integral.yaw + h * (previous.rates.yaw + sample.rates.yaw) / 2,
      pitch: previous.integral.pitch + h * (previous.rates.pitch + sample.rates.pitch) / 2)
    ring.appendDroppingOldest(GyroHistoryEntry(time: sample.time, rates: sample.rates, integral: integral))
  }

  /// The running integral of the raw rates at `time`, rad, with the rate linear between samples and
  /// held constant beyond the newest (and before the oldest). The history must not be empty.
  func integral(at time: SimTime) -> AxisPair<Double> {
    guard let i = ring.lastIndex(where: { $0.time <= time }) else {
      let oldest = ring[0]
      let h = (oldest.time - time).seconds
      return AxisPair(
        yaw: oldest.integral.yaw - h * oldest.rates.yaw, pitch: oldest.integral.pitch - h * oldest.rates.pitch
      )
    }
    let a = ring[i]
    let h = (time - a.time).seconds
    guard i + 1 < ring.count else {
      return AxisPair(yaw: a.integral.yaw + h * a.rates.yaw, pitch: a.integral.pitch + h * a.rates.pitch)
    }
    let b = ring[i + 1]
    let f = h / (b.time - a.time).seconds
    let rateYaw = a.rates.yaw + f * (b.rates.yaw - a.rates.yaw)
    let ratePitch = a.rates.pitch + f * (b.rates.pitch - a.rates.pitch)
    return AxisPair(
      yaw: a.integral.yaw + h * (a.rates.yaw + rateYaw) / 2,
      pitch: a.integral.pitch + h * (a.rates.pitch + ratePitch) / 2)
  }

  /// The raw rates at `time`, rad/s: linear between samples, held beyond the newest and before the
  /// oldest. The history must not be empty.
  func rates(at time: SimTime) -> AxisPair<Double> {
    guard let i = ring.lastIndex(where: { $0.time <= time }) else { return ring[0].rates }
    let a = ring[i]
    guard i + 1 < ring.count else { return a.rates }
    let b = ring[i + 1]
    let f = (time - a.time).seconds / (b.time - a.time).seconds
    return AxisPair(
      yaw: a.rates.yaw + f * (b.rates.yaw - a.rates.yaw),
      pitch: a.rates.pitch + f * (b.rates.pitch - a.rates.pitch))
  }
}
