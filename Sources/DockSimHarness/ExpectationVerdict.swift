import DockSimCore

/// What an expectation over seeds is judged to be (docs/scenarios.md, "Verdicts over seeds"): the
/// observed share of seeds meeting the bound against the share the scenario requires, with a
/// Clopper–Pearson interval deciding whether a shortfall is more than chance.
public enum ExpectationVerdict: String, Sendable, CaseIterable {
  /// The observed share is at least the required share.
  case pass
  /// The interval's upper end is below the required share: the data exclude it.
  case fail
  /// Short of the required share, but too few seeds to exclude it; fails only under `--strict`.
  case cannotTell = "cannot tell"

  /// Confidence of the two-sided Clopper–Pearson interval on the share of seeds that hold. 95 %, as
  /// the gate's failure rates (docs/gate.md), so both commands read seeds the same way; failing only
  /// above the interval leaves a scenario that truly holds its share at most a 2.5 % chance to fail.
  public static let confidenceLevel = 0.95
}

extension ExpectationResult {
  /// The `confidenceLevel` Clopper–Pearson interval of the share of runs meeting the bound, or nil
  /// when it was checked on no run.
  public var shareInterval: (lower: Double, upper: Double)? {
    guard runs > 0 else { return nil }
    return ClopperPearson.interval(
      successes: runsPassed, trials: runs, level: ExpectationVerdict.confidenceLevel)
  }

  /// Pass when the observed share meets the required one (the pass rule `docksim run` always had),
  /// fail when the interval excludes the required share, else cannot tell. A required share of 1
  /// (no `share:`) fails on any seed that misses: the interval of k < n is always below 1.
  public var verdict: ExpectationVerdict {
    guard let interval = shareInterval else { return .fail }
    if expectation.holds(passed: runsPassed, of: runs) { return .pass }
    return interval.upper < expectation.requiredShare ? .fail : .cannotTell
  }
}
