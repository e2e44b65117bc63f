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
  /// Over seeds: the confidence interval of the change straddles the tolerance, or too few seeds were
  /// paired to judge a change. Fails the gate only with `--strict`.
  case cannotTell
  /// Within the tolerance.
  case unchanged
  /// Not applicable (empty) in both.
  case notApplicable
}

/// A metric compared over paired seeds: the means, the mean per-seed worsening and its paired
/// bootstrap interval (`PairedBootstrap`).
public struct SeedStatistics: Equatable, Sendable {
  /// Seeds where both runs have a value.
  public var seeds: Int
  /// Seeds left out because the metric is empty (not applicable, or the run failed) on either side.
  public var leftOut: Int
  /// The metric's mean over the paired seeds, in the baseline and now.
  public var baselineMean: Double
  public var nowMean: Double
  /// The mean per-seed worsening, signed in the metric's bad direction (`better: none`: now −
  /// baseline), in the metric's unit.
  public var change: Double
  /// The 95 % paired bootstrap percentile interval of `change`.
  public var lower: Double
  public var upper: Double
  /// `max(abs, rel·|baseline mean|)`: changes within ± this count as no change.
  public var allowance: Double
  /// Whether the gate required more seeds than `seeds` to judge a non-zero change (`min_seeds`).
  public var tooFewSeeds: Bool

  public init(
    seeds: Int, leftOut: Int, baselineMean: Double, nowMean: Double, change: Double, lower: Double,
    upper: Double, allowance: Double, tooFewSeeds: Bool = false
  ) {
    self.seeds = seeds
    self.leftOut = leftOut
    self.baselineMean = baselineMean
    self.nowMean = nowMean
    self.change = change
    self.lower = lower
    self.upper = upper
    self.allowance = allowance
    self.tooFewSeeds = tooFewSeeds
  }
}

/// A failure rate compared over paired seeds: how many seeds fail in each run, their 95 %
/// Clopper–Pearson intervals, and the exact McNemar test on the seeds whose outcome changed.
public struct RateComparison: Equatable, Sendable {
  /// Seeds compared.
  public var seeds: Int
  public var baselineFailing: Int
  public var nowFailing: Int
  /// 95 % Clopper–Pearson intervals of each rate.
  public var baselineLower: Double
  public var baselineUpper: Double
  public var nowLower: Double
  public var nowUpper: Double
  /// Seeds that pass in the baseline and fail now, and the other way round.
  public var newlyFailing: Int
  public var newlyPassing: Int
  /// The one-sided exact McNemar p-value in the direction the rate moved (1 when it did not move).
  public var pValue: Double
  /// How far the rate may rise (`failure_rate: { abs: … }`), a fraction.
  public var tolerance: Double

  public init(
    seeds: Int, baselineFailing: Int, nowFailing: Int, baselineLower: Double, baselineUpper: Double,
    nowLower: Double, nowUpper: Double, newlyFailing: Int, newlyPassing: Int, pValue: Double,
    tolerance: Double
  ) {
    self.seeds = seeds
    self.baselineFailing = baselineFailing
    self.nowFailing = nowFailing
    self.baselineLower = baselineLower
    self.baselineUpper = baselineUpper
    self.nowLower = nowLower
    self.nowUpper = nowUpper
    self.newlyFailing = newlyFailing
    self.newlyPassing = newlyPassing
    self.pValue = pValue
    self.tolerance = tolerance
  }

  public var baselineRate: Double { Double(baselineFailing) / Double(seeds) }
  public var nowRate: Double { Double(nowFailing) / Double(seeds) }
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
  /// Over seeds: the metric's paired comparison.
  public var seeds: SeedStatistics?
  /// Over seeds: a failure rate's paired comparison.
  public var rate: RateComparison?
  /// The baseline's and the current value as numbers (in the metric's unit), when both are: as the
  /// reader read them (`SummaryRow.number`), or the means over seeds.
  public var numbers: (baseline: Double, now: Double)? {
    get { baselineNumber.flatMap { b in nowNumber.map { (b, $0) } } }
    set {
      baselineNumber = newValue?.baseline
      nowNumber = newValue?.now
    }
  }
  private var baselineNumber: Double?
  private var nowNumber: Double?

  public init(
    scenario: String, check: String, baseline: String?, now: String?, tolerance: MetricTolerance? = nil,
    verdict: GateVerdict, note: String = "", seeds: SeedStatistics? = nil, rate: RateComparison? = nil,
    numbers: (baseline: Double, now: Double)? = nil
  ) {
    self.scenario = scenario
    self.check = check
    self.baseline = baseline
    self.now = now
    self.tolerance = tolerance
    self.verdict = verdict
    self.note = note
    self.seeds = seeds
    self.rate = rate
    self.numbers = numbers
  }

  /// The largest change that counted as no change, for a numeric metric comparison.
  public var allowance: Double? {
    if let seeds { return seeds.allowance }
    guard let tolerance, let numbers else { return nil }
    return tolerance.allowance(baseline: numbers.baseline)
  }
}
