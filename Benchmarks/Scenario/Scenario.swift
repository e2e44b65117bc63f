import Benchmark
import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

// One full closed-loop run of Scenarios/walk-across.yaml (24 simulated seconds: 24,000 physics
// ticks at 1 kHz, 720 camera frames at 30 fps) through `Simulation`, with the trace discarded.
// The YAML is loaded once, before the measurement; each iteration builds a fresh `Simulation`
// and runs it to the end.
//
// realTimeFactor = simulated seconds / wall-clock seconds of that run (how many times faster than
// real time the simulation runs on one core), rounded to an integer, larger is better.

let realTimeFactor = BenchmarkMetric.custom("realTimeFactor", polarity: .prefersLarger, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, realTimeFactor, .mallocCountTotal],
    timeUnits: .microseconds,
    warmupIterations: 2,
    scalingFactor: .one,
    maxDuration: .seconds(5),
    maxIterations: 200,
    // Tolerances for `thresholds check` against Thresholds/: a 2× slowdown (whole runs on a shared
    // two-core machine swing by half when another process competes), and 10% more allocations.
    thresholds: [
      .wallClock: BenchmarkThresholds(relative: [.p90: 100]),
      realTimeFactor: BenchmarkThresholds(relative: [.p90: 50]),
      .mallocCountTotal: BenchmarkThresholds(relative: [.p90: 10]),
    ]
  )

  Benchmark("walk-across-full-run") { benchmark, scenario in
    let simulated = scenario.duration.seconds
    for _ in benchmark.scaledIterations {
      let clock = ContinuousClock()
      let started = clock.now
      var simulation = try Simulation(scenario: scenario)
      var sink = DiscardingSink()
      let result = try simulation.run(trace: &sink)
      let elapsed = started.duration(to: clock.now)
      blackHole(result)
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      benchmark.measurement(realTimeFactor, Int((simulated / seconds).rounded()))
    }
  } setup: {
    try ScenarioBench.load("walk-across")
  }
}

enum ScenarioBench {
  /// Loads `Scenarios/<name>.yaml` by the path relative to the Benchmarks directory (where
  /// `swift package benchmark` runs), or, when started from elsewhere, relative to this file.
  static func load(_ name: String) throws -> DockSimCore.Scenario {
    var path = "../Scenarios/\(name).yaml"
    if !FileManager.default.fileExists(atPath: path) {
      path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Scenario/
        .deletingLastPathComponent()  // Benchmarks/
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Scenarios/\(name).yaml").path
    }
    if ProcessInfo.processInfo.environment["DOCKSIM_BENCH_VERBOSE"] != nil {
      FileHandle.standardError.write(Data("Scenario: loading \(path)\n".utf8))
    }
    return try ScenarioLoader.load(path: path)
  }
}
