/// A bound a scenario expects a metric to respect (`expect:` in the scenario file).
public struct Expectation: Equatable, Sendable {
  /// The metric bounded (`.framingErrorRMS`, `.primarySwitches`, …).
  public var metric: MetricKey
  public var minimum: Double?
  public var maximum: Double?
  /// The share of Monte Carlo seeds, in (0, 1], in which the bound must hold (`share:`); nil means
  /// every seed. A run without repetitions checks the bound on its one run whatever the share.
  public var share: Double?
  public init(metric: MetricKey, minimum: Double? = nil, maximum: Double? = nil, share: Double? = nil) {
    self.metric = metric
    self.minimum = minimum
    self.maximum = maximum
    self.share = share
  }

  /// The share of seeds required: `share`, or 1 (every seed) when the file gives none.
  public var requiredShare: Double { share ?? 1 }

  /// Whether `passed` of `runs` seeds meeting the bound is enough. A slack of 10⁻⁹ keeps binary
  /// rounding (0.9 · 10 = 9.000000000000002) from failing exactly the required share.
  public func holds(passed: Int, of runs: Int) -> Bool {
    guard runs > 0 else { return false }
    return Double(passed) >= requiredShare * Double(runs) - 1e-9
  }

  /// Whether `value` respects the bounds. A metric that is not applicable (nil) fails: the scenario
  /// expected it to exist.
  public func check(_ value: Double?) -> Bool {
    guard let value, value.isFinite else { return false }
    if let minimum, value < minimum { return false }
    if let maximum, value > maximum { return false }
    return true
  }

  /// `min ≤ metric ≤ max` as text, locale-free.
  public var bounds: String {
    switch (minimum, maximum) {
    case let (lo?, hi?): return "\(lo) ≤ \(metric) ≤ \(hi)" + shareText
    case let (lo?, nil): return "\(metric) ≥ \(lo)" + shareText
    case let (nil, hi?): return "\(metric) ≤ \(hi)" + shareText
    default: return metric.name + shareText
    }
  }

  private var shareText: String { share.map { " in a share \($0) of seeds" } ?? "" }
}

/// An expectation checked against a run, or against the seeds of a Monte Carlo scenario.
public struct ExpectationResult: Equatable, Sendable {
  public var expectation: Expectation
  /// The metric's value in the run; over seeds, its mean over the seeds where it applies.
  public var value: Double?
  public var passed: Bool
  /// How many runs (seeds) the bound was checked on: 1 for a plain run.
  public var runs: Int
  /// How many of them met the bound.
  public var runsPassed: Int
  public init(expectation: Expectation, value: Double?, passed: Bool, runs: Int = 1, runsPassed: Int? = nil) {
    self.expectation = expectation
    self.value = value
    self.passed = passed
    self.runs = runs
    self.runsPassed = runsPassed ?? (passed ? runs : 0)
  }

  /// The share of runs that met the bound, in [0, 1].
  public var observedShare: Double { runs > 0 ? Double(runsPassed) / Double(runs) : 0 }
}

extension ScenarioResult {
  /// Each of `expectations` checked against this result, in order.
  public func check(_ expectations: [Expectation]) -> [ExpectationResult] {
    expectations.map { e in
      let v = metric(e.metric)
      return ExpectationResult(expectation: e, value: v, passed: e.check(v))
    }
  }
}

extension Expectation {
  /// This expectation checked on every seed of a Monte Carlo scenario: it passes when the share of
  /// `results` meeting the bound is at least `requiredShare`. `mean` is reported as its value.
  public func check(seeds results: [ScenarioResult], mean: Double?) -> ExpectationResult {
    let passed = results.filter { check($0.metric(metric)) }.count
    return ExpectationResult(
      expectation: self, value: mean, passed: holds(passed: passed, of: results.count), runs: results.count,
      runsPassed: passed)
  }
}
