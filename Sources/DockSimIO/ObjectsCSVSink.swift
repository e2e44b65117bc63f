import DockSimCore
import Foundation

/// Streams `traces/<scenario>.objects.csv`: every true box and every live track of every frame, at
/// the capture time of the frame whose estimates were delivered, placed in the image through the true
/// camera pose of that instant — the inputs of the tracking metrics, so any external tool (py-motmetrics,
/// TrackEval) can recompute them.
///
/// Columns: `frame` (the delivering frame), `capture_t_s`, `type` (`gt` or `track`), `id` (subject id,
/// or track number), `kind`, `u`, `v` (centre, normalized, lower-left origin), `w` (box width, a share
/// of the image width; tracks: their height times the width/height of the last box they were updated
/// with, the tracker's own box), `h` (box height, a share of the image height),
/// `visible_fraction` (gt: the share not cut or hidden; empty for tracks), `status` (tracks:
/// tentative, confirmed, coasting; gt: empty), `primary` (1 on the primary track), `match_threshold`
/// (the metrics' match threshold, normalized image units, the same on every row: so that a replay of
/// the matching needs no scenario file).
public struct ObjectsCSVSink: CommittableSink {
  public static let columns = [
    "frame", "capture_t_s", "type", "id", "kind", "u", "v", "w", "h", "visible_fraction", "status", "primary",
    "match_threshold",
  ]
  private let writer: AtomicFileWriter
  private let camera: PinholeCamera
  private let matchThreshold: Double
  private var row = CSVRow()

  /// - Parameters:
  ///   - camera: projects the tracks into the image.
  ///   - matchThreshold: the scenario's `match_threshold`, normalized image units, written on every row.
  public init(path: String, camera: PinholeCamera, matchThreshold: Double) throws {
    writer = try AtomicFileWriter(path: path)
    self.camera = camera
    self.matchThreshold = matchThreshold
    try writer.write(CSVFormat.line(ObjectsCSVSink.columns))
  }

  public mutating func write(_ r: FrameRecord) throws {
    guard let pose = r.deliveredPose else { return }
    // Cell by cell into a reused line (see `CSVRow`); the columns are `columns`, in order.
    let time = r.estimate?.time ?? r.tracks.first?.time
    for b in r.deliveredBoxes {
      row.reset()
      row.add(r.frame)
      row.add(time)
      row.add(raw: "gt")
      row.add(text: b.subjectID)
      row.add(raw: b.kind.rawValue)
      row.add(b.centerU)
      row.add(b.centerV)
      row.add(b.box?.width)
      row.add(b.box?.height)
      row.add(b.visibleFraction)
      row.add(raw: "")
      row.add(raw: "")
      row.add(matchThreshold)
      row.end()
      try writer.write(bytes: row.bytes)
    }
    for track in r.tracks {
      let s = track.state
      let uv = camera.project(Direction(azimuth: s.azimuth, elevation: s.elevation), pose: pose)
      let h = (s.logSize.isFinite ? 1 : 0) * exp(s.logSize) / (2 * camera.tanHalfV)
      row.reset()
      row.add(r.frame)
      row.add(time)
      row.add(raw: "track")
      row.add(track.id)
      row.add(raw: track.kind.rawValue)
      row.add(uv?.u)
      row.add(uv?.v)
      row.add(h * track.aspect)
      row.add(h)
      row.add(raw: "")
      row.add(raw: track.status.rawValue)
      row.add(raw: track.id == r.estimate?.id ? "1" : "0")
      row.add(matchThreshold)
      row.end()
      try writer.write(bytes: row.bytes)
    }
  }

  public func commit() throws { try writer.commit() }
  public func abort() { writer.abort() }
}
