/// Which way a metric improves, as written in the tolerance file's `better:` field.
public enum BetterDirection: String, CaseIterable, Equatable, Sendable {
  /// Smaller values are better (errors, counts of bad events).
  case lower
  /// Larger values are better (ratios such as `in_frame_ratio`, `idf1`).
  case higher
  /// Values closer to zero are better, whatever their sign (a lag that may be a lead).
  case zero
  /// Not a quality: a change beyond the tolerance is reported as a change, never as a regression.
  case none
}

/// How one metric is judged: its direction and how large a change counts as no change.
public struct MetricTolerance: Equatable, Sendable {
  public var better: BetterDirection
  /// Absolute tolerance, in the metric's unit; ≥ 0.
  public var absolute: Double
  /// Relative tolerance, a fraction of the baseline's magnitude; ≥ 0.
  public var relative: Double

  public init(better: BetterDirection, absolute: Double = 0, relative: Double = 0) {
    self.better = better
    self.absolute = absolute
    self.relative = relative
  }

  /// The largest change that still counts as no change: `max(abs, rel·|baseline|)`.
  public func allowance(baseline: Double) -> Double {
    max(absolute, relative * abs(baseline))
  }

  /// How much worse `now` is than `baseline`, signed in the metric's bad direction (negative: better):
  /// `now − baseline` for `lower`, `baseline − now` for `higher`, `|now| − |baseline|` for `zero`;
  /// for `none`, which has no bad direction, `now − baseline`.
  public func worsening(baseline b: Double, now n: Double) -> Double {
    switch better {
    case .lower, .none: n - b
    case .higher: b - n
    case .zero: abs(n) - abs(b)
    }
  }
}

/// The settings of the gate over seeds (`docksim gate` with `seeds.csv` files; docs/gate.md).
public struct SeedGateSettings: Equatable, Sendable {
  /// Fewer paired seeds than this make any non-zero change of a metric "cannot tell" (`min_seeds`).
  public var minimumSeeds: Int
  /// A seed spending more than this many seconds on the wrong subject counts as failing
  /// (`wrong_subject_max_s`, in seconds).
  public var wrongSubjectMaximumSeconds: Double
  /// How far a failure rate (a fraction of seeds) may rise before a significant rise regresses
  /// (`failure_rate: { abs: … }`).
  public var failureRateTolerance: Double

  public init(
    minimumSeeds: Int = 10, wrongSubjectMaximumSeconds: Double = 1.0, failureRateTolerance: Double = 0
  ) {
    self.minimumSeeds = minimumSeeds
    self.wrongSubjectMaximumSeconds = wrongSubjectMaximumSeconds
    self.failureRateTolerance = failureRateTolerance
  }
}

/// The tolerances of every metric, with per-scenario overrides, as read from a tolerance file.
public struct ToleranceTable: Equatable, Sendable {
  /// The file they were read from (named in notes).
  public let file: String
  /// The metrics, in `summary.csv` column order.
  public let metrics: [String]
  private let defaults: [String: MetricTolerance]
  private let overrides: [String: [String: MetricTolerance]]
  /// How the gate over seeds decides.
  public let seeds: SeedGateSettings

  /// `defaults` must hold every name of `metrics`; `overrides` maps scenario → metric → tolerance.
  public init(
    file: String, metrics: [String], defaults: [String: MetricTolerance],
    overrides: [String: [String: MetricTolerance]] = [:], seeds: SeedGateSettings = SeedGateSettings()
  ) {
    self.file = file
    self.metrics = metrics
    self.defaults = defaults
    self.overrides = overrides
    self.seeds = seeds
  }

  /// The tolerance of `metric` in `scenario` (the scenario's override if any), or nil for a column
  /// the table does not know.
  public func tolerance(for metric: String, scenario: String) -> MetricTolerance? {
    overrides[scenario]?[metric] ?? defaults[metric]
  }

  /// Scenarios with overrides, sorted.
  public var overriddenScenarios: [String] { overrides.keys.sorted() }
}
