import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `docksim gate` without the binary: the comparison, the summary and tolerance readers, the writers.
struct GateTests {
  static let header =
    "scenario,seed,duration_s,frames,framing_error_rms,in_frame_ratio,camera_lag_ms,nees_mean,"
    + "expectations_failed,status,error"

  static let tolerances = ToleranceTable(
    file: "tolerances.yaml",
    metrics: ["framing_error_rms", "in_frame_ratio", "camera_lag_ms", "nees_mean"],
    defaults: [
      "framing_error_rms": MetricTolerance(better: .lower, absolute: 0.002, relative: 0.10),
      "in_frame_ratio": MetricTolerance(better: .higher, absolute: 0.01),
      "camera_lag_ms": MetricTolerance(better: .zero, absolute: 10),
      "nees_mean": MetricTolerance(better: .none, absolute: 0.5),
    ],
    overrides: ["loose": ["framing_error_rms": MetricTolerance(better: .lower, absolute: 0.1)]])

  /// A summary with `header` and these rows (text after the header).
  static func summary(_ rows: String, file: String = "now.csv") throws -> SummarySnapshot {
    try SummaryCSVReader.parse(header + "\n" + rows, file: file)
  }

  static func compare(_ baseline: String, _ now: String) throws -> GateReport {
    GateComparison.compare(
      baseline: try summary(baseline, file: "base.csv"), now: try summary(now), tolerances: tolerances)
  }

  static func finding(_ report: GateReport, _ scenario: String, _ check: String) -> GateFinding? {
    report.findings.first { $0.scenario == scenario && $0.check == check }
  }

  // MARK: Comparison

  @Test(arguments: [
    // baseline, now, verdict: lower is better, allowance max(0.002, 10 %)
    ("0.010", "0.0119", GateVerdict.unchanged),
    ("0.010", "0.0121", .regression),
    ("0.010", "0.0079", .improvement),
    ("0.100", "0.109", .unchanged),  // 10 % of 0.1 = 0.01 > abs
    ("0.100", "0.111", .regression),
  ])
  func lowerIsBetterUsesTheLargerOfAbsAndRel(baseline: String, now: String, verdict: GateVerdict) throws {
    let r = try Self.compare("a,1,5.0,150,\(baseline),1.0,,,0,ok,", "a,1,5.0,150,\(now),1.0,,,0,ok,")
    #expect(Self.finding(r, "a", "framing_error_rms")?.verdict == verdict)
    #expect(r.passed == (verdict != .regression))
  }

  @Test func higherZeroAndNoneDirections() throws {
    let r = try Self.compare(
      "a,1,5.0,150,0.01,0.99,20,3.0,0,ok,\nb,1,5.0,150,0.01,0.99,20,3.0,0,ok,",
      "a,1,5.0,150,0.01,0.97,-35,3.6,0,ok,\nb,1,5.0,150,0.01,1.0,-5,3.2,0,ok,")
    #expect(Self.finding(r, "a", "in_frame_ratio")?.verdict == .regression)
    #expect(Self.finding(r, "b", "in_frame_ratio")?.verdict == .unchanged)
    #expect(Self.finding(r, "a", "camera_lag_ms")?.verdict == .regression, "|−35| > |20| + 10")
    #expect(Self.finding(r, "b", "camera_lag_ms")?.verdict == .improvement, "|−5| < |20| − 10")
    #expect(Self.finding(r, "a", "nees_mean")?.verdict == .changed)
    #expect(Self.finding(r, "b", "nees_mean")?.verdict == .unchanged)
    #expect(r.regressions.map(\.check) == ["in_frame_ratio", "camera_lag_ms"], "summary column order")
  }

  @Test func emptyCellsAreReportedNotGated() throws {
    let r = try Self.compare(
      "a,1,5.0,150,0.01,1.0,,3.0,0,ok,\nb,1,5.0,150,0.01,1.0,40,3.0,0,ok,",
      "a,1,5.0,150,0.01,1.0,40,,0,ok,\nb,1,5.0,150,0.01,1.0,,3.0,0,ok,")
    #expect(Self.finding(r, "a", "camera_lag_ms")?.verdict == .changed)
    #expect(Self.finding(r, "a", "camera_lag_ms")?.note == "became applicable")
    #expect(Self.finding(r, "a", "nees_mean")?.note == "became not applicable")
    #expect(Self.finding(r, "b", "camera_lag_ms")?.note == "became not applicable")
    #expect(r.passed)
    let both = try Self.compare("a,1,5.0,150,0.01,1.0,,3.0,0,ok,", "a,1,5.0,150,0.01,1.0,,3.0,0,ok,")
    #expect(Self.finding(both, "a", "camera_lag_ms")?.verdict == .notApplicable)
  }

