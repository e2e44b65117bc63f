import CYaml
import Yams

/// Bounds on a YAML document's shape, checked on libyaml's event stream before Yams composes it.
///
/// Yams resolves an alias by copying the anchored node, so the composed tree is cheap to build but as
/// large as its expansion: ten levels of anchors that each alias the previous one seven times
/// ("billion laughs") make 7^10 nodes, and Yams's duplicate-key check hashes a mapping's keys in full,
/// which then runs for hours. Deep nesting makes Yams recurse once per level. Neither belongs in a
/// scenario (a page of YAML a few levels deep), so both are refused here with the line that crosses
/// the bound; malformed YAML is left to Yams, whose errors say more.
///
/// `compose(_:file:)` is the one way DockSim's YAML readers compose a document, so that none can skip
/// the check.
enum YAMLShape {
  /// Far above any real use of aliases (sharing a waypoint or a section costs tens of nodes); files
  /// without aliases are bounded by their size instead.
  static let maximumAliasedNodes = 100_000
  static let maximumDepth = 64

  /// The document of `yaml`, composed by Yams once its shape is within the bounds; nil for an empty
  /// document.
  ///
  /// - Throws: `InputError` naming `file` and the line: a bound crossed, or Yams's own error when the
  ///   YAML is malformed.
  static func compose(_ yaml: String, file: String) throws(InputError) -> Node? {
    try check(yaml, file: file)
    do { return try Yams.compose(yaml: yaml) } catch {
      throw InputError(composing: error, yaml: yaml, file: file)
    }
  }

  private static func check(_ yaml: String, file: String) throws(InputError) {
    var utf8 = Array(yaml.utf8)
    if let problem = utf8.withUnsafeMutableBufferPointer({ scan($0) }) {
      throw InputError(file: file, line: problem.line, message: problem.message)
    }
  }

  /// The first bound crossed, or nil (also when the YAML is malformed: Yams reports that).
  private static func scan(_ bytes: UnsafeMutableBufferPointer<UInt8>) -> (line: Int, message: String)? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return nil }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
    yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
    // Expanded node counts: of each anchor, and of each collection still open.
    var anchors: [String: Int] = [:]
    var open: [(anchor: String?, nodes: Int)] = []
    // Nodes the aliases stand for, counted in full: what Yams's copies amount to.
    var aliased = 0
    var event = yaml_event_t()
    while yaml_parser_parse(&parser, &event) == 1 {
      defer { yaml_event_delete(&event) }
      let line = Int(event.start_mark.line) + 1
      var finished: (anchor: String?, nodes: Int)?
      switch event.type {
      case YAML_STREAM_END_EVENT: return nil
      case YAML_SCALAR_EVENT: finished = (name(event.data.scalar.anchor), 1)
      case YAML_ALIAS_EVENT:
        let nodes = name(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1
        aliased = min(aliased + nodes, Int.max / 2)
        if aliased > maximumAliasedNodes {
          return (
            line,
            "aliases stand for more than \(maximumAliasedNodes) nodes in all (an anchor aliased within "
              + "another, repeatedly); expected each alias to stand for a small node"
          )
        }
        finished = (nil, nodes)
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        let anchor =
          event.type == YAML_SEQUENCE_START_EVENT
          ? name(event.data.sequence_start.anchor) : name(event.data.mapping_start.anchor)
        open.append((anchor, 1))
        if open.count > maximumDepth {
          return (
            line,
            "collections nested more than \(maximumDepth) levels deep; expected a scenario's few levels "
              + "of mappings and sequences"
          )
        }
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: finished = open.popLast()
      default: break
      }
      guard let (anchor, nodes) = finished else { continue }
      if let anchor { anchors[anchor] = nodes }
      if !open.isEmpty { open[open.count - 1].nodes = min(open[open.count - 1].nodes + nodes, Int.max / 2) }
    }
    return nil
  }

  private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: $0) }
  }
}
