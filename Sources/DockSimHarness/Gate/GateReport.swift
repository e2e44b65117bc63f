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

  public init(
    baselineFile: String, summaryFile: String, toleranceFile: String, findings: [GateFinding],
    notes: [String]
  ) {
    self.baselineFile = baselineFile
    self.summaryFile = summaryFile
    self.toleranceFile = toleranceFile
    self.findings = findings
    self.notes = notes
  }

  public var regressions: [GateFinding] { findings.filter { $0.verdict == .regression } }
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

  /// True when nothing regressed (a removed scenario, a failed run or expectation is a regression).
  public var passed: Bool { !findings.contains { $0.verdict == .regression } }

  /// The one-line verdict, e.g. `docksim gate: FAIL: 1 regression, 0 improvements, 2 changes not
  /// gated; 20 scenarios compared, 0 added, 0 removed`.
  public var verdictLine: String {
    "docksim gate: \(passed ? "PASS" : "FAIL"): " + counts
  }

  /// The counts of the verdict line.
  public var counts: String {
    "\(plural(regressions.count, "regression")), \(plural(improvements.count, "improvement")), "
      + "\(plural(changes.count, "change")) not gated; \(plural(comparedScenarios, "scenario")) compared, "
      + "\(added.count) added, \(removed.count) removed"
  }

  private func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
