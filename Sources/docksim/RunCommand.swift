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
      Each path is a scenario file, a suite (`suite:`, naming scenarios by path or glob, shared overrides, \
      Monte Carlo repetitions, a seed offset; docs/scenarios.md) or a directory: its scenarios (*.yaml, \
      not recursively, in path order), or its suites when it holds no scenario. Files are told apart by \
      their content; a tuning file, tolerances, a --params file or a CSV given here is refused with \
      what it is and which command takes it. Every file is validated before anything runs; a bad file \
      writes nothing and exits 2. Output is byte-identical for any --jobs. Exit 1 if a scenario stopped \
      on an error or an expectation failed: over seeds, when the confidence interval of the share of \
      seeds meeting it excludes its `share:`; short of the share without that, it cannot tell, and \
      fails only with --strict (docs/scenarios.md).

      The table's columns, each a mean over seeds when repeated: \(SummaryTable.legend)

      Progress (frames and runs) goes to standard error: a bar on a terminal, a line every \
      --progress-interval seconds otherwise, nothing with --quiet; it never changes an output file.

      With --report, report.html is written as `docksim report` writes it, with --baseline compared \
      as `docksim report --baseline` does.

      With --shard INDEX/COUNT (or a job engine's variables) only every COUNT-th scenario runs, and \
      shard.csv describes the shard for `docksim merge` (docs/sharding.md).

      With --timing the tracker's and controller's compute time per frame (p50, p99, max) goes to \
      timing.csv, one row per run; it is machine-dependent and changes no other output (docs/csv.md).
      """)

  @Argument(
    help: ArgumentHelp(
      "Scenario files, suites (*.suite.yaml) or directories of either.", valueName: "file-or-directory"),
    completion: .file(extensions: ["yaml", "yml"]))
  var paths: [String]

  @Option(
    name: .long, help: ArgumentHelp("Output directory.", valueName: "directory"), completion: .directory)
  var out: String = "results"

  @Option(name: .long, help: "Scenarios run at once (default: the number of cores).")
  var jobs: Int?

  @Flag(name: .long, help: "Print no summary table and no progress.")
  var quiet = false

  @OptionGroup var progressOptions: ProgressOptions

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
    help: "Exit 1 also on an expectation over seeds whose verdict is cannot tell (too few seeds to tell).")
  var strict = false

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

  @Option(
    name: .long,
    help: ArgumentHelp(
      "With --report: a baseline summary (or seeds.csv) the report compares with, as `docksim report --baseline`.",
      valueName: "file"),
    completion: .file(extensions: ["csv"]))
  var baseline: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "With --report --baseline: the gate's tolerance file (default: tolerances.yaml beside the baseline, else $DOCKSIM_TOLERANCES, else the repository's; docs/gate.md).",
      valueName: "file"),
    completion: .file(extensions: ["yaml", "yml"]))
  var tolerances: String?

  func run() throws {
    try requireOutputPath(out, option: "--out")
    let jobs = self.jobs ?? SuiteRunner.defaultJobs
    guard jobs >= 1 else { throw fail("--jobs: expected an integer ≥ 1, got \(jobs)") }
    if let r = repetitions, !(1...10_000).contains(r) {
      throw fail("--repetitions: expected an integer in 1...10000, got \(r)")
    }
    let progressInterval = try progressOptions.interval()
    if !report, baseline != nil || tolerances != nil {
      throw fail("--baseline and --tolerances go with --report (they are the report's comparison)")
    }
    let tolerances = baseline.map { ToleranceDefault.path(given: self.tolerances, baseline: $0) }
    if let baseline, let tolerances {
      try ToleranceDefault.requirePresent(given: self.tolerances, baseline: baseline, command: "run --report")
      try Self.checkComparison(baseline: baseline, tolerances: tolerances)
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
    var inputs: [LabeledPath] = overrideOptions.overlays.map { LabeledPath("--params file", $0) }
    do {
      let expansion = try SuiteExpansion(paths: paths, overrides: overrides, repetitions: repetitions)
      loaded = try WorkItem.load(expansion)
      for suite in expansion.suites {
        inputs.append(LabeledPath("suite", suite.file))
        inputs += suite.overrides.overlays.map { LabeledPath("suite's params file", $0.file) }
      }
    } catch { throw fail("\(error)") }
    guard !loaded.isEmpty else { throw fail("no scenario files found in \(paths.joined(separator: " "))") }
    inputs += loaded.map { LabeledPath("scenario file", $0.path) }
    if !quiet { printPlausibilityWarnings(loaded) }
    if let baseline { inputs.append(LabeledPath("baseline", baseline)) }
    if let tolerances { inputs.append(LabeledPath("tolerance file", tolerances)) }
    var seen: [String: String] = [:]
    for item in loaded {
      let (path, s) = (item.path, item.scenario)
      if let other = seen[s.name] {
        throw fail(
          "\(path): name: scenario name '\(s.name)' is already used by \(other); names must be unique")
      }
      seen[s.name] = path
    }
    let traces = (out as NSString).appendingPathComponent("traces")
    // Checked on the whole list, so that every shard refuses the same runs.
    if let c = ScenarioRunner.traceCollision(loaded.map(\.scenario.name)) {
      let (a, b) = (loaded[c.first], loaded[c.second])
      throw fail(
        "\(b.path): name: scenario '\(b.scenario.name)' and scenario '\(a.scenario.name)' of \(a.path) would both "
          + "write \((traces as NSString).appendingPathComponent(c.file)); rename one")
    }
    let outputNames = RunReport.tableFiles
    let work = loaded
    // The shard's part of exactly the list a full run uses: positions after suites, globs and the name
    // check, whole scenarios with all their repetitions.
    let mine = shard?.part(of: work) ?? work
    // Held until this function returns, however it returns; a killed run's lock dies with it. No output
    // is any input (a scenario file named like a table or a trace in --out).
    let transaction = try openTransaction(
      directory: out, command: "docksim run",
      outputs: outputNames.map { LabeledPath("output", (out as NSString).appendingPathComponent($0)) }
        + loaded.flatMap { item in
          ScenarioRunner.traceFileNames(item.scenario.name).map {
            LabeledPath("trace", (traces as NSString).appendingPathComponent($0))
          }
        },
      inputs: inputs)
    defer { transaction.abort() }
    let timingFile = (out as NSString).appendingPathComponent(TimingTable.fileName)
    let reportFile = (out as NSString).appendingPathComponent(Report.fileName)
    if let shard, !quiet {
      print("shard \(shard): \(mine.count) of \(work.count) scenarios")
    }
    // Everything is written into a staging directory inside --out and moved into place at the end,
    // so a failure (a full disk, a read-only file system) leaves no partial set of outputs.
    let staging: String
    do { staging = try transaction.staging() } catch { throw failWriting(error) }
    let stagedTraces = (staging as NSString).appendingPathComponent("traces")
    // SIGINT/SIGTERM: running scenarios stop at their next frame without trace files; tables are
    // written only for a complete run, so nothing in --out is ever partial (docs/robustness.md).
    let interruption = Interruption.shared
    interruption.install()
    let counter = RunProgress(SuiteRunner.plannedRuns(mine))
    let display = quiet ? nil : RunProgressDisplay(counter, interval: progressInterval)
    display?.start()
    let finished = SuiteRunner.run(
      mine, jobs: jobs, tracesDirectory: stagedTraces, measureComputeTime: timing, progress: counter,
      isCancelled: { interruption.isRequested })
    display?.stop()
    if let signal = interruption.received {
      // The traces of the scenarios that finished are kept, as documented; an earlier run's
      // shard.csv, timing.csv and report.html no longer describe the traces, so they go.
      do {
        for name in [ShardManifest.fileName, TimingTable.fileName, Report.fileName] {
          try transaction.remove(name)
        }
        try transaction.commit()
      } catch { throw failWriting(error) }
      throw fail(
        "interrupted (signal \(signal)): no summary.csv or other tables written; traces of scenarios "
          + "that finished are whole, the rest were not written", code: 128 + signal)
    }
    guard let results = finished else { throw fail("interrupted", code: 130) }
    if let failure = results.runs.lazy.compactMap(\.outcome.ioFailure).first {
      // A file-system failure is not the scenario's: nothing of this run is kept.
      throw failWriting(transaction.unstaged(failure))
    }
    do {
      try results.write(to: staging)
      if let rows = results.timing {
        try transaction.write(TimingTable.csv(rows), to: TimingTable.fileName)
      }
      if let shard { try ShardManifest(shard: shard, work: work).write(to: staging) }
      // An earlier run's tables that this run does not write would be read as this run's: its
      // montecarlo.csv and seeds.csv, shard.csv (written last, so its presence means a complete shard),
      // timing.csv and report.html (which `gate` links to). summary.csv goes first and comes back last,
      // so it is never seen beside a mixed set; a failure puts the old set back.
      for name in outputNames { try transaction.remove(name) }
      try transaction.commit(last: ["summary.csv"])
    } catch { throw failWriting(transaction.unstaged(error)) }
    if report {
      // The scenarios as run (overrides applied), so the plots show the limits that were in force.
      var options = ReportOptions(resultsDirectory: out, scenarios: mine.map(\.scenario))
      if let baseline, let tolerances {
        options.baselineSummary = baseline
        options.tolerances = tolerances
      }
      let page: String
      do { page = try Report.html(options) } catch { throw fail("report: \(error)") }
      do {
        try transaction.write(page, to: Report.fileName)
        try transaction.commit()
      } catch { throw failWriting(transaction.unstaged(error), prefix: "report: ") }
    }
    var footer = results.timing.map { rows in
      (TimingTable.headline(rows) ?? "timing: no tracker or controller call was measured")
        + "; wrote \(timingFile)"
    }
    if report {
      let line = "wrote \(reportFile)" + (baseline.map { " (compared with \($0))" } ?? "")
      footer = footer.map { $0 + "\n" + line } ?? line
    }
    var files = results.isMonteCarlo ? [MonteCarlo.fileName, SeedTable.fileName] : []
    if shard != nil { files.append(ShardManifest.fileName) }
    try RunReport.finish(
      results.outcomes, out: out, quiet: quiet, strict: strict, files: files, footer: footer)
  }

  /// Reads the report's baseline and tolerances before anything runs, with the gate's readers: a bad
  /// one found only when the report is written would waste the run.
  static func checkComparison(baseline: String, tolerances: String) throws {
    do {
      _ = try ToleranceFile.load(path: tolerances, metrics: SummaryTable.metricColumns)
      let text = try GateFiles.readText(path: baseline, expected: "a summary CSV written by `docksim run`")
      if try SummaryCSVReader.isSeedLevel(text, file: baseline) {
        _ = try SeedSnapshot.parse(text, file: baseline)
      } else {
        _ = try SummaryCSVReader.parse(text, file: baseline)
      }
    } catch { throw fail("run --report --baseline: \(error)") }
  }
}
