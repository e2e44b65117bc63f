import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// The verdict on an expectation over seeds: pass when the observed share meets `share:`, fail when the
/// 95 % Clopper–Pearson interval of the share lies below it, cannot tell otherwise.
struct ExpectationVerdictTests {
  static func result(_ held: Int, of runs: Int, share: Double?) -> ExpectationResult {
    let e = DockSimCore.Expectation(metric: .framingErrorRMS, maximum: 0.05, share: share)
    return ExpectationResult(
      expectation: e, value: 0.04, passed: e.holds(passed: held, of: runs), runs: runs, runsPassed: held)
  }

  @Test(arguments: [
    // The shortfalls of issue 29: 3 of 5 and 8 of 10 seeds against 0.9 cannot exclude 0.9.
    (3, 5, 0.9 as Double?, ExpectationVerdict.cannotTell), (8, 10, 0.9, .cannotTell),
    (9, 10, 0.9, .pass), (18, 20, 0.9, .pass), (48, 50, 0.9, .pass),
    // 35 of 50: the interval (0.553…0.823) lies below 0.9.
    (35, 50, 0.9, .fail), (0, 10, 0.9, .fail), (6, 10, 0.75, .cannotTell), (2, 10, 0.75, .fail),
    // Without `share:` every seed must hold: one miss is a counterexample whatever the seed count.
    (4, 5, nil, .fail), (0, 1, nil, .fail), (5, 5, nil, .pass),
    // One seed missing a share below 1 shows little: the interval of 0 of 1 reaches 0.975.
    (0, 1, 0.9, .cannotTell), (0, 1, 0.98, .fail), (1, 1, 0.9, .pass),
  ])
  func verdictFollowsTheIntervalOfTheShare(held: Int, runs: Int, share: Double?, verdict: ExpectationVerdict)
    throws
  {
    let r = Self.result(held, of: runs, share: share)
    #expect(r.verdict == verdict)
    let ci = try #require(r.shareInterval)
    let cp = ClopperPearson.interval(successes: held, trials: runs, level: ExpectationVerdict.confidenceLevel)
    #expect(ci.lower == cp.lower && ci.upper == cp.upper)
    #expect(ci.lower <= r.observedShare && r.observedShare <= ci.upper)
  }

  @Test func noRunIsAFailure() {
    let r = Self.result(0, of: 0, share: 0.9)
    #expect(r.shareInterval == nil && r.verdict == .fail)
  }

  /// A scenario that truly holds its share in 90 % of seeds is judged to fail with probability at
  /// most 2.5 % at any seed count: the sum over the counts whose verdict is fail.
  @Test(arguments: [1, 3, 5, 10, 20, 50])
  func aScenarioThatHoldsItsShareRarelyFails(runs: Int) {
    let chance = (0...runs).filter { Self.result($0, of: runs, share: 0.9).verdict == .fail }
      .reduce(0.0) { $0 + Binomial.pmf($1, n: runs, p: 0.9) }
    #expect(chance <= (1 - ExpectationVerdict.confidenceLevel) / 2 + 1e-12, "\(runs) seeds: \(chance)")
  }

  @Test func onlyFailuresCountAsFailedAndTheTableCountsEachVerdict() {
    var o = RunOutcome(
      name: "s", seed: 1,
      result: ScenarioResult(
        name: "s", seed: 1, duration: SimDuration(seconds: 1), frames: 30,
        metrics: SummaryTable.metricKeys.map { MetricValue($0, 0.5) }),
      failure: nil,
      expectations: [
        Self.result(5, of: 5, share: nil), Self.result(3, of: 5, share: 0.9),
        Self.result(0, of: 5, share: 0.9),
      ])
    o.repetitions = 5
    #expect(o.failedExpectations.count == 1 && o.undecidedExpectations.count == 1)
    #expect(SummaryTable.csv([o]).contains(",1,ok,\n"), "expectations_failed counts the failures only")
    let lines = SummaryTable.text([o]).split(separator: "\n")
    #expect(lines[0].hasPrefix("scenario    frame rms") && lines[0].hasSuffix("wrong s  expectations"))
    #expect(lines[2].hasSuffix("  1 pass, 1 fail, 1 cannot tell"))
    #expect(lines[3] == "each value is the mean of 5 seeds (seeds.csv has every seed)")
    var plain = o
    plain.repetitions = 1
    plain.expectations = []
    let mixed = SummaryTable.text([o, plain]).split(separator: "\n")
    #expect(mixed[2].hasSuffix("1 cannot tell (mean of 5 seeds)") && mixed[3].hasSuffix("  -"))
    #expect(mixed.count == 4, "no note under the table when rows differ")
  }

  @Test func theLegendNamesEveryColumnOnOneLine() {
    let legend = SummaryTable.legend
    #expect(!legend.contains("\n"))
    for key in SummaryTable.shownMetrics { #expect(legend.contains("\(key.title) = \(key.name);")) }
    #expect(legend.contains("expectations = "))
  }

  /// docs/metrics.md's legend is this table, pasted from `SummaryTable.legendMarkdown`.
  @Test func docsShowTheGeneratedLegend() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/metrics.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    #expect(
      text.contains(SummaryTable.legendMarkdown), "paste SummaryTable.legendMarkdown into docs/metrics.md")
  }
}
