import DockSimCore
import DockSimIO
import Foundation

/// Runs one scenario and streams its trace to `<traces>/<name>.csv`.
public enum ScenarioRunner {
  /// Runs `scenario`; the trace file appears only if the run finishes.
  public static func run(_ scenario: Scenario, tracesDirectory: String?) -> RunOutcome {
    do {
      var simulation = try Simulation(scenario: scenario)
      if let dir = tracesDirectory {
        var sink = try TraceCSVSink(path: (dir as NSString).appendingPathComponent("\(scenario.name).csv"))
        do {
          let result = try simulation.run(trace: &sink)
          try sink.commit()
          return RunOutcome(name: scenario.name, seed: scenario.seed, result: result, failure: nil)
        } catch {
          sink.abort()
          throw error
        }
      }
      var sink = DiscardingSink()
      let result = try simulation.run(trace: &sink)
      return RunOutcome(name: scenario.name, seed: scenario.seed, result: result, failure: nil)
    } catch {
      return RunOutcome(name: scenario.name, seed: scenario.seed, result: nil, failure: "\(error)")
    }
  }
}

/// A trace sink that keeps nothing (for runs that only need metrics).
public struct DiscardingSink: TraceSink {
  public init() {}
  public mutating func write(_ record: FrameRecord) throws {}
}
