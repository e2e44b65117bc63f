/// The gate's terminal output: a fixed-width table of regressions, then improvements, then changes not
/// gated; the notes; and the one-line verdict.
public enum GateTextReport {
  /// The column titles of a findings table.
  public static let headers = ["scenario", "metric", "baseline", "now", "change", "tolerance", "verdict"]

  /// The text, ending in a newline.
  public static func render(_ report: GateReport) -> String {
    var lines = [
      "docksim gate: \(report.summaryFile) against \(report.baselineFile) "
        + "(tolerances: \(report.toleranceFile)"
        + (report.overSeeds
          ? "; paired over seeds: means, mean worsening with its 95% bootstrap interval)" : ")")
    ]
    let rows = report.regressions + report.cannotTell + report.improvements + report.changes
    if rows.isEmpty {
      lines.append("no regressions, improvements or changes beyond the tolerances")
    } else {
      lines += table(rows.map(cells))
    }
    for note in report.notes { lines.append("note: \(note)") }
    lines.append(report.verdictLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// A finding as the seven cells of a table row.
  public static func cells(_ f: GateFinding) -> [String] {
    [
      f.scenario, GateFormat.check(f), GateFormat.value(f.baseline), GateFormat.value(f.now),
      GateFormat.change(f), GateFormat.tolerance(f), GateFormat.verdict(f),
    ]
  }

  /// Left-aligned columns two spaces apart, with a header and a rule; the last column is not padded.
  static func table(_ rows: [[String]]) -> [String] {
    var widths = headers.map(\.count)
    for row in rows {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      var text = ""
      for (i, cell) in cells.enumerated() {
        text += i == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
      }
      return text
    }
    let rule = widths.map { String(repeating: "-", count: $0) }
    return [line(headers), line(rule)] + rows.map(line)
  }
}
