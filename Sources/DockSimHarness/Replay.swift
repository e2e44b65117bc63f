import DockSimCore
import DockSimIO

/// Runs the built-in multi-subject EKF tracker (or another `LogTracker`, such as the GNN reference) over
/// a recorded observation log (no identities) and writes the estimates: one row per frame and live
/// track.
///
/// Every logged frame is one tracker step at the logged capture time and camera pose. A frame without
/// any live track still gets one row, with empty track cells, so every frame of the log appears.
public enum Replay {
  public static let columns =
    [
      "frame", "t_s", "track_id", "track_status", "primary", "kind", "az", "el", "ls", "az_dot", "el_dot",
      "ls_dot",
    ]
    + upperTriangleNames() + ["nis"]

  static func upperTriangleNames() -> [String] {
    var names: [String] = []
    for i in 0..<6 { for j in i..<6 { names.append("p\(i)\(j)") } }
    return names
  }

  /// The estimates of the built-in multi-subject tracker with `parameters` for every frame of `log` as
  /// CSV text.
  public static func run(
    log: [LoggedFrame], camera: PinholeCamera, parameters: TrackerParameters
  ) -> String {
    run(log: log, tracker: MultiTargetTracker(camera: camera, parameters: parameters))
  }

  /// The estimates of `tracker` (from its current state; normally a new one) for every frame of `log`
  /// as CSV text. `each` sees every frame with the tracks returned for it (to score them in the same
  /// pass, `LogMOTScorer`).
  public static func run<T: LogTracker>(
    log: [LoggedFrame], tracker: T, each: (LoggedFrame, [Track]) -> Void = { _, _ in }
  ) -> String {
    var tracker = tracker
    var out = CSVFormat.line(columns)
    for frame in log {
      let tracks = tracker.process(time: frame.time, pose: frame.pose, observations: frame.observations)
      each(frame, tracks)
      let primary = tracker.primaryTrack?.id
      let head = [CSVFormat.cell(frame.frame), CSVFormat.cell(frame.time)]
      if tracks.isEmpty {
        out += CSVFormat.line(head + Array(repeating: "", count: columns.count - 2))
      }
      for t in tracks {
        var cells =
          head + [CSVFormat.cell(t.id), t.status.rawValue, t.id == primary ? "1" : "0", t.kind.rawValue]
        cells += t.state.components.map { CSVFormat.cell($0) }
        cells += t.covarianceUpper.map { CSVFormat.cell($0) }
        cells.append(CSVFormat.cell(t.nis))
        out += CSVFormat.line(cells)
      }
    }
    return out
  }
}
