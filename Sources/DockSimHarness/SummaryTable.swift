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
  /// The columns of `expectations.csv`: the bound, the value (over seeds: the mean) and whether the
  /// share required was met (`result`), then how many runs it was checked on, the share of them that
  /// met the bound, the share required, the share's confidence interval and the verdict (pass, fail,
  /// cannot tell). The last three came later and stay last, so readers of the first nine keep working.
  public static let expectationColumns = [
    "scenario", "metric", "min", "max", "value", "result", "runs", "share", "required_share",
    "share_ci_low", "share_ci_high", "verdict",
  ]

  /// The CSV text of `summary.csv`.
  public static func csv(_ outcomes: [RunOutcome]) -> String {
    var out = CSVFormat.line(columns)
    for o in outcomes { out += CSVFormat.line(cells(o)) }
    return out
  }

  /// One outcome's cells, in `columns` order. `expectations_failed` counts the failed verdicts; with
  /// `perSeed` (a row of `seeds.csv`, one seed of several) the bounds this seed missed, since the gate's
  /// rate of failing seeds is about each seed, not about a verdict one seed cannot reach.
  static func cells(_ o: RunOutcome, perSeed: Bool = false) -> [String] {
    var cells = [CSVFormat.cell(o.name), CSVFormat.cell(o.seed)]
    if let r = o.result {
      cells += [CSVFormat.cell(r.duration.seconds), CSVFormat.cell(r.frames)]
      cells += metricKeys.map { CSVFormat.cell(r.metric($0), of: $0) }
      let failed = perSeed ? o.expectations.filter { !$0.passed }.count : o.failedExpectations.count
      cells += [CSVFormat.cell(failed), "ok", ""]
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
          CSVFormat.cell(e.shareInterval?.lower), CSVFormat.cell(e.shareInterval?.upper), e.verdict.rawValue,
        ])
      }
    }
    return out
  }

  /// The metrics the terminal table shows, in column order.
  public static let shownMetrics: [MetricKey] = [
    .framingErrorRMS, .framingErrorP95, .inFrameRatio, .estimationErrorRMS, .cameraLag, .commandAccelRMS,
    .speedCapViolations, .positionLimitViolations, .idf1, .idSwitches, .primarySwitches,
    .wrongSubjectSeconds,
  ]

  /// What the expectations column holds, for the legends.
  static let expectationsLegend =
    "the scenario's `expect:` bounds counted by verdict (pass, fail, cannot tell; expectations.csv has each)"

  /// The table's legend on one line, each title with its `summary.csv` column (whose name carries the
  /// unit), for `docksim run --help`: the descriptions too would not fit one line of 1,000 columns.
  public static var legend: String {
    shownMetrics.map { "\($0.title) = \($0.name)" }.joined(separator: "; ")
      + "; expectations = \(expectationsLegend) (docs/metrics.md)."
  }

  /// The legend as a Markdown table with each column's description, as docs/metrics.md shows it.
  public static var legendMarkdown: String {
    var out = "| column | `summary.csv` column | what it is |\n|---|---|---|\n"
    for key in shownMetrics { out += "| `\(key.title)` | `\(key.name)` | \(key.help) |\n" }
    return out + "| `expectations` | (`expectations.csv`) | \(expectationsLegend) |\n"
  }

  /// A fixed-width table for the terminal, the expectations' verdicts in the last column, then a note
  /// when rows are means over seeds, since a mean looks like any single run's value.
  public static func text(_ outcomes: [RunOutcome]) -> String {
    let nameWidth = max(8, outcomes.map(\.name.count).max() ?? 8)
    var header = "scenario".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
    for key in shownMetrics { header += "  " + pad(key.title, 11) }
    header += "  expectations"
    var lines = [header, String(repeating: "-", count: header.count)]
    let repetitions = Set(outcomes.filter { $0.result != nil }.map(\.repetitions))
    for o in outcomes {
      var line = o.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      if let r = o.result {
        for key in shownMetrics { line += "  " + pad(format(r.metric(key), key.digits), 11) }
        line += "  " + verdictCounts(o.expectations)
        // With mixed seed counts a note under the table cannot say which rows are means.
        if repetitions.count > 1 && o.repetitions > 1 { line += " (mean of \(o.repetitions) seeds)" }
      } else {
        line += "  FAILED: " + (o.failure ?? "")
      }
      lines.append(line)
    }
    if repetitions.count == 1, let n = repetitions.first, n > 1 {
      lines.append("each value is the mean of \(n) seeds (seeds.csv has every seed)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "2 pass, 1 cannot tell", in the verdicts' order; "-" for a scenario without expectations.
  static func verdictCounts(_ results: [ExpectationResult]) -> String {
    let parts = ExpectationVerdict.allCases.compactMap { v -> String? in
      let n = results.filter { $0.verdict == v }.count
      return n == 0 ? nil : "\(n) \(v.rawValue)"
    }
    return parts.isEmpty ? "-" : parts.joined(separator: ", ")
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
