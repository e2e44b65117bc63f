import DockSimCore

/// The `framing` section and the `events` timeline: DockKit commands at times.
///
///     framing: { mode: left, region_of_interest: { x: 0.25, y: 0, width: 0.5, height: 1 } }
///     events:
///       - { t_s: 2, set_framing_mode: right }
///       - { t_s: 4, set_system_tracking: false }
///       - { t_s: 4.5, set_angular_velocity: { yaw_deg_s: 20, pitch_deg_s: 0 } }
///
/// Regions and points use DockKit's **upper-left** origin. Values that DockKit would refuse at run time
/// (a region outside the image, an unknown subject) are kept: the run records the refusal as an API
/// violation, which is what a scenario about a misbehaving app wants to measure. Values that cannot be
/// a command at all (a NaN, a misspelled mode) are rejected here.
enum EventsSchema {
  static var framingFields: [String] { framingSpec.names }
  static let framingSpec = SectionSpec([
    FieldSpec("mode", .choice(FramingMode.allCases.map(\.rawValue))),
    FieldSpec("region_of_interest", .nullable(.section(regionSpec))),
  ])
  static var regionFields: [String] { regionSpec.names }
  static let regionSpec = SectionSpec([
    FieldSpec("x", .number(unit), required: true), FieldSpec("y", .number(unit), required: true),
    FieldSpec("width", .number(unit), required: true), FieldSpec("height", .number(unit), required: true),
  ])
  /// One event: its time, exactly one command and, for a selection, how long the app tries again.
  static let eventSpec = SectionSpec(
    [
      FieldSpec("t_s", .number(WaypointSchema.time), required: true),
      FieldSpec("retry_s", .number(selectionRetry)),
    ] + commandSpecs,
    exactlyOneOf: commandSpecs.map { [$0.name] })
  static var commandKeys: [String] { commandSpecs.map(\.name) }
  static let commandSpecs = [
    FieldSpec("set_system_tracking", .boolean),
    FieldSpec("set_framing_mode", .choice(FramingMode.allCases.map(\.rawValue))),
    FieldSpec("set_region_of_interest", .nullable(.section(regionSpec))),
    FieldSpec("select_subjects", .list(.text())),
    FieldSpec("select_subject_at", .section(pointSpec)),
    FieldSpec("set_angular_velocity", .section(velocitySpec)),
    FieldSpec("set_limits", .section(limitsSpec)),
    FieldSpec("set_orientation", .section(orientationSpec)),
    FieldSpec("animate", .choice(DockAnimation.allCases.map(\.rawValue))),
    FieldSpec("custom_tracking", .nullable(.section(customTrackingSpec))),
    FieldSpec("docked", .boolean),
    FieldSpec("press_tracking_button", .onlyTrue),
    FieldSpec("charging", .boolean),
    FieldSpec(
      "accessory_event",
      .anyOf([
        .choice(["camera_shutter", "camera_flip"]),
        .section(SectionSpec([FieldSpec("camera_zoom", .number(zoom), required: true)])),
        .section(
          SectionSpec([
            FieldSpec("button", .integer(buttonIds), required: true), FieldSpec("pressed", .boolean),
          ])),
      ])),
  ]
  /// A point in the image, DockKit's upper-left origin, normalized.
  static let pointSpec = SectionSpec([
    FieldSpec("x", .number(unit), required: true), FieldSpec("y", .number(unit), required: true),
  ])
  static let velocitySpec = SectionSpec([
    FieldSpec("yaw_deg_s", .number(rate)), FieldSpec("pitch_deg_s", .number(rate)),
  ])
  /// Per axis: an app's limit, or null for none. Inverted ranges are kept for the run to refuse.
  static let limitsSpec = SectionSpec([
    FieldSpec("yaw", .nullable(.section(axisLimitSpec))),
    FieldSpec("pitch", .nullable(.section(axisLimitSpec))),
  ])
  static let axisLimitSpec = SectionSpec([
    FieldSpec("range_deg", .nullable(.interval(rate))),
    FieldSpec("max_speed_deg_s", .number(rate), required: true),
  ])
  static let orientationSpec = SectionSpec([
    FieldSpec("yaw_deg", .number(WaypointSchema.azimuth)),
    FieldSpec("pitch_deg", .number(WaypointSchema.azimuth)),
    FieldSpec("duration_s", .number(orientationDuration), required: true), FieldSpec("relative", .boolean),
  ])
  static let customTrackingSpec = SectionSpec([
    FieldSpec("rate_hz", .number(customTrackingRate), required: true),
    FieldSpec("kinds", .list(.choice(SubjectKind.allCases.map(\.rawValue)))),
  ])
  static let unit = NumberBounds.closed(-10, 10)
  static let rate = NumberBounds.closed(-1146, 1146)
  static let orientationDuration = NumberBounds.closed(-3600, 3600)
  static let customTrackingRate = NumberBounds.nonNegative(max: 240)
  static let zoom = NumberBounds.positive(max: 100)
  /// How long a scenario's app may keep trying a refused selection, seconds.
  static let selectionRetry = NumberBounds.nonNegative(max: 60)
  static let buttonIds = 0...1_000_000