  @Test func removedScenarioFailsAddedOneIsReported() throws {
    let r = try Self.compare(
      "a,1,5.0,150,0.01,1.0,,,0,ok,\ngone,1,5.0,150,0.01,1.0,,,0,ok,",
      "new,1,5.0,150,0.01,1.0,,,0,ok,\na,1,5.0,150,0.01,1.0,,,0,ok,")
    #expect(r.removed == ["gone"])
    #expect(r.added == ["new"])
    #expect(Self.finding(r, "gone", "scenario")?.verdict == .regression)
    #expect(Self.finding(r, "new", "scenario")?.verdict == .changed)
    #expect(!r.passed)
    #expect(r.findings.map(\.scenario) == r.findings.map(\.scenario).sorted(), "sorted by scenario")
    let onlyAdded = try Self.compare(
      "a,1,5.0,150,0.01,1.0,,,0,ok,", "a,1,5.0,150,0.01,1.0,,,0,ok,\nz,1,5.0,150,0.5,0.1,,,0,ok,")
    #expect(onlyAdded.passed, "new coverage passes")
    #expect(onlyAdded.verdictLine.hasSuffix("1 scenario compared, 1 added, 0 removed"))
  }

  @Test func failedRunAndFailedExpectationRegress() throws {
    let r = try Self.compare(
      "a,1,5.0,150,0.01,1.0,,,0,ok,\nb,1,,,,,,,,error,old\nc,1,5.0,150,0.01,1.0,,,0,ok,",
      "a,1,,,,,,,,error,\"non-finite yaw, frame 3\"\nb,1,5.0,150,0.01,1.0,,,0,ok,\n"
        + "c,1,5.0,150,0.01,1.0,,,2,ok,"
    )
    let a = try #require(Self.finding(r, "a", "status"))
    #expect(a.verdict == .regression)
    #expect(a.note == "the run failed: non-finite yaw, frame 3")
    #expect(Self.finding(r, "a", "framing_error_rms") == nil, "metrics of a failed run are not compared")
    #expect(Self.finding(r, "b", "status")?.verdict == .improvement)
    #expect(Self.finding(r, "b", "framing_error_rms") == nil)
    #expect(Self.finding(r, "c", "expectations_failed")?.verdict == .regression)
    #expect(r.regressions.count == 2)
    let added = try Self.compare(
      "a,1,5.0,150,0.01,1.0,,,0,ok,", "a,1,5.0,150,0.01,1.0,,,0,ok,\nx,1,,,,,,,,error,boom")
    #expect(!added.passed, "a new scenario that fails to run fails the gate")
  }

