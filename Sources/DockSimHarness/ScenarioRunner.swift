import DockSimCore
import DockSimIO
import Foundation

/// Runs one scenario and streams its trace to `<traces>/<name>.csv`.
public enum ScenarioRunner {
  /// Runs `scenario`; the trace file appears only if the run finishes.
  ///
  /// With `measureComputeTime` the outcome's `timing` holds the wall time of the tracker and
  /// controller (also when the run stopped on an error: up to that frame); it never changes the
  /// result or the traces. Once `isCancelled` returns true (checked every frame) the run stops with
  /// a failure outcome and writes no trace file.
  public static func run(
    _ scenario: Scenario, tracesDirectory: String?, measureComputeTime: Bool = false,
    isCancelled: (@Sendable () -> Bool)? = nil
  ) -> RunOutcome {
    var simulation: Simulation
    do { simulation = try Simulation(scenario: scenario) } catch {
      return RunOutcome(name: scenario.name, seed: scenario.seed, result: nil, failure: "\(error)")
    }
    simulation.measuresComputeTime = measureComputeTime
    do {
      let result = try run(&simulation, tracesDirectory: tracesDirectory, isCancelled: isCancelled)
      return RunOutcome(
        name: scenario.name, seed: scenario.seed, result: result, failure: nil,
        expectations: result.check(scenario.expectations), timing: simulation.computeTiming)
    } catch {
      var outcome = RunOutcome(
        name: scenario.name, seed: scenario.seed, result: nil, failure: "\(error)",
        timing: simulation.computeTiming)
      outcome.ioFailure = error as? IOFailure
      return outcome
    }
  }

  /// What follows a scenario's name in its trace files' names, in `traces/`: frames, objects, events,
  /// observation log.
  public static let traceSuffixes = [".csv", ".objects.csv", ".events.csv", ".observations.csv"]

  /// The trace files of a scenario named `name` (`traceSuffixes`). Two names can give one file
  /// (`x`'s `x.objects.csv` is `x.objects`'s frames), so `docksim run` refuses such a pair before
  /// running (`traceCollision`).
  public static func traceFileNames(_ name: String) -> [String] {
    traceSuffixes.map { name + $0 }
  }

  /// The first trace file two scenarios of `names` would both write: the file and the two indices.
  public static func traceCollision(_ names: [String]) -> (file: String, first: Int, second: Int)? {
    var owner: [String: Int] = [:]
    for (i, name) in names.enumerated() {
      for file in traceFileNames(name) {
        if let j = owner[file], j != i { return (file, j, i) }
        owner[file] = i
      }
    }
    return nil
  }

  /// Runs `simulation` to the end, writing its traces into `tracesDirectory` when given.
  private static func run(
    _ simulation: inout Simulation, tracesDirectory: String?, isCancelled: (@Sendable () -> Bool)?
  ) throws -> ScenarioResult {
    let scenario = simulation.scenario
    guard let dir = tracesDirectory else {
      var sink = CancellableSink(inner: DiscardingSink(), isCancelled: isCancelled)
      return try simulation.run(trace: &sink)
    }
    let names = traceFileNames(scenario.name)
    let frames = try TraceCSVSink(path: (dir as NSString).appendingPathComponent(names[0]))
    let objects = try ObjectsCSVSink(
      path: (dir as NSString).appendingPathComponent(names[1]),
      camera: scenario.camera, matchThreshold: scenario.matchThreshold)
    let events = try EventsCSVSink(path: (dir as NSString).appendingPathComponent(names[2]))
    let log = try ObservationLogSink(path: (dir as NSString).appendingPathComponent(names[3]))
    var sink = PairSink(
      first: PairSink(first: frames, second: objects), second: PairSink(first: events, second: log))
    do {
      var checked = CancellableSink(inner: sink, isCancelled: isCancelled)
      defer { sink = checked.inner }
      let result = try simulation.run(trace: &checked)
      // All four files appear, or none.
      try sink.commit()
      return result
    } catch {
      sink.abort()
      throw error
    }
  }
}

/// Two sinks fed the same records.
public struct PairSink<A: TraceSink, B: TraceSink>: TraceSink {
  public var first: A
  public var second: B
  public init(first: A, second: B) {
    self.first = first
    self.second = second
  }
  public mutating func write(_ record: FrameRecord) throws {
    try first.write(record)
    try second.write(record)
  }
}

/// Two files committed (or aborted) together, the first's first.
extension PairSink: CommittableSink where A: CommittableSink, B: CommittableSink {
  public func commit() throws {
    try first.commit()
    try second.commit()
  }

  public func abort() {
    first.abort()
    second.abort()
  }
}

/// The error a cancelled run stops with.
public struct RunCancelled: Error, CustomStringConvertible {
  public var description: String { "interrupted" }
}

/// Passes records on to `inner` until `isCancelled` returns true, then throws `RunCancelled`, which
/// stops the simulation at that frame.
struct CancellableSink<Inner: TraceSink>: TraceSink {
  var inner: Inner
  let isCancelled: (@Sendable () -> Bool)?
  mutating func write(_ record: FrameRecord) throws {
    if isCancelled?() == true { throw RunCancelled() }
    try inner.write(record)
  }
}

/// A trace sink that keeps nothing (for runs that only need metrics).
public struct DiscardingSink: TraceSink {
  public init() {}
  public mutating func write(_ record: FrameRecord) throws {}
}
