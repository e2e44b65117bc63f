import DockSimCore
import DockSimHarness
import DockSimIO

/// The suite overview: one row per scenario with its status, expectations, key metrics and, against a
/// baseline, its regressions. Sortable by clicking a header (`PageScripts`); each name links to its
/// section.
struct OverviewTable {
  /// The metrics shown, with their titles and descriptions from the catalogue.
  static let metrics: [MetricKey] = [
    .framingErrorRMS, .framingErrorP95, .inFrameRatio, .estimationErrorRMS, .cameraLag, .idSwitches, .idf1,
    .primarySwitches, .wrongSubjectSeconds, .speedCapViolations, .apiViolations, .apiRateViolations,
  ]

  let results: ResultsDirectory
  let anchors: [String: String]

  var html: String {
    var out = "<div class=\"scroll\"><table class=\"sortable\" id=\"overview\"><thead><tr>"
    out += HTMLText.element("th", "scenario", "title=\"click a header to sort\"")
    out += HTMLText.element("th", "status", "class=\"text\"")
    out += HTMLText.element("th", "expectations", "title=\"expectations met / set (expectations.csv)\"")
    if results.seeds != nil {
      out += HTMLText.element("th", "seeds", "title=\"repetitions run (rows of seeds.csv)\"")
    }
    for m in Self.metrics {
      out += HTMLText.element("th", m.title, "title=\"\(XMLText.escape(m.name + ": " + m.help))\"")
    }
    if results.gate != nil {
      out += HTMLText.element("th", "regressions", "title=\"findings of docksim gate against the baseline\"")
    }
    out += "</tr></thead><tbody>"
    for row in results.summary.rows {
      let regressions = results.gate?.regressions.filter { $0.scenario == row.scenario }.count ?? 0
      out += regressions > 0 ? "<tr class=\"regression\">" : "<tr>"
      let link =
        anchors[row.scenario].map { "<a href=\"#\($0)\">\(XMLText.escape(row.scenario))</a>" }
        ?? XMLText.escape(row.scenario)
      out += "<td data-sort=\"\(XMLText.escape(row.scenario))\">\(link)</td>"
      let status = row["status"] ?? ""
      out += "<td class=\"text \(status == "ok" ? "pass" : "fail")\" data-sort=\"\(XMLText.escape(status))\">"
      out += XMLText.escape(status) + "</td>"
      out += expectationsCell(row.scenario)
      if let seeds = results.seeds {
        let count = seeds.seedCount(row.scenario)
        out += count > 0 ? "<td data-sort=\"\(count)\">\(count)</td>" : "<td data-sort=\"\">n/a</td>"
      }
      for m in Self.metrics { out += metricCell(row[m.name]) }
      if results.gate != nil {
        out +=
          "<td data-sort=\"\(regressions)\"\(regressions > 0 ? " class=\"fail\"" : "")>\(regressions)</td>"
      }
      out += "</tr>"
    }
    return out + "</tbody></table></div>"
  }

  private func expectationsCell(_ scenario: String) -> String {
    guard let all = results.expectations else { return "<td data-sort=\"\">n/a</td>" }
    let mine = all.filter { $0.scenario == scenario }
    guard !mine.isEmpty else { return "<td data-sort=\"\">none</td>" }
    let passed = mine.filter(\.passed).count
    let failed = mine.count - passed
    // Sorting puts the scenarios with the most failures at one end.
    return "<td data-sort=\"\(failed)\" class=\"\(failed > 0 ? "fail" : "pass")\">"
      + "\(passed)/\(mine.count) pass</td>"
  }

  private func metricCell(_ cell: String?) -> String {
    guard let cell, !cell.isEmpty else { return "<td data-sort=\"\">n/a</td>" }
    return "<td data-sort=\"\(XMLText.escape(cell))\">\(XMLText.escape(GateFormat.value(cell)))</td>"
  }
}
