import DockSimCore
import DockSimIO
import Testing

@testable import DockSimHarness

/// Expectations over seeds: each checked per seed, passing when the share of seeds meeting it reaches
/// `share:` (every seed by default); seeds.csv and expectations.csv report it.
struct ExpectationShareTests {
  /// Ten repetitions of scenario `s` whose primary_switches are 1 in the first `bad` seeds, else 0.
  static func outcomes(bad: Int, expectations: [DockSimCore.Expectation]) -> [RunOutcome] {
    (0..<10).map { k in
      let result = ScenarioResult(
        name: "s", seed: MonteCarlo.seed(7, repetition: k), duration: SimDuration(seconds: 1), frames: 30,
        metrics: [MetricValue(.primarySwitches, k < bad ? 1 : 0)])
      return RunOutcome(
        name: "s", seed: result.seed, result: result, failure: nil, expectations: result.check(expectations))
    }
  }

  @Test(arguments: [
    // bad seeds, share, passes: 9 of 10 meet `max: 0` with one bad seed.
    (0, nil as Double?, true), (1, nil, false), (1, 0.9, true), (2, 0.9, false), (5, 0.5, true),
  ])
  func passesWhenTheShareOfSeedsMeetingItIsEnough(bad: Int, share: Double?, passes: Bool) throws {
    let e = [DockSimCore.Expectation(metric: .primarySwitches, maximum: 0, share: share)]
    let (merged, _) = MonteCarlo.aggregate(Self.outcomes(bad: bad, expectations: e), expectations: e)
    let r = try #require(merged.expectations.first)
    #expect(r.passed == passes && r.runs == 10 && r.runsPassed == 10 - bad)
    #expect(r.value == Double(bad) / 10, "the value is the mean")
    let csv = SummaryTable.expectationsCSV([merged])
    #expect(
      csv.hasPrefix(
        "scenario,metric,min,max,value,result,runs,share,required_share,share_ci_low,share_ci_high,verdict\n")
    )
    let observed = CSVFormat.cell(Double(10 - bad) / 10)
    let ci = try #require(r.shareInterval)
    #expect(
      csv.hasSuffix(
        ",\(passes ? "pass" : "fail"),10,\(observed),\(CSVFormat.cell(share ?? 1)),"
          + "\(CSVFormat.cell(ci.lower)),\(CSVFormat.cell(ci.upper)),\(r.verdict.rawValue)\n"), "\(csv)")
  }

  @Test func aPlainRunChecksTheBoundOnItsOneRun() {
    let e = [DockSimCore.Expectation(metric: .primarySwitches, maximum: 0, share: 0.5)]
    let one = Self.outcomes(bad: 1, expectations: e)[0]
    #expect(one.expectations.map(\.passed) == [false] && one.expectations[0].runs == 1)
    let csv = SummaryTable.expectationsCSV([one])
    #expect(csv.contains(",,0,1,fail,1,0.0,0.5,0.0,"), "a count metric's bound and value are integers")
    // One seed cannot show that a share of 0.5 is out of reach.
    #expect(csv.hasSuffix(",cannot tell\n") && one.failedExpectations.isEmpty)
  }

  @Test func seedRowsCountEachSeedsOwnFailedExpectations() {
    let e = [DockSimCore.Expectation(metric: .primarySwitches, maximum: 0, share: 0.5)]
    let rows = Self.outcomes(bad: 2, expectations: e).enumerated().map {
      SeedTable.Row(repetition: $0, outcome: $1)
    }
    let lines = SeedTable.csv(rows).split(separator: "\n")
    #expect(lines[0] == (SeedTable.columns.joined(separator: ",")))
    #expect(lines.count == 11)
    let failed = SeedTable.columns.firstIndex(of: "expectations_failed")!
    let cells = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    #expect(cells.map { $0[failed] } == ["1", "1", "0", "0", "0", "0", "0", "0", "0", "0"])
    #expect(cells.map { $0[1] } == (0..<10).map { "\($0)"[...] })
    #expect(cells[3][2] == "\(MonteCarlo.seed(7, repetition: 3))")
  }
}
