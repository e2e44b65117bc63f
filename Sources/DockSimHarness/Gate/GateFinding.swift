import DockSimIO

/// What the gate concluded about one check.
public enum GateVerdict: String, Equatable, Sendable {
  /// Worse than the tolerance in the bad direction, a run that failed, a failed expectation or a
  /// scenario removed since the baseline: the gate fails.
  case regression
  /// Better than the tolerance in the good direction, or a failed run that runs again.
  case improvement
  /// Reported, not gated: a change of a metric without a direction, a metric that became (not)
  /// applicable, a scenario added since the baseline, a changed seed or duration.
  case changed
  /// Within the tolerance.
  case unchanged
  /// Not applicable (empty) in both.
  case notApplicable
}

/// One check of one scenario: a metric compared with the baseline, the run's status, its expectations,
/// or the scenario's presence.
public struct GateFinding: Equatable, Sendable {
  public var scenario: String
  /// The `summary.csv` column checked; `scenario` for a scenario added or removed.
  public var check: String
  /// The baseline's cell as written; nil when the baseline has no such row or column.
  public var baseline: String?
  /// This run's cell as written; nil when the run has no such row or column.
  public var now: String?
  /// The tolerance applied (metrics only).
  public var tolerance: MetricTolerance?
  public var verdict: GateVerdict
  /// Why, for verdicts that are not plain numeric comparisons ("became applicable", "run failed: …").
  public var note: String

  public init(
    scenario: String, check: String, baseline: String?, now: String?, tolerance: MetricTolerance? = nil,
    verdict: GateVerdict, note: String = ""
  ) {
    self.scenario = scenario
    self.check = check
    self.baseline = baseline
    self.now = now
    self.tolerance = tolerance
    self.verdict = verdict
    self.note = note
  }

  /// The baseline and the current value as numbers, when both are.
  public var numbers: (baseline: Double, now: Double)? {
    guard let b = baseline.flatMap(Double.init), let n = now.flatMap(Double.init) else { return nil }
    return (b, n)
  }

  /// The largest change that counted as no change, for a numeric metric comparison.
  public var allowance: Double? {
    guard let tolerance, let numbers else { return nil }
    return tolerance.allowance(baseline: numbers.baseline)
  }
}
