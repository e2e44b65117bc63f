import DockSimCore
import Foundation
import Synchronization

/// Runs many scenarios on a fixed number of worker threads.
///
/// Each worker takes the next scenario index from a shared counter; results land in the slot of their
/// index, so the output order (and every byte written) is the input order whatever the scheduling.
public enum SuiteRunner {
  /// `writeTraces[i]` false skips the trace files of scenario `i` (Monte Carlo repetitions keep one).
  /// `measureComputeTime` fills each outcome's `timing` (the results are the same either way).
  /// Once `isCancelled` returns true no scenario starts and running ones stop at their next frame
  /// (without trace files); their outcomes, and those never started, are failures ("interrupted").
  /// `frames`, when given, counts every simulated frame and finished run, for a progress display.
  public static func run(
    _ scenarios: [Scenario], jobs: Int, tracesDirectory: String?, writeTraces: [Bool]? = nil,
    measureComputeTime: Bool = false, isCancelled: (@Sendable () -> Bool)? = nil,
    progress: (@Sendable (RunOutcome) -> Void)? = nil, frames: RunProgress? = nil
  ) -> [RunOutcome] {
    let directories = scenarios.indices.map { (writeTraces?[$0] ?? true) ? tracesDirectory : nil }
    // The runner asks whether to stop once a frame; that question is the frame count's tick too, so
    // counting needs no hook in the simulation (and cannot change what it computes).
    var check = isCancelled
    if let frames {
      check = { @Sendable in
        frames.frameDone()
        return isCancelled?() ?? false
      }
    }
    let perFrame = check
    let results = ParallelJobs.run(
      count: scenarios.count, jobs: jobs, isCancelled: isCancelled,
      work: { i in
        ScenarioRunner.run(
          scenarios[i], tracesDirectory: directories[i], measureComputeTime: measureComputeTime,
          isCancelled: perFrame)
      },
      completed: { _, outcome in
        frames?.runDone()
        progress?(outcome)
      })
    return zip(scenarios, results).map { scenario, outcome in
      outcome ?? RunOutcome(name: scenario.name, seed: scenario.seed, result: nil, failure: "interrupted")
    }
  }

  /// The number of cores, the default for `--jobs`.
  public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }
}

/// How far a run has got, counted as workers simulate frames and finish runs, for a progress display
/// (read from another thread; never written to a result file).
///
/// Every worker counts every frame, so the counters are atomics rather than a lock: a lock taken once a
/// frame by every worker is a cache line the cores hand back and forth (and a futex wait when they
/// collide), paid whether or not anything displays progress.
public final class RunProgress: Sendable {
  /// Runs planned (every Monte Carlo repetition counts).
  public let plannedRuns: Int
  /// Frames planned: each run's duration times its frame rate.
  public let plannedFrames: Int
  private let frames = Atomic<Int>(0)
  private let runs = Atomic<Int>(0)

  /// Plans the runs of `scenarios`.
  public init(_ scenarios: [Scenario]) {
    plannedRuns = scenarios.count
    plannedFrames = scenarios.reduce(0) { $0 + Int(($1.duration.seconds * $1.frameRateHz).rounded(.up)) }
  }

  /// Frames simulated (at most `plannedFrames`) and runs finished so far.
  public var done: (frames: Int, runs: Int) {
    (min(frames.load(ordering: .relaxed), plannedFrames), runs.load(ordering: .relaxed))
  }

  func frameDone() { frames.wrappingAdd(1, ordering: .relaxed) }

  func runDone() { runs.wrappingAdd(1, ordering: .relaxed) }
}
