import Foundation
import Testing

@testable import DockSimHarness

/// The gate's statistics against reference values (computed with scipy 1.17: `beta.ppf` for
/// Clopper–Pearson, `binomtest(..., alternative="greater")` for McNemar's exact test).
struct StatisticsTests {
  @Test(arguments: [
    (0, 20, 0.0, 0.1684334709830853),
    (3, 20, 0.0320709371854637, 0.37892682654531396),
    (20, 20, 0.8315665290169146, 1.0),
    (1, 10, 0.0025285785444617848, 0.4450161170281954),
    (7, 50, 0.05819170034037209, 0.2673960024970084),
  ])
  func clopperPearsonMatchesReference(k: Int, n: Int, lower: Double, upper: Double) {
    let i = ClopperPearson.interval(successes: k, trials: n)
    #expect(abs(i.lower - lower) < 1e-9, "lower \(i.lower) for \(k)/\(n)")
    #expect(abs(i.upper - upper) < 1e-9, "upper \(i.upper) for \(k)/\(n)")
  }

  @Test(arguments: [
    (5, 0, 0.03125), (6, 1, 0.0625), (8, 2, 0.0546875), (3, 0, 0.125), (10, 3, 0.046142578125),
    (0, 0, 1.0), (0, 4, 1.0),
  ])
  func mcNemarOneSidedMatchesReference(towards: Int, away: Int, p: Double) {
    #expect(abs(McNemar.oneSidedPValue(towards: towards, away: away) - p) < 1e-12)
  }

  @Test func binomialTailsAreComplementary() {
    for k in 0...12 {
      let total = Binomial.cdf(k - 1, n: 12, p: 0.3) + Binomial.survival(k, n: 12, p: 0.3)
      #expect(abs(total - 1) < 1e-12, "k = \(k)")
    }
  }

  @Test func bootstrapOfConstantDifferencesIsDegenerate() throws {
    let i = try #require(PairedBootstrap().interval(of: Array(repeating: 0.5, count: 7), stream: "c"))
    #expect(i.mean == 0.5 && i.lower == 0.5 && i.upper == 0.5)
    #expect(PairedBootstrap().interval(of: [], stream: "c") == nil)
  }

  /// For a large sample the percentile interval is close to the normal one, mean ± 1.96·s/√n, and the
  /// same input always gives the same bytes.
  @Test func bootstrapIntervalIsDeterministicAndNearTheNormalOne() throws {
    // A fixed, skew-free sample: 200 evenly spread quantiles of a uniform on [−1, 2].
    let n = 200
    let values = (0..<n).map { -1 + 3 * (Double($0) + 0.5) / Double(n) }
    let bootstrap = PairedBootstrap(resamples: 4000)
    let a = try #require(bootstrap.interval(of: values, stream: "s"))
    let b = try #require(bootstrap.interval(of: values, stream: "s"))
    #expect(a.lower == b.lower && a.upper == b.upper)
    let mean = values.reduce(0, +) / Double(n)
    let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n - 1)).squareRoot()
    let half = 1.96 * sd / Double(n).squareRoot()
    #expect(abs(a.mean - 0.5) < 1e-12)
    #expect(a.lower < mean && mean < a.upper)
    #expect(
      abs((a.upper - a.lower) / 2 - half) < 0.1 * half, "half width \((a.upper - a.lower) / 2) vs \(half)")
    let other = try #require(bootstrap.interval(of: values, stream: "another comparison"))
    #expect(other.lower != a.lower || other.upper != a.upper, "each comparison draws its own numbers")
  }
}
