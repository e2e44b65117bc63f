import Foundation
import Testing

/// `docksim report`, `docksim run --report` and the gate's link to the report, end to end.
struct ReportCommandTests {
  static let scenario = CLI.repository.appendingPathComponent("Scenarios/yaw-limits.yaml").path

  /// Runs yaw-limits with `--report` into a fresh directory.
  static func run(_ tmp: URL) throws -> URL {
    let out = tmp.appendingPathComponent("results")
    let r = try CLI.run(["run", scenario, "--out", out.path, "--quiet", "--report"])
    #expect(r.status == 0, "docksim run: \(r.stderr)")
    return out
  }

  @Test func runWritesASelfContainedDeterministicReport() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let out = try Self.run(tmp)
    let page = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src="))
    // Six time plots (the sixth NEES/NIS), the track timeline and the room view.
    #expect(page.components(separatedBy: "<svg ").count - 1 == 8)
    #expect(page.contains("class=\"lane") && page.contains("class=\"fov"), "timeline lanes and view wedges")
    #expect(page.contains("speed cap ±2 rad/s"), "run passes its own scenarios")
    #expect(page.contains("setLimits"))

    // `docksim report` on the same results gives the same bytes, twice.
    let again = tmp.appendingPathComponent("again.html").path
    let r1 = try CLI.run(["report", out.path, "--scenarios", Self.scenario, "--out", again])
    #expect(r1.status == 0, "\(r1.stderr)")
    let first = try Data(contentsOf: URL(fileURLWithPath: again))
    let r2 = try CLI.run(["report", out.path, "--scenarios", Self.scenario, "--out", again])
    #expect(r2.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == first)
    #expect(first == Data(page.utf8), "run --report and report --scenarios agree")

    // The gate's Markdown links the report beside the summary, relative to the Markdown file.
    let markdown = tmp.appendingPathComponent("gate.md").path
    let gate = try CLI.run([
      "gate", "--baseline", out.appendingPathComponent("summary.csv").path, "--summary",
      out.appendingPathComponent("summary.csv").path, "--markdown", markdown,
    ])
    #expect(gate.status == 0, "\(gate.stderr)")
    #expect(
      try String(contentsOfFile: markdown, encoding: .utf8).contains("[report.html](results/report.html)"))

    // A later run without --report removes the stale page.
    let plain = try CLI.run(["run", Self.scenario, "--out", out.path, "--quiet"])
    #expect(plain.status == 0)
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("report.html").path))
  }

  /// Every bad input exits 2 with a message naming the file, and writes nothing.
  @Test func badInputsExit2AndWriteNothing() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let out = try Self.run(tmp)
    let html = tmp.appendingPathComponent("r.html").path
    func refuse(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation)
      throws
    {
      let r = try CLI.run(["report"] + arguments + ["--out", html])
      #expect(r.status == 2, "stderr: \(r.stderr)", sourceLocation: sourceLocation)
      #expect(r.stderr.contains(message), "stderr: \(r.stderr)", sourceLocation: sourceLocation)
      #expect(!FileManager.default.fileExists(atPath: html), sourceLocation: sourceLocation)
    }
    let missing = tmp.appendingPathComponent("missing").path
    try refuse([missing], "\(missing): no such directory")
    try refuse([out.path, "--scenarios", missing + ".yaml"], "missing.yaml: no such file")
    try refuse([out.path, "--baseline", missing + ".csv"], "missing.csv: no such file")

    let trace = out.appendingPathComponent("traces/yaw-limits.csv")
    let original = try String(contentsOf: trace, encoding: .utf8)
    var lines = original.components(separatedBy: "\n")
    lines[3] = lines[3].replacingOccurrences(of: ",", with: ",x", options: [], range: lines[3].range(of: ","))
    try lines.joined(separator: "\n").write(to: trace, atomically: true, encoding: .utf8)
    try refuse([out.path], "traces/yaw-limits.csv:4:3: t_s: expected a number")

    try original.write(to: trace, atomically: true, encoding: .utf8)
    let seeds = out.appendingPathComponent("seeds.csv")
    try """
    scenario,repetition,seed,duration_s,frames,idf1,expectations_failed,status,error
    yaw-limits,0,1,12,360,nan,0,ok,

    """.write(to: seeds, atomically: true, encoding: .utf8)
    try refuse(
      [out.path],
      "seeds.csv:2:23: idf1: expected a finite number or an empty cell (not applicable), got 'nan'")
    try FileManager.default.removeItem(at: seeds)

    try FileManager.default.removeItem(at: out.appendingPathComponent("summary.csv"))
    try refuse([out.path], "summary.csv: no such file")
  }

  /// A dock button's event is a command name with commas (`accessoryEvent(button(1, pressed))`):
  /// `events.csv` quotes it, so every row has the header's four cells and `report` reads the run back.
  @Test func aRunWithAButtonEventReportsAndItsEventsHaveFourCells() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    var text = try String(
      contentsOf: CLI.repository.appendingPathComponent("Scenarios/kapow-between-tracking.yaml"),
      encoding: .utf8)
    text = text.replacingOccurrences(
      of: "events:\n",
      with: "events:\n  - { t_s: 0.5, accessory_event: { button: 1, pressed: true } }\n"
        + "  - { t_s: 0.6, accessory_event: { camera_zoom: 1.5 } }\n")
    let scenario = tmp.appendingPathComponent("button.yaml")
    try text.write(to: scenario, atomically: true, encoding: .utf8)
    let out = tmp.appendingPathComponent("out")
    let r = try CLI.run(["run", scenario.path, "--out", out.path, "--quiet"])
    #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
    let events = try String(
      contentsOf: out.appendingPathComponent("traces/kapow-between-tracking.events.csv"), encoding: .utf8)
    #expect(events.contains("\"accessoryEvent(button(1, pressed))\",ok"), "\(events)")
    let report = try CLI.run(["report", out.path])
    #expect(report.status == 0, "\(report.stderr)")
  }
}
