import DockSimCore
import Foundation

/// Runs many scenarios on a fixed number of worker threads.
///
/// Each worker takes the next scenario index from a shared counter; results land in the slot of their
/// index, so the output order (and every byte written) is the input order whatever the scheduling.
public enum SuiteRunner {
  /// `writeTraces[i]` false skips the trace files of scenario `i` (Monte Carlo repetitions keep one).
  public static func run(
    _ scenarios: [Scenario], jobs: Int, tracesDirectory: String?, writeTraces: [Bool]? = nil,
    progress: (@Sendable (RunOutcome) -> Void)? = nil
  ) -> [RunOutcome] {
    let directories = scenarios.indices.map { (writeTraces?[$0] ?? true) ? tracesDirectory : nil }
    let box = ResultSlots(count: scenarios.count)
    let workers = max(1, min(jobs, scenarios.count))
    if workers == 1 {
      for (i, s) in scenarios.enumerated() {
        let outcome = ScenarioRunner.run(s, tracesDirectory: directories[i])
        box.store(outcome, at: i)
        progress?(outcome)
      }
      return box.all()
    }
    let group = DispatchGroup()
    for _ in 0..<workers {
      group.enter()
      Thread.detachNewThread {
        while let i = box.claim() {
          let outcome = ScenarioRunner.run(scenarios[i], tracesDirectory: directories[i])
          box.store(outcome, at: i)
          progress?(outcome)
        }
        group.leave()
      }
    }
    group.wait()
    return box.all()
  }

  /// The number of cores, the default for `--jobs`.
  public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }
}

/// Slots for results and a work counter, behind a lock.
private final class ResultSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [RunOutcome?]
  private var next = 0
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < slots.count else { return nil }
    next += 1
    return next - 1
  }
  func store(_ outcome: RunOutcome, at i: Int) {
    lock.lock()
    slots[i] = outcome
    lock.unlock()
  }
  func all() -> [RunOutcome] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0! }
  }
}
