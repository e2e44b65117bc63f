import DockSimCore

/// The top level of a scenario file: identity, timing, and the sections, read in dependency order
/// (rates before the dock, the dock before the controller) so cross-field checks see validated values.
enum ScenarioSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec(
    [
      FieldSpec(
        "name", .text(minLength: 1, maxLength: maximumNameLength, pattern: namePattern), required: true),
      FieldSpec("description", .text()),
      FieldSpec("seed", .integer(seed), required: true),
      FieldSpec("duration_s", .number(duration), required: true),
      FieldSpec("physics_rate_hz", .integer(physicsRate)),
      FieldSpec("frame_rate_hz", .number(frameRate)),
      FieldSpec("dock", .section(DockSchema.spec)),
      FieldSpec("camera", .section(CameraSchema.spec)),
      FieldSpec("detector", .section(DetectorSchema.spec)),
      FieldSpec("tracker", .section(TrackerSchema.spec)),
      FieldSpec("controller", .section(ControllerSchema.spec)),
      // Required unless a crowd gives the subjects; `read` checks it too.
      FieldSpec(
        "subjects", .list(.section(SubjectSchema.spec), minCount: 1, maxCount: ScenarioLimits.maximumSubjects)
      ),
      FieldSpec("crowd", .section(TrajectorySchema.crowdSpec)),
      FieldSpec(
        "occluders",
        .nullable(.list(.section(OccluderSchema.spec), maxCount: ScenarioLimits.maximumOccluders))),
      // One of the subjects' ids; `read` checks which.
      FieldSpec("primary_subject", .text()),
      FieldSpec("sensors", .section(SensorsSchema.spec)),
      FieldSpec("match_threshold", .number(matchThreshold)),
      FieldSpec("framing", .section(EventsSchema.framingSpec)),
      FieldSpec(
        "events", .nullable(.list(.section(EventsSchema.eventSpec), maxCount: ScenarioLimits.maximumEvents))),
      FieldSpec("battery", .section(EventsSchema.batterySpec)),
      FieldSpec("expect", .section(ExpectSchema.spec)),
    ], atLeastOneOf: ["subjects", "crowd"])
  /// The `subjects`, then the `crowd`'s people; at least one of the two sections, unique ids, and
  /// at most `ScenarioLimits.maximumSubjects` in all.
  private static func readSubjects(_ top: MappingReader, duration: SimDuration) throws(InputError)
    -> [Subject]
  {
    guard let crowdNode = top["crowd"] else {
      return try SubjectSchema.readAll(
        top.required("subjects", expecting: "a sequence of at least one subject"), duration: duration)
    }
    var subjects =
      try top["subjects"].map { node throws(InputError) in
        try SubjectSchema.readAll(node, duration: duration)
      } ?? []
    let crowd = try TrajectorySchema.readCrowd(crowdNode)
    let ids = Set(subjects.map(\.id))
    if let clash = crowd.first(where: { ids.contains($0.id) }) {
      throw crowdNode.error(
        "expected crowd ids (p<person id>) distinct from the subjects' ids, got '\(clash.id)' in both")
    }
    subjects += crowd
    guard subjects.count <= ScenarioLimits.maximumSubjects else {
      throw crowdNode.error(
        "expected at most \(ScenarioLimits.maximumSubjects) subjects in all (a resource limit), got \(subjects.count) with the crowd's"
      )
    }
    return subjects
  }

  /// The portable file-name characters `readName` allows (the name becomes `traces/<name>.csv`).
  static let namePattern = "^[A-Za-z0-9_.-]+$"
  static let matchThreshold = NumberBounds.positive(max: 1)
  static let maximumNameLength = ScenarioName.maximumLength
  static let duration = NumberBounds.positive(max: 86_400)
  static let physicsRate = 100...100_000
  static let frameRate = NumberBounds.positive(max: 240)
  static let seed = 0...Int.max

  static func read(_ reader: NodeReader) throws(InputError) -> Scenario {
    guard case .mapping = reader.node else {
      throw reader.mismatch("a mapping at the top level (name, seed, duration_s, subjects, …)")
    }
    let top = try reader.mapping(allowed: fields)
    // The core's own defaults, so the file format never drifts from them.
    let defaults = Scenario(name: "defaults", seed: 0, duration: .zero, subjects: [])
    let name = try readName(top)
    let description = try top["description"]?.string() ?? defaults.description
    let seed = try top.required("seed", expecting: "an integer in 0 ... \(Int.max)").integer(seed)
    let duration = try readDuration(top)
    let physicsRateHz = try readPhysicsRate(top, default: defaults.physicsRateHz)
    let frameRateHz = try readFrameRate(top, physicsRateHz: physicsRateHz, default: defaults.frameRateHz)
    try checkLength(top, duration: duration, physicsRateHz: physicsRateHz, frameRateHz: frameRateHz)
    let dock = try DockSchema.read(
      top.section("dock", allowed: DockSchema.fields), physicsRateHz: physicsRateHz)
    let camera = try CameraSchema.read(
      top.section("camera", allowed: CameraSchema.fields), default: defaults.camera)
    let detector = try DetectorSchema.read(top.section("detector", allowed: DetectorSchema.fields))
    let tracker = try TrackerSchema.read(top.section("tracker", allowed: TrackerSchema.fields))
    let controller = try ControllerSchema.read(
      top.section("controller", allowed: ControllerSchema.fields), pitchRange: dock.pitch.positionRange)
    let subjects = try readSubjects(top, duration: duration)
    let occluders = try OccluderSchema.readAll(top["occluders"])
    let sensors = try SensorsSchema.read(
      top.section("sensors", allowed: SensorsSchema.fields), physicsRateHz: physicsRateHz)
    let matchThreshold = try top.number(
      "match_threshold", matchThreshold, default: MOTAccumulator.defaultMatchThreshold)
    let framing = try EventsSchema.readFraming(top.section("framing", allowed: EventsSchema.framingFields))
    let events = try EventsSchema.readEvents(top["events"])
    let battery = try EventsSchema.readBattery(top.section("battery", allowed: EventsSchema.batteryFields))
    let expectations = try ExpectSchema.read(top["expect"])
    var primary = 0
    if let node = top["primary_subject"] {
      let ids = subjects.map(\.id)
      let expected = "the id of one of the subjects (\(ids.joined(separator: ", ")))"
      let id = try node.string(expected)
      guard let index = ids.firstIndex(of: id) else { throw node.mismatch(expected) }
      primary = index
    }
    return Scenario(
      name: name, description: description, seed: UInt64(seed), duration: duration,
      physicsRateHz: physicsRateHz, frameRateHz: frameRateHz, dock: dock, camera: camera,
      detector: detector, tracker: tracker, controller: controller, subjects: subjects, occluders: occluders,
      primarySubject: primary, matchThreshold: matchThreshold, sensors: sensors,
      framing: framing, events: events, battery: battery, expectations: expectations)
  }

  /// The name becomes a file name in outputs (`traces/<name>.csv`): `ScenarioName`'s rule.
  private static func readName(_ top: MappingReader) throws(InputError) -> String {
    let expected = ScenarioName.expected
    let node = try top.required("name", expecting: expected)
    let name = try node.string(expected)
    guard name != ".", name != ".." else { throw node.mismatch("a name other than . and ..") }
    guard ScenarioName.isValid(name) else { throw node.mismatch(expected) }
    return name
  }

  private static func readDuration(_ top: MappingReader) throws(InputError) -> SimDuration {
    let node = try top.required("duration_s", expecting: duration.summary)
    let value = SimDuration(seconds: try node.number(duration))
    guard value.microseconds > 0 else { throw node.mismatch("a duration of at least 1 µs") }
    return value
  }

  /// The run's length in ticks and frames against `ScenarioLimits`, before anything is simulated or
  /// allocated. Reported at `duration_s`, the field that is usually wrong (a rate is bounded alone).
  private static func checkLength(
    _ top: MappingReader, duration: SimDuration, physicsRateHz: Int, frameRateHz: Double
  ) throws(InputError) {
    guard let node = top["duration_s"] else { return }
    let seconds = Double(duration.microseconds) / 1e6
    let ticks = seconds * Double(physicsRateHz)
    if ticks > Double(ScenarioLimits.maximumTicks) {
      throw node.error(
        "expected at most \(ScenarioLimits.formatted(ScenarioLimits.maximumTicks)) physics ticks "
          + "(duration_s × physics_rate_hz, a resource limit, docs/scenarios.md), got "
          + "\(NumberBounds.format(seconds)) s × \(physicsRateHz) Hz = \(ScenarioLimits.formatted(Int(ticks.rounded(.up))))"
      )
    }
    let frames = seconds * frameRateHz
    if frames > Double(ScenarioLimits.maximumFrames) {
      throw node.error(
        "expected at most \(ScenarioLimits.formatted(ScenarioLimits.maximumFrames)) frames "
          + "(duration_s × frame_rate_hz, a resource limit, docs/scenarios.md), got "
          + "\(NumberBounds.format(seconds)) s × \(NumberBounds.format(frameRateHz)) Hz = \(ScenarioLimits.formatted(Int(frames.rounded(.up))))"
      )
    }
  }

  /// The physics step is an integer number of microseconds, so the rate must divide one million.
  private static func readPhysicsRate(_ top: MappingReader, default value: Int) throws(InputError) -> Int {
    guard let node = top["physics_rate_hz"] else { return value }
    let rate = try node.integer(physicsRate)
    guard 1_000_000 % rate == 0 else {
      throw node.mismatch("a divisor of 1000000 so the step is whole microseconds (e.g. 500, 1000, 2000)")
    }
    return rate
  }

  /// Frames fire on physics ticks, so a frame rate above the physics rate cannot be honoured.
  private static func readFrameRate(_ top: MappingReader, physicsRateHz: Int, default value: Double)
    throws(InputError) -> Double
  {
    guard let node = top["frame_rate_hz"] else { return value }
    let rate = try node.number(frameRate)
    guard rate <= Double(physicsRateHz) else {
      throw node.mismatch("a number <= physics_rate_hz (\(physicsRateHz))")
    }
    return rate
  }
}
