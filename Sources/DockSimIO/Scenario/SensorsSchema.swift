import DockSimCore

/// The `sensors` section: motor encoder feedback and the phone's gyroscope, from which the tracker and
/// controller get the camera pose (see `docs/sensors.md`).
enum SensorsSchema {
  static var fields: [String] { spec.names }
  /// The rates' upper bound is the scenario's physics rate, checked by `read`; here the highest one.
  static let spec = SectionSpec([
    FieldSpec("encoder_rate_hz", .number(rate(physicsRateHz: ScenarioSchema.physicsRate.upperBound))),
    FieldSpec("encoder_delay_ms", .number(delay)),
    FieldSpec("gyro_rate_hz", .number(rate(physicsRateHz: ScenarioSchema.physicsRate.upperBound))),
    FieldSpec("gyro_noise_deg_s", .number(noise)),
    FieldSpec("gyro_bias_deg_s", .section(biasSpec)),
    FieldSpec("estimator", .choice(PoseEstimatorMode.allCases.map(\.rawValue))),
  ])
  static let biasSpec = SectionSpec([FieldSpec("yaw", .number(bias)), FieldSpec("pitch", .number(bias))])
  static func rate(physicsRateHz: Int) -> NumberBounds { .positive(max: Double(physicsRateHz)) }
  static let delay = NumberBounds.nonNegative(max: 1000)
  static let noise = NumberBounds.nonNegative(max: 57.3)
  static let bias = NumberBounds.closed(-57.3, 57.3)

  static func read(_ m: MappingReader, physicsRateHz: Int) throws(InputError) -> PoseSensorParameters {
    var p = PoseSensorParameters()
    let rate = rate(physicsRateHz: physicsRateHz)
    p.encoderRateHz = try m.number("encoder_rate_hz", rate, default: p.encoderRateHz)
    if let node = m["encoder_delay_ms"] {
      p.encoderDelay = SimDuration(seconds: try node.number(delay) / 1000)
    }
    p.gyroRateHz = try m.number("gyro_rate_hz", rate, default: p.gyroRateHz)
    p.gyroNoise = try m.degrees("gyro_noise_deg_s", noise, defaultRadians: p.gyroNoise)
    if let node = m["gyro_bias_deg_s"] {
      let b = try node.mapping(allowed: biasSpec.names)
      p.gyroBias = AxisPair(
        yaw: try b.degrees("yaw", bias, defaultRadians: p.gyroBias.yaw),
        pitch: try b.degrees("pitch", bias, defaultRadians: p.gyroBias.pitch))
    }
    if let node = m["estimator"] {
      let names = PoseEstimatorMode.allCases.map(\.rawValue)
      let expected = "one of \(names.joined(separator: ", "))"
      guard let mode = PoseEstimatorMode(rawValue: try node.string(expected)) else {
        throw node.mismatch(expected)
      }
      p.estimator = mode
    }
    return p
  }
}
