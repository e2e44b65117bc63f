import Benchmark
import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

// Whole-run benchmarks of `Simulation` (see docs/performance.md, "Whole-run speed and allocations").
//
// realTimeFactor = simulated seconds / wall-clock seconds of that run (how many times faster than
// real time the simulation runs on one core), rounded to an integer, larger is better.

let realTimeFactor = BenchmarkMetric.custom(
  "realTimeFactor", polarity: .prefersLarger, useScalingFactor: false)

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

  // One full closed-loop run of Scenarios/walk-across.yaml (24 simulated seconds: 24,000 physics
  // ticks at 1 kHz, 720 camera frames at 30 fps) through `Simulation`, with the trace discarded.
  // The YAML is loaded once, before the measurement; each iteration builds a fresh `Simulation`
  // and runs it to the end.
  Benchmark("walk-across-full-run") { benchmark, scenario in
    for _ in benchmark.scaledIterations { ScenarioBench.fullRun(scenario, benchmark) }
  } setup: {
    try ScenarioBench.load("walk-across")
  }

  // The speed target: Scenarios/benchmarks/four-people-60s.yaml, 60 s with four people (eight boxes
  // a frame), 60,000 physics ticks and 1,800 frames, no traces.
  Benchmark("four-people-60s-no-traces") { benchmark, scenario in
    for _ in benchmark.scaledIterations { ScenarioBench.fullRun(scenario, benchmark) }
  } setup: {
    try ScenarioBench.load("benchmarks/four-people-60s")
  }

  // The default suite (every Scenarios/*.yaml, as `docksim run Scenarios`) on two worker threads,
  // writing all three trace files of every scenario to a temporary directory, as `docksim run` does
  // (without summary.csv and the table). Loading the YAML is not timed.
  Benchmark(
    "default-suite-traces-2-jobs",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .milliseconds,
      warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10,
      thresholds: [
        .wallClock: BenchmarkThresholds(relative: [.p90: 100]),
        .mallocCountTotal: BenchmarkThresholds(relative: [.p90: 10]),
      ])
  ) { (benchmark: Benchmark, scenarios: [DockSimCore.Scenario]) in
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("docksim-bench-\(ProcessInfo.processInfo.processIdentifier)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for _ in benchmark.scaledIterations {
      let outcomes: [RunOutcome] = SuiteRunner.run(scenarios, jobs: 2, tracesDirectory: directory)
      precondition(outcomes.allSatisfy { $0.failure == nil }, "a scenario of the default suite failed")
      blackHole(outcomes)
    }
  } setup: {
    let root = ScenarioBench.repositoryPath("Scenarios")
    return try ScenarioLoader.loadAll(paths: [root]).map(\.scenario)
  }

  // Allocations of the simulation loop in steady state: one iteration is exactly one camera frame
  // (and the 33 or 34 physics ticks up to the next), so mallocCountTotal reads as mallocs per frame.
  // The setup builds the simulation of four-people-60s stretched to an hour (so that it never runs
  // out) and runs 20 s of it first: every buffer has reached its working size by then.
  Benchmark(
    "steady-state-mallocs-per-frame",
    configuration: .init(
      metrics: [.mallocCountTotal, .wallClock], timeUnits: .microseconds, warmupIterations: 30,
      scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 3000,
      thresholds: [
        .mallocCountTotal: BenchmarkThresholds(absolute: [.p50: 0, .p90: 0]),
        .wallClock: BenchmarkThresholds(relative: [.p90: 100]),
      ])
  ) { (benchmark: Benchmark, state: SteadyState) in
    for _ in benchmark.scaledIterations { try state.advanceOneFrame() }
  } setup: {
    var scenario = try ScenarioBench.load("benchmarks/four-people-60s")
    scenario.duration = SimDuration(seconds: 3600)
    let state = try SteadyState(scenario: scenario)
    try state.advance(seconds: 20)
    return state
  }

  // Peak resident memory of an hour with sixteen people (3.6 M physics ticks, 108,000 frames), no
  // traces: nothing in the loop or the metrics may grow with the number of frames.
  Benchmark(
    "sixteen-people-1h-peak-memory",
    configuration: .init(
      metrics: [.peakMemoryResident, .wallClock, realTimeFactor], timeUnits: .seconds, warmupIterations: 0,
      scalingFactor: .one, maxDuration: .seconds(1), maxIterations: 1,
      thresholds: [
        .peakMemoryResident: BenchmarkThresholds(relative: [.p90: 25]),
        .wallClock: BenchmarkThresholds(relative: [.p90: 100]),
        realTimeFactor: BenchmarkThresholds(relative: [.p90: 50]),
      ])
  ) { benchmark, scenario in
    for _ in benchmark.scaledIterations { ScenarioBench.fullRun(scenario, benchmark) }
  } setup: {
    try ScenarioBench.load("benchmarks/sixteen-people-1h")
  }
}

/// A simulation kept between iterations, advanced a frame at a time.
final class SteadyState: @unchecked Sendable {
  var simulation: Simulation
  var sink = DiscardingSink()
  let frames: RateSchedule
  let tickMicros: Int64

  init(scenario: DockSimCore.Scenario) throws {
    simulation = try Simulation(scenario: scenario)
    frames = RateSchedule(rateHz: scenario.frameRateHz)
    tickMicros = Int64(1_000_000 / scenario.physicsRateHz)
  }

  func advance(seconds: Double) throws {
    try simulation.advance(until: simulation.now + SimDuration(seconds: seconds), trace: &sink)
  }

  /// Runs through the physics tick that produces the next frame (the first tick at or after the
  /// frame's scheduled instant, as `Simulation` fires frames), including that tick's motor step.
  func advanceOneFrame() throws {
    let next = (simulation.lastRecord?.frame ?? -1) + 1
    let due = frames.time(of: next).microseconds
    let tick = (due + tickMicros - 1) / tickMicros * tickMicros
    try simulation.advance(until: SimTime(microseconds: tick + 1), trace: &sink)
  }
}

enum ScenarioBench {
  /// One full run of `scenario`, reporting its real-time factor.
  static func fullRun(_ scenario: DockSimCore.Scenario, _ benchmark: Benchmark) {
    let simulated = scenario.duration.seconds
    let clock = ContinuousClock()
    let started = clock.now
    do {
      var simulation = try Simulation(scenario: scenario)
      var sink = DiscardingSink()
      let result = try simulation.run(trace: &sink)
      blackHole(result)
    } catch {
      fatalError("\(scenario.name): \(error)")
    }
    let elapsed = started.duration(to: clock.now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    benchmark.measurement(realTimeFactor, Int((simulated / seconds).rounded()))
  }

  /// `relative` (a path under the repository root) from the Benchmarks directory (where `swift package
  /// benchmark` runs), or, when started from elsewhere, relative to this file.
  static func repositoryPath(_ relative: String) -> String {
    let path = "../\(relative)"
    if FileManager.default.fileExists(atPath: path) { return path }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Scenario/
      .deletingLastPathComponent()  // Benchmarks/
      .deletingLastPathComponent()  // repository root
      .appendingPathComponent(relative).path
  }

  /// Loads `Scenarios/<name>.yaml`.
  static func load(_ name: String) throws -> DockSimCore.Scenario {
    let path = repositoryPath("Scenarios/\(name).yaml")
    if ProcessInfo.processInfo.environment["DOCKSIM_BENCH_VERBOSE"] != nil {
      FileHandle.standardError.write(Data("Scenario: loading \(path)\n".utf8))
    }
    return try ScenarioLoader.load(path: path)
  }
}
