import Foundation

/// Axis ticks at "nice" round values: steps of 1, 2 or 5 times a power of ten, so a reader can
/// interpolate between labels at a glance.
public struct NiceTicks: Equatable, Sendable {
  /// The distance between ticks: 1, 2 or 5 × 10ⁿ.
  public let step: Double
  /// The axis range, widened outwards to whole steps so the data never touches an unlabelled edge.
  public let domain: ClosedRange<Double>
  /// Tick values from `domain.lowerBound` to `domain.upperBound`, `step` apart.
  public let values: [Double]

  /// Ticks covering `lower...upper` with about `target` intervals (at least 1).
  ///
  /// An empty or degenerate range (`lower == upper`, non-finite bounds) is widened around its value so
  /// that a constant signal still gets a readable axis.
  public init(lower: Double, upper: Double, target: Int = 5) {
    var lo = lower.isFinite ? lower : 0
    var hi = upper.isFinite ? upper : 1
    if lo > hi { swap(&lo, &hi) }
    if hi - lo < 1e-12 * max(1, abs(lo)) {
      let pad = lo == 0 ? 1 : abs(lo) * 0.1
      lo -= pad
      hi += pad
    }
    let step = Self.niceStep((hi - lo) / Double(max(1, target)))
    // A small slack keeps values that sit on a multiple of the step (1.0000000000000002) from
    // adding a whole extra interval.
    let first = (lo / step + 1e-9).rounded(.down)
    let last = (hi / step - 1e-9).rounded(.up)
    self.step = step
    domain = (first * step)...(last * step)
    values = stride(from: first, through: last, by: 1).map { $0 * step + 0 }
  }

  /// The 1-2-5 step nearest above `rough`.
  public static func niceStep(_ rough: Double) -> Double {
    guard rough.isFinite, rough > 0 else { return 1 }
    let magnitude = pow(10, (log10(rough)).rounded(.down))
    let residual = rough / magnitude
    let factor: Double = residual <= 1 + 1e-9 ? 1 : residual <= 2 + 1e-9 ? 2 : residual <= 5 + 1e-9 ? 5 : 10
    return factor * magnitude
  }
}
