import DockSimHarness

/// The suite overview: one row per scenario with its status, expectations, key metrics and, against a
/// baseline, its regressions. Sortable by clicking a header (`PageScripts`); each name links to its
/// section.
struct OverviewTable {
  /// The metric columns shown: summary.csv column, header, tooltip.
  static let metrics: [(column: String, header: String, help: String)] = [
    (
      "framing_error_rms", "framing RMS",
      "framing_error_rms: RMS distance of the subject from the framing target (normalized)"
    ),
    ("framing_error_p95", "framing p95", "framing_error_p95: 95th percentile of the framing error"),
    ("in_frame_ratio", "in frame", "in_frame_ratio: share of frames with the subject's centre in the image"),
    (
      "estimation_error_rms_rad", "est. error (rad)",
      "estimation_error_rms_rad: RMS angle between track and truth"
    ),
    ("camera_lag_ms", "lag (ms)", "camera_lag_ms: delay that best aligns camera yaw with the subject"),
    ("id_switches", "ID sw.", "id_switches: track identity switches"),
    ("idf1", "IDF1", "idf1: identity F1 score"),
    ("primary_switches", "primary sw.", "primary_switches: changes of the primary track"),
    ("speed_cap_violations", "speed cap", "speed_cap_violations: episodes of commands over the speed cap"),
    ("api_violations", "API viol.", "api_violations: timeline commands the dock refused"),
    (
      "api_rate_violations", "rate viol.", "api_rate_violations: refusals for calling too often or too rarely"
    ),
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
    for m in Self.metrics { out += HTMLText.element("th", m.header, "title=\"\(XMLText.escape(m.help))\"") }
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
      for m in Self.metrics { out += metricCell(row[m.column]) }
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
