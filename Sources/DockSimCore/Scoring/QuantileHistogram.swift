/// Fixed-bin histogram over [0, upper] for quantiles in constant memory: the quantile is resolved to
/// one bin (`upper / bins`), values above `upper` land in the last bin.
public struct QuantileHistogram: Sendable {
  public let upper: Double
  private var counts: [Int]
  public private(set) var total = 0

  public init(upper: Double, bins: Int) {
    self.upper = upper
    counts = Array(repeating: 0, count: bins)
  }

  public mutating func add(_ x: Double) {
    let n = counts.count
    let i = x.isFinite ? min(n - 1, max(0, Int(x / upper * Double(n)))) : n - 1
    counts[i] += 1
    total += 1
  }

  /// The upper edge of the bin holding the q-quantile (nearest-rank), or nil when empty.
  public func quantile(_ q: Double) -> Double? {
    guard total > 0 else { return nil }
    let rank = max(1, Int((q * Double(total)).rounded(.up)))
    var seen = 0
    for (i, c) in counts.enumerated() {
      seen += c
      if seen >= rank { return upper * Double(i + 1) / Double(counts.count) }
    }
    return upper
  }
}
