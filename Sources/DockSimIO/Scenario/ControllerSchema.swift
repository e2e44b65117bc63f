import DockSimCore

/// The `controller` section: the built-in centre-framing controller.
enum ControllerSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec([
    FieldSpec("gain_per_s", .number(gain)),
    FieldSpec("max_accel_deg_s2", .number(maximumAcceleration)),
    FieldSpec("feedforward", .boolean),
    FieldSpec("lookahead_ms", .number(lookahead)),
    FieldSpec("deadband_deg", .number(deadband)),
    FieldSpec("limit_margin_deg", .number(limitMargin)),
    FieldSpec("coast_fade_frames", .integer(coastFadeFrames)),
  ])
  /// Zero is allowed: feed-forward alone, for experiments.
  static let gain = NumberBounds.nonNegative(max: 100)
  /// 100 rad/s²: a phone stand reaching its 20 rad/s ceiling in a fifth of a second.
  static let maximumAcceleration = NumberBounds.positive(max: Angle.degrees(radians: 100))
  static let lookahead = NumberBounds.nonNegative(max: 1000)
  static let deadband = NumberBounds.nonNegative(max: 10)
  static let limitMargin = NumberBounds.nonNegative(max: 45)
  static let coastFadeFrames = 0...10_000

  static func read(_ m: MappingReader, pitchRange: ClosedRange<Double>?) throws(InputError)
    -> ControllerParameters
  {
    let d = ControllerParameters()
    var lookaheadSeconds = d.lookahead
    if let node = m["lookahead_ms"] { lookaheadSeconds = try node.number(lookahead) / 1000 }
    let margin = try m.degrees("limit_margin_deg", limitMargin, defaultRadians: d.limitMargin)
    // The margins at both ends must leave some pitch range for the target to move in.
    if let pitchRange, 2 * margin >= pitchRange.upperBound - pitchRange.lowerBound {
      let width = NumberBounds.format(Angle.degrees(radians: pitchRange.upperBound - pitchRange.lowerBound))
      throw (m["limit_margin_deg"] ?? m.reader).error(
        "expected a margin below half the pitch range (\(width)° wide), got "
          + NumberBounds.format(Angle.degrees(radians: margin)))
    }
    return ControllerParameters(
      gain: try m.number("gain_per_s", gain, default: d.gain),
      maximumAcceleration: try m.degrees(
        "max_accel_deg_s2", maximumAcceleration, defaultRadians: d.maximumAcceleration),
      feedforward: try m.bool("feedforward", default: d.feedforward),
      lookahead: lookaheadSeconds,
      deadband: try m.degrees("deadband_deg", deadband, defaultRadians: d.deadband),
      limitMargin: margin,
      coastFadeFrames: try m.integer("coast_fade_frames", coastFadeFrames, default: d.coastFadeFrames))
  }
}
