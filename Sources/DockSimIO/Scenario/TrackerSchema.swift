import DockSimCore

/// The `tracker` section: the built-in EKF's noise model, initial uncertainty and track management.
/// Only the angle fields carry degrees; the rest are in the core's units (see `docs/scenarios.md`).
enum TrackerSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec([
    FieldSpec("process_noise_angle", .number(processNoise)),
    FieldSpec("process_noise_log_size", .number(processNoise)),
    FieldSpec("measurement_noise_center", .number(measurementNoise)),
    FieldSpec("measurement_noise_height", .number(measurementNoise)),
    FieldSpec("measurement_noise_center_slope", .number(measurementNoiseSlope)),
    FieldSpec("measurement_noise_height_slope", .number(measurementNoiseSlope)),
    FieldSpec("initial_std_angle_deg", .number(initialStdAngle)),
    FieldSpec("initial_std_log_size", .number(initialStdLogSize)),
    FieldSpec("initial_std_angle_rate_deg_s", .number(initialStdAngleRate)),
    FieldSpec("initial_std_log_size_rate", .number(initialStdLogSizeRate)),
    FieldSpec("gate", .number(gate)),
    FieldSpec("max_coast_frames", .integer(maxCoastFrames)),
    FieldSpec("confirm_hits", .integer(confirmHits)),
    FieldSpec("reacquire_frames", .integer(reacquireFrames)),
    FieldSpec("max_occlusion_frames", .integer(maxCoastFrames)),
    FieldSpec("saliency_size_weight", .number(weight)),
    FieldSpec("saliency_center_weight", .number(weight)),
    FieldSpec("saliency_speaking_weight", .number(weight)),
    FieldSpec("handover_angle_deg", .number(handoverAngle)),
    FieldSpec("edge_center_noise_factor", .number(noiseFactor)),
    FieldSpec("edge_size_noise_factor", .number(noiseFactor)),
    FieldSpec("occluded_center_noise_factor", .number(noiseFactor)),
    FieldSpec("occluded_size_noise_factor", .number(noiseFactor)),
    FieldSpec("anchor_cut_edges", .boolean),
    FieldSpec("size_gate", .number(sizeGate)),
    FieldSpec("quality_window", .integer(qualityWindow)),
    // At most quality_window, checked by `read`.
    FieldSpec("quality_min_hits", .integer(0...qualityWindow.upperBound)),
    FieldSpec("duplicate_frames", .integer(duplicateFrames)),
    FieldSpec("high_score", .number(score)),
    FieldSpec("low_score", .number(score)),
    FieldSpec("initiate_score", .number(score)),
  ])
  static let processNoise = NumberBounds.positive(max: 1000)
  /// Measurement noise must be positive: a zero variance makes the innovation covariance singular.
  static let measurementNoise = NumberBounds.positive(max: 0.5)
  /// Per unit of box height: 1 would be an error as large as the box.
  static let measurementNoiseSlope = NumberBounds.nonNegative(max: 1)
  static let initialStdAngle = NumberBounds.positive(max: 180)
  static let initialStdLogSize = NumberBounds.positive(max: 10)
  static let initialStdAngleRate = NumberBounds.positive(max: Angle.degrees(radians: 20))
  static let initialStdLogSizeRate = NumberBounds.positive(max: 100)
  static let gate = NumberBounds.positive(max: 1000)
  static let maxCoastFrames = 0...10_000
  static let confirmHits = 1...100
  static let reacquireFrames = 0...10_000
  static let weight = NumberBounds.nonNegative(max: 100)
  static let handoverAngle = NumberBounds.nonNegative(max: 90)
  static let sizeGate = NumberBounds.nonNegative(max: 10)
  static let qualityWindow = 1...64
  static let duplicateFrames = 0...10_000
  /// Detection scores are confidences in [0, 1].
  static let score = NumberBounds.closed(0, 1)
  /// Factors below 1 would trust a cut box more than a whole one.
  static let noiseFactor = NumberBounds.closed(1, 10_000)

  static func read(_ m: MappingReader) throws(InputError) -> TrackerParameters {
    let d = TrackerParameters()
    // `quality_min_hits` cannot exceed the window it counts in.
    let window = try m.integer("quality_window", qualityWindow, default: d.qualityWindow)
    return TrackerParameters(
      processNoiseAngle: try m.number("process_noise_angle", processNoise, default: d.processNoiseAngle),
      processNoiseLogSize: try m.number(
        "process_noise_log_size", processNoise, default: d.processNoiseLogSize),
      measurementNoiseCenter: try m.number(
        "measurement_noise_center", measurementNoise, default: d.measurementNoiseCenter),
      measurementNoiseHeight: try m.number(
        "measurement_noise_height", measurementNoise, default: d.measurementNoiseHeight),
      measurementNoiseCenterSlope: try m.number(
        "measurement_noise_center_slope", measurementNoiseSlope, default: d.measurementNoiseCenterSlope),
      measurementNoiseHeightSlope: try m.number(
        "measurement_noise_height_slope", measurementNoiseSlope, default: d.measurementNoiseHeightSlope),
      initialStdAngle: try m.degrees(
        "initial_std_angle_deg", initialStdAngle, defaultRadians: d.initialStdAngle),
      initialStdLogSize: try m.number(
        "initial_std_log_size", initialStdLogSize, default: d.initialStdLogSize),
      initialStdAngleRate: try m.degrees(
        "initial_std_angle_rate_deg_s", initialStdAngleRate, defaultRadians: d.initialStdAngleRate),
      initialStdLogSizeRate: try m.number(
        "initial_std_log_size_rate", initialStdLogSizeRate, default: d.initialStdLogSizeRate),
      gate: try m.number("gate", gate, default: d.gate),
      maxCoastFrames: try m.integer("max_coast_frames", maxCoastFrames, default: d.maxCoastFrames),
      confirmHits: try m.integer("confirm_hits", confirmHits, default: d.confirmHits),
      reacquireFrames: try m.integer("reacquire_frames", reacquireFrames, default: d.reacquireFrames),
      maxOcclusionFrames: try m.integer(
        "max_occlusion_frames", maxCoastFrames, default: d.maxOcclusionFrames),
      saliencySizeWeight: try m.number("saliency_size_weight", weight, default: d.saliencySizeWeight),
      saliencyCenterWeight: try m.number("saliency_center_weight", weight, default: d.saliencyCenterWeight),
      saliencySpeakingWeight: try m.number(
        "saliency_speaking_weight", weight, default: d.saliencySpeakingWeight),
      handoverAngle: try m.degrees("handover_angle_deg", handoverAngle, defaultRadians: d.handoverAngle),
      edgeCenterNoiseFactor: try m.number(
        "edge_center_noise_factor", noiseFactor, default: d.edgeCenterNoiseFactor),
      edgeSizeNoiseFactor: try m.number(
        "edge_size_noise_factor", noiseFactor, default: d.edgeSizeNoiseFactor),
      occludedCenterNoiseFactor: try m.number(
        "occluded_center_noise_factor", noiseFactor, default: d.occludedCenterNoiseFactor),
      occludedSizeNoiseFactor: try m.number(
        "occluded_size_noise_factor", noiseFactor, default: d.occludedSizeNoiseFactor),
      anchorCutEdges: try m.bool("anchor_cut_edges", default: d.anchorCutEdges),
      sizeGate: try m.number("size_gate", sizeGate, default: d.sizeGate),
      qualityWindow: window,
      qualityMinHits: try m.integer("quality_min_hits", 0...window, default: min(d.qualityMinHits, window)),
      duplicateFrames: try m.integer("duplicate_frames", duplicateFrames, default: d.duplicateFrames),
      highScore: try m.number("high_score", score, default: d.highScore),
      lowScore: try m.number("low_score", score, default: d.lowScore),
      initiateScore: try m.number("initiate_score", score, default: d.initiateScore))
  }

}
