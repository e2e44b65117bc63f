import ArgumentParser
import DockSimHarness
import DockSimIO
import Foundation

/// `docksim gate --baseline FILE`: compares this run's `summary.csv` with a committed baseline, metric by
/// metric with the tolerances of a tolerance file, prints the regressions and improvements, and exits
/// 1 when anything regressed (docs/gate.md).
struct GateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gate",
    abstract: "Compare a run's summary.csv with a baseline; exit 1 on a regression.",
    discussion: """
      Each metric of each scenario in both files is judged with its direction and tolerance from \
      the tolerance file: worse than max(abs, rel·|baseline|) is a regression. A run that failed, a \
      failed expectation and a scenario removed since the baseline are regressions too; a scenario \
      added since the baseline is reported. Exit codes: 0 pass; 1 regression; 2 bad input or usage \
      (the message names the file, line and column); 3 a report could not be written; 4 a \
      report's directory is in use by another docksim. See docs/gate.md.

      With seed-level files (seeds.csv, from `docksim run --repetitions N`) the runs are compared \
      paired on the same seeds: each metric's mean worsening with a 95% paired bootstrap interval, \
      and the rates of seeds failing expectations, with exact tests. A change the seeds cannot settle \
      is reported as "cannot tell" and fails only with --strict.
      """)

  @Option(
    name: .long, help: ArgumentHelp("The baseline summary CSV (required).", valueName: "file"),
    completion: .file(extensions: ["csv"]))
  var baseline: String?

  @Option(
    name: .long, help: ArgumentHelp("This run's summary CSV.", valueName: "file"),
    completion: .file(extensions: ["csv"]))
  var summary: String = "results/summary.csv"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The tolerance file (default: tolerances.yaml beside the baseline, else $DOCKSIM_TOLERANCES, else the repository's; docs/gate.md).",
      valueName: "file"),
    completion: .file(extensions: ["yaml", "yml"]))
  var tolerances: String?

  @Option(
    name: .long, help: ArgumentHelp("Also write a Markdown summary here.", valueName: "file"),
    completion: .file(extensions: ["md"]))
  var markdown: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The address the Markdown summary links for the HTML report (a CI artifact's URL), instead of a path relative to the Markdown file.",
      valueName: "url"))
  var reportURL: String?

  @Option(
    name: .long, help: ArgumentHelp("Also write a JUnit XML report here.", valueName: "file"),
    completion: .file(extensions: ["xml"]))
  var junit: String?

  @Flag(
    name: .long,
    help:
      "Over seeds: fail (exit 1) on a change the seeds cannot settle (\"cannot tell\") as on a regression.")
  var strict = false

  /// The baseline's path. Checked here rather than by the parser (and not in `validate()`, which the
  /// parser may call more than once) so that a missing `--baseline` exits 2, as documented.
  private func baselinePath() throws -> String {
    guard let baseline else {
      throw fail("gate: --baseline FILE is required (the committed baseline summary)")
    }
    for (name, value) in [
      ("--baseline", baseline), ("--summary", summary), ("--tolerances", tolerances ?? "-"),
      ("--markdown", markdown ?? "-"), ("--junit", junit ?? "-"),
    ] where value.isEmpty {
      throw fail("gate: \(name): expected a file path, got an empty string")
    }
    return baseline
  }

  func run() throws {
    let baseline = try baselinePath()
    let tolerances = ToleranceDefault.path(given: self.tolerances, baseline: baseline)
    // Checked before anything is read: a report written over an input would destroy it.
    let seedsBeside = { (file: String) in
      FileSystem.parent(of: file).map { ($0 as NSString).appendingPathComponent(SeedTable.fileName) }
        ?? SeedTable.fileName
    }
    let inputs: [LabeledPath] = [
      .init("baseline", baseline), .init("summary", summary), .init("tolerance file", tolerances),
      .init("seeds.csv beside the summary", seedsBeside(summary)),
    ]
    var outputs: [LabeledPath] = []
    if let markdown { outputs.append(LabeledPath("--markdown", markdown)) }
    if let junit { outputs.append(LabeledPath("--junit", junit)) }
    // Both reports are published together or not at all.
    let transaction =
      outputs.isEmpty ? nil : try openTransaction(files: outputs, command: "docksim gate", inputs: inputs)
    defer { transaction?.abort() }
    try ToleranceDefault.requirePresent(given: self.tolerances, baseline: baseline, command: "gate")
    let report: GateReport
    var summary = self.summary
    do {
      let table = try ToleranceFile.load(path: tolerances, metrics: SummaryTable.metricColumns)
      let outcome = try GateRun.compare(
        baseline: baseline, summary: summary, tolerances: table, strict: strict)
      if let notice = outcome.notice { print("docksim gate: \(notice)") }
      report = outcome.report
      summary = outcome.compared
    } catch { throw fail("\(error)") }
    var files: [(text: String, path: String)] = []
    if let markdown {
      let link = reportURL ?? Self.reportLink(summary: summary, markdown: markdown)
      files.append((GateMarkdown.render(report, reportLink: link), markdown))
    }
    if let junit { files.append((GateJUnit.render(report), junit)) }
    try transaction?.publish(files)
    print(GateTextReport.render(report), terminator: "")
    if !report.passed { throw ExitCode(1) }
  }

  /// The path of `report.html` beside `summary`, relative to the Markdown file's directory, when the
  /// report exists (written by `docksim run --report` or `docksim report`).
  static func reportLink(summary: String, markdown: String) -> String? {
    let report = URL(fileURLWithPath: summary).deletingLastPathComponent().appendingPathComponent(
      "report.html"
    )
    .standardizedFileURL
    guard FileManager.default.fileExists(atPath: report.path) else { return nil }
    let from = URL(fileURLWithPath: markdown).deletingLastPathComponent().standardizedFileURL.pathComponents
    let to = report.pathComponents
    var common = 0
    while common < min(from.count, to.count - 1), from[common] == to[common] { common += 1 }
    let up = Array(repeating: "..", count: from.count - common)
    return (up + to[common...]).joined(separator: "/")
  }
}
