import DockSimCore
import DockSimIO

/// Runs the built-in EKF tracker over a recorded observation log and writes per-frame estimates.
///
/// Every logged frame is one tracker step at the logged capture time and camera pose: predict, then
/// update with the gated observation of least NIS (or coast when none). Output: one row per frame.
public enum Replay {
  public static let columns =
    ["frame", "t_s", "track_id", "track_status", "az", "el", "ls", "az_dot", "el_dot", "ls_dot"]
    + upperTriangleNames() + ["nis"]

  static func upperTriangleNames() -> [String] {
    var names: [String] = []
    for i in 0..<6 { for j in i..<6 { names.append("p\(i)\(j)") } }
    return names
  }

  /// The estimates for every frame of `log` as CSV text.
  public static func run(
    log: [LoggedFrame], camera: PinholeCamera, parameters: TrackerParameters
  ) -> String {
    var tracker = SingleSubjectTracker(camera: camera, parameters: parameters)
    var out = CSVFormat.line(columns)
    for frame in log {
      let track = tracker.process(time: frame.time, pose: frame.pose, observations: frame.observations)
      var cells = [CSVFormat.cell(frame.frame), CSVFormat.cell(frame.time)]
      if let t = track {
        cells += [CSVFormat.cell(t.id), t.status.rawValue]
        cells += t.state.components.map { CSVFormat.cell($0) }
        cells += t.covarianceUpper.map { CSVFormat.cell($0) }
        cells.append(CSVFormat.cell(t.nis))
      } else {
        cells += Array(repeating: "", count: columns.count - 2)
      }
      out += CSVFormat.line(cells)
    }
    return out
  }
}
