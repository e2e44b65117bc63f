import DockSimIO

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
    do throws(InputError) {
      var table = try CSVTableReader(
        path: path, expected: "an events file written by docksim run (docs/csv.md)")
      let c = try table.columns(["t_s", "command", "result"])
      var out: [EventRecord] = []
      while let row = try table.next() {
        out.append(EventRecord(time: try row.finite(c[0]), command: row[c[1]], result: row[c[2]]))
      }
      return out
    } catch { throw ReportError(error) }
  }
}
