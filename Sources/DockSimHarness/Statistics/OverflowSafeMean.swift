/// The mean of finite values, finite whatever their size: the one rule for sums over seeds wherever
/// the gate aggregates. The plain sum divided by the count when that sum is finite (so every ordinary
/// figure is the same to the last bit as a plain mean); otherwise the values scaled by a power of two
/// (`scale(count:)`, exact) so that their sum cannot overflow, the mean scaled back, and held within
/// the values' own range, where a mean lies: twenty values of 1e308 sum to infinity, their mean is
/// 1e308.
enum OverflowSafeMean {
  /// The mean of `values`; NaN for none.
  static func of(_ values: [Double]) -> Double {
    let n = Double(values.count)
    let sum = values.reduce(0, +)
    guard !sum.isFinite, let low = values.min(), let high = values.max() else { return sum / n }
    let s = scale(count: values.count)
    return clamp(values.reduce(0) { $0 + $1 * s } / n / s, low, high)
  }

  /// A power of two at most 1/(2n): n finite values times it add up to less than the largest double.
  static func scale(count n: Int) -> Double {
    Double(sign: .plus, exponent: -(Int.bitWidth - max(n, 1).leadingZeroBitCount) - 1, significand: 1)
  }

  static func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double { min(max(x, low), high) }
}
