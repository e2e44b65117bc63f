import DockSimCore
import Yams

/// Changes applied to every scenario before it is validated: overlay files (`--params FILE`, deep-merged
/// mappings) and single assignments (`--set tracker.process_noise_angle=0.3`, `subjects[0].width_m=0.4`).
///
/// The result is validated exactly like the file itself, so an override with a wrong type, an unknown
/// field or an absurd value is refused with the field's path, and the message says it came from an
/// override.
public struct ScenarioOverrides: Sendable {
  /// One `path=value` assignment.
  public struct Assignment: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
      case key(String)
      case index(Int)
    }
    public var path: [Step]
    /// The value as YAML text (`0.3`, `left`, `[1, 2]`, `{ max: 0.05 }`).
    public var value: String
    /// The argument as written, for messages.
    public var source: String

    /// The path as the loader names fields (`subjects[0].width_m`).
    public var fieldPath: String {
      var out = ""
      for step in path {
        switch step {
        case .key(let k): out += out.isEmpty ? k : ".\(k)"
        case .index(let i): out += "[\(i)]"
        }
      }
      return out
    }
  }

  /// Overlay documents in order (later ones win), with the file each came from.
  public var overlays: [(file: String, yaml: String)] = []
  public var assignments: [Assignment] = []

  public init() {}

  public var isEmpty: Bool { overlays.isEmpty && assignments.isEmpty }

  /// The last overlay that sets `field` (a loader path such as `tracker.gate` or
  /// `subjects[0].path[1].t_s`), with the line of that value, so an error in an overlay's value
  /// names the overlay file rather than the scenario.
  func overlayDefining(_ field: String) -> (file: String, line: Int?)? {
    var steps: [Assignment.Step] = []
    for part in field.split(separator: ".") {
      var name = Substring(part)
      var indices: [Int] = []
      while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
        guard let i = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) else {
          return nil
        }
        indices.insert(i, at: 0)
        name = name[..<open]
      }
      steps.append(.key(String(name)))
      steps += indices.map { .index($0) }
    }
    for overlay in overlays.reversed() {
      guard var node = (try? YAMLShape.compose(overlay.yaml, file: overlay.file)) ?? nil else { continue }
      var found = true
      for step in steps {
        switch (step, node) {
        case (.key(let k), .mapping(let m)):
          guard let child = m[Node(k)] else { found = false; break }
          node = child
        case (.index(let i), .sequence(let s)) where i < s.count:
          node = s[i]
        default: found = false
        }
        if !found { break }
      }
      if found { return (overlay.file, node.mark?.line) }
    }
    return nil
  }

  /// Adds an overlay file (`--params`).
  public mutating func addOverlay(path: String) throws(InputError) {
    let yaml = try ScenarioFiles.read(path: path)
    // Composed now so that a bad overlay is refused when it is given (bounded aliases and nesting as
    // for scenarios: a billion laughs hung it), and again by `apply`, which composes whatever overlays
    // the value holds.
    _ = try YAMLShape.compose(yaml, file: path)
    overlays.append((path, yaml))
  }

  /// Parses `path=value` (`--set`): keys separated by dots, `[n]` for list elements. `source` names
  /// where it came from in messages (default `--set PATH=VALUE`; a suite's `set:` list passes its file
  /// and line).
  public mutating func addAssignment(_ text: String, source: String? = nil) throws(InputError) {
    let source = source ?? "--set \(text)"
    func bad(_ why: String) -> InputError {
      InputError(file: source, line: nil, message: why)
    }
    guard let eq = text.firstIndex(of: "=") else { throw bad("expected PATH=VALUE, e.g. tracker.gate=16") }
    let pathText = String(text[..<eq])
    let value = String(text[text.index(after: eq)...])
    guard !pathText.isEmpty else { throw bad("expected a field path before '='") }
    guard !value.isEmpty else { throw bad("expected a value after '='") }
    var steps: [Assignment.Step] = []
    guard let parts = Self.pathParts(pathText) else {
      throw bad("expected every '[' in '\(pathText)' closed by a ']' before the next field")
    }
    for part in parts {
      var name = Substring(part)
      var indices: [Int] = []
      while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
        let index = name[name.index(after: open)..<name.index(before: name.endIndex)]
        guard let i = Int(index), i >= 0 else {
          throw bad("expected a non-negative integer list index in '\(part)', got '\(index)'")
        }
        indices.insert(i, at: 0)
        name = name[..<open]
      }
      guard !name.isEmpty else { throw bad("expected a field name in '\(part)'") }
      steps.append(.key(String(name)))
      steps += indices.map { .index($0) }
    }
    _ = try YAMLShape.compose(value, file: source)
    assignments.append(Assignment(path: steps, value: value, source: source))
  }

  /// The dot-separated parts of a field path, a dot inside brackets belonging to its part (so
  /// `subjects[0.5]` is one part, refused for its index, not two); nil when a bracket is left open.
  static func pathParts(_ path: String) -> [Substring]? {
    var parts: [Substring] = []
    var start = path.startIndex
    var depth = 0
    for i in path.indices {
      switch path[i] {
      case "[": depth += 1
      case "]": depth = max(0, depth - 1)
      case "." where depth == 0:
        parts.append(path[start..<i])
        start = path.index(after: i)
      default: break
      }
    }
    guard depth == 0 else { return nil }
    parts.append(path[start...])
    return parts
  }

  /// `node` with the overlays merged in and the assignments applied.
  func apply(to node: Node) throws(InputError) -> Node {
    var result = node
    for overlay in overlays {
      guard let o = try YAMLShape.compose(overlay.yaml, file: overlay.file), case .mapping = o else {
        throw InputError(file: overlay.file, line: nil, message: "expected a mapping of scenario fields")
      }
      result = Self.merge(result, o)
    }
    for a in assignments {
      let value = try YAMLShape.compose(a.value, file: a.source) ?? Node("")
      result = try Self.set(result, a.path[...], value, a)
    }
    return result
  }

  /// `base` with `overlay`'s keys: mappings merge key by key, anything else is replaced.
  static func merge(_ base: Node, _ overlay: Node) -> Node {
    guard case .mapping(var b) = base, case .mapping(let o) = overlay else { return overlay }
    for (key, value) in o {
      if let existing = b[key] { b[key] = merge(existing, value) } else { b[key] = value }
    }
    return .mapping(b)
  }

  static func set(
    _ node: Node, _ path: ArraySlice<Assignment.Step>, _ value: Node, _ a: Assignment
  ) throws(InputError) -> Node {
    guard let step = path.first else { return value }
    let rest = path.dropFirst()
    switch step {
    case .key(let k):
      var m: Node.Mapping
      if case .mapping(let existing) = node {
        m = existing
      } else if case .scalar = node, node.null != nil {
        m = Node.Mapping([])
      } else {
        throw InputError(
          file: a.source, line: nil, message: "'\(k)' is set inside a value that is not a mapping")
      }
      m[k] = try set(m[k] ?? Node.Mapping([]).asNode, rest, value, a)
      return .mapping(m)
    case .index(let i):
      guard case .sequence(var s) = node, i < s.count else {
        throw InputError(file: a.source, line: nil, message: "no list element [\(i)] there")
      }
      s[i] = try set(s[i], rest, value, a)
      return .sequence(s)
    }
  }
}

extension Node.Mapping {
  fileprivate var asNode: Node { .mapping(self) }
}
