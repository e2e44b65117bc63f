extension TrackerParameters {
  /// Every tracker parameter, declared once: its name in a scenario's `tracker` section, unit, allowed
  /// values, doc, the trackers that read it and the property that stores it; the default is the
  /// property's (`TrackerParameters()`).
  ///
  /// The scenario reader, the JSON Schema (`docksim schema scenario`), `docksim replay`'s tracker
  /// options, `docksim tune`'s checks of `tracker.*` parameters and the tables of docs/scenarios.md and
  /// docs/tracker.md are derived from it. Adding a parameter: a stored property with its default in
  /// `init`, an entry here, then the generated files (`DOCKSIM_REGENERATE=1 swift test --filter
  /// GeneratedFilesTests`).
  public static let table = ParameterTable<TrackerParameters>(
    defaults: TrackerParameters(),
    [
      .number(
        "process_noise_angle", \.processNoiseAngle, unit: "rad²/s³", processNoise, readers: .allTrackers,
        doc: "White-noise acceleration intensity of azimuth and elevation.",
        notes:
          "Larger follows manoeuvres faster, smaller gives smoother rates (and a calmer stand). The reference fixture uses 0.5."
      ),
      .number(
        "process_noise_log_size", \.processNoiseLogSize, unit: "1/s³", processNoise, readers: .allTrackers,
        doc: "White-noise acceleration intensity of the log of the angular height."),
      .number(
        "measurement_noise_center", \.measurementNoiseCenter, unit: "image units", measurementNoise,
        readers: .allTrackers, doc: "Standard deviation assumed for the measured box centre.",
        notes: "Must be > 0 (the innovation covariance would be singular)."),
      .number(
        "measurement_noise_height", \.measurementNoiseHeight, unit: "image units", measurementNoise,
        readers: .allTrackers, doc: "Standard deviation assumed for the measured box height."),
      .number(
        "measurement_noise_center_slope", \.measurementNoiseCenterSlope,
        unit: "image units per unit of box height", measurementNoiseSlope, readers: .allTrackers,
        doc:
          "Growth of the centre's standard deviation with the height the track predicts: σ = `measurement_noise_center` + slope · h.",
        notes:
          "A real detector's error is a share of the box (docs/tracker.md, \"Real detections\"). 0 keeps it constant."
      ),
      .number(
        "measurement_noise_height_slope", \.measurementNoiseHeightSlope,
        unit: "image units per unit of box height", measurementNoiseSlope, readers: .allTrackers,
        doc:
          "Growth of the height's standard deviation with the height the track predicts: σ = `measurement_noise_height` + slope · h.",
        notes: "0 keeps it constant."),
      .degrees(
        "initial_std_angle_deg", \.initialStdAngle, unit: "°", .positive(max: 180), readers: .allTrackers,
        doc: "Initial standard deviation of a new track's angles."),
      .number(
        "initial_std_log_size", \.initialStdLogSize, unit: "–", .positive(max: 10), readers: .allTrackers,
        doc: "Initial standard deviation of a new track's log size."),
      .degrees(
        "initial_std_angle_rate_deg_s", \.initialStdAngleRate, unit: "°/s",
        .positive(max: Angle.degrees(radians: 20)), readers: .allTrackers,
        doc: "Initial standard deviation of a new track's angular rates."),
      .number(
        "initial_std_log_size_rate", \.initialStdLogSizeRate, unit: "1/s", .positive(max: 100),
        readers: .allTrackers, doc: "Initial standard deviation of a new track's log-size rate."),
      .number(
        "gate", \.gate, unit: "– (χ², 3 dof)", .positive(max: 1000), readers: .allTrackers,
        doc: "An observation is associated only if its NIS is at most this."),
      .number(
        "max_coast_s", \.maxCoastTime, unit: "s", duration,
        readers: [.multiTargetTracker, .singleSubjectTracker],
        doc: "Longest time without a measurement (not hidden) before a track is deleted.",
        notes:
          "Counted in frames of the observed frame interval (45 at 30 fps, 15 at 10 fps). A track may coast at most twice as many frames as it was measured (a burst of clutter coasts a few frames), and the quality rule (`quality_min_hit_share`) usually ends it first, after 0.8 s."
      ),
      .integer(
        "confirm_hits", \.confirmHits, unit: "–", 1...100,
        readers: [.multiTargetTracker, .singleSubjectTracker],
        doc: "Hits before a new track is confirmed."),
      .integer(
        "reacquire_frames", \.reacquireFrames, unit: "–", frameCount, readers: .singleSubjectTracker,
        doc:
          "Consecutive frames in which observations arrived but all failed the gate, after which the track is restarted from them (0: never).",
        notes: "The multi-subject tracker starts a new track from any unassigned observation instead."),
      .number(
        "max_occlusion_s", \.maxOcclusionTime, unit: "s", duration,
        readers: .multiTargetTracker,
        doc:
          "Longest time a track predicted behind a nearer track may go without a measurement before it is deleted.",
        notes: "Being hidden is not evidence that the subject left."),
      .number(
        "saliency_size_weight", \.saliencySizeWeight, unit: "–", weight, readers: .multiTargetTracker,
        doc:
          "Weight of the box height (fraction of the image) in the automatic choice of the primary subject."),
      .number(
        "saliency_center_weight", \.saliencyCenterWeight, unit: "–", weight, readers: .multiTargetTracker,
        doc:
          "Weight of closeness to the image centre (1 at the centre, 0 at a corner) in the choice of the primary subject."
      ),
      .number(
        "saliency_speaking_weight", \.saliencySpeakingWeight, unit: "–", weight, readers: .multiTargetTracker,
        doc: "Weight of the smoothed speaking confidence of a face in the choice of the primary subject."),
      .degrees(
        "handover_angle_deg", \.handoverAngle, unit: "°", .nonNegative(max: 90), readers: .multiTargetTracker,
        doc:
          "A primary without a measurement for 3 frames hands over to a confirmed track of the same kind within this angle of its prediction (the same person picked up by a new track)."
      ),
      .number(
        "edge_center_noise_factor", \.edgeCenterNoiseFactor, unit: "–", noiseFactor,
        readers: [.multiTargetTracker, .singleSubjectTracker],
        doc:
          "Factor on the measurement standard deviation of a box centre along an axis where the box is cut by the image edge (its centre is pulled inward).",
        notes: "1 trusts such a box fully."),
      .number(
        "edge_size_noise_factor", \.edgeSizeNoiseFactor, unit: "–", noiseFactor,
        readers: [.multiTargetTracker, .singleSubjectTracker],
        doc:
          "Factor on the height's standard deviation when the top or bottom is cut (the height is only the visible part)."
      ),
      .number(
        "occluded_center_noise_factor", \.occludedCenterNoiseFactor, unit: "–", noiseFactor,
        readers: .multiTargetTracker,
        doc:
          "Factor on the centre's standard deviation when at least 10 % of the track's predicted box is covered by a nearer track and the box is its visible part (the centre is then measured from the box's edge away from the cover, half the person's width in, when the track has seen them whole)."
      ),
      .number(
        "occluded_size_noise_factor", \.occludedSizeNoiseFactor, unit: "–", noiseFactor,
        readers: .multiTargetTracker,
        doc:
          "Factor on the height's standard deviation when at least 10 % of the track's predicted box is covered by a nearer track and the box is its visible part."
      ),
      .boolean(
        "anchor_cut_edges", \.anchorCutEdges,
        spelled: .init(option: "cut-edges", whenTrue: "anchor", whenFalse: "center"),
        readers: .multiTargetTracker,
        doc:
          "For a box cut at only its top or its bottom by the image edge, measure the uncut edge (`v ± h/2`, exact) instead of the box centre (biased toward the middle of the image)."
      ),
      .number(
        "size_gate", \.sizeGate, unit: "– (ln of a height ratio)", .nonNegative(max: 10),
        readers: .multiTargetTracker,
        doc:
          "Largest |ln(observed height / predicted height)| a detection may have to join a track, after three standard deviations of the measured height are allowed for; 0 disables it.",
        notes:
          "A shorter box passes when it may be truncated (cut by the image edge, or the track partly behind a nearer one). A coasting track's grown covariance alone would not rule out somebody nearer or farther; this does."
      ),
      .number(
        "quality_window_s", \.qualityWindowTime, unit: "s", qualityWindow, readers: .multiTargetTracker,
        doc:
          "Time not hidden behind a nearer track (in the image or out of it) over which a confirmed track's measurements are counted.",
        notes: "At most 64 frames (2.1 s at 30 fps)."),
      .number(
        "quality_min_hit_share", \.qualityMinHitShare, unit: "–", .closed(0, 1), readers: .multiTargetTracker,
        doc:
          "A confirmed track measured in fewer than this share of its window's frames is deleted; 0 disables it.",
        notes: "So sparse clutter cannot keep a false track alive by resetting its miss count."),
      .number(
        "duplicate_s", \.duplicateTime, unit: "s", duration, readers: .multiTargetTracker,
        doc:
          "How long two tracks of the same kind must overlap to be one subject: the younger is removed and its primary role passes to the older; 0 disables it.",
        notes:
          "Overlapping: IoU ≥ 0.7 and log heights within 0.1; for boxes without a width, as in some logs: centres within half a box height, log heights within 0.2, and measured together in at most 30 % of the frames."
      ),
      .number(
        "high_score", \.highScore, unit: "–", score, readers: .multiTargetTracker,
        doc: "Boxes scoring at least this are associated first, with every track.",
        notes:
          "Detection scores as ByteTrack uses them ([tracker.md](tracker.md), step 3). 0.9 sets apart a real detector's people from its false boxes (the fitted MOT15 Faster R-CNN profile: 0.99 and 0.74; the built-in detector: 1 and 0.5); chosen on the MOT15 selection set ([tracker.md](tracker.md#real-detections-mot15))."
      ),
      .number(
        "low_score", \.lowScore, unit: "–", score, readers: .multiTargetTracker,
        doc:
          "Boxes scoring below this are ignored; boxes from it up to `high_score` are associated only with the confirmed tracks still without a box whose predicted box they overlap by IoU ≥ 0.5: they keep a track alive where it is."
      ),
      .number(
        "initiate_score", \.initiateScore, unit: "–", score, readers: .multiTargetTracker,
        doc: "Only boxes scoring at least this start tracks."),
    ])

  /// Process noise intensities (rad²/s³ and 1/s³).
  private static let processNoise = NumberBounds.positive(max: 1000)
  /// Measurement noise must be positive: a zero variance makes the innovation covariance singular.
  private static let measurementNoise = NumberBounds.positive(max: 0.5)
  /// Per unit of box height: 1 would be an error as large as the box.
  private static let measurementNoiseSlope = NumberBounds.nonNegative(max: 1)
  private static let frameCount = 0...10_000
  /// Life-cycle durations: up to an hour.
  private static let duration = NumberBounds.nonNegative(max: 3600)
  /// The quality window: more than nothing, and what 64 frames hold at any usual frame rate.
  private static let qualityWindow = NumberBounds.positive(max: 10)
  private static let weight = NumberBounds.nonNegative(max: 100)
  /// Detection scores are confidences in [0, 1].
  private static let score = NumberBounds.closed(0, 1)
  /// Factors below 1 would trust a cut box more than a whole one.
  private static let noiseFactor = NumberBounds.closed(1, 10_000)
}
