/// The columns of `traces/<scenario>.csv` the plots use, as numbers (NaN where a cell is empty). Angles
/// stay in radians here; the plots convert.
struct TraceData {
  var time: [Double] = []
  var subjectAzimuth: [Double] = []
  var subjectElevation: [Double] = []
  var estimateAzimuth: [Double] = []
  var estimateElevation: [Double] = []
  var cameraYaw: [Double] = []
  var cameraPitch: [Double] = []
  var cameraYawRate: [Double] = []
  var cameraPitchRate: [Double] = []
  var commandYaw: [Double] = []
  var commandPitch: [Double] = []
  var framingError: [Double] = []

  /// Reads the trace at `path`.
  ///
  /// - Throws: `ReportError` naming the file, line and column of a missing column or a bad cell.
  static func read(path: String) throws(ReportError) -> TraceData {
    let table = try CSVTable.read(path: path, expected: "a trace written by docksim run (docs/csv.md)")
    let names = [
      "t_s", "subject_az_rad", "subject_el_rad", "est_az_rad", "est_el_rad", "camera_yaw_rad",
      "camera_pitch_rad", "camera_yaw_rate_rad_s", "camera_pitch_rate_rad_s", "cmd_yaw_rad_s",
      "cmd_pitch_rad_s", "framing_error",
    ]
    var columns: [Int] = []
    for name in names { columns.append(try table.column(name)) }
    var values = [[Double]](repeating: [], count: names.count)
    for row in table.rows {
      for (k, c) in columns.enumerated() { values[k].append(try table.number(row, c)) }
    }
    for (i, t) in values[0].enumerated() where !t.isFinite || (i > 0 && t < values[0][i - 1]) {
      let row = table.rows[i]
      throw ReportError(
        "\(path):\(row.line):\(row.cells[columns[0]].column): t_s: expected a time not earlier than the row before, got '\(row.cells[columns[0]].text)'"
      )
    }
    return TraceData(
      time: values[0], subjectAzimuth: values[1], subjectElevation: values[2], estimateAzimuth: values[3],
      estimateElevation: values[4], cameraYaw: values[5], cameraPitch: values[6], cameraYawRate: values[7],
      cameraPitchRate: values[8], commandYaw: values[9], commandPitch: values[10], framingError: values[11])
  }
}
