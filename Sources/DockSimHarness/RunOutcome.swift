import DockSimCore
import DockSimIO

/// What running one scenario produced: metrics, or the reason it stopped.
public struct RunOutcome: Sendable {
  public var name: String
  public var seed: UInt64
  public var result: ScenarioResult?
  /// Why the run failed (a non-finite value, an I/O error); nil on success.
  public var failure: String?
  /// The scenario's expectations checked against the result (empty when it failed to run).
  public var expectations: [ExpectationResult]
  /// Wall time of the tracker and controller when the run measured it
  /// (`ScenarioRunner.run(_:tracesDirectory:measureComputeTime:)`), else nil. Machine-dependent: it is
  /// reported in timing.csv only, never in the deterministic outputs.
  public var timing: ComputeTiming?
  /// The file-system failure that stopped the run (writing its traces), if that is why it failed: not
  /// the scenario's fault, so `docksim run` fails as a whole (exit 3) rather than reporting the row.
  public var ioFailure: IOFailure?
  /// How many seeds the outcome stands for: 1 for a plain run; over N seeds its metrics are the means.
  public var repetitions = 1
  public init(
    name: String, seed: UInt64, result: ScenarioResult?, failure: String?,
    expectations: [ExpectationResult] = [], timing: ComputeTiming? = nil
  ) {
    self.name = name
    self.seed = seed
    self.result = result
    self.failure = failure
    self.expectations = expectations
    self.timing = timing
  }

  /// Expectations judged to fail: over seeds, those whose interval excludes the required share.
  public var failedExpectations: [ExpectationResult] { expectations.filter { $0.verdict == .fail } }
  /// Expectations short of their share in too few seeds to tell (fail only under `--strict`).
  public var undecidedExpectations: [ExpectationResult] { expectations.filter { $0.verdict == .cannotTell } }
}
