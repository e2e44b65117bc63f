import DockSimCore
import DockSimIO
import Testing

@testable import DockSimHarness

/// `MonteCarlo.aggregate`'s means over repetitions follow the one overflow-safe rule for sums over
/// seeds (`OverflowSafeMean`): huge finite values have a finite mean, ordinary ones their plain mean.
struct MonteCarloMeanTests {
  static func outcomes(_ values: [Double]) -> [RunOutcome] {
    values.enumerated().map { k, value in
      let result = ScenarioResult(
        name: "s", seed: MonteCarlo.seed(3, repetition: k), duration: SimDuration(seconds: 1), frames: 30,
        metrics: [MetricValue(.framingErrorRMS, value)])
      return RunOutcome(name: "s", seed: result.seed, result: result, failure: nil)
    }
  }

  /// Four repetitions at 1e308: the plain sum is infinite, the mean is 1e308 in both the statistic
  /// (montecarlo.csv) and the merged outcome (summary.csv).
  @Test func hugeFiniteValuesHaveAFiniteMean() throws {
    let (merged, stats) = MonteCarlo.aggregate(Self.outcomes([1e308, 1e308, 1e308, 1e308]), expectations: [])
    let stat = try #require(stats.first { $0.metric == "framing_error_rms" })
    #expect(stat.mean == 1e308)
    #expect(merged.result?.metric(.framingErrorRMS) == 1e308)
    let mixed = MonteCarlo.aggregate(Self.outcomes([1e308, -1e308, 1e308, 1e308]), expectations: []).1
    #expect(mixed.first?.mean == 0.5e308)
  }

  /// Ordinary values keep their plain mean, to the last bit.
  @Test func ordinaryValuesKeepThePlainMean() throws {
    let values = [0.1, 0.2, 0.3]
    let stats = MonteCarlo.aggregate(Self.outcomes(values), expectations: []).1
    #expect(stats.first?.mean == (0.1 + 0.2 + 0.3) / 3)
  }
}
