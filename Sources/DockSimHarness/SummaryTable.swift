import DockSimCore
import DockSimIO

/// The suite summary: one row per scenario in input order, stable columns with units in the names.
public enum SummaryTable {
  /// The metrics, in column order; every built-in run reports exactly these.
  public static let metricKeys = MetricCatalog.scenario
  /// Their column names.
  public static let metricColumns = MetricCatalog.names
  public static let columns =
    ["scenario", "seed", "duration_s", "frames"] + metricColumns + ["expectations_failed", "status", "error"]
  /// The columns of `expectations.csv`: the bound, the value (over seeds: the mean) and the verdict,
  /// then how many runs it was checked on, the share of them that met the bound and the share required.
  public static let expectationColumns = [
    "scenario", "metric", "min", "max", "value", "result", "runs", "share", "required_share",
  ]

  /// The CSV text of `summary.csv`.
  public static func csv(_ outcomes: [RunOutcome]) -> String {
    var out = CSVFormat.line(columns)
    for o in outcomes { out += CSVFormat.line(cells(o)) }
    return out
  }

  /// One outcome's cells, in `columns` order.
  static func cells(_ o: RunOutcome) -> [String] {
    var cells = [CSVFormat.cell(o.name), CSVFormat.cell(o.seed)]
    if let r = o.result {
      cells += [CSVFormat.cell(r.duration.seconds), CSVFormat.cell(r.frames)]
      cells += metricKeys.map { CSVFormat.cell(r.metric($0), of: $0) }
      cells += [CSVFormat.cell(o.failedExpectations.count), "ok", ""]
    } else {
      cells += ["", ""] + metricColumns.map { _ in "" } + ["", "error", CSVFormat.cell(o.failure ?? "")]
    }
    return cells
  }

  /// `expectations.csv`: every expectation of every scenario with its value and verdict.
  public static func expectationsCSV(_ outcomes: [RunOutcome]) -> String {
    var out = CSVFormat.line(expectationColumns)
    for o in outcomes {
      for e in o.expectations {
        out += CSVFormat.line([
          CSVFormat.cell(o.name), e.expectation.metric.name,
          CSVFormat.cell(e.expectation.minimum, of: e.expectation.metric),
          CSVFormat.cell(e.expectation.maximum, of: e.expectation.metric),
          CSVFormat.cell(e.value, of: e.expectation.metric), e.passed ? "pass" : "fail",
          CSVFormat.cell(e.runs), CSVFormat.cell(e.observedShare),
          CSVFormat.cell(e.expectation.requiredShare),
        ])
      }
    }
    return out
  }

  /// A fixed-width table for the terminal.
  public static func text(_ outcomes: [RunOutcome]) -> String {
    let shown: [MetricKey] = [
      .framingErrorRMS, .framingErrorP95, .inFrameRatio, .estimationErrorRMS, .cameraLag, .commandAccelRMS,
      .speedCapViolations, .positionLimitViolations, .idf1, .idSwitches, .primarySwitches,
      .wrongSubjectSeconds,
    ]
    let nameWidth = max(8, outcomes.map(\.name.count).max() ?? 8)
    var header = "scenario".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
    for key in shown { header += "  " + pad(key.title, 11) }
    var lines = [header, String(repeating: "-", count: header.count)]
    for o in outcomes {
      var line = o.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      if let r = o.result {
        for key in shown { line += "  " + pad(format(r.metric(key), key.digits), 11) }
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
