import DockSimCore
import Foundation

/// The `subjects` list: who is in the room, how big, and where they go.
enum SubjectSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec(
    [
      FieldSpec("id", .text(maxLength: maximumIdLength, pattern: #"\S"#), required: true),
      FieldSpec("kind", .choice(SubjectKind.allCases.map(\.rawValue)), required: true),
      FieldSpec("width_m", .number(size), required: true),
      FieldSpec("height_m", .number(size), required: true),
      FieldSpec("sway", .section(swaySpec)),
      // Exactly one of path (inline waypoints) and trajectory (a file); `read` checks it too.
      FieldSpec(
        "path", .list(.section(WaypointSchema.spec), minCount: 1, maxCount: ScenarioLimits.maximumWaypoints)),
      FieldSpec("trajectory", .section(TrajectorySchema.trajectorySpec)),
      FieldSpec("interpolation", .choice(PathInterpolation.allCases.map(\.rawValue))),
      FieldSpec("appear_s", .number(WaypointSchema.time)),
      FieldSpec("leave_s", .number(WaypointSchema.time)),
      // Only a humanBody has a face; `read` checks that.
      FieldSpec("face", .anyOf([.boolean, .section(faceSpec)])),
      FieldSpec("speaking", .list(.section(speakingSpec))),
      FieldSpec("motion_noise", .section(motionNoiseSpec)),
    ], exactlyOneOf: [["path"], ["trajectory"]])
  static var motionNoiseFields: [String] { motionNoiseSpec.names }
  static let motionNoiseSpec = SectionSpec([
    FieldSpec("angle_rad2_s3", .number(motionIntensity)),
    FieldSpec("log_size_per_s3", .number(motionIntensity)),
  ])
  static let motionIntensity = NumberBounds.nonNegative(max: 100)
  static var faceFields: [String] { faceSpec.names }
  static let faceSpec = SectionSpec([
    FieldSpec("width_m", .number(size), required: true), FieldSpec("height_m", .number(size), required: true),
    FieldSpec("offset_m", .number(faceOffset), required: true),
  ])
  static var speakingFields: [String] { speakingSpec.names }
  static let speakingSpec = SectionSpec([
    FieldSpec("from_s", .number(WaypointSchema.time), required: true),
    FieldSpec("to_s", .number(WaypointSchema.time), required: true),
  ])
  static let faceOffset = NumberBounds.closed(-10, 10)
  static var swayFields: [String] { swaySpec.names }
  static let swaySpec = SectionSpec([
    FieldSpec("lateral_m", .number(swayAmplitude), required: true),
    FieldSpec("vertical_m", .number(swayAmplitude), required: true),
    FieldSpec("period_s", .number(swayPeriod), required: true),
  ])
  static let maximumIdLength = 100
  /// Metres: from a face to a car; anything larger is a units mistake.
  static let size = NumberBounds.positive(max: 20)
  static let swayAmplitude = NumberBounds.nonNegative(max: 5)
  static let swayPeriod = NumberBounds.positive(max: 3600)

  /// - Parameter duration: the run's length: a subject must appear before it ends.
  static func readAll(_ node: NodeReader, duration: SimDuration) throws(InputError) -> [Subject] {
    let elements = try node.sequence(
      "a sequence of at least one subject", maximumCount: ScenarioLimits.maximumSubjects, of: "subjects")
    guard !elements.isEmpty else { throw node.error("expected at least one subject, got an empty sequence") }
    var subjects: [Subject] = []
    var firstUse: [String: Int] = [:]
    for (index, element) in elements.enumerated() {
      let m = try element.mapping(allowed: fields)
      let idNode = try m.required("id", expecting: "a non-empty string")
      let subject = try read(m, id: idNode, duration: duration)
      // Ids name subjects in outputs and metrics, so two subjects may not share one.
      if let first = firstUse[subject.id] {
        throw idNode.error("expected a unique id, got '\(subject.id)', already used by subjects[\(first)]")
      }
      firstUse[subject.id] = index
      subjects.append(subject)
    }
    return subjects
  }

  private static func read(_ m: MappingReader, id idNode: NodeReader, duration: SimDuration)
    throws(InputError)
    -> Subject
  {
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
    let path: [Waypoint]
    let interpolation: PathInterpolation
    if let node = m["trajectory"] {
      if let both = m["path"] {
        throw both.mismatch("no path: the subject's trajectory file gives it (path or trajectory, not both)")
      }
      path = try TrajectorySchema.readTrajectory(node)
      // Files are sampled at a few hertz: straight segments would jerk the velocity at every sample.
      interpolation = try TrajectorySchema.readInterpolation(m, default: .cubic)
    } else {
      path = try readPath(
        m.required("path", expecting: "a sequence of at least one waypoint (or a trajectory file)"))
      interpolation = try TrajectorySchema.readInterpolation(m, default: .linear)
    }
    let (appear, leave) = try readPresence(m, duration: duration)
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
      id: id, kind: kind, width: width, height: height,
      path: SubjectPath(waypoints: path, sway: sway, interpolation: interpolation),
      face: face, speaking: speaking, motionNoise: motionNoise, appear: appear, leave: leave)
  }

  /// `appear_s` before the end of the run, `leave_s` after `appear_s` (or after 0); either may be
  /// absent (there from the start, there to the end).
  private static func readPresence(_ m: MappingReader, duration: SimDuration) throws(InputError)
    -> (SimTime?, SimTime?)
  {
    var appear: SimTime?
    if let node = m["appear_s"] {
      let t = SimTime(seconds: try node.number(WaypointSchema.time))
      guard t.microseconds < duration.microseconds else {
        throw node.mismatch(
          "a time before duration_s (\(NumberBounds.format(duration.seconds)) s): the subject would never appear"
        )
      }
      appear = t
    }
    var leave: SimTime?
    if let node = m["leave_s"] {
      let t = SimTime(seconds: try node.number(WaypointSchema.time))
      let after = appear ?? .zero
      guard t > after else {
        throw node.mismatch(
          "a time after \(appear == nil ? "0 s" : "appear_s (\(NumberBounds.format(after.seconds)) s)"): the subject would never be there"
        )
      }
      leave = t
    }
    return (appear, leave)
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
