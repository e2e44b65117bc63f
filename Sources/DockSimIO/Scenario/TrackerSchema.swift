import DockSimCore
import Yams

/// The `tracker` section: the built-in EKF's noise model, initial uncertainty and track management.
/// Every field, its bounds and its default come from `TrackerParameters.table`; only the angle fields
/// (`_deg`, `_deg_s`) carry degrees, the rest are in the core's units (see `docs/scenarios.md`).
enum TrackerSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec(
    TrackerParameters.table.entries.map { entry in
      FieldSpec(
        entry.name, fieldKind(entry, in: TrackerParameters.table),
        description: TrackerParameterDocs.description(entry))
    })

  /// The scenario field of a table entry. A field bounded by another is bounded by that field's largest
  /// value here; `read` checks the rule itself.
  static func fieldKind<Root>(_ entry: ParameterSpec<Root>, in table: ParameterTable<Root>) -> FieldKind {
    switch entry.kind {
    case .number(_, let bounds), .degrees(_, let bounds): return .number(bounds)
    case .integer: return .integer(table.widestRange(of: entry)!)
    case .boolean: return .boolean
    }
  }

  static func read(_ m: MappingReader) throws(InputError) -> TrackerParameters {
    try m.read(TrackerParameters.table)
  }
}

extension MappingReader {
  /// The table's defaults with the fields this mapping gives, each checked as `ParameterTable.resolve`
  /// says (a field bounded by another against that field's value, and lowered to it when absent).
  func read<Root>(_ table: ParameterTable<Root>) throws(InputError) -> Root {
    try table.resolve(base: table.defaults) { (entry, expected) throws(InputError) in
      try self[entry.name]?.parameterValue(entry, expected: expected)
    } refuse: { entry, broken, _ in
      self[entry.name]!.mismatch(broken)
    }
  }
}

extension NodeReader {
  /// The scalar as a value of `entry`'s kind, read as a scenario field of that kind is: a number (an
  /// integer is one too), an integer (`2.0` is not), or `true`/`false` (YAML 1.1 also accepts
  /// yes/no/on/off). `expected` is what the entry expects, for the message; bounds are checked by the
  /// table.
  func parameterValue<Root>(_ entry: ParameterSpec<Root>, expected: String) throws(InputError)
    -> ParameterValue
  {
    guard case .scalar(let scalar) = node else { throw mismatch(expected) }
    switch entry.kind {
    case .number, .degrees:
      guard [.int, .float].contains(node.tagName), let value = YAMLNumber.double(scalar) else {
        throw mismatch(expected)
      }
      return .number(value)
    case .integer:
      guard node.tagName == .int, let value = YAMLNumber.int(scalar) else { throw mismatch(expected) }
      return .integer(value)
    case .boolean:
      guard node.tagName == .bool, let value = Bool.construct(from: scalar) else { throw mismatch(expected) }
      return .boolean(value)
    }
  }

  /// `text` as a plain YAML scalar (`0.3`, `1e-3`, `.inf`, `true`), for a value given outside a file
  /// (a command-line option, a tuned value); `source` names it in messages.
  static func scalar(_ text: String, source: String, field: String = "") -> NodeReader {
    NodeReader(node: .scalar(.init(text)), path: field, file: source)
  }
}
