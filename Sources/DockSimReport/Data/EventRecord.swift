/// One line of `traces/<scenario>.events.csv`: a timeline command as the dock handled it.
struct EventRecord: Equatable {
  var time: Double
  var command: String
  /// `ok`, `ok (stretched …)`, or the DockKit error that refused it.
  var result: String

  /// Whether the dock carried the command out.
  var accepted: Bool { result == "ok" || result.hasPrefix("ok ") }

  /// Reads the events file at `path`.
  ///
  /// - Throws: `ReportError` naming the file, line and column.
  static func read(path: String) throws(ReportError) -> [EventRecord] {
    let table = try CSVTable.read(path: path, expected: "an events file written by docksim run (docs/csv.md)")
    let t = try table.column("t_s")
    let command = try table.column("command")
    let result = try table.column("result")
    var out: [EventRecord] = []
    for row in table.rows {
      let time = try table.number(row, t)
      guard time.isFinite else {
        throw ReportError(
          "\(path):\(row.line):\(row.cells[t].column): t_s: expected a time in seconds, got an empty cell")
      }
      out.append(EventRecord(time: time, command: row.cells[command].text, result: row.cells[result].text))
    }
    return out
  }
}
