import DockSimCore
import DockSimIO

/// The suite summary: one row per scenario in input order, stable columns with units in the names.
public enum SummaryTable {
  /// The metric columns, in order; every built-in run reports exactly these.
  public static let metricColumns = MetricCatalog.names
  public static let columns =
    ["scenario", "seed", "duration_s", "frames"] + metricColumns + ["expectations_failed", "status", "error"]
  /// The columns of `expectations.csv`.
  public static let expectationColumns = ["scenario", "metric", "min", "max", "value", "result"]

  /// The CSV text of `summary.csv`.
  public static func csv(_ outcomes: [RunOutcome]) -> String {
    var out = CSVFormat.line(columns)
    for o in outcomes {
      var cells = [CSVFormat.cell(o.name), CSVFormat.cell(o.seed)]
      if let r = o.result {
        cells += [CSVFormat.cell(r.duration.seconds), CSVFormat.cell(r.frames)]
        cells += metricColumns.map { CSVFormat.cell(r.metric($0)) }
        cells += [CSVFormat.cell(o.failedExpectations.count), "ok", ""]
      } else {
        cells += ["", ""] + metricColumns.map { _ in "" } + ["", "error", CSVFormat.cell(o.failure ?? "")]
      }
      out += CSVFormat.line(cells)
    }
    return out
  }

  /// `expectations.csv`: every expectation of every scenario with its value and verdict.
  public static func expectationsCSV(_ outcomes: [RunOutcome]) -> String {
    var out = CSVFormat.line(expectationColumns)
    for o in outcomes {
      for e in o.expectations {
        out += CSVFormat.line([
          CSVFormat.cell(o.name), e.expectation.metric, CSVFormat.cell(e.expectation.minimum),
          CSVFormat.cell(e.expectation.maximum), CSVFormat.cell(e.value), e.passed ? "pass" : "fail",
        ])
      }
    }
    return out
  }

  /// A fixed-width table for the terminal.
  public static func text(_ outcomes: [RunOutcome]) -> String {
    let shown = [
      ("framing_error_rms", "frame rms", 3), ("framing_error_p95", "frame p95", 3),
      ("in_frame_ratio", "in frame", 3), ("estimation_error_rms_rad", "est rms rad", 4),
      ("camera_lag_ms", "lag ms", 0), ("command_accel_rms_rad_s2", "cmd acc", 1),
      ("speed_cap_violations", "cap viol", 0),
      ("position_limit_violations", "limit viol", 0), ("idf1", "idf1", 3), ("id_switches", "id sw", 0),
      ("primary_switches", "prim sw", 0), ("wrong_subject_s", "wrong s", 1),
    ]
    let nameWidth = max(8, outcomes.map(\.name.count).max() ?? 8)
    var header = "scenario".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
    for (_, title, _) in shown { header += "  " + pad(title, 11) }
    var lines = [header, String(repeating: "-", count: header.count)]
    for o in outcomes {
      var line = o.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      if let r = o.result {
        for (key, _, digits) in shown { line += "  " + pad(format(r.metric(key), digits), 11) }
      } else {
        line += "  FAILED: " + (o.failure ?? "")
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func pad(_ s: String, _ n: Int) -> String {
    s.count >= n ? s : String(repeating: " ", count: n - s.count) + s
  }

  /// Fixed decimals without Foundation's locale-aware formatting.
  static func format(_ value: Double?, _ digits: Int) -> String {
    guard let value, value.isFinite else { return "-" }
    return FixedDecimal.format(value, digits: digits)
  }

}
