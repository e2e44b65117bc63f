/// The outcome of `docksim gate`: every finding, sorted by scenario and then by column in the summary's
/// order, and notes about columns and tolerances that were not compared.
public struct GateReport: Equatable, Sendable {
  /// The baseline's path, this run's summary path, the tolerance file's path.
  public var baselineFile: String
  public var summaryFile: String
  public var toleranceFile: String
  public var findings: [GateFinding]
  /// Things the reader should know that are not findings (columns not compared, stale overrides).
  public var notes: [String]
  /// Whether the files were compared seed by seed (`seeds.csv`) rather than as one summary each.
  public var overSeeds: Bool
  /// `--strict`: a "cannot tell" fails the gate like a regression.
  public var strict: Bool
  /// Over seeds: the runs paired, all scenarios together.
  public var pairedSeeds: Int

  public init(
    baselineFile: String, summaryFile: String, toleranceFile: String, findings: [GateFinding],
    notes: [String], overSeeds: Bool = false, strict: Bool = false, pairedSeeds: Int = 0
  ) {
    self.pairedSeeds = pairedSeeds
    self.baselineFile = baselineFile
    self.summaryFile = summaryFile
    self.toleranceFile = toleranceFile
    self.findings = findings
    self.notes = notes
    self.overSeeds = overSeeds
    self.strict = strict
  }

  public var regressions: [GateFinding] { findings.filter { $0.verdict == .regression } }
  /// Over seeds: changes the seeds could not settle either way.
  public var cannotTell: [GateFinding] { findings.filter { $0.verdict == .cannotTell } }
  /// The findings that fail the gate: regressions, and with `strict` the "cannot tell"s.
  public var failures: [GateFinding] {
    findings.filter { $0.verdict == .regression || (strict && $0.verdict == .cannotTell) }
  }
  public var improvements: [GateFinding] { findings.filter { $0.verdict == .improvement } }
  public var changes: [GateFinding] { findings.filter { $0.verdict == .changed } }

  /// Scenarios in this run but not in the baseline, sorted.
  public var added: [String] {
    findings.filter { $0.check == "scenario" && $0.baseline == nil }.map(\.scenario)
  }
  /// Scenarios in the baseline but not in this run, sorted.
  public var removed: [String] {
    findings.filter { $0.check == "scenario" && $0.now == nil }.map(\.scenario)
  }
  /// Scenarios in both files.
  public var comparedScenarios: Int {
    Set(findings.filter { $0.check != "scenario" && $0.baseline != nil }.map(\.scenario)).count
  }

  /// True when nothing regressed (a removed scenario, a failed run or expectation is a regression)
  /// and, with `strict`, nothing was left undecided.
  public var passed: Bool { failures.isEmpty }

  /// The one-line verdict, e.g. `docksim gate: FAIL: 1 regression, 0 improvements, 2 changes not
  /// gated; 20 scenarios compared, 0 added, 0 removed`.
  public var verdictLine: String {
    "docksim gate: \(passed ? "PASS" : "FAIL"): " + counts
  }

  /// The counts of the verdict line.
  public var counts: String {
    "\(plural(regressions.count, "regression")), \(plural(improvements.count, "improvement")), "
      + (overSeeds ? "\(cannotTell.count) cannot tell\(strict ? " (--strict: failing)" : ""), " : "")
      + "\(plural(changes.count, "change")) not gated; \(plural(comparedScenarios, "scenario")) compared"
      + (overSeeds ? " over \(plural(pairedSeeds, "paired seed"))" : "")
      + ", \(added.count) added, \(removed.count) removed"
  }

  private func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
