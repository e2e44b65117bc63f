import ArgumentParser
import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run scenarios and write summary.csv and traces/<scenario>.csv.",
    discussion: """
      FILES are scenario YAML files or directories (their *.yaml files, sorted). Every file is validated
      before anything runs; a bad file writes nothing and exits 2. Output is byte-identical for any
      --jobs. Exit 1 if a scenario stopped on an error (its row in summary.csv says why).
      """)

  @Argument(help: "Scenario files or directories.")
  var paths: [String]

  @Option(name: .long, help: "Output directory.")
  var out: String = "results"

  @Option(name: .long, help: "Scenarios run at once (default: the number of cores).")
  var jobs: Int?

  @Flag(name: .long, help: "Do not print the summary table.")
  var quiet = false

  @OptionGroup var overrideOptions: OverrideOptions

  func run() throws {
    let jobs = self.jobs ?? SuiteRunner.defaultJobs
    guard jobs >= 1 else { throw fail("--jobs: expected an integer ≥ 1, got \(jobs)") }
    let loaded: [(path: String, scenario: Scenario)]
    let overrides = try overrideOptions.overrides()
    do { loaded = try ScenarioLoader.loadAll(paths: paths, overrides: overrides) } catch {
      throw fail("\(error)")
    }
    guard !loaded.isEmpty else { throw fail("no scenario files found in \(paths.joined(separator: " "))") }
    var seen: [String: String] = [:]
    for (path, s) in loaded {
      if let other = seen[s.name] {
        throw fail(
          "\(path): name: scenario name '\(s.name)' is already used by \(other); names must be unique")
      }
      seen[s.name] = path
    }
    let traces = (out as NSString).appendingPathComponent("traces")
    let outcomes = SuiteRunner.run(loaded.map(\.scenario), jobs: jobs, tracesDirectory: traces)
    do {
      try AtomicFileWriter.write(
        SummaryTable.csv(outcomes), to: (out as NSString).appendingPathComponent("summary.csv"))
      try AtomicFileWriter.write(
        SummaryTable.expectationsCSV(outcomes),
        to: (out as NSString).appendingPathComponent("expectations.csv"))
    } catch { throw fail("\(error)") }
    if !quiet { print(SummaryTable.text(outcomes), terminator: "") }
    let failed = outcomes.filter { $0.failure != nil }
    for f in failed { printError("docksim: scenario \(f.name) failed: \(f.failure ?? "")") }
    if !quiet { print("wrote \(out)/summary.csv and \(outcomes.count - failed.count) traces in \(traces)") }
    let unmet = outcomes.flatMap { o in o.failedExpectations.map { (o.name, $0) } }
    for (name, e) in unmet {
      let got = CSVFormat.cell(e.value)
      printError(
        "docksim: \(name): expectation failed: \(e.expectation.bounds), got \(got.isEmpty ? "not applicable" : got)"
      )
    }
    if !quiet && !unmet.isEmpty {
      print("\(unmet.count) expectation(s) failed (see \(out)/expectations.csv)")
    }
    if !failed.isEmpty || !unmet.isEmpty { throw ExitCode(1) }
  }
}
