import DockSimCore
import DockSimIO

/// A dataset expanded into what one candidate evaluation runs: scenario files with their suite's
/// overrides and seeds, and recorded logs already read.
struct TuneData: Sendable {
  /// A scenario file with its suite's overrides, repetitions and seed offset, as every command
  /// expands it; the candidate's values go on top when it is loaded.
  typealias ScenarioUnit = ExpandedScenario
  struct LogUnit: Sendable {
    var spec: TuneLog
    var frames: [LoggedFrame]
    var reference: [ReferencePoint]?
  }
  var scenarios: [ScenarioUnit]
  var logs: [LogUnit]

  /// Expands `dataset`: suites into their files, directories into their `*.yaml`, logs read and
  /// checked. Errors name the file.
  init(_ dataset: TuneDataset) throws {
    scenarios = try SuiteExpansion(paths: dataset.scenarios).scenarios
    logs = try dataset.logs.map { l in
      let frames = try ObservationLog.read(path: l.log)
      let reference = try l.reference.map { try ReferenceTrack.read(path: $0) }
      if let reference, let path = l.reference {
        // A reference for another recording would score nothing and silently drop out of the objective.
        let logFrames = Set(frames.map(\.frame))
        guard reference.contains(where: { logFrames.contains($0.frame) }) else {
          throw InputError(
            file: path, field: "frame",
            message:
              "no frame in common with the log \(l.log) (reference frames \(reference[0].frame)...\(reference[reference.count - 1].frame), log frames \(frames.first?.frame ?? 0)...\(frames.last?.frame ?? 0))"
          )
        }
      }
      return LogUnit(spec: l, frames: frames, reference: reference)
    }
  }

  /// Scenario runs per candidate (every repetition counts).
  var runCount: Int { scenarios.reduce(0) { $0 + $1.repetitions } }

  /// Loads scenario `unit` with the candidate's values on top of the suite's overrides, seeded as
  /// its repetition 0 (the suite's seed offset applied).
  func load(_ unit: ScenarioUnit, space: SearchSpace, values: [String]?) throws -> Scenario {
    var candidate = unit
    if let values { candidate.overrides = try space.overrides(values, on: unit.overrides) }
    return try candidate.load()
  }
}
