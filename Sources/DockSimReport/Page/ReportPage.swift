import DockSimCore

/// The whole page: head (error counter first, style), the suite overview, the baseline comparison, one
/// section per scenario in summary order, and the sorting and self-check script last.
enum ReportPage {
  static func html(results: ResultsDirectory, scenarios: [Scenario], sections: ReportSections)
    throws(ReportError)
    -> String
  {
    // First scenario of each name wins; names are unique in a run anyway.
    var byName: [String: Scenario] = [:]
    for s in scenarios where byName[s.name] == nil { byName[s.name] = s }
    var anchors: [String: String] = [:]
    for (i, row) in results.summary.rows.enumerated() {
      anchors[row.scenario] = HTMLText.anchor(row.scenario, index: i)
    }
    let title = "DockSim report: \(results.path)"
    var out = "<!DOCTYPE html>\n<html lang=\"en\"><head><script>\n\(PageScripts.errorCounter)\n</script>"
    out +=
      "<meta charset=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
    out += "<meta name=\"generator\" content=\"docksim report, format \(DockSimReport.formatVersion)\"/>"
    out += HTMLText.element("title", title) + "<style>\n\(PageStyle.css)\n</style></head>\n<body>"
    out += HTMLText.element("h1", title)
    let failed = results.summary.rows.filter { $0.failed }.count
    let failedExpectations = results.expectations?.filter(\.failed).count
    let undecided = results.expectations?.filter { $0.verdict == "cannot tell" }.count ?? 0
    var counts =
      "\(results.summary.rows.count) scenario\(results.summary.rows.count == 1 ? "" : "s"), \(failed) failed to run"
    if let failedExpectations {
      counts += ", \(failedExpectations) expectation\(failedExpectations == 1 ? "" : "s") failed"
      if undecided > 0 { counts += ", \(undecided) cannot tell" }
    }
    out += HTMLText.element("p", counts + ". Click a column header to sort; click a name for its plots.")
    out += OverviewTable(results: results, anchors: anchors).html
    if let gate = results.gate {
      out += "<h2 id=\"baseline\">Against the baseline</h2>" + GateSection.summary(gate)
      if let seeds = results.baselineSeeds, gate.overSeeds {
        out += HTMLText.element(
          "p",
          "Baseline \(seeds.file) holds one row per seed: the gate compares it seed by seed (docs/gate.md), and "
            + "each scenario's section draws its distributions over seeds beside this run's.",
          "class=\"note\"")
      }
    } else {
      out += HTMLText.element("p", "No baseline given (docksim report --baseline FILE).", "class=\"note\"")
    }
    for row in results.summary.rows {
      out += "\n"
      out += try ScenarioSection(
        name: row.scenario, anchor: anchors[row.scenario] ?? "", results: results,
        scenario: byName[row.scenario],
        sections: sections
      ).html()
    }
    out += "\n<script>\n\(PageScripts.page)\n</script>\n</body></html>\n"
    return out
  }
}
