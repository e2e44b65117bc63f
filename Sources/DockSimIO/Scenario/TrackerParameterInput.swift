import DockSimCore

/// A `docksim replay` option setting one tracker parameter: `--` and the scenario field's name with
/// dashes (`--process-noise-angle` for `process_noise_angle`), taking the values the field does; a
/// boolean with command-line words has its own name (`--cut-edges anchor|center`).
public struct TrackerOption: Sendable {
  public var parameter: ParameterSpec<TrackerParameters>

  /// The option's name without dashes.
  public var name: String {
    if case .boolean(_, let spelling?) = parameter.kind { return spelling.option }
    return parameter.name.replacingOccurrences(of: "_", with: "-")
  }

  /// `--process-noise-angle`
  public var flag: String { "--" + name }

  /// The two words of a boolean spelled on the command line (`anchor`, `center`: true, false).
  public var words: (whenTrue: String, whenFalse: String)? {
    guard case .boolean(_, let spelling?) = parameter.kind else { return nil }
    return (spelling.whenTrue, spelling.whenFalse)
  }

  /// The value's placeholder in help (`number`, `integer`, `degrees`, `anchor|center`).
  public var valueName: String {
    switch parameter.kind {
    case .number: return "number"
    case .degrees: return "degrees"
    case .integer: return "integer"
    case .boolean(_, let spelling): return spelling.map { "\($0.whenTrue)|\($0.whenFalse)" } ?? "true|false"
    }
  }

  /// The option's help: the parameter's doc, then what it takes and its default.
  public var help: String {
    var text = TrackerParameterDocs.line(
      parameter, name: { "--" + $0.replacingOccurrences(of: "_", with: "-") })
    if refusedByGNN { text += " Not with --tracker gnn." }
    return text
  }

  /// Whether `--tracker gnn` refuses it: the GNN reference does not read the parameter.
  public var refusedByGNN: Bool { !parameter.readers.contains(.gnnReference) }
}

/// Tracker parameters given outside a scenario file, as text: `docksim replay`'s options and the values
/// `docksim tune` tries on recorded logs. Each text is read as the YAML scalar the scenario field would
/// be (so `1e-3` and `.inf` mean what they mean there), checked by the same rule, and stored typed
/// through `TrackerParameters.table`.
public enum TrackerParameterInput {
  /// The trackers `docksim replay` runs.
  public static let replayReaders: ParameterReaders = [.multiTargetTracker, .gnnReference]

  /// One option per parameter a replayed tracker reads, in the table's order.
  public static let replayOptions: [TrackerOption] = TrackerParameters.table.entries
    .filter { !$0.readers.isDisjoint(with: replayReaders) }.map { TrackerOption(parameter: $0) }

  /// The parameters without an option: no replayed tracker reads them (`reacquire_frames`).
  public static var notReplayOptions: [ParameterSpec<TrackerParameters>] {
    TrackerParameters.table.entries.filter { $0.readers.isDisjoint(with: replayReaders) }
  }

  /// The parameters `docksim replay`'s options give, for the tracker `tracker` (`.multiTargetTracker`
  /// or `.gnnReference`).
  ///
  /// - Parameter given: Each option's value as typed, by the parameter's name (`process_noise_angle`).
  /// - Throws: `InputError` whose `file` is the option (`--gate`) and whose message says what the option
  ///   expects: an option the tracker does not read, an empty value, a value of the wrong kind or out of
  ///   range, and a value above the field bounding it.
  public static func replayParameters(_ given: [String: String], tracker: ParameterReaders) throws(InputError)
    -> TrackerParameters
  {
    let options = Dictionary(uniqueKeysWithValues: replayOptions.map { ($0.parameter.name, $0) })
    if let unknown = given.keys.sorted().first(where: { options[$0] == nil }) {
      throw InputError(
        file: "--" + unknown.replacingOccurrences(of: "_", with: "-"), message: "not a tracker option")
    }
    for option in replayOptions {
      guard let text = given[option.parameter.name] else { continue }
      if !option.parameter.readers.contains(tracker) {
        throw InputError(
          file: option.flag,
          message:
            "applies to --tracker multi; the GNN reference does not read tracker.\(option.parameter.name) (it has a fixed life cycle, no edge, occlusion or quality rule and no primary choice)"
        )
      }
      if text.isEmpty { throw InputError(file: option.flag, message: "expected a value, got an empty one") }
    }
    let table = TrackerParameters.table
    return try table.resolve(base: table.defaults) { (entry, expected) throws(InputError) in
      guard let text = given[entry.name], let option = options[entry.name] else { return nil }
      if let words = option.words {
        if text == words.whenTrue { return .boolean(true) }
        if text == words.whenFalse { return .boolean(false) }
        throw InputError(
          file: option.flag,
          message: "expected one of '\(words.whenTrue)' and '\(words.whenFalse)', got '\(text)'")
      }
      return try NodeReader.scalar(text, source: option.flag).parameterValue(entry, expected: expected)
    } refuse: { entry, broken, _ in
      NodeReader.scalar(given[entry.name]!, source: options[entry.name]!.flag).mismatch(broken)
    }
  }

  /// `base` with each field (`gate`, as in a scenario's `tracker` section) set to its text read as a
  /// YAML scalar and checked as the scenario reader checks the field.
  ///
  /// - Throws: `InputError` with `file` `source` and the field `tracker.<name>`, for an unknown field
  ///   or a value the field does not allow.
  public static func parameters(
    _ values: [(field: String, text: String)], base: TrackerParameters = TrackerParameters(), source: String
  ) throws(InputError) -> TrackerParameters {
    let table = TrackerParameters.table
    var given: [String: String] = [:]
    for (field, text) in values {
      guard table[name: field] != nil else {
        throw InputError(
          file: source, field: "tracker.\(field)",
          message: MappingReader.unknownFieldMessage(field, allowed: table.names))
      }
      given[field] = text
    }
    return try table.resolve(base: base) { (entry, expected) throws(InputError) in
      try given[entry.name].map { text throws(InputError) in
        try NodeReader.scalar(text, source: source, field: "tracker.\(entry.name)")
          .parameterValue(entry, expected: expected)
      }
    } refuse: { entry, broken, _ in
      NodeReader.scalar(given[entry.name]!, source: source, field: "tracker.\(entry.name)").mismatch(broken)
    }
  }
}
