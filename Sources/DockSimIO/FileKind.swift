import Foundation
import Yams

/// What a DockSim input file is, told by its content rather than its name, so that a file given to
/// the wrong command is refused with what it is and which command takes it (a tuning specification
/// given to `run` would otherwise fail as a scenario with a puzzling "unknown field 'tune'").
public enum FileKind: Sendable, Equatable {
  /// A scenario: a mapping with `name`, `seed`, `duration_s` or `subjects`.
  case scenario
  /// A suite: a mapping with `suite:`.
  case suite
  /// A tuning specification: a mapping with `tune:`.
  case tuneSpec
  /// The gate's tolerances: a mapping with `metrics:`.
  case tolerances
  /// An overlay of scenario fields (`run --params`, tune's `best.yaml`): scenario sections only,
  /// without a scenario's identity (`name`, `seed`, `duration_s`, `subjects`).
  case parameters
  /// An observation log recorded on a phone (its header is `ObservationLog.columns`).
  case observationLog
  /// Another comma-separated table: a run's results, a baseline, a trace.
  case table

  /// Says what the file is, for messages: "a tuning specification (`tune:`)".
  public var description: String {
    switch self {
    case .scenario: "a scenario"
    case .suite: "a suite (`suite:`)"
    case .tuneSpec: "a tuning specification (`tune:`)"
    case .tolerances: "a gate tolerance file (`metrics:`)"
    case .parameters: "a parameter overlay (scenario fields without a name, seed or subjects)"
    case .observationLog: "an observation log (CSV)"
    case .table: "a CSV table (a run's results, a baseline or a trace)"
    }
  }

  /// Which command takes a file of this kind, for messages.
  public var takenBy: String {
    switch self {
    case .scenario, .suite: "`docksim run` and `docksim validate` take it"
    case .tuneSpec: "`docksim tune` takes it"
    case .tolerances: "`docksim gate --tolerances` and `docksim report --tolerances` take it"
    case .parameters: "`docksim run --params` and `docksim validate --params` take it"
    case .observationLog: "`docksim replay` takes it"
    case .table: "`docksim gate` and `docksim report` read a run's tables"
    }
  }

  /// Scenario fields that only a whole scenario has, never an overlay.
  static let identity = ["name", "seed", "duration_s", "subjects"]

  /// The kind of the file at `path`, or nil when its content does not say (unreadable, not YAML, an
  /// empty file, a mapping of unknown fields): the reader the command meant then reports the problem.
  public static func recognise(path: String) -> FileKind? {
    guard let text = try? ScenarioFiles.read(path: path) else { return nil }
    return recognise(text: text, file: path)
  }

  /// The kind of `text` (see `recognise(path:)`); `file` only names it in the YAML shape check.
  public static func recognise(text: String, file: String) -> FileKind? {
    // CSV and YAML both allow `#` comments; the first other line tells a table's header from YAML.
    let firstLine =
      text.split(whereSeparator: \.isNewline).first {
        let t = $0.trimmingCharacters(in: .whitespaces)
        return !t.isEmpty && !t.hasPrefix("#")
      } ?? ""
    if firstLine.contains(","), !firstLine.contains(":") {
      let header = firstLine.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      return header.starts(with: ObservationLog.columns.prefix(2)) ? .observationLog : .table
    }
    // Bounded aliases and nesting first, as every YAML reader here does.
    guard let root = try? YAMLShape.compose(text, file: file), case .mapping(let mapping) = root
    else { return nil }
    let keys = Set(mapping.keys.compactMap(\.string))
    if keys.contains("suite") { return .suite }
    if keys.contains("tune") { return .tuneSpec }
    if !keys.isDisjoint(with: identity) { return .scenario }
    if keys.contains("metrics") { return .tolerances }
    if !keys.isEmpty, keys.isSubset(of: ScenarioSchema.fields) { return .parameters }
    return nil
  }

  /// Refuses a file that is neither a scenario nor a suite, saying what it is and which command takes
  /// it; returns its kind (nil when its content does not say, to be read as a scenario).
  public static func requireScenarioOrSuite(_ path: String) throws(InputError) -> FileKind? {
    let kind = recognise(path: path)
    guard let kind, kind != .scenario, kind != .suite else { return kind }
    throw InputError(
      file: path, message: "is \(kind.description), not a scenario or a suite; \(kind.takenBy)")
  }
}