  @Test func overridesSeedChangesAndNotes() throws {
    let r = try Self.compare(
      "loose,1,5.0,150,0.01,1.0,,,0,ok,\na,1,5.0,150,0.01,1.0,,,0,ok,",
      "loose,1,5.0,150,0.05,1.0,,,0,ok,\na,2,5.0,150,0.01,1.0,,,0,ok,")
    #expect(Self.finding(r, "loose", "framing_error_rms")?.verdict == .unchanged)
    #expect(Self.finding(r, "a", "seed")?.verdict == .changed)
    #expect(Self.finding(r, "a", "duration_s") == nil, "identity columns appear only when changed")
    let base = try SummaryCSVReader.parse(
      "scenario,old_metric,framing_error_rms,status,error\na,1,0.01,ok,\n", file: "base.csv")
    let now = try SummaryCSVReader.parse(
      "scenario,framing_error_rms,mystery,status,error\na,0.01,3,ok,\n", file: "now.csv")
    let notes = GateComparison.compare(baseline: base, now: now, tolerances: Self.tolerances).notes
    #expect(notes.count == 3)
    #expect(notes.contains { $0.contains("new since the baseline") && $0.contains("mystery") })
    #expect(
      notes.contains { $0.contains("in the baseline but not in this run") && $0.contains("old_metric") })
    #expect(notes.contains { $0.contains("overrides for scenarios in neither summary: loose") })
  }

  // MARK: Summary CSV

  @Test func summaryReaderHandlesQuotedCells() throws {
    let s = try SummaryCSVReader.parse(
      "scenario,status,error\r\na,error,\"stopped, at \"\"frame\"\" 3\nnext line\"\r\nb,ok,\n\n",
      file: "s.csv")
    #expect(s.rows.map(\.scenario) == ["a", "b"])
    #expect(s.rows[0]["error"] == "stopped, at \"frame\" 3\nnext line")
    #expect(s.rows[1].line == 4)
  }

  @Test(arguments: [
    ("", "s.csv: the file is empty"),
    ("name,status\n", "s.csv:1:1: expected a summary.csv header starting with scenario"),
    ("scenario,status,status\n", "s.csv:1:17: column 'status' appears twice"),
    ("scenario,error\n", "s.csv:1: no status column"),
    ("scenario,x,status\na,1\n", "s.csv:2: expected 3 cells as in the header, got 2"),
    ("scenario,x,status\na,1.5,ok\nb,abc,ok\n", "s.csv:3:3: x: expected a number or an empty cell"),
    ("scenario,status\na,fine\n", "s.csv:2:3: status: expected ok or error, got 'fine'"),
    (
      "scenario,status\na,ok\nb,ok\na,ok\n",
      "s.csv:4:1: scenario: scenario 'a' appears again (first on line 2)"
    ),
    ("scenario,status\n\"a,ok\n", "s.csv:2:1: a quoted cell is never closed"),
    (
      "scenario,status\n\"a\"x,ok\n",
      "s.csv:2:4: expected a comma or the end of the line after a closing quote"
    ),
  ])
  func summaryReaderErrorsNameFileLineAndColumn(text: String, message: String) {
    #expect {
      try SummaryCSVReader.parse(text, file: "s.csv")
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }

  @Test func missingSummaryFileIsNamed() {
    #expect(
      throws: InputError(
        file: "/nonexistent/s.csv", message: "no such file; expected a summary CSV written by `docksim run`")
    ) {
      try SummaryCSVReader.read(path: "/nonexistent/s.csv")
    }
  }
}

// MARK: Tolerance file

extension GateTests {
  static let metrics = ["framing_error_rms", "in_frame_ratio", "idf1"]
  static let goodYAML = """
    metrics:
      framing_error_rms: { better: lower, abs: 0.002, rel: 0.1 }
      in_frame_ratio: { better: higher, abs: 0.01 }
      idf1: { better: higher, abs: 0.01 }
    scenarios:
      crowd:
        idf1: { abs: 0.5 }
    """

