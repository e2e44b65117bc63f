import Foundation
import Testing

/// `docksim score`: MOTChallenge files and a run's objects trace in, the summary.csv metrics out.
struct ScoreCommandTests {
  static let tud = CLI.repository.appendingPathComponent("Tests/Fixtures/motchallenge")

  @Test func tudSequencesScoreAsPyMotmetricsIntoAFile() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let out = tmp.appendingPathComponent("score.csv")
    var arguments = ["score", "--out", out.path]
    for name in ["TUD-Campus", "TUD-Stadtmitte"] {
      arguments += [
        "--truth", Self.tud.appendingPathComponent("\(name)/gt.txt").path,
        "--tracks", Self.tud.appendingPathComponent("\(name)/test.txt").path,
      ]
    }
    let r = try CLI.run(arguments)
    #expect(r.status == 0, "stderr: \(r.stderr)")
    #expect(r.stdout.isEmpty)
    let (header, rows) = CLI.table(try String(contentsOf: out, encoding: .utf8))
    #expect(rows.map { $0[0] } == ["TUD-Campus", "TUD-Stadtmitte", "OVERALL"])
    let mota = try #require(header.firstIndex(of: "mota"))
    let switches = try #require(header.firstIndex(of: "id_switches"))
    #expect(rows.map { $0[switches] } == ["7", "7", "14"])
    #expect(abs(Double(rows[2][mota])! - 0.555116) <= 5e-7)
  }

  /// `--name` takes the sequences' names in one go (`--name a b`) or one at a time, the same names;
  /// a count that does not match the sequences is refused naming both.
  @Test func namesAreGivenInOneGoOrOneAtATime() throws {
    var arguments = ["score"]
    for name in ["TUD-Campus", "TUD-Stadtmitte"] {
      arguments += [
        "--truth", Self.tud.appendingPathComponent("\(name)/gt.txt").path,
        "--tracks", Self.tud.appendingPathComponent("\(name)/test.txt").path,
      ]
    }
    let together = try CLI.run(arguments + ["--name", "a", "b"])
    let apart = try CLI.run(arguments + ["--name", "a", "--name", "b"])
    #expect(together.status == 0, "\(together.stderr)")
    #expect(together.stdout == apart.stdout)
    #expect(CLI.table(together.stdout).rows.map { $0[0] } == ["a", "b", "OVERALL"])
    let short = try CLI.run(arguments + ["--name", "a"])
    #expect(
      short.status == 2 && short.stderr.contains("expected one name per sequence (2), got 1"),
      "\(short.stderr)")
  }

  /// A short run's objects trace scored with the run's own matching gives exactly its summary.csv
  /// figures: objects.csv holds the truth and tracks the metrics saw.
  @Test func aRunsObjectsTraceScoresToItsSummary() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let run = tmp.appendingPathComponent("run")
    let scenario = CLI.repository.appendingPathComponent("Scenarios/crossing-depths.yaml").path
    let r = try CLI.run(["run", scenario, "--set", "duration_s=5", "--out", run.path])
    #expect(r.status == 0, "stderr: \(r.stderr)")
    let objects = run.appendingPathComponent("traces/crossing-depths.objects.csv").path
    let s = try CLI.run(["score", "--objects", objects, "--match", "center"])
    #expect(s.status == 0, "stderr: \(s.stderr)")
    let score = CLI.table(s.stdout)
    #expect(score.rows.map { $0[0] } == ["crossing-depths", "OVERALL"])
    let summary = CLI.table(
      try String(contentsOf: run.appendingPathComponent("summary.csv"), encoding: .utf8))
    let summaryRow = try #require(summary.rows.first)
    var compared = 0
    for (k, name) in score.header.enumerated() {
      guard let j = summary.header.firstIndex(of: name) else { continue }
      compared += 1
      // Counts may be written as 3 or 3.0 by summary.csv's writer: compare as numbers, bit for bit.
      #expect(
        Double(score.rows[0][k]) == Double(summaryRow[j]), "\(name): \(score.rows[0][k]) vs \(summaryRow[j])")
    }
    #expect(compared == 13)
    let idSwitches = try #require(score.header.firstIndex(of: "track_rows"))
    #expect(Int(score.rows[0][idSwitches])! > 0, "the run has scored tracks")
  }

  @Test(arguments: [
    (["score"], "expected --truth GT --tracks TRACKS, or --objects FILE"),
    (["score", "--truth", "a.txt"], "expected one --tracks per --truth"),
    (["score", "--truth", "MISSING/gt.txt", "--tracks", "t.txt"], "MISSING/gt.txt: no such file"),
    (["score", "--objects", "o.csv", "--truth", "a", "--tracks", "b"], "not both"),
    (
      ["score", "--truth", "g", "--tracks", "t", "--threshold", "0"],
      "--threshold: expected a finite number > 0"
    ),
    (["score", "--truth", "g", "--tracks", "t", "--match", "center"], "needs --threshold"),
  ])
  func usageErrorsExitTwo(arguments: [String], message: String) throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    try "1,1,10,10,5,5,1\n".write(to: tmp.appendingPathComponent("g"), atomically: true, encoding: .utf8)
    try "1,1,10,10,5,5,1\n".write(to: tmp.appendingPathComponent("t"), atomically: true, encoding: .utf8)
    let r = try CLI.run(arguments, in: tmp)
    #expect(r.status == 2, "exit \(r.status); stderr \(r.stderr)")
    #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
  }

  @Test func badFilesExitTwoNamingFileLineAndFieldAndWriteNothing() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let gt = tmp.appendingPathComponent("gt.txt")
    let tracks = tmp.appendingPathComponent("t.txt")
    let out = tmp.appendingPathComponent("out.csv")
    try "1,1,10,10,5,5,1\n2,1,10,10,1e999,5,1\n".write(to: gt, atomically: true, encoding: .utf8)
    try "1,1,10,10,5,5,1\n".write(to: tracks, atomically: true, encoding: .utf8)
    let r = try CLI.run(["score", "--truth", gt.path, "--tracks", tracks.path, "--out", out.path])
    #expect(r.status == 2)
    #expect(r.stderr.contains("\(gt.path):2: bb_width: expected a finite number"), "stderr: \(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))

    let objects = tmp.appendingPathComponent("x.objects.csv")
    let header =
      "frame,capture_t_s,type,id,kind,u,v,w,h,visible_fraction,status,primary,match_threshold\n"
    try (header + "1,0.1,gt,alice,humanBody,0.5,nan,0.1,0.2,1,,,0.05\n").write(
      to: objects, atomically: true, encoding: .utf8)
    let o = try CLI.run(["score", "--objects", objects.path])
    #expect(o.status == 2)
    #expect(o.stderr.contains("\(objects.path):2: v: expected a finite number"), "stderr: \(o.stderr)")
    try ("frame,capture_t_s,type,id,kind,u,v,h,visible_fraction,status,primary,match_threshold\n").write(
      to: objects, atomically: true, encoding: .utf8)
    let old = try CLI.run(["score", "--objects", objects.path])
    #expect(old.status == 2)
    #expect(old.stderr.contains("\(objects.path):1: expected the header"), "stderr: \(old.stderr)")
  }

  @Test func refusesToWriteOverAnInput() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let gt = tmp.appendingPathComponent("gt.txt")
    try "1,1,10,10,5,5,1\n".write(to: gt, atomically: true, encoding: .utf8)
    let before = try String(contentsOf: gt, encoding: .utf8)
    let r = try CLI.run(["score", "--truth", gt.path, "--tracks", gt.path, "--out", gt.path])
    #expect(r.status == 2)
    #expect(r.stderr.contains("is the --truth"), "stderr: \(r.stderr)")
    #expect(try String(contentsOf: gt, encoding: .utf8) == before)
  }
}
