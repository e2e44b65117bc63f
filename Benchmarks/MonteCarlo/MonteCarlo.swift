import Benchmark
import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

// Monte Carlo at CI speed (see docs/performance.md, "Monte Carlo at CI speed"): the default suite at
// 50 seeds per scenario, as `docksim run Scenarios --repetitions 50 --jobs 2` runs it, without traces.

let runsPerSecond = BenchmarkMetric.custom(
  "runsPerSecond", polarity: .prefersLarger, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
  // One iteration is the whole suite: every Scenarios/*.yaml with 50 repetitions (1,100 runs), on two
  // worker threads, each repetition a job of its own, folded back into means and statistics exactly
  // as `docksim run` does (`SuiteRunner.run` of the work list). Loading the YAML is not timed.
  Benchmark(
    "default-suite-50-seeds-2-jobs",
    configuration: .init(
      metrics: [.wallClock, runsPerSecond, .peakMemoryResident], timeUnits: .milliseconds,
      warmupIterations: 0, scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 3,
      // Tolerances for `thresholds check` against Thresholds/: a 2× slowdown or half the rate (a
      // shared two-core machine swings that much), and 25 % more memory.
      thresholds: [
        .wallClock: BenchmarkThresholds(relative: [.p90: 100]),
        runsPerSecond: BenchmarkThresholds(relative: [.p90: 50]),
        .peakMemoryResident: BenchmarkThresholds(relative: [.p90: 25]),
      ])
  ) { (benchmark: Benchmark, items: [WorkItem]) in
    let runs = items.reduce(0) { $0 + $1.repetitions }
    for _ in benchmark.scaledIterations {
      let clock = ContinuousClock()
      let started = clock.now
      let results = SuiteRunner.run(items, jobs: 2, tracesDirectory: nil)
      let elapsed = started.duration(to: clock.now)
      precondition(
        results.outcomes.allSatisfy { $0.failure == nil }, "a scenario of the default suite failed")
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      benchmark.measurement(runsPerSecond, Int((Double(runs) / seconds).rounded()))
      blackHole(results)
    }
  } setup: {
    let items = try WorkItem.load(
      paths: [MonteCarloBench.repositoryPath("Scenarios")], overrides: ScenarioOverrides(), repetitions: 50)
    if ProcessInfo.processInfo.environment["DOCKSIM_BENCH_VERBOSE"] != nil {
      let runs = items.reduce(0) { $0 + $1.repetitions }
      FileHandle.standardError.write(Data("MonteCarlo: \(items.count) scenarios, \(runs) runs\n".utf8))
    }
    return items
  }
}

enum MonteCarloBench {
  /// `relative` (a path under the repository root) from the Benchmarks directory (where `swift package
  /// benchmark` runs), or, when started from elsewhere, relative to this file.
  static func repositoryPath(_ relative: String) -> String {
    let path = "../\(relative)"
    if FileManager.default.fileExists(atPath: path) { return path }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // MonteCarlo/
      .deletingLastPathComponent()  // Benchmarks/
      .deletingLastPathComponent()  // repository root
      .appendingPathComponent(relative).path
  }
}
