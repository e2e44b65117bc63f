/// The metrics every built-in run reports, in `summary.csv` column order.
public enum MetricCatalog {
  public static let names = [
    "framing_error_rms", "framing_error_p95", "framing_error_max", "in_frame_ratio",
    "estimation_error_rms_rad", "camera_lag_ms", "command_accel_rms_rad_s2", "speed_cap_violations",
    "speed_cap_violation_s", "position_limit_violations", "position_limit_violation_s", "mota",
    "motp_distance",
    "idf1", "idp", "idr", "hota", "deta", "assa", "loca", "id_switches", "fragmentations",
    "mot_false_positives", "mot_misses",
    "primary_switches", "reacquisitions", "reacquisition_time_mean_s", "reacquisition_time_max_s",
    "nees_mean",
    "nis_mean", "api_violations", "api_rate_violations", "motion_call_rate_violations",
    "track_rate_violations",
    "framing_changes", "time_to_frame_mean_s", "time_to_frame_max_s", "time_to_frame_unfinished",
    "orientation_moves", "orientation_final_error_max_rad", "orientation_duration_error_max_s", "animations",
    "animation_amplitude_error_max_rad", "animation_duration_error_max_s",
  ]
}