  @Test func toleranceFileReadsDefaultsAndOverrides() throws {
    let t = try ToleranceFile.parse(yaml: Self.goodYAML, file: "t.yaml", metrics: Self.metrics)
    #expect(t.metrics == Self.metrics)
    #expect(
      t.tolerance(for: "framing_error_rms", scenario: "x")
        == MetricTolerance(better: .lower, absolute: 0.002, relative: 0.1))
    #expect(t.tolerance(for: "idf1", scenario: "crowd") == MetricTolerance(better: .higher, absolute: 0.5))
    #expect(t.tolerance(for: "idf1", scenario: "other") == MetricTolerance(better: .higher, absolute: 0.01))
    #expect(t.overriddenScenarios == ["crowd"])
  }

  @Test(arguments: [
    (
      "idf1: { better: higher", "idf_1: { better: higher",
      "t.yaml:4:3: metrics.idf_1: unknown metric 'idf_1' (did you mean 'idf1'?)"
    ),
    (
      "  idf1: { better: higher, abs: 0.01 }\n", "",
      "t.yaml:2:3: metrics: no tolerance for 'idf1'; expected an entry"
    ),
    (
      "better: lower", "better: lowre",
      "t.yaml:2:32: metrics.framing_error_rms.better: expected one of lower, higher, zero, none, "
        + "got 'lowre' (did you mean 'lower'?)"
    ),
    (
      "abs: 0.002", "abs: -0.002",
      "t.yaml:2:44: metrics.framing_error_rms.abs: expected a finite number ≥ 0, got -0.002"
    ),
    (
      "rel: 0.1", "rel: .nan",
      "t.yaml:2:56: metrics.framing_error_rms.rel: expected a finite number ≥ 0, got .nan"
    ),
    (
      "abs: 0.01 }\n  idf1", "tol: 0.01 }\n  idf1",
      "t.yaml:3:37: metrics.in_frame_ratio.tol: unknown field 'tol' (did you mean 'rel'?); "
        + "expected one of: better, abs, rel"
    ),
    (
      "{ better: higher, abs: 0.01 }\n  idf1", "higher\n  idf1",
      "t.yaml:3:19: metrics.in_frame_ratio: expected a mapping with the fields better, abs, rel, "
        + "got the string \"higher\""
    ),
    ("idf1: { abs: 0.5 }", "idf2: { abs: 0.5 }", "t.yaml:7:5: scenarios.crowd.idf2: unknown metric 'idf2'"),
    ("scenarios:", "scenario:", "t.yaml:5:1: scenario: unknown field 'scenario' (did you mean 'scenarios'?)"),
    ("metrics:\n", "metrics: [\n", "t.yaml:3: invalid YAML"),
  ])
  func toleranceFileErrorsNameFileLineAndField(find: String, replace: String, message: String) {
    let yaml = Self.goodYAML.replacingOccurrences(of: find, with: replace)
    #expect(yaml != Self.goodYAML)
    #expect {
      try ToleranceFile.parse(yaml: yaml, file: "t.yaml", metrics: Self.metrics)
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }

  @Test func emptyOrMissingToleranceFile() {
    #expect(throws: InputError.self) {
      try ToleranceFile.parse(yaml: "# nothing\n", file: "t.yaml", metrics: Self.metrics)
    }
    #expect {
      try ToleranceFile.load(path: "/nonexistent/t.yaml", metrics: Self.metrics)
    } throws: { "\($0)".hasPrefix("/nonexistent/t.yaml: no such file") }
  }

  /// The committed tolerance file covers exactly the summary's metric columns.
  @Test func committedToleranceFileCoversEveryMetric() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Scenarios/baseline/tolerances.yaml").path
    let t = try ToleranceFile.load(path: path, metrics: SummaryTable.metricColumns)
    for metric in SummaryTable.metricColumns {
      #expect(t.tolerance(for: metric, scenario: "any") != nil, "\(metric)")
    }
    #expect(t.tolerance(for: "framing_error_rms", scenario: "any")?.better == .lower)
    #expect(t.tolerance(for: "in_frame_ratio", scenario: "any")?.better == .higher)
    #expect(t.tolerance(for: "id_switches", scenario: "any") == MetricTolerance(better: .lower, absolute: 0))
  }
}

// MARK: Writers

extension GateTests {
  /// One regression (a), one improvement (b), a failed run with awkward text (c), one scenario removed
  /// (d) and one added (e).
  static func mixedReport() throws -> GateReport {
    try compare(
      "a,1,5.0,150,0.01,1.0,,,0,ok,\nb,1,5.0,150,0.01,1.0,,,0,ok,\nc,1,5.0,150,0.01,1.0,,,0,ok,\n"
        + "d,1,5.0,150,0.01,1.0,,,0,ok,",
      "a,1,5.0,150,0.02,1.0,,,0,ok,\nb,1,5.0,150,0.005,1.0,,,0,ok,\n"
        + "c,1,,,,,,,,error,\"x < y & \"\"q\"\" | 'z'\u{1}\"\n"
        + "e,1,5.0,150,0.01,1.0,,,0,ok,")
  }

  @Test func numbersAreFormattedWithoutLocale() {
    #expect(GateFormat.significant(0.010922150990357947) == "0.01092")
    #expect(GateFormat.significant(812) == "812")
    #expect(GateFormat.significant(1.5e-05) == "1.5e-05")
    #expect(GateFormat.significant(9.99996) == "10")
    #expect(GateFormat.significant(-0.000626, digits: 3) == "-0.000626")
    #expect(GateFormat.significant(12_345_678) == "1.235e+07")
    #expect(GateFormat.significant(0) == "0")
  }

