// Generated from `TrackerParameters.table` by Tests/DockSimIOTests/GeneratedFilesTests.swift; do not edit.
// After changing the table: DOCKSIM_REGENERATE=1 swift test --filter GeneratedFilesTests
import ArgumentParser

/// `docksim replay`'s tracker options: one per parameter of `TrackerParameters.table` that a replayed
/// tracker reads (`TrackerParameterInput.replayOptions`), named after its field; their help comes from
/// the table (`ArgumentHelp.tracker`), and `TrackerParameterInput.replayParameters` checks the values.
struct ReplayTrackerOptions: ParsableArguments {
  @Option(name: .long, parsing: .unconditional, help: .tracker("process_noise_angle"))
  var processNoiseAngle: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("process_noise_log_size"))
  var processNoiseLogSize: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("measurement_noise_center"))
  var measurementNoiseCenter: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("measurement_noise_height"))
  var measurementNoiseHeight: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("measurement_noise_center_slope"))
  var measurementNoiseCenterSlope: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("measurement_noise_height_slope"))
  var measurementNoiseHeightSlope: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("initial_std_angle_deg"))
  var initialStdAngleDeg: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("initial_std_log_size"))
  var initialStdLogSize: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("initial_std_angle_rate_deg_s"))
  var initialStdAngleRateDegS: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("initial_std_log_size_rate"))
  var initialStdLogSizeRate: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("gate"))
  var gate: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("max_coast_s"))
  var maxCoastS: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("confirm_hits"))
  var confirmHits: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("max_occlusion_s"))
  var maxOcclusionS: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("saliency_size_weight"))
  var saliencySizeWeight: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("saliency_center_weight"))
  var saliencyCenterWeight: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("saliency_speaking_weight"))
  var saliencySpeakingWeight: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("handover_angle_deg"))
  var handoverAngleDeg: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("edge_center_noise_factor"))
  var edgeCenterNoiseFactor: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("edge_size_noise_factor"))
  var edgeSizeNoiseFactor: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("occluded_center_noise_factor"))
  var occludedCenterNoiseFactor: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("occluded_size_noise_factor"))
  var occludedSizeNoiseFactor: String?

  @Option(
    name: .long, parsing: .unconditional, help: .tracker("anchor_cut_edges"), completion: .trackerWords("anchor_cut_edges"))
  var cutEdges: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("size_gate"))
  var sizeGate: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("quality_window_s"))
  var qualityWindowS: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("quality_min_hit_share"))
  var qualityMinHitShare: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("duplicate_s"))
  var duplicateS: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("high_score"))
  var highScore: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("low_score"))
  var lowScore: String?

  @Option(name: .long, parsing: .unconditional, help: .tracker("initiate_score"))
  var initiateScore: String?

  /// Each option's value as given, by the parameter's name, in the table's order.
  var given: [(parameter: String, value: String?)] {
    [
      ("process_noise_angle", processNoiseAngle),
      ("process_noise_log_size", processNoiseLogSize),
      ("measurement_noise_center", measurementNoiseCenter),
      ("measurement_noise_height", measurementNoiseHeight),
      ("measurement_noise_center_slope", measurementNoiseCenterSlope),
      ("measurement_noise_height_slope", measurementNoiseHeightSlope),
      ("initial_std_angle_deg", initialStdAngleDeg),
      ("initial_std_log_size", initialStdLogSize),
      ("initial_std_angle_rate_deg_s", initialStdAngleRateDegS),
      ("initial_std_log_size_rate", initialStdLogSizeRate),
      ("gate", gate),
      ("max_coast_s", maxCoastS),
      ("confirm_hits", confirmHits),
      ("max_occlusion_s", maxOcclusionS),
      ("saliency_size_weight", saliencySizeWeight),
      ("saliency_center_weight", saliencyCenterWeight),
      ("saliency_speaking_weight", saliencySpeakingWeight),
      ("handover_angle_deg", handoverAngleDeg),
      ("edge_center_noise_factor", edgeCenterNoiseFactor),
      ("edge_size_noise_factor", edgeSizeNoiseFactor),
      ("occluded_center_noise_factor", occludedCenterNoiseFactor),
      ("occluded_size_noise_factor", occludedSizeNoiseFactor),
      ("anchor_cut_edges", cutEdges),
      ("size_gate", sizeGate),
      ("quality_window_s", qualityWindowS),
      ("quality_min_hit_share", qualityMinHitShare),
      ("duplicate_s", duplicateS),
      ("high_score", highScore),
      ("low_score", lowScore),
      ("initiate_score", initiateScore),
    ]
  }
}
