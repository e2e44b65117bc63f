import DockSimHarness
import DockSimIO
import Foundation
import Testing

@testable import DockSimReport

/// A real report, from real runs, loaded in headless Chromium: the page loads without script errors
/// and every SVG has a size (the page's self-check, `docs/report.md`). Skipped, with the reason, where
/// Chromium is missing and cannot be installed (see `HeadlessBrowser`).
@Suite(
  .enabled(
    if: HeadlessBrowser.isAvailable,
    "no chromium: not on PATH (or DOCKSIM_CHROMIUM is not an executable) and scripts/install-browser.sh could not install it (needs root or passwordless sudo, apt-get, network); see docs/report-plots.md"
  ),
  .timeLimit(.minutes(5)))
struct ReportInBrowserTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func aReportOfRealRunsLoadsWithEveryPlotDrawn() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-report-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let names = ["walk-across", "four-people-crossing", "pillar-occlusion"]
    let paths = names.map { Self.repository.appendingPathComponent("Scenarios/\($0).yaml").path }
    let scenarios = try paths.map { try ScenarioLoader.load(path: $0) }
    let traces = dir.appendingPathComponent("traces").path
    try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
    let results = SuiteRunner.run(
      zip(paths, scenarios).map { WorkItem(path: $0, scenario: $1, repetitions: 1) }, jobs: 2,
      tracesDirectory: traces)
    try results.write(to: dir.path)
    let page = dir.appendingPathComponent("report.html").path
    try Report.write(ReportOptions(resultsDirectory: dir.path, scenarios: scenarios), to: page)
    let dom = try HeadlessBrowser.dumpDOM(path: page)
    let check = try #require(HeadlessBrowser.SelfCheck(dom: dom), "the page set no self-check")
    // Six time plots (the sixth NEES/NIS), the track timeline and the room view per scenario.
    #expect(check == HeadlessBrowser.SelfCheck(svgs: 8 * names.count, zero: 0, errors: 0))

    // With four seeds per scenario: a distribution plot per key metric of seeds.csv (all seven here),
    // this run's beside a seed-level baseline's, which the gate compares seed by seed.
    let seeds = SeedsFixture.completeCSV(scenarios: names, repetitions: 4)
    try seeds.write(to: dir.appendingPathComponent("seeds.csv"), atomically: true, encoding: .utf8)
    let baseline = dir.appendingPathComponent("baseline-seeds.csv")
    try SeedsFixture.completeCSV(scenarios: names, repetitions: 4, shift: 0.01).write(
      to: baseline, atomically: true, encoding: .utf8)
    try Report.write(
      ReportOptions(resultsDirectory: dir.path, baselineSummary: baseline.path, scenarios: scenarios),
      to: page)
    let withSeeds = try #require(HeadlessBrowser.SelfCheck(dom: try HeadlessBrowser.dumpDOM(path: page)))
    #expect(withSeeds == HeadlessBrowser.SelfCheck(svgs: (8 + 7) * names.count, zero: 0, errors: 0))
  }
}
