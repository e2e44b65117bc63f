import DockSimCore
import Foundation

/// The `subjects` list: who is in the room, how big, and where they go.
enum SubjectSchema {
  static let fields = ["id", "kind", "width_m", "height_m", "sway", "path"]
  static let swayFields = ["lateral_m", "vertical_m", "period_s"]
  static let maximumIdLength = 100
  /// Metres: from a face to a car; anything larger is a units mistake.
  static let size = NumberBounds.positive(max: 20)
  static let swayAmplitude = NumberBounds.nonNegative(max: 5)
  static let swayPeriod = NumberBounds.positive(max: 3600)

  static func readAll(_ node: NodeReader) throws(ScenarioError) -> [Subject] {
    let elements = try node.sequence("a sequence of at least one subject")
    guard !elements.isEmpty else { throw node.error("expected at least one subject, got an empty sequence") }
    var subjects: [Subject] = []
    var firstUse: [String: Int] = [:]
    for (index, element) in elements.enumerated() {
      let m = try element.mapping(allowed: fields)
      let idNode = try m.required("id", expecting: "a non-empty string")
      let subject = try read(m, id: idNode)
      // Ids name subjects in outputs and metrics, so two subjects may not share one.
      if let first = firstUse[subject.id] {
        throw idNode.error("expected a unique id, got '\(subject.id)', already used by subjects[\(first)]")
      }
      firstUse[subject.id] = index
      subjects.append(subject)
    }
    return subjects
  }

  private static func read(_ m: MappingReader, id idNode: NodeReader) throws(ScenarioError) -> Subject {
    let expectedId = "a non-empty string of at most \(maximumIdLength) characters"
    let id = try idNode.string(expectedId)
    guard !id.trimmingCharacters(in: .whitespaces).isEmpty, id.count <= maximumIdLength else {
      throw idNode.mismatch(expectedId)
    }
    let kinds = SubjectKind.allCases.map(\.rawValue)
    let kindNode = try m.required("kind", expecting: "one of \(kinds.joined(separator: ", "))")
    let kindName = try kindNode.string("one of \(kinds.joined(separator: ", "))")
    guard let kind = SubjectKind(rawValue: kindName) else {
      var expected = "one of \(kinds.joined(separator: ", "))"
      if let guess = Suggestion.closest(to: kindName, among: kinds) { expected = "'\(guess)' (\(expected))" }
      throw kindNode.mismatch(expected)
    }
    let width = try m.number("width_m", size)
    let height = try m.number("height_m", size)
    let sway = try m["sway"].map { node throws(ScenarioError) in try readSway(node) }
    let path = try readPath(m.required("path", expecting: "a sequence of at least one waypoint"))
    return Subject(
      id: id, kind: kind, width: width, height: height, path: SubjectPath(waypoints: path, sway: sway))
  }

  private static func readSway(_ node: NodeReader) throws(ScenarioError) -> Sway {
    guard !node.isNull else { throw node.mismatch("a mapping with lateral_m, vertical_m and period_s") }
    let m = try node.mapping(allowed: swayFields)
    return Sway(
      lateral: try m.number("lateral_m", swayAmplitude), vertical: try m.number("vertical_m", swayAmplitude),
      period: try m.number("period_s", swayPeriod))
  }

  /// Waypoints in strictly increasing time, compared after rounding to microseconds as the core does.
  private static func readPath(_ node: NodeReader) throws(ScenarioError) -> [Waypoint] {
    let elements = try node.sequence("a sequence of at least one waypoint")
    guard !elements.isEmpty else { throw node.error("expected at least one waypoint, got an empty sequence") }
    var waypoints: [Waypoint] = []
    for element in elements {
      let (waypoint, timeNode) = try WaypointSchema.read(element)
      if let previous = waypoints.last, waypoint.time <= previous.time {
        throw timeNode.mismatch(
          "a time after the previous waypoint's \(NumberBounds.format(previous.time.seconds)) s")
      }
      waypoints.append(waypoint)
    }
    return waypoints
  }
}
