import DockSimCore

/// Streams frame records to `traces/<scenario>.csv`, written atomically on `commit()`.
///
/// Columns (see `docs/csv.md`): frame index and time; the primary subject's true direction and box
/// (centre and height, normalized, lower-left origin); the observation of it captured this frame; the
/// estimate delivered this frame with its capture time; the true camera pose and measured rates; the
/// command; the framing error.
public struct TraceCSVSink: TraceSink {
  public static let columns = [
    "frame", "t_s",
    "subject_az_rad", "subject_el_rad", "subject_u", "subject_v", "subject_h",
    "obs_u", "obs_v", "obs_h",
    "track_id", "track_status", "est_capture_t_s", "est_az_rad", "est_el_rad", "est_log_size",
    "est_az_rate_rad_s", "est_el_rate_rad_s", "est_nis",
    "camera_yaw_rad", "camera_pitch_rad", "camera_yaw_rate_rad_s", "camera_pitch_rate_rad_s",
    "cmd_yaw_rad_s", "cmd_pitch_rad_s", "framing_error", "framing_target_u", "framing_target_v",
    "system_tracking", "docked", "battery_level", "charging",
  ]
  private let writer: AtomicFileWriter

  public init(path: String) throws {
    writer = try AtomicFileWriter(path: path)
    try writer.write(CSVFormat.line(TraceCSVSink.columns))
  }

  public mutating func write(_ r: FrameRecord) throws {
    typealias F = CSVFormat
    let box = r.truth?.box
    let est = r.estimate
    let cells: [String] = [
      F.cell(r.frame), F.cell(r.time.seconds),
      F.cell(r.truth.map { Angle.wrap($0.direction.azimuth) }), F.cell(r.truth?.direction.elevation),
      F.cell(box?.midX), F.cell(box?.midY), F.cell(box?.height),
      F.cell(r.observation?.rect.midX), F.cell(r.observation?.rect.midY), F.cell(r.observation?.rect.height),
      est.map { F.cell($0.id) } ?? "", est?.status.rawValue ?? "", F.cell(est?.time),
      F.cell(est?.state.azimuth), F.cell(est?.state.elevation), F.cell(est?.state.logSize),
      F.cell(est?.state.azimuthRate), F.cell(est?.state.elevationRate), F.cell(est?.nis),
      F.cell(Angle.wrap(r.camera.yaw)), F.cell(r.camera.pitch),
      F.cell(r.cameraVelocity.yaw), F.cell(r.cameraVelocity.pitch),
      F.cell(r.command.yawVelocity), F.cell(r.command.pitchVelocity), F.cell(r.framingError),
      F.cell(r.framing.target.u), F.cell(r.framing.target.v), r.systemTracking ? "1" : "0",
      r.docked ? "1" : "0",
      F.cell(r.battery?.level), r.battery.map { $0.charging ? "1" : "0" } ?? "",
    ]
    try writer.write(F.line(cells))
  }

  public func commit() throws { try writer.commit() }
  public func abort() { writer.abort() }
}
