import DockSimHarness
import DockSimIO
import Testing

@testable import DockSimReport

/// The report's comparison lists every row its verdict line counts: before issue 29 a "cannot tell"
/// was counted in the headline and shown nowhere on the page.
struct GateSectionCountsTests {
  static func finding(_ scenario: String, _ check: String, _ verdict: GateVerdict) -> GateFinding {
    GateFinding(scenario: scenario, check: check, baseline: "1", now: "2", verdict: verdict, note: "")
  }

  static let report = GateReport(
    baselineFile: "base.csv", summaryFile: "now.csv", toleranceFile: "t.yaml",
    findings: [
      finding("a", "idf1", .regression), finding("a", "framing_error_rms", .cannotTell),
      finding("b", "framing_error_rms", .cannotTell), finding("b", "idf1", .improvement),
      finding("b", "nis_mean", .changed), finding("c", "idf1", .unchanged),
    ],
    notes: [], overSeeds: true, pairedSeeds: 40)

  @Test("the suite's table has one row per finding the verdict line counts, cannot tell included")
  func summaryListsEveryCountedRow() {
    let r = Self.report
    #expect(r.verdictLine.contains("1 regression, 1 improvement, 2 cannot tell, 1 change not gated"))
    let html = GateSection.summary(r)
    let counted = r.regressions.count + r.cannotTell.count + r.improvements.count + r.changes.count
    #expect(html.components(separatedBy: "<tr").count - 2 == counted, "a header row, then the findings")
    #expect(html.components(separatedBy: "CANNOT TELL").count - 1 == 2)
  }

  @Test("a scenario's own rows are those counted, cannot tell included")
  func scenarioRowsIncludeCannotTell() {
    let mine = GateSection.shown(Self.report).filter { $0.scenario == "a" }
    #expect(mine.map(\.verdict) == [.regression, .cannotTell])
    #expect(GateSection.table(mine).contains("CANNOT TELL"))
  }
}
