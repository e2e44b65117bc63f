import DockSimCore

/// The `dock` section: both axes, the command latency and the starting pose.
enum DockSchema {
  static let fields = ["command_latency_ms", "initial", "yaw", "pitch"]
  static let initialFields = ["yaw_deg", "pitch_deg"]
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
    let limit = AxisSchema.rangeLimit(axis)
    let radians = Angle.radians(degrees: try node.number(.closed(-limit, limit)))
    if let range, let within, !range.contains(radians) { throw node.mismatch("an angle within \(within)") }
    return radians
  }
}
