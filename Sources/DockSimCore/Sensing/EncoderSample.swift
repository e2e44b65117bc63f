/// One encoder feedback sample of both axes, as the dock sends it.
public struct EncoderSample: Equatable, Sendable {
  /// When the dock measured the positions.
  public var measuredAt: SimTime
  /// When the sample reaches the phone (measurement time + transport delay).
  public var deliveredAt: SimTime
  /// Quantized axis positions, rad: yaw unwrapped and positive right, pitch positive down.
  public var positions: AxisPair<Double>

  public init(measuredAt: SimTime, deliveredAt: SimTime, positions: AxisPair<Double>) {
    self.measuredAt = measuredAt
    self.deliveredAt = deliveredAt
    self.positions = positions
  }
}
