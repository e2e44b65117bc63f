import ArgumentParser
import DockSimCore
import DockSimHarness
import DockSimIO
import DockSimReport
import Foundation

/// `docksim report RESULTS_DIR`: one self-contained HTML page with the suite overview and each
/// scenario's plots (docs/report.md).
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Write a self-contained HTML report (overview table, plots per scenario) of a run's results.",
    discussion: """
      Reads RESULTS_DIR/summary.csv, expectations.csv, seeds.csv (if any) and traces/. With --baseline the \
      gate's comparison is shown; with --scenarios the dock's limits are drawn. Exit 2 on bad input, nothing written. \
      See docs/report.md.
      """)

  @Argument(
    help: ArgumentHelp("The --out directory of docksim run.", valueName: "results-directory"),
    completion: .directory)
  var resultsDirectory: String

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A baseline summary CSV to compare with (the gate's comparison), or a seed-level seeds.csv (distributions only).",
      valueName: "file"),
    completion: .file(extensions: ["csv"]))
  var baseline: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The gate's tolerance file, read with --baseline (default: tolerances.yaml beside the baseline, else $DOCKSIM_TOLERANCES, else the repository's; docs/gate.md).",
      valueName: "file"),
    completion: .file(extensions: ["yaml", "yml"]))
  var tolerances: String?

  @Option(
    name: .long, parsing: .upToNextOption,
    help: ArgumentHelp(
      "Scenario files, directories or suites of the run (limits, room view).", valueName: "path"),
    completion: .file(extensions: ["yaml", "yml"]))
  var scenarios: [String] = []

  @Option(
    name: .long, help: ArgumentHelp("The HTML file (default: RESULTS_DIR/report.html).", valueName: "file"),
    completion: .file(extensions: ["html"]))
  var out: String?

  func run() throws {
    let path = out ?? (resultsDirectory as NSString).appendingPathComponent(Report.fileName)
    let tolerances = ToleranceDefault.path(given: self.tolerances, baseline: baseline)
    // Checked before anything is read: the page written over one of its inputs would destroy it.
    let results = { (name: String) in (resultsDirectory as NSString).appendingPathComponent(name) }
    var inputs: [LabeledPath] = [
      .init("run's summary", results("summary.csv")),
      .init("run's expectations", results("expectations.csv")),
      .init("run's seeds.csv", results("seeds.csv")),
      .init("run's montecarlo.csv", results("montecarlo.csv")),
      .init("tolerance file", tolerances),
    ]
    inputs += OutputPaths.files(under: results("traces")).map { LabeledPath("trace", $0) }
    if let baseline { inputs.append(LabeledPath("baseline", baseline)) }
    inputs += scenarios.flatMap { OutputPaths.files(under: $0) }.map { LabeledPath("scenario file", $0) }
    let transaction = try openTransaction(
      files: [LabeledPath("report: --out", path)], command: "docksim report", inputs: inputs)
    defer { transaction.abort() }
    // Without a baseline the tolerances are never read, so a missing default is no error then.
    if baseline != nil {
      try ToleranceDefault.requirePresent(given: self.tolerances, baseline: baseline, command: "report")
    }
    let loaded: [Scenario]
    do { loaded = try Self.loadScenarios(scenarios) } catch { throw fail("report: --scenarios: \(error)") }
    let options = ReportOptions(
      resultsDirectory: resultsDirectory, baselineSummary: baseline, tolerances: tolerances, scenarios: loaded
    )
    let page: String
    do { page = try Report.html(options) } catch { throw fail("report: \(error)") }
    try transaction.publish([(page, path)], prefix: "report: ")
    print("wrote \(path)")
  }

  /// Scenario files, directories and suites as `run` expands them (`SuiteExpansion`: a suite's
  /// overrides and seed offset, no command-line overrides).
  static func loadScenarios(_ paths: [String]) throws -> [Scenario] {
    try WorkItem.load(paths: paths, overrides: ScenarioOverrides()).map(\.scenario)
  }
}
