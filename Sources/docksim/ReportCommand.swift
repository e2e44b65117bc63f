import ArgumentParser
import DockSimCore
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

  @Argument(help: "The --out directory of docksim run.")
  var resultsDirectory: String

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A baseline summary CSV to compare with (the gate's comparison), or a seed-level seeds.csv (distributions only).",
      valueName: "file"))
  var baseline: String?

  @Option(name: .long, help: ArgumentHelp("The gate's tolerance file (with --baseline).", valueName: "file"))
  var tolerances: String = "Scenarios/baseline/tolerances.yaml"

  @Option(
    name: .long, parsing: .upToNextOption,
    help: ArgumentHelp(
      "Scenario files, directories or suites of the run (limits, room view).", valueName: "path"))
  var scenarios: [String] = []

  @Option(
    name: .long, help: ArgumentHelp("The HTML file (default: RESULTS_DIR/report.html).", valueName: "file"))
  var out: String?

  func run() throws {
    if let out { try OutputPaths.requireNonEmpty(out, option: "report: --out") }
    let path = out ?? (resultsDirectory as NSString).appendingPathComponent(Report.fileName)
    // Checked before anything is read: the page written over one of its inputs would destroy it.
    let results = { (name: String) in (resultsDirectory as NSString).appendingPathComponent(name) }
    var inputs: [(label: String, path: String)] = [
      ("run's summary", results("summary.csv")), ("run's expectations", results("expectations.csv")),
      ("run's seeds.csv", results("seeds.csv")), ("run's montecarlo.csv", results("montecarlo.csv")),
      ("tolerance file", tolerances),
    ]
    inputs += OutputPaths.files(under: results("traces")).map { ("trace", $0) }
    if let baseline { inputs.append(("baseline", baseline)) }
    inputs += scenarios.flatMap { OutputPaths.files(under: $0) }.map { ("scenario file", $0) }
    try OutputPaths.refuseOverwriting(outputs: [("report: --out", path)], inputs: inputs)
    let loaded: [Scenario]
    do { loaded = try Self.loadScenarios(scenarios) } catch { throw fail("report: --scenarios: \(error)") }
    let options = ReportOptions(
      resultsDirectory: resultsDirectory, baselineSummary: baseline, tolerances: tolerances, scenarios: loaded
    )
    let page: String
    do { page = try Report.html(options) } catch { throw fail("report: \(error)") }
    do { try AtomicFileWriter.write(page, to: path) } catch { throw failWriting(error, prefix: "report: ") }
    print("wrote \(path)")
  }

  /// Scenario files, directories and suites as `run` reads them (without overrides).
  static func loadScenarios(_ paths: [String]) throws -> [Scenario] {
    var out: [Scenario] = []
    for path in paths {
      guard FileManager.default.fileExists(atPath: path) else {
        throw ValidationError(
          "\(path): no such file or directory; expected a scenario file, directory or suite")
      }
      if SuiteLoader.isSuite(path) {
        let suite = try SuiteLoader.load(path: path)
        for file in suite.scenarioFiles {
          out.append(try ScenarioLoader.load(path: file, overrides: suite.overrides))
        }
      } else {
        out += try ScenarioLoader.loadAll(paths: [path]).map(\.1)
      }
    }
    return out
  }
}
