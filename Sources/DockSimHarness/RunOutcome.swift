import DockSimCore

/// What running one scenario produced: metrics, or the reason it stopped.
public struct RunOutcome: Sendable {
  public var name: String
  public var seed: UInt64
  public var result: ScenarioResult?
  /// Why the run failed (a non-finite value, an I/O error); nil on success.
  public var failure: String?
  /// The scenario's expectations checked against the result (empty when it failed to run).
  public var expectations: [ExpectationResult]
  public init(
    name: String, seed: UInt64, result: ScenarioResult?, failure: String?,
    expectations: [ExpectationResult] = []
  ) {
    self.name = name
    self.seed = seed
    self.result = result
    self.failure = failure
    self.expectations = expectations
  }

  /// Expectations that failed.
  public var failedExpectations: [ExpectationResult] { expectations.filter { !$0.passed } }
}
