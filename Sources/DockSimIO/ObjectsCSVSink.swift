import DockSimCore
import Foundation

/// Streams `traces/<scenario>.objects.csv`: every true box and every live track of every frame, at
/// the capture time of the frame whose estimates were delivered, placed in the image through the true
/// camera pose of that instant — the inputs of the tracking metrics, so any external tool (py-motmetrics,
/// TrackEval) can recompute them.
///
/// Columns: `frame` (the delivering frame), `capture_t_s`, `type` (`gt` or `track`), `id` (subject id,
/// or track number), `kind`, `u`, `v` (centre, normalized, lower-left origin), `h` (box height),
/// `visible_fraction` (gt: the share not cut or hidden; empty for tracks), `status` (tracks:
/// tentative, confirmed, coasting; gt: empty), `primary` (1 on the primary track).
public struct ObjectsCSVSink: TraceSink {
  public static let columns = [
    "frame", "capture_t_s", "type", "id", "kind", "u", "v", "h", "visible_fraction", "status", "primary",
  ]
  private let writer: AtomicFileWriter
  private let camera: PinholeCamera

  public init(path: String, camera: PinholeCamera) throws {
    writer = try AtomicFileWriter(path: path)
    self.camera = camera
    try writer.write(CSVFormat.line(ObjectsCSVSink.columns))
  }

  public mutating func write(_ r: FrameRecord) throws {
    guard let pose = r.deliveredPose else { return }
    typealias F = CSVFormat
    let time = r.estimate?.time ?? r.tracks.first?.time
    let t = F.cell(time)
    for b in r.deliveredBoxes {
      try writer.write(
        F.line([
          F.cell(r.frame), t, "gt", F.cell(b.subjectID), b.kind.rawValue, F.cell(b.centerU),
          F.cell(b.centerV),
          F.cell(b.box?.height), F.cell(b.visibleFraction), "", "",
        ]))
    }
    for track in r.tracks {
      let s = track.state
      let uv = camera.project(Direction(azimuth: s.azimuth, elevation: s.elevation), pose: pose)
      let h = (s.logSize.isFinite ? 1 : 0) * exp(s.logSize) / (2 * camera.tanHalfV)
      try writer.write(
        F.line([
          F.cell(r.frame), t, "track", F.cell(track.id), track.kind.rawValue, F.cell(uv?.u), F.cell(uv?.v),
          F.cell(h),
          "", track.status.rawValue, track.id == r.estimate?.id ? "1" : "0",
        ]))
    }
  }

  public func commit() throws { try writer.commit() }
  public func abort() { writer.abort() }
}
