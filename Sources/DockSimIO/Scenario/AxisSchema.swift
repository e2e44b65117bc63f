import DockSimCore

/// One motorized axis (`dock.yaw`, `dock.pitch`): limits, mechanics and the inner velocity loop.
enum AxisSchema {
  /// Both axes allow the same fields; only `range_deg` differs (yaw may be null: continuous rotation).
  static var fields: [String] { spec(.yaw).names }

  static func spec(_ axis: Axis) -> SectionSpec {
    let range = FieldKind.interval(.closed(-rangeLimit(axis), rangeLimit(axis)))
    return SectionSpec([
      FieldSpec("range_deg", axis == .yaw ? .nullable(range) : range),
      FieldSpec("max_speed_deg_s", .number(maximumSpeed)),
      FieldSpec("inertia_kg_m2", .number(inertia)),
      FieldSpec("viscous_friction_nm_s_per_rad", .number(viscousFriction)),
      FieldSpec("coulomb_friction_nm", .number(coulombFriction)),
      FieldSpec("torque_limit_nm", .number(torqueLimit)),
      FieldSpec("velocity_kp_nm_s_per_rad", .number(velocityKp)),
      FieldSpec("velocity_ki_nm_per_rad", .number(velocityKi)),
      FieldSpec("encoder_counts_per_rev", .integer(encoderCounts)),
    ])
  }
  /// How far a range may reach, degrees: a yaw stop beyond one turn either way is meaningless, and
  /// pitch cannot pass straight up or down.
  static func rangeLimit(_ axis: Axis) -> Double { axis == .yaw ? 360 : 90 }
  /// 20 rad/s: no stand pans faster, and faster set-points only hide a units mistake.
  static let maximumSpeed = NumberBounds.positive(max: Angle.degrees(radians: 20))
  static let inertia = NumberBounds.positive(max: 1)
  static let viscousFriction = NumberBounds.nonNegative(max: 10)
  static let coulombFriction = NumberBounds.nonNegative(max: 10)
  static let torqueLimit = NumberBounds.positive(max: 100)
  static let velocityKp = NumberBounds.positive(max: 1000)
  static let velocityKi = NumberBounds.nonNegative(max: 100_000)
  static let encoderCounts = 0...(1 << 24)
  /// Largest |pole|·dt of the velocity loop: RK4 is stable up to about 2.78 on the negative real axis,
  /// and a little margin keeps the response from ringing numerically.
  static let maximumPoleStep = 2.5

  static func read(_ m: MappingReader, axis: Axis, default d: AxisParameters, physicsRateHz: Int)
    throws(InputError) -> AxisParameters
  {
    let p = AxisParameters(
      positionRange: try readRange(m, axis: axis, default: d.positionRange),
      maximumSpeed: try m.degrees("max_speed_deg_s", maximumSpeed, defaultRadians: d.maximumSpeed),
      inertia: try m.number("inertia_kg_m2", inertia, default: d.inertia),
      viscousFriction: try m.number(
        "viscous_friction_nm_s_per_rad", viscousFriction, default: d.viscousFriction),
      coulombFriction: try m.number("coulomb_friction_nm", coulombFriction, default: d.coulombFriction),
      torqueLimit: try m.number("torque_limit_nm", torqueLimit, default: d.torqueLimit),
      velocityKp: try m.number("velocity_kp_nm_s_per_rad", velocityKp, default: d.velocityKp),
      velocityKi: try m.number("velocity_ki_nm_per_rad", velocityKi, default: d.velocityKi),
      encoderCountsPerRevolution: try m.integer(
        "encoder_counts_per_rev", encoderCounts, default: d.encoderCountsPerRevolution))
    // Dry friction at or above the torque limit holds the axis at rest for ever.
    guard p.coulombFriction < p.torqueLimit else {
      let at = m["coulomb_friction_nm"] ?? m["torque_limit_nm"] ?? m.reader
      throw at.error(
        "expected coulomb_friction_nm < torque_limit_nm so the motor can break away from rest, got "
          + "\(NumberBounds.format(p.coulombFriction)) >= \(NumberBounds.format(p.torqueLimit))")
    }
    let poleStep = fastestPole(p) / Double(physicsRateHz)
    guard poleStep <= maximumPoleStep else {
      let at = m["velocity_kp_nm_s_per_rad"] ?? m["velocity_ki_nm_per_rad"] ?? m["inertia_kg_m2"] ?? m.reader
      throw at.error(
        "expected a velocity loop the physics step can integrate (fastest pole × step <= "
          + "\(NumberBounds.format(maximumPoleStep))), got \(NumberBounds.format(poleStep)) at "
          + "\(physicsRateHz) Hz; lower the gains, raise inertia_kg_m2 or raise physics_rate_hz")
    }
    return p
  }

  /// The magnitude of the fastest pole of J·ω'' + (Kp + b)·ω' + Ki·ω = 0, the linear velocity loop
  /// (rad/s).
  static func fastestPole(_ p: AxisParameters) -> Double {
    let a = (p.velocityKp + p.viscousFriction) / p.inertia
    let c = p.velocityKi / p.inertia
    let discriminant = a * a - 4 * c
    return discriminant >= 0 ? (a + discriminant.squareRoot()) / 2 : c.squareRoot()
  }

  /// `[lower, upper]` in degrees; `null` means continuous rotation, which only yaw can do.
  private static func readRange(_ m: MappingReader, axis: Axis, default d: ClosedRange<Double>?)
    throws(InputError) -> ClosedRange<Double>?
  {
    guard let node = m["range_deg"] else { return d }
    let limit = rangeLimit(axis)
    let bounds = NumberBounds.closed(-limit, limit)
    let expected =
      "[lower, upper] in degrees within [-\(Int(limit)), \(Int(limit))]" + (axis == .yaw ? " or null" : "")
    if node.isNull {
      guard axis == .yaw else { throw node.mismatch(expected + " (pitch cannot rotate continuously)") }
      return nil
    }
    let ends = try node.sequence(expected)
    guard ends.count == 2 else { throw node.error("expected \(expected), got \(ends.count) values") }
    let lower = try ends[0].number(bounds)
    let upper = try ends[1].number(bounds)
    guard lower < upper else {
      throw node.error(
        "expected lower < upper, got [\(NumberBounds.format(lower)), \(NumberBounds.format(upper))]")
    }
    return Angle.radians(degrees: lower)...Angle.radians(degrees: upper)
  }
}
