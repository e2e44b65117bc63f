import Foundation

/// The size gate's two tests on a height ratio r, ln r > g and ln r < −g (`TrackerParameters.sizeGate`
/// g), with the same outcome as evaluating the logs, but a log only for a ratio within a millionth of
/// e^g or e^−g.
///
/// **Why the outcome is the same.** Every test first compares r with e^±g·(1 ± 10⁻⁶), as computed.
/// `exp` and `log` are accurate to within a couple of units in the last place (relative error below
/// 10⁻¹⁵, for glibc and Apple's libm alike), so for 0 < g ≤ 100:
/// * r > e^g·(1 + 10⁻⁶) gives ln r > g + 0.99·10⁻⁶, and the computed log, off by at most
///   10⁻¹⁵·|ln r|, still exceeds g; r < e^g·(1 − 10⁻⁶) with r ≥ 1 gives ln r < g − 0.99·10⁻⁶ and the
///   computed log stays below g, and with r < 1 (or r ≤ 0: −∞ or NaN) it is not above g > 0 either.
/// * 0 < r < e^−g·(1 − 10⁻⁶) gives ln r < −g − 0.99·10⁻⁶, and the computed log stays below −g;
///   r > e^−g·(1 + 10⁻⁶) gives a computed log above −g by the same margin (or ≥ 0 > −g).
/// * Everything else, NaN, zero and negative ratios included, takes the log as before.
/// Outside 0 < g ≤ 100 no comparison decides and every test takes its log.
struct SizeGateRatios: Sendable {
  let gate: Double
  private let aboveUpper: Double
  private let aboveLower: Double
  private let belowUpper: Double
  private let belowLower: Double

  init(gate: Double) {
    self.gate = gate
    if gate > 0 && gate <= 100 {
      let up = exp(gate)
      let down = exp(-gate)
      aboveUpper = up * (1 + 1e-6)
      aboveLower = up * (1 - 1e-6)
      belowUpper = down * (1 + 1e-6)
      belowLower = down * (1 - 1e-6)
    } else {
      aboveUpper = .infinity
      aboveLower = -.infinity
      belowUpper = .infinity
      belowLower = 0
    }
  }

  /// `log(r) > gate`.
  func logExceeds(_ r: Double) -> Bool {
    if r > aboveUpper { return true }
    if r < aboveLower { return false }
    return log(r) > gate
  }

  /// `log(r) < -gate`.
  func logFallsShort(_ r: Double) -> Bool {
    if r > belowUpper { return false }
    if r > 0 && r < belowLower { return true }
    return log(r) < -gate
  }
}
