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
  /// `est_nis` and `est_nees` (NaN where the cell is empty or `nan`: no value that frame), or nil when
  /// the trace has no such column.
  var estimateNIS: [Double]?
  var estimateNEES: [Double]?

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
      cameraPitchRate: values[8], commandYaw: values[9], commandPitch: values[10], framingError: values[11],
      estimateNIS: try consistency(table, "est_nis"), estimateNEES: try consistency(table, "est_nees"))
  }

  /// A NEES or NIS column, if the trace has it. The writer leaves a cell empty, or writes `nan`, in
  /// frames without a value; both read as NaN. An infinite value is refused.
  private static func consistency(_ table: CSVTable, _ name: String) throws(ReportError) -> [Double]? {
    guard let column = table.header.cells.firstIndex(where: { $0.text == name }) else { return nil }
    var values: [Double] = []
    values.reserveCapacity(table.rows.count)
    for row in table.rows {
      let value = try table.number(row, column)
      guard !value.isInfinite, value.isNaN || value >= 0 else {
        let cell = row.cells[column]
        throw ReportError(
          "\(table.file):\(row.line):\(cell.column): \(name): expected a non-negative finite number, "
            + "an empty cell or nan (no value), got '\(cell.text)'")
      }
      values.append(value)
    }
    return values
  }
}
