import DockSimCore
import DockSimIO
import DockSimReport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The page as a whole: well-formed XML, self-contained, the plots present, deterministic, and every bad
/// input refused with a message naming the file and place.
struct ReportPageTests {
  /// Parses `html` with Foundation's XML parser and counts elements by name.
  final class Counter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var ids: [String] = []
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      counts[name, default: 0] += 1
      if let id = attributes["id"] { ids.append(id) }
    }
  }

  static func parse(_ html: String) throws -> Counter {
    let parser = XMLParser(data: Data(html.utf8))
    let counter = Counter()
    parser.delegate = counter
    let ok = parser.parse()
    try #require(
      ok, "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)")
    return counter
  }

  static func scenario() throws -> Scenario {
    try ScenarioLoader.load(
      path: ReportFixture.repository.appendingPathComponent("Scenarios/walk-across.yaml").path)
  }

  @Test func pageIsWellFormedSelfContainedAndComplete() throws {
    let dir = try ReportFixture.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    var s = try Self.scenario()
    s.name = "a"
    // No plugged sections: the two drawn elsewhere stay placeholders here.
    let html = try Report.html(
      ReportOptions(resultsDirectory: dir.path, scenarios: [s], sections: ReportSections()))
    let counter = try Self.parse(html)
    #expect(!html.contains("http://") && !html.contains("https://"))
    #expect(!html.contains("src="))
    #expect(
      html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head><script>"), "error counter first in <head>")
    // Six time plots (the sixth NEES/NIS) for the scenario with a trace, none for the one without.
    #expect(counter.counts["svg"] == 6)
    for plot in ["yaw", "pitch", "framing", "yaw-speed", "pitch-speed", "consistency"] {
      #expect(counter.ids.contains("s0-a-\(plot)"))
    }
    #expect(counter.ids.contains("s0-a-tracks") && counter.ids.contains("s0-a-room"), "placeholders")
    #expect(html.contains("href=\"#s0-a\"") && html.contains("href=\"#s1-b\""), "overview links")
    #expect(html.contains("table class=\"sortable\""))
    #expect(html.contains("document.body.dataset.selfCheck"))
    #expect(html.contains("yaw range") == false, "walk-across's yaw is continuous: no band")
    #expect(html.contains("pitch range of the dock"))
    #expect(html.contains("command over the speed cap"), "frame 100 exceeds the cap")
    #expect(html.contains("expect framing_error_rms ≤ 0.04"))
    #expect(html.contains("setLimits ✗"))
    #expect(html.contains("motor fault, axis yaw"))
    #expect(html.contains("1/2 pass"))
    // Scripts stay parseable as both HTML and XML.
    for script in html.components(separatedBy: "<script>").dropFirst() {
      let body = script.components(separatedBy: "</script>")[0]
      #expect(!body.contains("<") && !body.contains("&"))
    }
  }

  @Test func sameInputsGiveTheSameBytes() throws {
    let dir = try ReportFixture.make(frames: 3000)
    defer { try? FileManager.default.removeItem(at: dir) }
    let options = ReportOptions(resultsDirectory: dir.path, scenarios: [try Self.scenario()])
    #expect(try Report.html(options) == Report.html(options))
  }

  @Test func withoutScenarioFilesTheLimitsAreLeftOutWithANote() throws {
    let dir = try ReportFixture.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let html = try Report.html(ReportOptions(resultsDirectory: dir.path, sections: ReportSections()))
    #expect(html.contains("not drawn: pass the scenario file with --scenarios"))
    #expect(!html.contains("speed cap ±"))
    #expect(try Self.parse(html).counts["svg"] == 6)
  }

  @Test func pluggedSectionsAreDrawnInsteadOfPlaceholders() throws {
    let dir = try ReportFixture.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    var s = try Self.scenario()
    s.name = "a"
    let sections = ReportSections(
      trackTimeline: { path in
        #expect(path.hasSuffix("traces/a.objects.csv"))
        return "<svg width=\"10\" height=\"10\" id=\"tt\"></svg>"
      },
      roomView: { scenario, path in
        #expect(scenario.name == "a" && path.hasSuffix("traces/a.csv"))
        return "<svg width=\"10\" height=\"10\" id=\"room\"></svg>"
      })
    let html = try Report.html(ReportOptions(resultsDirectory: dir.path, scenarios: [s], sections: sections))
    let counter = try Self.parse(html)
    #expect(counter.counts["svg"] == 8)
    #expect(counter.ids.contains("tt") && counter.ids.contains("room"))

    struct Boom: Error {}
    let failing = ReportSections(trackTimeline: { _ in throw Boom() })
    #expect(throws: ReportError.self) {
      try Report.html(ReportOptions(resultsDirectory: dir.path, sections: failing))
    }
  }

  @Test func baselineComparisonUsesTheGate() throws {
    let dir = try ReportFixture.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let baseline = dir.appendingPathComponent("baseline.csv")
    try """
    scenario,seed,framing_error_rms,in_frame_ratio,id_switches,expectations_failed,status,error
    a,1,0.01,1.0,0,0,ok,
    b,2,0.01,1.0,0,0,ok,

    """.write(to: baseline, atomically: true, encoding: .utf8)
    let tolerances = ReportFixture.repository.appendingPathComponent("Scenarios/baseline/tolerances.yaml")
      .path
    let html = try Report.html(
      ReportOptions(resultsDirectory: dir.path, baselineSummary: baseline.path, tolerances: tolerances))
    _ = try Self.parse(html)
    #expect(html.contains("docksim gate: FAIL"))
    #expect(html.contains("REGRESSION"))
    #expect(html.contains("<tr class=\"regression\">"))
  }

  // MARK: Bad input

  static func message(_ options: ReportOptions) -> String {
    do {
      _ = try Report.html(options)
      return "no error"
    } catch { return error.description }
  }

  @Test func badInputsNameTheFileAndPlace() throws {
    let dir = try ReportFixture.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let missing = dir.appendingPathComponent("nope").path
    #expect(Self.message(ReportOptions(resultsDirectory: missing)).contains("\(missing): no such directory"))
    #expect(Self.message(ReportOptions(resultsDirectory: "")).contains("no such directory"))

    let baseline = Self.message(
      ReportOptions(
        resultsDirectory: dir.path, baselineSummary: missing + ".csv",
        tolerances: ReportFixture.repository.appendingPathComponent("Scenarios/baseline/tolerances.yaml").path
      ))
    #expect(baseline.contains("nope.csv: no such file"), "\(baseline)")

    let trace = dir.appendingPathComponent("traces/a.csv")
    var text = try String(contentsOf: trace, encoding: .utf8)
    text = text.replacingOccurrences(of: "\n7,", with: "\n7,oops")
    try text.write(to: trace, atomically: true, encoding: .utf8)
    let bad = Self.message(ReportOptions(resultsDirectory: dir.path))
    #expect(bad.contains("traces/a.csv:9:3: t_s: expected a number"), "\(bad)")

    try "scenario,metric,min,max,value,result\na,x,,,1,maybe\n".write(
      to: dir.appendingPathComponent("expectations.csv"), atomically: true, encoding: .utf8)
    #expect(
      Self.message(ReportOptions(resultsDirectory: dir.path)).contains(
        "expectations.csv:2:9: result: expected pass or fail"))

    try FileManager.default.removeItem(at: dir.appendingPathComponent("summary.csv"))
    #expect(Self.message(ReportOptions(resultsDirectory: dir.path)).contains("summary.csv: no such file"))
  }

  /// Over seeds an expectation is judged seed by seed against its share: the table says how many seeds
  /// met it and how many it needed, and calls the value what it is, a mean.
  @Test func expectationsOverSeedsShowTheSeedsThatMetThem() throws {
    let dir = try ReportFixture.make(frames: 60)
    defer { try? FileManager.default.removeItem(at: dir) }
    try """
    scenario,metric,min,max,value,result,runs,share,required_share
    a,framing_error_rms,,0.04,0.05,pass,20,0.9,0.85
    a,in_frame_ratio,0.9,,1.0,fail,20,0.8,1.0

    """.write(to: dir.appendingPathComponent("expectations.csv"), atomically: true, encoding: .utf8)
    let html = try Report.html(ReportOptions(resultsDirectory: dir.path, sections: ReportSections()))
    #expect(html.contains("<th>mean</th><th>seeds met (needed)</th>"))
    #expect(html.contains("<td>18 of 20 (17)</td>"), "framing: 0.9 of 20 met, 0.85 of 20 needed")
    #expect(html.contains("<td>16 of 20 (20)</td>"), "in frame: every seed needed")

    try "scenario,metric,min,max,value,result,runs,share,required_share\na,x,,,1,pass,20,1.5,1\n".write(
      to: dir.appendingPathComponent("expectations.csv"), atomically: true, encoding: .utf8)
    let bad = Self.message(ReportOptions(resultsDirectory: dir.path))
    #expect(bad.contains("expectations.csv:2:17: share: expected a value in 0.0...1.0, got 1.5"), "\(bad)")
  }

  /// A verdict of cannot tell (issue 29) is shown as such, and is not counted among the failures.
  @Test func aCannotTellIsShownAndNotCountedAsFailed() throws {
    let dir = try ReportFixture.make(frames: 60)
    defer { try? FileManager.default.removeItem(at: dir) }
    try """
    scenario,metric,min,max,value,result,runs,share,required_share,share_ci_low,share_ci_high,verdict
    a,framing_error_rms,,0.04,0.05,fail,5,0.6,0.9,0.147,0.947,cannot tell
    a,in_frame_ratio,0.9,,1.0,fail,5,0.0,1.0,0.0,0.522,fail

    """.write(to: dir.appendingPathComponent("expectations.csv"), atomically: true, encoding: .utf8)
    let html = try Report.html(ReportOptions(resultsDirectory: dir.path, sections: ReportSections()))
    #expect(html.contains("<td class=\"undecided\">cannot tell</td>"))
    #expect(html.contains("<td class=\"fail\">FAIL</td>"))
    #expect(html.contains(", 1 expectation failed, 1 cannot tell."))
  }

  @Test func malformedSummaryNamesLineAndColumn() throws {
    let dir = try ReportFixture.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    try "scenario,seed,status,error\na,x1,ok,\n".write(
      to: dir.appendingPathComponent("summary.csv"), atomically: true, encoding: .utf8)
    #expect(
      Self.message(ReportOptions(resultsDirectory: dir.path)).contains(
        "summary.csv:2:3: seed: expected a number"))
  }
}
