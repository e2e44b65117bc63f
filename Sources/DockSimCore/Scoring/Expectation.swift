/// A bound a scenario expects a metric to respect (`expect:` in the scenario file).
public struct Expectation: Equatable, Sendable {
  /// A metric name as in `summary.csv` (`framing_error_rms`, `primary_switches`, …).
  public var metric: String
  public var minimum: Double?
  public var maximum: Double?
  public init(metric: String, minimum: Double? = nil, maximum: Double? = nil) {
    self.metric = metric
    self.minimum = minimum
    self.maximum = maximum
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
    case let (lo?, hi?): return "\(lo) ≤ \(metric) ≤ \(hi)"
    case let (lo?, nil): return "\(metric) ≥ \(lo)"
    case let (nil, hi?): return "\(metric) ≤ \(hi)"
    default: return metric
    }
  }
}

/// An expectation checked against a run.
public struct ExpectationResult: Equatable, Sendable {
  public var expectation: Expectation
  public var value: Double?
  public var passed: Bool
  public init(expectation: Expectation, value: Double?, passed: Bool) {
    self.expectation = expectation
    self.value = value
    self.passed = passed
  }
}

extension ScenarioResult {
  /// Each of `expectations` checked against this result, in order.
  public func check(_ expectations: [Expectation]) -> [ExpectationResult] {
    expectations.map { e in
      let v = metric(named: e.metric)
      return ExpectationResult(expectation: e, value: v, passed: e.check(v))
    }
  }
}
