import DockSimCore
import Foundation

/// The `subjects` list: who is in the room, how big, and where they go.
enum SubjectSchema {
  static let fields = [
    "id", "kind", "width_m", "height_m", "sway", "path", "face", "speaking", "motion_noise",
  ]
  static let motionNoiseFields = ["angle_rad2_s3", "log_size_per_s3"]
  static let motionIntensity = NumberBounds.nonNegative(max: 100)
  static let faceFields = ["width_m", "height_m", "offset_m"]
  static let speakingFields = ["from_s", "to_s"]
  static let faceOffset = NumberBounds.closed(-10, 10)
  static let swayFields = ["lateral_m", "vertical_m", "period_s"]
  static let maximumIdLength = 100
  /// Metres: from a face to a car; anything larger is a units mistake.
  static let size = NumberBounds.positive(max: 20)
  static let swayAmplitude = NumberBounds.nonNegative(max: 5)
  static let swayPeriod = NumberBounds.positive(max: 3600)

  static func readAll(_ node: NodeReader) throws(InputError) -> [Subject] {
    let elements = try node.sequence(
      "a sequence of at least one subject", maximumCount: ScenarioLimits.maximumSubjects, of: "subjects")
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

  private static func read(_ m: MappingReader, id idNode: NodeReader) throws(InputError) -> Subject {
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
    let sway = try m["sway"].map { node throws(InputError) in try readSway(node) }
    let path = try readPath(m.required("path", expecting: "a sequence of at least one waypoint"))
    var face: FaceBox?
    if let node = m["face"] {
      guard kind == .humanBody else {
        throw node.mismatch("no face: only a humanBody subject has a face box")
      }
      face = try readFace(node, bodyHeight: height)
    }
    let speaking = try m["speaking"].map { node throws(InputError) in try readSpeaking(node) } ?? []
    var motionNoise: MotionNoise?
    if let node = m["motion_noise"] {
      let n = try node.mapping(allowed: motionNoiseFields)
      motionNoise = MotionNoise(
        angle: try n.number("angle_rad2_s3", motionIntensity, default: 0),
        logSize: try n.number("log_size_per_s3", motionIntensity, default: 0))
    }
    return Subject(
      id: id, kind: kind, width: width, height: height, path: SubjectPath(waypoints: path, sway: sway),
      face: face, speaking: speaking, motionNoise: motionNoise)
  }

  /// `face: true` gives an adult's face near the top of the body; a mapping sets its size and offset.
  private static func readFace(_ node: NodeReader, bodyHeight: Double) throws(InputError) -> FaceBox? {
    let expected = "true, false, or a mapping with width_m, height_m and offset_m"
    if case .scalar = node.node, let flag = try? node.bool() {
      return flag ? FaceBox(width: 0.16, height: 0.22, offset: max(0, bodyHeight / 2 - 0.15)) : nil
    }
    guard case .mapping = node.node else { throw node.mismatch(expected) }
    let m = try node.mapping(allowed: faceFields)
    return FaceBox(
      width: try m.number("width_m", size), height: try m.number("height_m", size),
      offset: try m.number("offset_m", faceOffset))
  }

  /// Speaking spans `{from_s, to_s}` in increasing, non-overlapping order.
  private static func readSpeaking(_ node: NodeReader) throws(InputError) -> [TimeSpan] {
    var spans: [TimeSpan] = []
    for element in try node.sequence("a sequence of {from_s, to_s} spans") {
      let m = try element.mapping(allowed: speakingFields)
      let from = SimTime(seconds: try m.number("from_s", WaypointSchema.time))
      let toNode = try m.required("to_s", expecting: "a time after from_s")
      let to = SimTime(seconds: try toNode.number(WaypointSchema.time))
      guard to > from else {
        throw toNode.mismatch("a time after from_s (\(NumberBounds.format(from.seconds)) s)")
      }
      if let last = spans.last, from < last.end {
        throw element.error(
          "expected spans in increasing order without overlap; this one starts before the previous one ends")
      }
      spans.append(TimeSpan(start: from, end: to))
    }
    return spans
  }

  private static func readSway(_ node: NodeReader) throws(InputError) -> Sway {
    guard !node.isNull else { throw node.mismatch("a mapping with lateral_m, vertical_m and period_s") }
    let m = try node.mapping(allowed: swayFields)
    return Sway(
      lateral: try m.number("lateral_m", swayAmplitude), vertical: try m.number("vertical_m", swayAmplitude),
      period: try m.number("period_s", swayPeriod))
  }

  /// Waypoints in strictly increasing time, compared after rounding to microseconds as the core does.
  private static func readPath(_ node: NodeReader) throws(InputError) -> [Waypoint] {
    let elements = try node.sequence(
      "a sequence of at least one waypoint", maximumCount: ScenarioLimits.maximumWaypoints, of: "waypoints")
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