  static var batteryFields: [String] { batterySpec.names }
  static let batterySpec = SectionSpec([
    FieldSpec("level", .number(batteryLevel)), FieldSpec("drain_per_hour", .number(perHour)),
    FieldSpec("charge_per_hour", .number(perHour)), FieldSpec("charging", .boolean),
    FieldSpec("low_threshold", .number(batteryLevel)),
  ])
  static let batteryLevel = NumberBounds.closed(0, 1)
  static let perHour = NumberBounds.nonNegative(max: 100)

  static func readBattery(_ m: MappingReader) throws(InputError) -> BatteryModel {
    let d = BatteryModel()
    return BatteryModel(
      level: try m.number("level", batteryLevel, default: d.level),
      drainPerHour: try m.number("drain_per_hour", perHour, default: d.drainPerHour),
      chargePerHour: try m.number("charge_per_hour", perHour, default: d.chargePerHour),
      charging: try m.bool("charging", default: d.charging),
      lowThreshold: try m.number("low_threshold", batteryLevel, default: d.lowThreshold))
  }

  static func readFraming(_ m: MappingReader) throws(InputError) -> Framing {
    var framing = Framing()
    if let node = m["mode"] { framing.mode = try mode(node) }
    if let node = m["region_of_interest"], !node.isNull { framing.regionOfInterest = try region(node) }
    return framing
  }

  static func readEvents(_ node: NodeReader?) throws(InputError) -> [ScenarioEvent] {
    guard let node, !node.isNull else { return [] }
    var out: [ScenarioEvent] = []
    for element in try node.sequence(
      "a sequence of {t_s, <command>: <value>} mappings", maximumCount: ScenarioLimits.maximumEvents,
      of: "events")
    {
      let m = try element.mapping(allowed: eventSpec.names)
      let time = SimTime(seconds: try m.number("t_s", WaypointSchema.time))
      let present = commandKeys.filter { m[$0] != nil }
      guard present.count == 1, let key = present.first, let value = m[key] else {
        throw element.error(
          "expected exactly one command (\(commandKeys.joined(separator: ", "))), got \(present.count)")
      }
      let retry = try m.number("retry_s", selectionRetry, default: 0)
      if retry > 0 && key != "select_subjects", let node = m["retry_s"] {
        throw node.error("retry_s applies to select_subjects only, not to \(key)")
      }
      out.append(
        ScenarioEvent(time: time, command: try command(key, value), retry: SimDuration(seconds: retry)))
    }
    return out
  }

  private static func command(_ key: String, _ node: NodeReader) throws(InputError) -> DockKitCommand {
    switch key {
    case "set_system_tracking": return .setSystemTracking(try node.bool())
    case "set_framing_mode": return .setFramingMode(try mode(node))
    case "set_region_of_interest": return .setRegionOfInterest(node.isNull ? nil : try region(node))
    case "select_subjects":
      return .selectSubjects(
        try node.sequence("a list of subject ids").map { n throws(InputError) in try n.string() })
    case "select_subject_at":
      let p = try node.mapping(allowed: pointSpec.names)
      return .selectSubject(x: try p.number("x", unit), y: try p.number("y", unit))
    case "set_orientation":
      let o = try node.mapping(allowed: orientationSpec.names)
      return .setOrientation(
        yaw: Angle.radians(degrees: try o.number("yaw_deg", WaypointSchema.azimuth, default: 0)),
        pitch: Angle.radians(degrees: try o.number("pitch_deg", WaypointSchema.azimuth, default: 0)),
        duration: try o.number("duration_s", orientationDuration),
        relative: try o.bool("relative", default: false))
    case "animate":
      let names = DockAnimation.allCases.map(\.rawValue)
      let expected = "one of \(names.joined(separator: ", "))"
      guard let a = DockAnimation(rawValue: try node.string(expected)) else { throw node.mismatch(expected) }
      return .animate(a)
    case "custom_tracking":
      if node.isNull { return .customTracking(rate: 0, kinds: []) }
      let c = try node.mapping(allowed: customTrackingSpec.names)
      let rate = try c.number("rate_hz", customTrackingRate)
      let names = SubjectKind.allCases.map(\.rawValue)
      let expected = "a list of \(names.joined(separator: ", "))"
      var kinds: [SubjectKind] = []
      if let list = c["kinds"] {
        for k in try list.sequence(expected) {
          guard let kind = SubjectKind(rawValue: try k.string(expected)) else { throw k.mismatch(expected) }
          kinds.append(kind)
        }
      } else {
        kinds = SubjectKind.allCases
      }
      return .customTracking(rate: rate, kinds: kinds)
    case "docked": return .setDocked(try node.bool())
    case "accessory_event": return .accessoryInput(try accessoryInput(node))
    case "charging": return .setCharging(try node.bool())
    case "press_tracking_button":
      guard try node.bool() else { throw node.mismatch("true (a button press)") }
      return .pressTrackingButton
    case "set_limits":
      let l = try node.mapping(allowed: limitsSpec.names)
      return .setLimits(yaw: try axisLimit(l["yaw"]), pitch: try axisLimit(l["pitch"]))
    default:
      let v = try node.mapping(allowed: velocitySpec.names)
      return .setAngularVelocity(
        yaw: Angle.radians(degrees: try v.number("yaw_deg_s", rate, default: 0)),
        pitch: Angle.radians(degrees: try v.number("pitch_deg_s", rate, default: 0)))
    }
  }

