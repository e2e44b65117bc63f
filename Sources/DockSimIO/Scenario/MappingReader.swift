import DockSimCore
import Yams

/// A YAML mapping whose keys have been checked against the fields a section allows.
///
/// Merge keys (`<<: *axis`) are honoured: merged entries come first and the mapping's own keys override
/// them, as YAML 1.1 specifies, so `pitch: { <<: *yaw_axis, range_deg: [-30, 30] }` works. Duplicate
/// keys never reach here: Yams rejects them while composing.
struct MappingReader {
  let reader: NodeReader
  private var values: [String: NodeReader] = [:]

  init(_ reader: NodeReader, allowed: [String]) throws(InputError) {
    self.reader = reader
    if reader.isNull { return }
    guard case .mapping(let mapping) = reader.node else {
      throw reader.mismatch("a mapping with the fields \(allowed.joined(separator: ", "))")
    }
    for (key, value) in try Self.flatten(mapping, reader) {
      guard case .scalar(let scalar) = key else {
        throw InputError(
          file: reader.file, line: key.mark?.line, field: reader.path.isEmpty ? nil : reader.path,
          message: "expected a field name, got a \(key.mapping != nil ? "mapping" : "sequence") as a key")
      }
      let name = scalar.string
      guard allowed.contains(name) else {
        // Point at the key's own line: in a long section that is where the typo is.
        throw reader.child(name, key).error(Self.unknownFieldMessage(name, allowed: allowed))
      }
      values[name] = reader.child(name, value)
    }
  }

  /// Pairs in override order: merged pairs first, so a later assignment of the same key wins.
  private static func flatten(_ mapping: Node.Mapping, _ reader: NodeReader) throws(InputError)
    -> [(Node, Node)]
  {
    var merged: [(Node, Node)] = []
    var own: [(Node, Node)] = []
    for (key, value) in mapping {
      guard key.tagName == .merge else {
        own.append((key, value))
        continue
      }
      let sources: [Node]
      switch value {
      case .mapping: sources = [value]
      case .sequence(let sequence): sources = Array(sequence)
      default: sources = []
      }
      let mappings = sources.compactMap(\.mapping)
      guard !mappings.isEmpty, mappings.count == sources.count else {
        throw reader.child("<<", value).mismatch("a mapping or a sequence of mappings to merge")
      }
      // In a merge list the first mapping takes precedence, so apply them last to first.
      for source in mappings.reversed() { merged += try flatten(source, reader) }
    }
    return merged + own
  }

  static func unknownFieldMessage(_ name: String, allowed: [String]) -> String {
    var message = "unknown field '\(name)'"
    if let guess = Suggestion.closest(to: name, among: allowed) { message += " (did you mean '\(guess)'?)" }
    return message + "; expected one of: \(allowed.joined(separator: ", "))"
  }

  /// The value of `key`, or nil when absent.
  subscript(key: String) -> NodeReader? { values[key] }

  /// The value of `key`; when absent, an error on the mapping naming the field and what it expects.
  func required(_ key: String, expecting expected: String) throws(InputError) -> NodeReader {
    guard let value = values[key] else {
      let field = reader.path.isEmpty ? key : "\(reader.path).\(key)"
      throw InputError(
        file: reader.file, line: reader.line, field: field,
        message: "missing required field; expected \(expected)")
    }
    return value
  }

  // MARK: Typed fields

  func number(_ key: String, _ bounds: NumberBounds, default value: Double) throws(InputError) -> Double {
    try values[key]?.number(bounds) ?? value
  }

  func number(_ key: String, _ bounds: NumberBounds) throws(InputError) -> Double {
    try required(key, expecting: bounds.summary).number(bounds)
  }

  /// An angle written in degrees, returned in radians; the default is in radians and is returned
  /// untouched, so an absent field gives exactly the core's default.
  func degrees(_ key: String, _ bounds: NumberBounds, defaultRadians: Double) throws(InputError) -> Double {
    guard let value = values[key] else { return defaultRadians }
    return Angle.radians(degrees: try value.number(bounds))
  }

  func integer(_ key: String, _ range: ClosedRange<Int>, default value: Int) throws(InputError) -> Int {
    try values[key]?.integer(range) ?? value
  }

  func bool(_ key: String, default value: Bool) throws(InputError) -> Bool {
    try values[key]?.bool() ?? value
  }

  /// An optional sub-section; absent reads as an empty mapping, so every field takes its default.
  func section(_ key: String, allowed: [String]) throws(InputError) -> MappingReader {
    if let value = values[key] { return try value.mapping(allowed: allowed) }
    // The stand-in carries the parent's mark, so a cross-field error about a default still has a line.
    let absent = Node.scalar(.init("", Tag(.null), .plain, reader.node.mark))
    return try MappingReader(reader.child(key, absent), allowed: allowed)
  }
}
