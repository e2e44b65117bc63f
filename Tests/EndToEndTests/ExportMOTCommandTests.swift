import Foundation
import Testing

/// `docksim export-mot`: a run's objects as MOTChallenge sequences that score as the objects do.
struct ExportMOTCommandTests {
  @Test func anExportedRunScoresWithIoUAsItsObjectsTrace() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let run = tmp.appendingPathComponent("run")
    let scenario = CLI.repository.appendingPathComponent("Scenarios/crossing-depths.yaml").path
    let r = try CLI.run(["run", scenario, "--set", "duration_s=5", "--out", run.path])
    #expect(r.status == 0, "stderr: \(r.stderr)")
    let mot = tmp.appendingPathComponent("mot")
    let e = try CLI.run([
      "export-mot", run.path, "--scenarios", scenario, "--set", "duration_s=5", "--out", mot.path,
    ])
    #expect(e.status == 0, "stderr: \(e.stderr)")
    let seqinfo = try String(
      contentsOf: mot.appendingPathComponent("crossing-depths/seqinfo.ini"), encoding: .utf8)
    #expect(seqinfo.contains("imHeight=1080\n"))
    #expect(seqinfo.contains("frameRate=30\n"))
    #expect(seqinfo.contains("imWidth=1920\n"))

    let direct = try CLI.run([
      "score", "--objects", run.appendingPathComponent("traces/crossing-depths.objects.csv").path, "--match",
      "iou",
    ])
    #expect(direct.status == 0, "stderr: \(direct.stderr)")
    let exported = try CLI.run([
      "score", "--truth", mot.appendingPathComponent("crossing-depths/gt/gt.txt").path, "--tracks",
      mot.appendingPathComponent("docksim/crossing-depths.txt").path,
    ])
    #expect(exported.status == 0, "stderr: \(exported.stderr)")
    let a = CLI.table(direct.stdout)
    let b = CLI.table(exported.stdout)
    #expect(a.header == b.header)
    #expect(b.rows.first?.first == "crossing-depths")
    let matched = try #require(a.header.firstIndex(of: "mot_recall"))
    #expect(Double(a.rows[0][matched])! > 0.5, "IoU matching pairs most of the run's boxes")
    for (k, name) in a.header.enumerated() where k > 0 {
      let (x, y) = (Double(a.rows[0][k]), Double(b.rows[0][k]))
      if let x, let y {
        // Pixels and normalized units differ only by rounding.
        #expect(abs(x - y) <= 1e-9, "\(name): \(x) vs \(y)")
      } else {
        #expect(a.rows[0][k] == b.rows[0][k], "\(name)")
      }
    }
  }

  @Test func aMissingTraceExitsTwoAndWritesNothing() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let scenario = CLI.repository.appendingPathComponent("Scenarios/crossing-depths.yaml").path
    let out = tmp.appendingPathComponent("mot")
    let r = try CLI.run(["export-mot", tmp.path, "--scenarios", scenario, "--out", out.path])
    #expect(r.status == 2)
    #expect(r.stderr.contains("traces/crossing-depths.objects.csv: no such file"), "stderr: \(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("docksim").path))
  }

  /// A scenario or `--params` file where the export would write (inside `--out`, under a file name
  /// the export uses) is refused (exit 2) and keeps its bytes; nothing is written.
  @Test func theExportNeverReplacesAScenarioOrParamsFile() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let run = tmp.appendingPathComponent("run")
    let source = CLI.repository.appendingPathComponent("Scenarios/walk-across.yaml")
    let r = try CLI.run(["run", source.path, "--set", "duration_s=2", "--out", run.path, "--quiet"])
    #expect(r.status == 0 || r.status == 1, "stderr: \(r.stderr)")  // a 2 s walk misses its expectations
    let out = tmp.appendingPathComponent("mot")
    let scenario = out.appendingPathComponent("docksim/walk-across.txt")
    let params = out.appendingPathComponent("walk-across/seqinfo.ini")
    for file in [scenario, params] {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(at: source, to: scenario)
    try "tracker:\n  gate: 21.108\n".write(to: params, atomically: true, encoding: .utf8)
    let before = try [Data(contentsOf: scenario), Data(contentsOf: params)]
    let asScenario = try CLI.run([
      "export-mot", run.path, "--scenarios", scenario.path, "--set", "duration_s=2", "--out", out.path,
    ])
    #expect(asScenario.status == 2 && asScenario.stderr.contains("is the scenario"), "\(asScenario.stderr)")
    let asParams = try CLI.run([
      "export-mot", run.path, "--scenarios", source.path, "--params", params.path, "--set", "duration_s=2",
      "--out", out.path,
    ])
    #expect(asParams.status == 2 && asParams.stderr.contains("is the --params file"), "\(asParams.stderr)")
    #expect(try [Data(contentsOf: scenario), Data(contentsOf: params)] == before)
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("walk-across/gt/gt.txt").path))
  }
}