  /// A use of the dock's controls: `camera_shutter`, `camera_flip`, `{camera_zoom: factor}` or
  /// `{button: id, pressed: true|false}` (`pressed` defaults to true).
  private static func accessoryInput(_ node: NodeReader) throws(InputError) -> AccessoryInput {
    let expected =
      "camera_shutter, camera_flip, {camera_zoom: <factor>} or {button: <id>, pressed: <true|false>}"
    if case .mapping = node.node {
      let m = try node.mapping(allowed: ["camera_zoom", "button", "pressed"])
      switch (m["camera_zoom"], m["button"]) {
      case (let zoom?, nil):
        guard m["pressed"] == nil else {
          throw node.error("expected {camera_zoom: <factor>} alone ('pressed' belongs to a button)")
        }
        return .cameraZoom(factor: try zoom.number(Self.zoom))
      case (nil, let button?):
        return .button(id: try button.integer(buttonIds), pressed: try m.bool("pressed", default: true))
      case (.some, .some):
        throw node.error("expected either camera_zoom or button, got both")
      case (nil, nil):
        throw node.error("expected {camera_zoom: <factor>} or {button: <id>, pressed: <true|false>}")
      }
    }
    switch try node.string(expected) {
    case "camera_shutter": return .cameraShutter
    case "camera_flip": return .cameraFlip
    default: throw node.mismatch(expected)
    }
  }

  /// `{range_deg: [lower, upper] or null, max_speed_deg_s}`; absent or null: no app limit on that
  /// axis. Out-of-range or inverted values are kept: DockKit refuses them at run time
  /// (`invalidParameter`), which is what a scenario about a misbehaving app measures.
  private static func axisLimit(_ node: NodeReader?) throws(InputError) -> AxisLimit? {
    guard let node, !node.isNull else { return nil }
    let m = try node.mapping(allowed: axisLimitSpec.names)
    var range: ClosedRange<Double>?
    var inverted = false
    if let r = m["range_deg"], !r.isNull {
      let ends = try r.sequence("[lower, upper] in degrees")
      guard ends.count == 2 else { throw r.mismatch("[lower, upper] in degrees") }
      let lo = Angle.radians(degrees: try ends[0].number(rate))
      let hi = Angle.radians(degrees: try ends[1].number(rate))
      inverted = lo > hi
      range = min(lo, hi)...max(lo, hi)
    }
    let speed = Angle.radians(degrees: try m.number("max_speed_deg_s", rate))
    // A ClosedRange cannot hold an inverted range; a negative speed carries the refusal instead.
    return AxisLimit(positionRange: range, maximumSpeed: inverted ? -1 : speed)
  }

  private static func mode(_ node: NodeReader) throws(InputError) -> FramingMode {
    let names = FramingMode.allCases.map(\.rawValue)
    let expected = "one of \(names.joined(separator: ", "))"
    guard let mode = FramingMode(rawValue: try node.string(expected)) else { throw node.mismatch(expected) }
    return mode
  }

  private static func region(_ node: NodeReader) throws(InputError) -> NormalizedRect {
    let m = try node.mapping(allowed: regionFields)
    return NormalizedRect(
      x: try m.number("x", unit), y: try m.number("y", unit), width: try m.number("width", unit),
      height: try m.number("height", unit))
  }
}
