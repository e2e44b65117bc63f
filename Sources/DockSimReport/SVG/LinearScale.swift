/// Maps a data interval onto a pixel interval (for y, the pixel range runs upwards: pass it reversed).
public struct LinearScale: Sendable {
  public let domain: ClosedRange<Double>
  /// The pixel positions of `domain.lowerBound` and `domain.upperBound`.
  public let from: Double
  public let to: Double

  public init(domain: ClosedRange<Double>, from: Double, to: Double) {
    self.domain = domain
    self.from = from
    self.to = to
  }

  /// The pixel position of `value` (outside the domain maps outside the pixel range).
  public func callAsFunction(_ value: Double) -> Double {
    let span = domain.upperBound - domain.lowerBound
    guard span > 0 else { return (from + to) / 2 }
    return from + (value - domain.lowerBound) / span * (to - from)
  }

  /// `value`'s pixel position clamped into the pixel range.
  public func clamped(_ value: Double) -> Double {
    let p = self(value)
    return min(max(p, min(from, to)), max(from, to))
  }
}
