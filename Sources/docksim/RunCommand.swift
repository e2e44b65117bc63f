import ArgumentParser
import DockSimCore
import DockSimHarness
import DockSimIO
import DockSimReport
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

      With --shard INDEX/COUNT (or a job engine's variables) only every COUNT-th scenario runs, and \
      shard.csv describes the shard for `docksim merge` (docs/sharding.md).

      With --timing the tracker's and controller's compute time per frame (p50, p99, max) goes to \
      timing.csv, one row per run; it is machine-dependent and changes no other output (docs/csv.md).
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

  @OptionGroup var shardOptions: ShardOptions

  @Option(
    name: .long,
    help:
      "Monte Carlo: run every scenario with this many seeds derived from its own (default: the suite's, or 1)."
  )
  var repetitions: Int?

  @Flag(
    name: .long,
    help:
      "Measure the tracker's and controller's wall time per frame and write timing.csv (machine-dependent; the other outputs are unchanged)."
  )
  var timing = false

  @Flag(
    name: .long,
    help: "Also write report.html (overview and plots, docs/report.md) into --out after the CSVs.")
  var report = false

  func run() throws {
    let jobs = self.jobs ?? SuiteRunner.defaultJobs
    guard jobs >= 1 else { throw fail("--jobs: expected an integer ≥ 1, got \(jobs)") }
    if let r = repetitions, !(1...10_000).contains(r) {
      throw fail("--repetitions: expected an integer in 1...10000, got \(r)")
    }
    if timing && jobs > SuiteRunner.defaultJobs {
      // Not an error: the numbers are still written, but they include time spent waiting for a core.
      printError(
        "docksim: warning: --timing with --jobs \(jobs) on \(SuiteRunner.defaultJobs) cores: runs share cores, "
          + "so the times include waiting; use --jobs \(SuiteRunner.defaultJobs) or fewer for compute time alone"
      )
    }
    let overrides = try overrideOptions.overrides()
    let shard = try shardOptions.shard()
    let loaded: [WorkItem]
    do {
      loaded = try WorkItem.load(paths: paths, overrides: overrides, repetitions: repetitions)
    } catch { throw fail("\(error)") }
    guard !loaded.isEmpty else { throw fail("no scenario files found in \(paths.joined(separator: " "))") }
    var seen: [String: String] = [:]
    for item in loaded {
      let (path, s) = (item.path, item.scenario)
      if let other = seen[s.name] {
        throw fail(
          "\(path): name: scenario name '\(s.name)' is already used by \(other); names must be unique")
      }
      seen[s.name] = path
    }
    let work = loaded
    // The shard's part of exactly the list a full run uses: positions after suites, globs and the name
    // check, whole scenarios with all their repetitions.
    let mine = shard?.part(of: work) ?? work
    let manifest = (out as NSString).appendingPathComponent(ShardManifest.fileName)
    let timingFile = (out as NSString).appendingPathComponent(TimingTable.fileName)
    let reportFile = (out as NSString).appendingPathComponent(Report.fileName)
    // A manifest left by an earlier sharded run into this directory would describe other outputs;
    // the new one is written last, so its presence means this shard's tables are complete. Likewise
    // an earlier run's timing.csv (or report.html, which `gate` links to) would be read as this run's.
    for stale in [manifest, timingFile, reportFile] where FileManager.default.fileExists(atPath: stale) {
      do { try FileManager.default.removeItem(atPath: stale) } catch {
        throw fail("\(stale): cannot remove the file of an earlier run: \(error)")
      }
    }
    if let shard, !quiet {
      print("shard \(shard): \(mine.count) of \(work.count) scenarios")
    }
    let traces = (out as NSString).appendingPathComponent("traces")
    // SIGINT/SIGTERM: running scenarios stop at their next frame without trace files; tables are
    // written only for a complete run, so nothing in --out is ever partial (docs/robustness.md).
    let interruption = Interruption.shared
    interruption.install()
    let finished = SuiteRunner.run(
      mine, jobs: jobs, tracesDirectory: traces, measureComputeTime: timing,
      isCancelled: { interruption.isRequested })
    if let signal = interruption.received {
      throw fail(
        "interrupted (signal \(signal)): no summary.csv or other tables written; traces of scenarios "
          + "that finished are whole, the rest were not written", code: 128 + signal)
    }
    guard let results = finished else { throw fail("interrupted", code: 130) }
    do {
      try results.write(to: out)
      if let rows = results.timing { try AtomicFileWriter.write(TimingTable.csv(rows), to: timingFile) }
      if let shard { try ShardManifest(shard: shard, work: work).write(to: out) }
    } catch { throw fail("\(error)") }
    if report {
      // The scenarios as run (overrides applied), so the plots show the limits that were in force.
      let options = ReportOptions(resultsDirectory: out, scenarios: mine.map(\.scenario))
      do { try Report.write(options, to: reportFile) } catch { throw fail("report: \(error)") }
    }
    let footer = results.timing.map { rows in
      (TimingTable.headline(rows) ?? "timing: no tracker or controller call was measured")
        + "; wrote \(timingFile)"
    }
    try RunReport.finish(results.outcomes, out: out, quiet: quiet, footer: footer)
  }
}
