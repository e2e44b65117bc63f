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
      FILES are scenario YAML files, directories (their *.yaml files, sorted) or suite files
      (*.suite.yaml: scenarios by path or glob, shared overrides, Monte Carlo repetitions). Every file is
      validated before anything runs; a bad file writes nothing and exits 2. Output is byte-identical
      for any --jobs. Exit 1 if a scenario stopped on an error or an expectation failed.
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

  @Option(
    name: .long,
    help:
      "Monte Carlo: run every scenario with this many seeds derived from its own (default: the suite's, or 1)."
  )
  var repetitions: Int?

  func run() throws {
    let jobs = self.jobs ?? SuiteRunner.defaultJobs
    guard jobs >= 1 else { throw fail("--jobs: expected an integer ≥ 1, got \(jobs)") }
    if let r = repetitions, !(1...10_000).contains(r) {
      throw fail("--repetitions: expected an integer in 1...10000, got \(r)")
    }
    let overrides = try overrideOptions.overrides()
    var loaded: [(path: String, scenario: Scenario, repetitions: Int, seedOffset: Int)] = []
    do {
      for path in paths {
        if SuiteLoader.isSuite(path) {
          let suite = try SuiteLoader.load(path: path)
          // The suite's overrides first, the command line's on top.
          var combined = suite.overrides
          combined.overlays += overrides.overlays
          combined.assignments += overrides.assignments
          for file in suite.scenarioFiles {
            loaded.append(
              (
                file, try ScenarioLoader.load(path: file, overrides: combined),
                repetitions ?? suite.repetitions, suite.seedOffset
              ))
          }
        } else {
          for (file, scenario) in try ScenarioLoader.loadAll(paths: [path], overrides: overrides) {
            loaded.append((file, scenario, repetitions ?? 1, 0))
          }
        }
      }
    } catch { throw fail("\(error)") }
    guard !loaded.isEmpty else { throw fail("no scenario files found in \(paths.joined(separator: " "))") }
    var seen: [String: String] = [:]
    for (path, s, _, _) in loaded {
      if let other = seen[s.name] {
        throw fail(
          "\(path): name: scenario name '\(s.name)' is already used by \(other); names must be unique")
      }
      seen[s.name] = path
    }
    let traces = (out as NSString).appendingPathComponent("traces")
    // Every repetition is a job of its own; only each scenario's first (its own seed) writes traces.
    var runs: [Scenario] = []
    var writeTraces: [Bool] = []
    for (_, scenario, count, offset) in loaded {
      for k in 0..<count {
        var s = scenario
        s.seed = MonteCarlo.seed(scenario.seed, repetition: offset + k)
        runs.append(s)
        writeTraces.append(k == 0)
      }
    }
    let all = SuiteRunner.run(runs, jobs: jobs, tracesDirectory: traces, writeTraces: writeTraces)
    var outcomes: [RunOutcome] = []
    var statistics: [(scenario: String, stats: [MonteCarlo.Statistic])] = []
    var next = 0
    for (_, scenario, count, _) in loaded {
      let group = Array(all[next..<next + count])
      next += count
      if count == 1 {
        outcomes.append(group[0])
      } else {
        let (merged, stats) = MonteCarlo.aggregate(group, expectations: scenario.expectations)
        outcomes.append(merged)
        statistics.append((scenario.name, stats))
      }
    }
    do {
      try AtomicFileWriter.write(
        SummaryTable.csv(outcomes), to: (out as NSString).appendingPathComponent("summary.csv"))
      try AtomicFileWriter.write(
        SummaryTable.expectationsCSV(outcomes),
        to: (out as NSString).appendingPathComponent("expectations.csv"))
      if !statistics.isEmpty {
        try AtomicFileWriter.write(
          MonteCarlo.csv(statistics), to: (out as NSString).appendingPathComponent("montecarlo.csv"))
      }
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
