import DockSimCore
import Foundation

/// Runs many scenarios on a fixed number of worker threads.
///
/// Each worker takes the next scenario index from a shared counter; results land in the slot of their
/// index, so the output order (and every byte written) is the input order whatever the scheduling.
public enum SuiteRunner {
  /// `writeTraces[i]` false skips the trace files of scenario `i` (Monte Carlo repetitions keep one).
  /// `measureComputeTime` fills each outcome's `timing` (the results are the same either way).
  /// Once `isCancelled` returns true no scenario starts and running ones stop at their next frame
  /// (without trace files); their outcomes, and those never started, are failures ("interrupted").
  public static func run(
    _ scenarios: [Scenario], jobs: Int, tracesDirectory: String?, writeTraces: [Bool]? = nil,
    measureComputeTime: Bool = false, isCancelled: (@Sendable () -> Bool)? = nil,
    progress: (@Sendable (RunOutcome) -> Void)? = nil
  ) -> [RunOutcome] {
    let directories = scenarios.indices.map { (writeTraces?[$0] ?? true) ? tracesDirectory : nil }
    let results = ParallelJobs.run(
      count: scenarios.count, jobs: jobs, isCancelled: isCancelled,
      work: { i in
        ScenarioRunner.run(
          scenarios[i], tracesDirectory: directories[i], measureComputeTime: measureComputeTime,
          isCancelled: isCancelled)
      },
      completed: progress.map { report in { _, outcome in report(outcome) } })
    return zip(scenarios, results).map { scenario, outcome in
      outcome ?? RunOutcome(name: scenario.name, seed: scenario.seed, result: nil, failure: "interrupted")
    }
  }

  /// The number of cores, the default for `--jobs`.
  public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }
}
