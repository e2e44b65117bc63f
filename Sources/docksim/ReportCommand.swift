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
    let loaded: [Scenario]
    do { loaded = try Self.loadScenarios(scenarios) } catch { throw fail("report: --scenarios: \(error)") }
    let path = out ?? (resultsDirectory as NSString).appendingPathComponent(Report.fileName)
    let options = ReportOptions(
      resultsDirectory: resultsDirectory, baselineSummary: baseline, tolerances: tolerances, scenarios: loaded
    )
    do { try Report.write(options, to: path) } catch { throw fail("report: \(error)") }
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
