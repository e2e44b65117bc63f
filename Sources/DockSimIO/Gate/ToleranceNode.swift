import Yams

/// A node of a tolerance file with its file and dotted field path, so that every error names the
/// file, line, column and field, and says what was expected.
struct ToleranceNode {
  let node: Node
  /// Dotted field path (`metrics.idf1.abs`); empty at the top level.
  let path: String
  let file: String

  func error(_ message: String) -> InputError {
    InputError(
      file: file, line: node.mark?.line, column: node.mark?.column, field: path.isEmpty ? nil : path,
      message: message)
  }

  /// "expected <what>, got <this node>"
  func mismatch(_ expected: String) -> InputError {
    error("expected \(expected), got \(NodeReader(node: node, path: path, file: file).shown)")
  }

  var isNull: Bool {
    if case .scalar = node { return node.tagName == .null }
    return false
  }

  /// The entries of a mapping in file order: each key's text, the key as a node (for errors that point
  /// at the key) and the value. A null node (a section with nothing under it) has no entries.
  func entries(_ expected: String) throws(InputError) -> [(
    name: String, key: ToleranceNode, value: ToleranceNode
  )] {
    if isNull { return [] }
    guard case .mapping(let mapping) = node else { throw mismatch(expected) }
    var out: [(name: String, key: ToleranceNode, value: ToleranceNode)] = []
    for (key, value) in mapping {
      let keyNode = ToleranceNode(node: key, path: path, file: file)
      guard case .scalar(let scalar) = key, key.tagName != .merge else {
        throw keyNode.error(
          "expected a plain name as a key (merge keys are not supported), got a \(kind(key))")
      }
      let name = scalar.string
      let childPath = path.isEmpty ? name : "\(path).\(name)"
      out.append(
        (
          name, ToleranceNode(node: key, path: childPath, file: file),
          ToleranceNode(node: value, path: childPath, file: file)
        ))
    }
    return out
  }

  private func kind(_ node: Node) -> String {
    switch node {
    case .scalar: return "scalar"
    case .mapping: return "mapping"
    case .sequence: return "sequence"
    case .alias: return "alias"
    }
  }

  /// A finite number ≥ 0 (integers accepted).
  func nonNegativeNumber() throws(InputError) -> Double {
    let expected = "a finite number ≥ 0"
    guard case .scalar(let scalar) = node, [.int, .float].contains(node.tagName),
      let value = YAMLNumber.double(scalar)
    else { throw mismatch(expected) }
    guard value.isFinite, value >= 0 else { throw mismatch(expected) }
    return value
  }

  /// A whole number in `range` (`2.0` is not one).
  func integer(_ range: ClosedRange<Int>) throws(InputError) -> Int {
    let expected = "an integer in \(range.lowerBound) ... \(range.upperBound)"
    guard case .scalar(let scalar) = node, node.tagName == .int, let value = YAMLNumber.int(scalar),
      range.contains(value)
    else { throw mismatch(expected) }
    return value
  }

  /// One of `BetterDirection`'s names.
  func direction() throws(InputError) -> BetterDirection {
    let names = BetterDirection.allCases.map(\.rawValue)
    let expected = "one of \(names.joined(separator: ", "))"
    guard case .scalar(let scalar) = node, !isNull else { throw mismatch(expected) }
    guard let value = BetterDirection(rawValue: scalar.string) else {
      let guess = Suggestion.closest(to: scalar.string, among: names).map { " (did you mean '\($0)'?)" } ?? ""
      throw error("expected \(expected), got '\(scalar.string)'\(guess)")
    }
    return value
  }
}
