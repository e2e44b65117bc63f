import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

/// One scenario's section: its expectations, its findings against the baseline, the time plots, and the
/// two plugged-in plots (track timeline, room view) or their placeholders.
struct ScenarioSection {
  let name: String
  let anchor: String
  let results: ResultsDirectory
  let scenario: Scenario?
  let sections: ReportSections

  /// The section's markup and how many `<svg>` elements it holds.
  ///
  /// - Throws: `ReportError` when a trace file is malformed or a plugged-in plot fails.
  func html() throws(ReportError) -> String {
    var out = "<section id=\"\(anchor)\">"
    out += "<h2>\(XMLText.escape(name))<a class=\"top\" href=\"#overview\">↑ overview</a></h2>"
    if let row = results.summary.row(name), row.failed {
      out += HTMLText.element("p", "The run failed: " + (row["error"] ?? ""), "class=\"fail\"")
    }
    let expectations = results.expectations?.filter { $0.scenario == name } ?? []
    out += expectationsTable(expectations)
    if let gate = results.gate {
      let mine = GateSection.shown(gate).filter { $0.scenario == name }
      out +=
        mine.isEmpty
        ? HTMLText.element("p", "Against the baseline: nothing beyond the tolerances.", "class=\"note\"")
        : "<h3>Against the baseline</h3>" + GateSection.table(mine)
    }
    out += distributions()
    if scenario == nil {
      out += HTMLText.element(
        "p",
        "No scenario file given for this scenario: the dock's limits and the room view are left out "
          + "(docksim report --scenarios FILE…).", "class=\"note\"")
    }
    let tracePath = results.trace(name, ".csv")
    if FileManager.default.fileExists(atPath: tracePath) {
      let trace = try TraceData.read(path: tracePath, dock: scenario?.dock)
      let eventsPath = results.trace(name, ".events.csv")
      let events =
        FileManager.default.fileExists(atPath: eventsPath) ? try EventRecord.read(path: eventsPath) : []
      let plots = ScenarioPlots(
        anchor: anchor, trace: trace, events: events, expectations: expectations, dock: scenario?.dock)
      let consistency = plots.consistency
      for plot in plots.plots + (consistency.plot.map { [$0] } ?? []) {
        out += "<figure>" + plot.chart.svg(width: ReportLayout.plotWidth, height: ReportLayout.plotHeight)
        out += HTMLText.element("figcaption", plot.chart.title + ". " + plot.caption) + "</figure>"
      }
      if consistency.plot == nil {
        out += HTMLText.element(
          "p", "No NEES/NIS plot: " + consistency.notes.joined(separator: " "), "class=\"note\"")
      }
      if events.isEmpty {
        out += HTMLText.element("p", "No timeline events (events.csv is empty or absent).", "class=\"note\"")
      }
    } else {
      out += HTMLText.element("p", "No trace (\(tracePath)): nothing to plot.", "class=\"note\"")
    }
    out += try plugged()
    return out + "</section>"
  }

  /// The key metrics' distributions over seeds (`seeds.csv`), with the baseline's beside them when
  /// it has seeds; nothing when the run has no seed file or no row for this scenario.
  private func distributions() -> String {
    guard let seeds = results.seeds, seeds.seedCount(name) > 0 else { return "" }
    let baseline = results.baselineSeeds
    var notes: [String] = []
    var figures = ""
    for key in SeedDistributionPlot.metrics {
      let metric = key.name
      guard let mine = seeds.distribution(name, metric) else { continue }
      var samples = [
        SeedDistributionPlot.Sample(
          label: "this run", values: mine.values, empty: mine.empty, colour: Palette.blue, filled: true)
      ]
      if let baseline {
        if let theirs = baseline.distribution(name, metric) {
          samples.append(
            .init(
              label: "baseline", values: theirs.values, empty: theirs.empty, colour: Palette.vermillion,
              filled: false))
        } else {
          notes.append(
            baseline.seedCount(name) == 0
              ? "The baseline's seeds have no row for this scenario."
              : "The baseline's seeds have no \(metric) column.")
        }
      }
      let plot = SeedDistributionPlot(id: "\(anchor)-seeds-\(metric)", metric: metric, samples: samples)
      figures += "<figure>" + plot.svg() + HTMLText.element("figcaption", plot.caption) + "</figure>"
    }
    var unique: [String] = []
    for note in notes where !unique.contains(note) { unique.append(note) }
    let intro =
      "Each metric over the \(seeds.seedCount(name)) seeds of \(seeds.file), one dot per seed; "
      + "percentiles by nearest rank, as in montecarlo.csv. The plots further down show one run's trace."
    return "<h3>Over seeds</h3>"
      + HTMLText.element("p", ([intro] + unique).joined(separator: " "), "class=\"note\"")
      + "<div class=\"seeds\">" + figures + "</div>"
  }

  /// The track timeline and the room view, or their placeholders.
  private func plugged() throws(ReportError) -> String {
    let objects = results.trace(name, ".objects.csv")
    let tracePath = results.trace(name, ".csv")
    var out = ""
    do {
      let timeline =
        FileManager.default.fileExists(atPath: objects) ? try sections.trackTimeline(objects) : nil
      out += figure(
        timeline, id: "\(anchor)-tracks", title: "Track timeline",
        missing: "Track timeline: not drawn in this build (or no objects.csv).")
      let room =
        try scenario.flatMap { s in
          FileManager.default.fileExists(atPath: tracePath) ? try sections.roomView(s, tracePath) : nil
        }
      out += figure(
        room, id: "\(anchor)-room", title: "Room, seen from above",
        missing: "Room view: not drawn in this build (or no scenario file given).")
    } catch let error as ReportError {
      throw error
    } catch {
      throw ReportError("\(name): a plot failed: \(error)")
    }
    return out
  }

  private func figure(_ svg: String?, id: String, title: String, missing: String) -> String {
    guard let svg else { return "<div class=\"placeholder\" id=\"\(id)\">\(XMLText.escape(missing))</div>" }
    return "<figure id=\"\(id)\">" + svg + HTMLText.element("figcaption", title) + "</figure>"
  }

  private func expectationsTable(_ rows: [ExpectationRecord]) -> String {
    guard !rows.isEmpty else { return HTMLText.element("p", "No expectations.", "class=\"note\"") }
    // Over seeds the value is the mean and the bound is judged seed by seed against its share.
    let overSeeds = rows.contains { $0.runs > 1 }
    var out = "<table><thead><tr><th>expectation</th><th>min</th><th>max</th>"
    out += overSeeds ? "<th>mean</th><th>seeds met (needed)</th>" : "<th>value</th>"
    out += "<th>result</th></tr></thead><tbody>"
    for e in rows {
      out += "<tr>" + HTMLText.element("td", e.metric)
      out += HTMLText.element("td", e.minimum.isFinite ? SVGNumber.text(e.minimum) : "")
      out += HTMLText.element("td", e.maximum.isFinite ? SVGNumber.text(e.maximum) : "")
      out += HTMLText.element("td", GateFormat.value(e.value))
      if overSeeds { out += HTMLText.element("td", "\(e.runsPassed) of \(e.runs) (\(e.runsNeeded))") }
      out +=
        HTMLText.element(
          "td", e.failed ? "FAIL" : e.verdict,
          "class=\"\(e.failed ? "fail" : e.passed ? "pass" : "undecided")\"")
        + "</tr>"
    }
    return out + "</tbody></table>"
  }
}
