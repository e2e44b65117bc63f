import DockSimCore

/// Streams frame records to `traces/<scenario>.csv`, written atomically on `commit()`.
///
/// Columns (see `docs/csv.md`): frame index and time; the intended subject's true direction and box
/// (centre and height, normalized, lower-left origin); the observation of it captured this frame; the
/// estimate delivered this frame with its capture time, NIS and NEES; the true camera pose and
/// measured rates; the command; the framing error; the DockKit state and battery; the primary-subject
/// judge's verdict (whom the primary sits on, and whether the frame counts as the wrong subject).
public struct TraceCSVSink: CommittableSink {
  public static let columns = [
    "frame", "t_s",
    "subject_az_rad", "subject_el_rad", "subject_u", "subject_v", "subject_h",
    "obs_u", "obs_v", "obs_h",
    "track_id", "track_status", "est_capture_t_s", "est_az_rad", "est_el_rad", "est_log_size",
    "est_az_rate_rad_s", "est_el_rate_rad_s", "est_nis", "est_nees",
    "camera_yaw_rad", "camera_pitch_rad", "camera_yaw_rate_rad_s", "camera_pitch_rate_rad_s",
    "cmd_yaw_rad_s", "cmd_pitch_rad_s", "framing_error", "framing_target_u", "framing_target_v",
    "system_tracking", "docked", "battery_level", "charging", "primary_on", "wrong_subject",
  ]
  private let writer: AtomicFileWriter
  private var row = CSVRow()

  public init(path: String) throws {
    writer = try AtomicFileWriter(path: path)
    try writer.write(CSVFormat.line(TraceCSVSink.columns))
  }

  public mutating func write(_ r: FrameRecord) throws {
    // Cell by cell into a reused line (see `CSVRow`); the columns are `columns`, in order.
    let box = r.truth?.box
    let est = r.estimate
    row.reset()
    row.add(r.frame)
    row.add(r.time.seconds)
    row.add(r.truth.map { Angle.wrap($0.direction.azimuth) })
    row.add(r.truth?.direction.elevation)
    row.add(box?.midX)
    row.add(box?.midY)
    row.add(box?.height)
    row.add(r.observation?.rect.midX)
    row.add(r.observation?.rect.midY)
    row.add(r.observation?.rect.height)
    if let est { row.add(est.id) } else { row.add(raw: "") }
    row.add(raw: est?.status.rawValue ?? "")
    row.add(est?.time)
    row.add(est?.state.azimuth)
    row.add(est?.state.elevation)
    row.add(est?.state.logSize)
    row.add(est?.state.azimuthRate)
    row.add(est?.state.elevationRate)
    row.add(est?.nis)
    row.add(r.estimateNEES)
    row.add(Angle.wrap(r.camera.yaw))
    row.add(r.camera.pitch)
    row.add(r.cameraVelocity.yaw)
    row.add(r.cameraVelocity.pitch)
    row.add(r.command.yawVelocity)
    row.add(r.command.pitchVelocity)
    // No framing error while the intended subject is absent (before it appears, after it leaves).
    row.add(r.truth == nil ? nil : r.framingError)
    row.add(r.framing.target.u)
    row.add(r.framing.target.v)
    row.add(raw: r.systemTracking ? "1" : "0")
    row.add(raw: r.docked ? "1" : "0")
    row.add(r.battery?.level)
    row.add(raw: r.battery.map { $0.charging ? "1" : "0" } ?? "")
    if let id = r.primaryJudgement?.subjectID { row.add(text: id) } else { row.add(raw: "") }
    row.add(raw: r.primaryJudgement.map { $0.wrongSubject ? "1" : "0" } ?? "")
    row.end()
    try writer.write(bytes: row.bytes)
  }

  public func commit() throws { try writer.commit() }
  public func abort() { writer.abort() }
}
