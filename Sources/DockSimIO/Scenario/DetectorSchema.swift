import DockSimCore

/// The `detector` section: noise, misses and latency of the built-in detector.
enum DetectorSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec([
    FieldSpec("center_noise", .number(noise)),
    FieldSpec("size_noise", .number(noise)),
    FieldSpec("detection_probability", .number(probability)),
    FieldSpec("latency_frames", .integer(latencyFrames)),
    FieldSpec("min_visible_fraction", .number(probability)),
    FieldSpec("clutter_rate", .number(clutterRate)),
  ])
  /// Standard deviations in normalized image units: half the image is already no detection at all.
  static let noise = NumberBounds.nonNegative(max: 0.5)
  static let probability = NumberBounds.closed(0, 1)
  /// One second of frames at 30 fps: longer inference latency is not a tracking problem any more.
  static let latencyFrames = 0...30
  /// False positives per frame: beyond 50 a frame is all clutter.
  static let clutterRate = NumberBounds.nonNegative(max: 50)

  static func read(_ m: MappingReader) throws(InputError) -> DetectorParameters {
    let d = DetectorParameters()
    return DetectorParameters(
      centerNoise: try m.number("center_noise", noise, default: d.centerNoise),
      sizeNoise: try m.number("size_noise", noise, default: d.sizeNoise),
      detectionProbability: try m.number(
        "detection_probability", probability, default: d.detectionProbability),
      latencyFrames: try m.integer("latency_frames", latencyFrames, default: d.latencyFrames),
      minimumVisibleFraction: try m.number(
        "min_visible_fraction", probability, default: d.minimumVisibleFraction),
      clutterRate: try m.number("clutter_rate", clutterRate, default: d.clutterRate))
  }
}