  @Test func textTableListsRegressionsFirstThenImprovements() throws {
    let text = GateTextReport.render(try Self.mixedReport())
    let lines = text.split(separator: "\n").map(String.init)
    let header = try #require(lines.firstIndex { $0.hasPrefix("scenario ") })
    #expect(
      lines[header].contains("metric") && lines[header].contains("tolerance")
        && lines[header].contains("verdict"))
    let rows = lines[(header + 2)...].filter { !$0.hasPrefix("docksim gate:") && !$0.hasPrefix("note:") }
    #expect(rows.map { String($0.prefix(1)) } == ["a", "c", "d", "b", "e"])
    #expect(
      rows[0].contains("framing_error_rms") && rows[0].contains("+0.01 (+100%)")
        && rows[0].hasSuffix("REGRESSION"))
    #expect(
      lines.last
        == "docksim gate: FAIL: 3 regressions, 1 improvement, 1 change not gated; 3 scenarios compared, "
        + "1 added, 1 removed"
    )
    #expect(
      Set(rows.map { $0.firstRange(of: "  ")?.lowerBound.utf16Offset(in: $0) }).count == 1, "fixed width")
  }

  @Test func markdownHasVerdictTablesAndScenarioLists() throws {
    let md = GateMarkdown.render(try Self.mixedReport())
    #expect(md.hasPrefix("## ❌ docksim gate: fail (3 regressions)\n"))
    #expect(
      md.contains(
        "### Regressions\n\n| scenario | metric | baseline | now | change | tolerance | verdict |\n|---|"))
    #expect(
      md.contains("| a | framing\\_error\\_rms | 0.01 | 0.02 | +0.01 (+100%) | lower ±0.002 | REGRESSION |"))
    #expect(md.contains("### Improvements"))
    #expect(md.contains("### Added scenarios (new coverage)\n\n- e\n"))
    #expect(md.contains("### Removed scenarios (regressions: no longer checked)\n\n- d\n"))
    #expect(md.contains("x \\< y & \"q\" \\| 'z'"), "a pipe cannot break the table")
    let pass = GateMarkdown.render(
      try Self.compare("a,1,5.0,150,0.01,1.0,,,0,ok,", "a,1,5.0,150,0.01,1.0,,,0,ok,"))
    #expect(pass.hasPrefix("## ✅ docksim gate: pass\n"))
  }

  @Test func junitHasTheCommonShapeAndCounts() throws {
    let report = try Self.mixedReport()
    let xml = GateJUnit.render(report)
    let shape = XMLShape()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = shape
    #expect(parser.parse(), "well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
    #expect(shape.elements.first?.path == "testsuites")
    #expect(shape.elements.filter { $0.path == "testsuites/testsuite" }.count == 1)
    let suite = try #require(shape.elements.first { $0.path == "testsuites/testsuite" }?.attributes)
    let cases = shape.elements.filter { $0.path == "testsuites/testsuite/testcase" }
    let failures = shape.elements.filter { $0.path == "testsuites/testsuite/testcase/failure" }
    let skipped = shape.elements.filter { $0.path == "testsuites/testsuite/testcase/skipped" }
    #expect(suite["name"] == "docksim gate")
    #expect(suite["tests"] == "\(cases.count)" && cases.count == report.findings.count)
    #expect(suite["failures"] == "\(failures.count)" && failures.count == 3)
    #expect(suite["skipped"] == "\(skipped.count)")
    #expect(cases.allSatisfy { $0.attributes["classname"] != nil && $0.attributes["name"] != nil })
    #expect(cases.contains { $0.attributes == ["classname": "d", "name": "scenario", "time": "0"] })
    #expect(
      cases.filter { $0.attributes["classname"] == "a" }.map { $0.attributes["name"] ?? "" }.contains(
        "status"))
    #expect(failures.contains { ($0.attributes["message"] ?? "").contains("x < y & \"q\" | 'z'\u{FFFD}") })
    #expect(shape.elements.allSatisfy { !$0.path.hasPrefix("testsuites/testsuite/testcase/failure/") })
  }
}

/// Records every element's path from the root and its attributes.
private final class XMLShape: NSObject, XMLParserDelegate {
  var elements: [(path: String, attributes: [String: String])] = []
  private var stack: [String] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    stack.append(elementName)
    elements.append((stack.joined(separator: "/"), attributes))
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    stack.removeLast()
  }
}
