import Foundation
import Testing

/// `docksim gate` and `docksim baseline update` end to end: an unchanged run passes, a deliberately
/// worsened tracker fails with a readable table, bad inputs exit 2.
struct GateCommandTests {
  static let scenarios = ["Scenarios/walk-across.yaml", "Scenarios/standing-talking.yaml"].map {
    CLI.repository.appendingPathComponent($0).path
  }

  /// Runs `files` into `out` and returns the summary's path.
  static func run(_ files: [String], out: URL) throws -> String {
    let r = try CLI.run(["run"] + files + ["--out", out.path, "--quiet"])
    #expect(r.status == 0, "docksim run: \(r.stderr)")
    return out.appendingPathComponent("summary.csv").path
  }

  /// A baseline written by `baseline update` from a run of `scenarios`.
  static func baseline(in tmp: URL) throws -> String {
    let summary = try run(scenarios, out: tmp.appendingPathComponent("base"))
    let baseline = tmp.appendingPathComponent("baseline/summary.csv").path
    let r = try CLI.run(["baseline", "update", "--summary", summary, "--out", baseline])
    #expect(r.status == 0, "baseline update: \(r.stderr)")
    #expect(r.stdout.contains("wrote \(baseline) (2 scenarios)"))
    #expect(FileManager.default.contents(atPath: baseline) == FileManager.default.contents(atPath: summary))
    return baseline
  }

  @Test func unchangedRunPassesAndWorsenedTrackerFails() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let baseline = try Self.baseline(in: tmp)

    let again = try Self.run(Self.scenarios, out: tmp.appendingPathComponent("again"))
    let pass = try CLI.run(["gate", "--baseline", baseline, "--summary", again])
    #expect(pass.status == 0, "stdout: \(pass.stdout)\nstderr: \(pass.stderr)")
    #expect(
      pass.stdout.hasSuffix(
        "docksim gate: PASS: 0 regressions, 0 improvements, 0 changes not gated; "
          + "2 scenarios compared, 0 added, 0 removed\n"))

    // The same walk with a filter that barely believes the subject can turn: worse framing, still
    // within the scenario's own bound (0.02; a q of 0.001 or less fails it, and `run` exits 1).
    let original = try String(contentsOfFile: Self.scenarios[0], encoding: .utf8)
    try #require(
      !original.contains("\ntracker:"), "walk-across.yaml sets tracker fields; pick another worsening")
    let worse = tmp.appendingPathComponent("worse/walk-across.yaml")
    try FileManager.default.createDirectory(
      at: worse.deletingLastPathComponent(), withIntermediateDirectories: true)
    try (original + "\ntracker: { process_noise_angle: 0.003 }\n").write(
      to: worse, atomically: true, encoding: .utf8)
    let worsened = try Self.run(
      [worse.path, Self.scenarios[1]], out: tmp.appendingPathComponent("worse-out"))
    let markdown = tmp.appendingPathComponent("gate.md")
    let junit = tmp.appendingPathComponent("reports/junit.xml")
    let fail = try CLI.run([
      "gate", "--baseline", baseline, "--summary", worsened, "--markdown", markdown.path, "--junit",
      junit.path,
    ])
    #expect(fail.status == 1, "stdout: \(fail.stdout)\nstderr: \(fail.stderr)")
    let lines = fail.stdout.split(separator: "\n").map(String.init)
    let header = try #require(lines.firstIndex { $0.hasPrefix("scenario ") }, "a table: \(fail.stdout)")
    #expect(
      lines[header].split(separator: " ", omittingEmptySubsequences: true) == [
        "scenario", "metric", "baseline", "now", "change", "tolerance", "verdict",
      ])
    let row = lines.first { $0.hasPrefix("walk-across ") && $0.contains(" framing_error_rms ") }
    #expect(row?.hasSuffix("REGRESSION") == true, "the regression is listed: \(fail.stdout)")
    #expect(row?.contains("lower ±0.002") == true)
    #expect(!lines.contains { $0.hasPrefix("standing-talking ") }, "the untouched scenario is unchanged")
    #expect(lines.last?.hasPrefix("docksim gate: FAIL: ") == true)

    let md = try String(contentsOf: markdown, encoding: .utf8)
    #expect(md.hasPrefix("## ❌ docksim gate: fail"))
    #expect(md.contains("| walk-across | framing\\_error\\_rms |"))
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(
      xml.contains(
        "<testcase classname=\"walk-across\" name=\"framing_error_rms\" time=\"0\">\n      <failure "))
  }

  @Test func badInputsExitTwoAndNameTheFile() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let summary = tmp.appendingPathComponent("summary.csv")
    try "scenario,framing_error_rms,status,error\na,0.01,ok,\n".write(
      to: summary, atomically: true, encoding: .utf8)
    let malformed = tmp.appendingPathComponent("malformed.csv")
    try "scenario,framing_error_rms,status,error\na,0.01,ok,\nb,oops,ok,\n".write(
      to: malformed, atomically: true, encoding: .utf8)
    // Not tolerances.yaml: that name beside a baseline is the gate's default tolerance file.
    let badTolerances = tmp.appendingPathComponent("bad-tolerances.yaml")
    try "metrics:\n  framing_error_rms: { better: lower, abs: -1 }\n".write(
      to: badTolerances, atomically: true, encoding: .utf8)
    let missing = tmp.appendingPathComponent("nope.csv").path
    let junit = tmp.appendingPathComponent("junit.xml")
    let cases: [([String], String)] = [
      (["--baseline", missing], "\(missing): no such file"),
      (["--baseline", malformed.path], "\(malformed.path):3:3: framing_error_rms: expected a number"),
      (["--baseline", summary.path, "--tolerances", badTolerances.path], "\(badTolerances.path):2:"),
      ([], "--baseline FILE is required"),
      (["--baseline", summary.path, "--markdown", ""], "--markdown: expected a file path"),
    ]
    for (arguments, message) in cases {
      let r = try CLI.run(["gate", "--summary", summary.path, "--junit", junit.path] + arguments)
      #expect(r.status == 2, "\(arguments): exit \(r.status); \(r.stderr)")
      #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: junit.path), "nothing written on bad input")
  }

  @Test func baselineUpdateRefusesAFailedRunOrForeignColumns() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let out = tmp.appendingPathComponent("baseline.csv").path
    let foreign = tmp.appendingPathComponent("foreign.csv")
    try "scenario,framing_error_rms,status,error\na,0.01,ok,\n".write(
      to: foreign, atomically: true, encoding: .utf8)
    let r = try CLI.run(["baseline", "update", "--summary", foreign.path, "--out", out])
    #expect(r.status == 2 && r.stderr.contains("\(foreign.path):1: expected the columns this docksim writes"))

    let summary = try Self.run([Self.scenarios[1]], out: tmp.appendingPathComponent("run"))
    var text = try String(contentsOfFile: summary, encoding: .utf8)
    let row = try #require(text.split(separator: "\n").last)
    let failedRow =
      "standing-talking" + String(repeating: ",", count: row.filter { $0 == "," }.count - 2) + ",error,boom"
    text = text.replacingOccurrences(of: String(row), with: failedRow)
    try text.write(toFile: summary, atomically: true, encoding: .utf8)
    let failed = try CLI.run(["baseline", "update", "--summary", summary, "--out", out])
    #expect(
      failed.status == 2 && failed.stderr.contains("\(summary):2: status: scenario 'standing-talking' failed")
    )
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
