/// A metric's identity: the column it is written under in `summary.csv` (the unit is part of the name:
/// `camera_lag_ms`, `wrong_subject_s`), with the short title and one-line description every table and
/// page shows for it.
///
/// The built-in metrics are the static members below, listed in column order by `MetricCatalog`; code
/// names a metric by its key (`.framingErrorRMS`), never by a string literal, so a renamed or removed
/// metric is a compile error rather than a silently empty column. A plugged-in `MetricAccumulator`
/// makes keys of its own with `init(_:title:help:digits:)`. Two keys are the same metric when their
/// names are equal.
public struct MetricKey: Hashable, Sendable, CustomStringConvertible {
  /// The `summary.csv` column, unit included (`framing_error_rms`, `camera_lag_ms`).
  public let name: String
  /// A short title for table headers ("frame rms").
  public let title: String
  /// One line saying what the metric measures, with its unit (tooltips, `--help` texts).
  public let help: String
  /// Decimals shown in fixed-width terminal tables.
  public let digits: Int

  public init(_ name: String, title: String? = nil, help: String = "", digits: Int = 3) {
    self.name = name
    self.title = title ?? name
    self.help = help
    self.digits = digits
  }

  public var description: String { name }

  public static func == (a: MetricKey, b: MetricKey) -> Bool { a.name == b.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

// The built-in metrics, in `summary.csv` order; definitions in docs/metrics.md.
extension MetricKey {
  // MARK: Framing
  public static let framingErrorRMS = MetricKey(
    "framing_error_rms", title: "frame rms",
    help: "RMS distance of the subject from the framing target (normalized image units)")
  public static let framingErrorP95 = MetricKey(
    "framing_error_p95", title: "frame p95", help: "95th percentile of the framing error (normalized)")
  public static let framingErrorMax = MetricKey(
    "framing_error_max", title: "frame max", help: "largest framing error (normalized)")
  public static let inFrameRatio = MetricKey(
    "in_frame_ratio", title: "in frame", help: "share of frames with the subject's centre in the image")
  // MARK: Estimation, latency, smoothness
  public static let estimationErrorRMS = MetricKey(
    "estimation_error_rms_rad", title: "est rms rad",
    help: "RMS angle between the primary track and the box it follows, at capture time (rad)", digits: 4)
  public static let cameraLag = MetricKey(
    "camera_lag_ms", title: "lag ms", help: "delay that best aligns the camera's yaw with the subject (ms)",
    digits: 0)
  public static let commandAccelRMS = MetricKey(
    "command_accel_rms_rad_s2", title: "cmd acc",
    help: "RMS frame-to-frame change of the velocity command (rad/s²)", digits: 1)
  // MARK: Rate and position limits
  public static let speedCapViolations = MetricKey(
    "speed_cap_violations", title: "cap viol", help: "episodes of commands beyond the speed cap", digits: 0)
  public static let speedCapViolationSeconds = MetricKey(
    "speed_cap_violation_s", title: "cap viol s", help: "time of commands beyond the speed cap (s)")
  public static let positionLimitViolations = MetricKey(
    "position_limit_violations", title: "limit viol", help: "episodes against a hard stop", digits: 0)
  public static let positionLimitViolationSeconds = MetricKey(
    "position_limit_violation_s", title: "limit viol s", help: "time against a hard stop (s)")
  // MARK: Multi-object tracking
  public static let mota = MetricKey("mota", title: "MOTA", help: "CLEAR MOT accuracy")
  public static let motpDistance = MetricKey(
    "motp_distance", title: "MOTP dist", help: "mean distance of matched pairs (normalized; lower is better)",
    digits: 4)
  public static let idf1 = MetricKey("idf1", title: "idf1", help: "identity F1 score")
  public static let idp = MetricKey("idp", title: "idp", help: "identity precision")
  public static let idr = MetricKey("idr", title: "idr", help: "identity recall")
  public static let hota = MetricKey(
    "hota", title: "HOTA", help: "higher-order tracking accuracy: √(DetA·AssA), mean over 19 thresholds")
  public static let detA = MetricKey("deta", title: "DetA", help: "HOTA's detection accuracy")
  public static let assA = MetricKey("assa", title: "AssA", help: "HOTA's association accuracy")
  public static let locA = MetricKey(
    "loca", title: "LocA", help: "HOTA's localization accuracy (mean similarity)")
  public static let idSwitches = MetricKey(
    "id_switches", title: "id sw", help: "track identity switches (CLEAR MOT)", digits: 0)
  public static let fragmentations = MetricKey(
    "fragmentations", title: "frag", help: "interruptions of a subject's tracking", digits: 0)
  public static let motFalsePositives = MetricKey(
    "mot_false_positives", title: "FP", help: "track rows matched to no subject", digits: 0)
  public static let motMisses = MetricKey(
    "mot_misses", title: "FN", help: "subject rows matched to no track", digits: 0)
  // MARK: The primary subject
  public static let primarySwitches = MetricKey(
    "primary_switches", title: "prim sw", help: "times the primary track moved to another person", digits: 0)
  public static let wrongSubjectSeconds = MetricKey(
    "wrong_subject_s", title: "wrong s",
    help: "time the primary track sat on someone other than the intended subject (s)", digits: 1)
  public static let wrongSubjectLongest = MetricKey(
    "wrong_subject_longest_s", title: "wrong max s",
    help: "longest stretch of the primary track on someone other than the intended subject (s)", digits: 1)
  public static let primaryOnNobodySeconds = MetricKey(
    "primary_on_nobody_s", title: "nobody s",
    help: "time the primary track sat on no person's visible box (s)", digits: 1)
  public static let primaryOnNobodyLongest = MetricKey(
    "primary_on_nobody_longest_s", title: "nobody max s",
    help: "longest stretch of the primary track on no person's visible box (s)", digits: 1)
  public static let noPrimaryVisibleSeconds = MetricKey(
    "no_primary_visible_s", title: "no prim s",
    help: "time with no primary track while the intended subject was detectable (s)", digits: 1)
  public static let outOfFrameSeconds = MetricKey(
    "out_of_frame_s", title: "out s", help: "time the intended subject's centre was outside the image (s)",
    digits: 1)
  public static let outOfFrameLongest = MetricKey(
    "out_of_frame_longest_s", title: "out max s",
    help: "longest stretch of the intended subject's centre outside the image (s)", digits: 1)
  public static let reacquisitions = MetricKey(
    "reacquisitions", title: "reacq", help: "returns of the primary subject after being undetectable",
    digits: 0)
  public static let reacquisitionTimeMean = MetricKey(
    "reacquisition_time_mean_s", title: "reacq mean s",
    help: "mean time until the primary track sat on the returned subject again (s)", digits: 2)
  public static let reacquisitionTimeMax = MetricKey(
    "reacquisition_time_max_s", title: "reacq max s",
    help: "longest time until the primary track sat on the returned subject again (s)", digits: 2)
  // MARK: Filter consistency
  public static let neesMean = MetricKey(
    "nees_mean", title: "NEES", help: "mean NEES of the primary track (3 when consistent)", digits: 2)
  public static let nisMean = MetricKey(
    "nis_mean", title: "NIS", help: "mean NIS of all track updates (3 when consistent)", digits: 2)
  // MARK: DockKit behaviour
  public static let apiViolations = MetricKey(
    "api_violations", title: "API viol", help: "timeline commands the dock refused", digits: 0)
  public static let apiRateViolations = MetricKey(
    "api_rate_violations", title: "rate viol", help: "refusals for calling too often or too rarely", digits: 0
  )
  public static let motionCallRateViolations = MetricKey(
    "motion_call_rate_violations", title: "motion rate",
    help: "setOrientation/animate refused beyond two a second", digits: 0)
  public static let trackRateViolations = MetricKey(
    "track_rate_violations", title: "track rate", help: "track calls refused outside 10–30 a second",
    digits: 0)
  public static let framingChanges = MetricKey(
    "framing_changes", title: "framings", help: "framing-mode and region-of-interest changes applied",
    digits: 0)
  public static let timeToFrameMean = MetricKey(
    "time_to_frame_mean_s", title: "to frame s", help: "mean time from a framing change until framed (s)",
    digits: 2)
  public static let timeToFrameMax = MetricKey(
    "time_to_frame_max_s", title: "to frame max",
    help: "longest time from a framing change until framed (s)", digits: 2)
  public static let timeToFrameUnfinished = MetricKey(
    "time_to_frame_unfinished", title: "unframed",
    help: "1 when the subject was never framed after the last change", digits: 0)
  public static let orientationMoves = MetricKey(
    "orientation_moves", title: "moves", help: "setOrientation moves executed", digits: 0)
  public static let orientationFinalErrorMax = MetricKey(
    "orientation_final_error_max_rad", title: "move err rad",
    help: "largest axis error at the end of a setOrientation move (rad)", digits: 4)
  public static let orientationDurationErrorMax = MetricKey(
    "orientation_duration_error_max_s", title: "move late s",
    help: "largest lateness (negative: early) of a setOrientation move (s)", digits: 2)
  public static let animations = MetricKey(
    "animations", title: "anims", help: "animations executed", digits: 0)
  public static let animationAmplitudeErrorMax = MetricKey(
    "animation_amplitude_error_max_rad", title: "anim amp rad",
    help: "largest difference between an animation's amplitude and its plan (rad)", digits: 4)
  public static let animationDurationErrorMax = MetricKey(
    "animation_duration_error_max_s", title: "anim late s",
    help: "largest lateness (negative: early) of an animation's return (s)", digits: 2)
  // MARK: Recorded logs (tuning only)
  public static let logErrorRMS = MetricKey(
    "log_error_rms_rad", title: "log err rad",
    help: "RMS angle between the primary track and a log's reference track (rad)", digits: 4)
  public static let logCoverage = MetricKey(
    "log_coverage", title: "log coverage", help: "share of a log's reference frames with a primary track")
  public static let logNISMean = MetricKey(
    "log_nis_mean", title: "log NIS", help: "mean NIS of every track update of a log replay", digits: 2)
  public static let logNISConsistency = MetricKey(
    "log_nis_consistency", title: "log NIS cons", help: "|log_nis_mean / 3 − 1|: 0 when consistent")
}
