import DockSimCore
import Yams

/// One YAML node together with where it sits: the file, its field path and (through the node's mark)
/// its line. Every typed read checks the node's kind and bounds and, on failure, throws a
/// `InputError` that says what was expected and what was found.
struct NodeReader {
  let node: Node
  /// Dotted field path (`dock.yaw.max_speed_deg_s`, `subjects[1].path[0]`); empty at the top level.
  let path: String
  let file: String

  /// 1-based line of the node.
  var line: Int? { node.mark?.line }

  func child(_ key: String, _ child: Node) -> NodeReader {
    NodeReader(node: child, path: path.isEmpty ? key : "\(path).\(key)", file: file)
  }

  func element(_ index: Int, _ child: Node) -> NodeReader {
    NodeReader(node: child, path: "\(path)[\(index)]", file: file)
  }

  func error(_ message: String) -> InputError {
    InputError(file: file, line: line, field: path.isEmpty ? nil : path, message: message)
  }

  /// "expected <what>, got <this node>"
  func mismatch(_ expected: String) -> InputError {
    error("expected \(expected), got \(shown)")
  }

  var isNull: Bool {
    if case .scalar = node { return node.tagName == .null }
    return false
  }

  /// How the node is named in a message: the scalar as written, or its kind.
  var shown: String {
    switch node {
    case .scalar(let scalar):
      switch node.tagName {
      case .null: return "null"
      case .str: return "the string \"\(Self.shortened(scalar.string))\""
      default: return Self.shortened(scalar.string)
      }
    case .mapping: return "a mapping"
    case .sequence: return "a sequence"
    case .alias: return "an alias"
    }
  }

  /// A scalar as quoted in a message: at most 120 characters, so a megabyte-long value (the wrong
  /// file pasted in) still gives a one-line message.
  static func shortened(_ text: String) -> String {
    text.utf8.count <= 120 ? text : text.prefix(120) + "… (\(text.utf8.count) bytes)"
  }

  // MARK: Typed reads

  /// A finite number within `bounds`. Integers are accepted as numbers.
  func number(_ bounds: NumberBounds) throws(InputError) -> Double {
    guard case .scalar(let scalar) = node, [.int, .float].contains(node.tagName) else {
      throw mismatch(bounds.summary)
    }
    guard let value = YAMLNumber.double(scalar) else {
      throw mismatch(bounds.summary)
    }
    // A non-finite value would poison the whole run (every later state becomes NaN), so say so plainly.
    guard value.isFinite else { throw mismatch("a finite number (\(bounds.summary))") }
    if let broken = bounds.violation(value) { throw mismatch(broken) }
    return value
  }

  /// A whole number within `range`. `2.0` is not an integer here: a count written with a fraction is
  /// more likely a mistake than a convenience.
  func integer(_ range: ClosedRange<Int>) throws(InputError) -> Int {
    let expected = "an integer in \(range.lowerBound) ... \(range.upperBound)"
    guard case .scalar(let scalar) = node, node.tagName == .int, let value = YAMLNumber.int(scalar)
    else { throw mismatch(expected) }
    guard range.contains(value) else { throw mismatch(expected) }
    return value
  }

  /// `true`/`false` (YAML 1.1 also accepts yes/no/on/off).
  func bool() throws(InputError) -> Bool {
    guard case .scalar(let scalar) = node, node.tagName == .bool, let value = Bool.construct(from: scalar)
    else { throw mismatch("true or false") }
    return value
  }

  /// Any non-null scalar as written (so `name: 2024` is the name "2024").
  func string(_ expected: String = "a string") throws(InputError) -> String {
    guard case .scalar(let scalar) = node, !isNull else { throw mismatch(expected) }
    return scalar.string
  }

  /// The elements of a sequence, each with its indexed path. With `maximumCount`, a longer sequence
  /// is refused (naming `what` and the limit) before any element is read.
  func sequence(_ expected: String, maximumCount: Int? = nil, of what: String = "entries")
    throws(InputError) -> [NodeReader]
  {
    guard case .sequence(let sequence) = node else { throw mismatch(expected) }
    if let maximumCount, sequence.count > maximumCount {
      throw error(
        "expected at most \(ScenarioLimits.formatted(maximumCount)) \(what) (a resource limit, "
          + "docs/scenarios.md), got \(ScenarioLimits.formatted(sequence.count))")
    }
    return sequence.enumerated().map { element($0.offset, $0.element) }
  }

  /// The node as a mapping whose keys must be among `allowed`. A null node (a section written with
  /// nothing under it) reads as an empty mapping, so commenting out a section's body keeps defaults.
  func mapping(allowed: [String]) throws(InputError) -> MappingReader {
    try MappingReader(self, allowed: allowed)
  }
}
