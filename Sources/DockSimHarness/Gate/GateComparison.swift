import DockSimIO

/// Compares this run's summary with a baseline, scenario by scenario and column by column (`docs/gate.md`).
///
/// * A metric in both files is judged with its tolerance: a change worse than `max(abs, rel·|baseline|)`
///   in the bad direction is a regression, better by as much an improvement; a metric with
///   `better: none` that moves that far is a change. Empty → value and value → empty are changes.
/// * A run whose `status` is `error`, or with failed expectations (`expectations_failed` > 0), is a
///   regression, whether or not the scenario is in the baseline. Metrics are not compared when either
///   side failed to run.
/// * A scenario in the baseline but not in this run is a regression (it silently stopped being
///   checked); one in this run only is a change (new coverage).
/// * A changed `seed`, `duration_s` or `frames` is a change (the numbers describe another experiment).
public enum GateComparison {
  /// Columns that say what ran rather than how well.
  public static let identityColumns = ["seed", "duration_s", "frames"]

  public static func compare(baseline: SummarySnapshot, now: SummarySnapshot, tolerances: ToleranceTable)
    -> GateReport
  {
    let names = Set(baseline.rows.map(\.scenario)).union(now.rows.map(\.scenario)).sorted()
    var findings: [GateFinding] = []
    for name in names {
      switch (baseline.row(name), now.row(name)) {
      case (_?, nil):
        findings.append(
          GateFinding(
            scenario: name, check: "scenario", baseline: "present", now: nil, verdict: .regression,
            note: "removed since the baseline: no longer checked"))
      case (let b, let n?):
        findings += scenarioFindings(name, baseline: b, now: n, columns: now.columns, tolerances: tolerances)
      case (nil, nil):
        break
      }
    }
    return GateReport(
      baselineFile: baseline.file, summaryFile: now.file, toleranceFile: tolerances.file, findings: findings,
      notes: notes(baseline: baseline, now: now, tolerances: tolerances, scenarios: names))
  }

  /// The findings of one scenario present in this run, in `columns` order.
  static func scenarioFindings(
    _ name: String, baseline b: SummaryRow?, now n: SummaryRow, columns: [String], tolerances: ToleranceTable
  ) -> [GateFinding] {
    var out: [GateFinding] = []
    let compareMetrics = b.map { !$0.failed && !n.failed } ?? false
    for column in columns {
      switch column {
      case "scenario":
        if b == nil {
          out.append(
            GateFinding(
              scenario: name, check: "scenario", baseline: nil, now: "present", verdict: .changed,
              note: "added since the baseline: new coverage, compared once the baseline is updated"))
        }
      case "status":
        out.append(status(name, baseline: b, now: n))
      case "expectations_failed":
        if let f = expectations(name, baseline: b, now: n) { out.append(f) }
      case _ where identityColumns.contains(column):
        if let b, let f = identity(name, column, baseline: b, now: n) { out.append(f) }
      default:
        guard compareMetrics, let b, b[column] != nil, n[column] != nil,
          let t = tolerances.tolerance(for: column, scenario: name)
        else { continue }
        out.append(metric(name, column, baseline: b, now: n, tolerance: t))
      }
    }
    return out
  }

  /// `status`: an error now is a regression; an error in the baseline that runs now is an improvement.
  static func status(_ name: String, baseline b: SummaryRow?, now n: SummaryRow) -> GateFinding {
    let was = b?["status"]
    let finding = GateFinding(
      scenario: name, check: "status", baseline: was, now: n["status"], verdict: .unchanged)
    if n.failed {
      let reason = n["error"].flatMap { $0.isEmpty ? nil : $0 } ?? "no reason given"
      return with(finding, .regression, "the run failed: \(reason)")
    }
    if b?.failed == true { return with(finding, .improvement, "runs again") }
    return finding
  }

  /// `expectations_failed`: any failed expectation is a regression (see expectations.csv).
  static func expectations(_ name: String, baseline b: SummaryRow?, now n: SummaryRow) -> GateFinding? {
    guard let cell = n["expectations_failed"], let count = n.number("expectations_failed") else { return nil }
    let finding = GateFinding(
      scenario: name, check: "expectations_failed", baseline: b?["expectations_failed"], now: cell,
      verdict: .unchanged)
    guard count > 0 else { return finding }
    return with(finding, .regression, "\(cell) expectation(s) of the scenario failed (see expectations.csv)")
  }

  /// `seed`, `duration_s`, `frames`: reported only when they differ.
  static func identity(_ name: String, _ column: String, baseline b: SummaryRow, now n: SummaryRow)
    -> GateFinding?
  {
    // An empty cell is a run that failed; its status says so.
    guard let baseline = b[column], let now = n[column], !baseline.isEmpty, !now.isEmpty else { return nil }
    // A seed is compared as written: beyond 2^53 its double would hide a difference.
    let same = column == "seed" ? baseline == now : b.number(column) == n.number(column)
    guard !same else { return nil }
    return GateFinding(
      scenario: name, check: column, baseline: baseline, now: now, verdict: .changed,
      note: "the scenario itself changed: its metrics describe another run")
  }

  /// A metric judged with its tolerance.
  static func metric(
    _ name: String, _ column: String, baseline: SummaryRow, now: SummaryRow, tolerance: MetricTolerance
  )
    -> GateFinding
  {
    let (b, n) = (baseline.number(column), now.number(column))
    let finding = GateFinding(
      scenario: name, check: column, baseline: baseline[column], now: now[column], tolerance: tolerance,
      verdict: .unchanged, numbers: b.flatMap { b in n.map { (b, $0) } })
    switch (b, n) {
    case (nil, nil): return with(finding, .notApplicable, "not applicable")
    case (nil, _?): return with(finding, .changed, "became applicable")
    case (_?, nil): return with(finding, .changed, "became not applicable")
    case (let b?, let n?): return judged(finding, baseline: b, now: n, tolerance: tolerance)
    }
  }

  static func judged(_ finding: GateFinding, baseline b: Double, now n: Double, tolerance t: MetricTolerance)
    -> GateFinding
  {
    if b.isNaN || n.isNaN {
      if b.isNaN && n.isNaN { return finding }
      if t.better == .none { return with(finding, .changed, n.isNaN ? "became NaN" : "no longer NaN") }
      return n.isNaN ? with(finding, .regression, "became NaN") : with(finding, .improvement, "no longer NaN")
    }
    // A change equal to the tolerance is within it; the slack of a few parts per billion keeps binary
    // rounding (1.0 − 0.99 = 0.010000000000000009) from tipping a decimal boundary either way.
    let allowance = t.allowance(baseline: b) + 1e-9 * max(abs(b), abs(n))
    let worse = t.worsening(baseline: b, now: n)
    if t.better == .none { return abs(worse) > allowance ? with(finding, .changed, "") : finding }
    if worse > allowance { return with(finding, .regression, "") }
    if -worse > allowance { return with(finding, .improvement, "") }
    return finding
  }

  private static func with(_ finding: GateFinding, _ verdict: GateVerdict, _ note: String) -> GateFinding {
    var f = finding
    f.verdict = verdict
    f.note = note
    return f
  }
}
