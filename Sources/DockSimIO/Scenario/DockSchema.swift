import DockSimCore

/// The `dock` section: both axes, the command latency and the starting pose.
enum DockSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec([
    FieldSpec("command_latency_ms", .number(commandLatency)),
    FieldSpec("initial", .section(initialSpec)),
    FieldSpec("yaw", .section(AxisSchema.spec(.yaw))),
    FieldSpec("pitch", .section(AxisSchema.spec(.pitch))),
  ])
  static var initialFields: [String] { initialSpec.names }
  /// Each start angle within the axis's reach; that it lies inside the axis's range is checked by `read`.
  static let initialSpec = SectionSpec([
    FieldSpec("yaw_deg", .number(initialBounds(.yaw))),
    FieldSpec("pitch_deg", .number(initialBounds(.pitch))),
  ])
  static func initialBounds(_ axis: Axis) -> NumberBounds {
    .closed(-AxisSchema.rangeLimit(axis), AxisSchema.rangeLimit(axis))
  }
  static let commandLatency = NumberBounds.nonNegative(max: 1000)

  static func read(_ m: MappingReader, physicsRateHz: Int) throws(InputError) -> DockParameters {
    let d = DockParameters()
    let yaw = try AxisSchema.read(
      m.section("yaw", allowed: AxisSchema.fields), axis: .yaw, default: d.yaw, physicsRateHz: physicsRateHz)
    let pitch = try AxisSchema.read(
      m.section("pitch", allowed: AxisSchema.fields), axis: .pitch, default: d.pitch,
      physicsRateHz: physicsRateHz)
    var latency = d.commandLatency
    if let node = m["command_latency_ms"] {
      // Straight to integer microseconds: going through seconds would round twice.
      latency = SimDuration(microseconds: Int64((try node.number(commandLatency) * 1000).rounded()))
    }
    let initial = try m.section("initial", allowed: initialFields)
    return DockParameters(
      yaw: yaw, pitch: pitch, commandLatency: latency,
      initialYaw: try readInitial(
        initial, "yaw_deg", axis: .yaw, range: yaw.positionRange, default: d.initialYaw),
      initialPitch: try readInitial(
        initial, "pitch_deg", axis: .pitch, range: pitch.positionRange, default: d.initialPitch))
  }

  /// A starting angle must lie inside the axis's range: the motor model would otherwise begin past a
  /// hard stop.
  private static func readInitial(
    _ m: MappingReader, _ key: String, axis: Axis, range: ClosedRange<Double>?, default value: Double
  ) throws(InputError) -> Double {
    let within = range.map { r in
      "\(axis.rawValue).range_deg [\(NumberBounds.format(Angle.degrees(radians: r.lowerBound))), "
        + "\(NumberBounds.format(Angle.degrees(radians: r.upperBound)))]"
    }
    guard let node = m[key] else {
      if let range, let within, !range.contains(value) {
        let shown = NumberBounds.format(Angle.degrees(radians: value))
        throw m.reader.error("expected \(key) within \(within); the default \(shown) is outside it")
      }
      return value
    }
    let radians = Angle.radians(degrees: try node.number(initialBounds(axis)))
    if let range, let within, !range.contains(radians) { throw node.mismatch("an angle within \(within)") }
    return radians
  }
}
