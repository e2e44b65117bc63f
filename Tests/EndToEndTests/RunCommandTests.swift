import Foundation
import Testing

/// `docksim run` end to end: the default suite, determinism, and bad scenario files.
struct RunCommandTests {
  static func files(under dir: URL) throws -> [String: Data] {
    var out: [String: Data] = [:]
    let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)
    while let url = e?.nextObject() as? URL {
      var isDir: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir)
      if !isDir.boolValue {
        out[String(url.path.dropFirst(dir.path.count))] = try Data(contentsOf: url)
      }
    }
    return out
  }

  @Test func defaultSuiteIsByteIdenticalAcrossJobCounts() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let scenarios = CLI.repository.appendingPathComponent("Scenarios").path
    let serial = try CLI.run(["run", scenarios, "--out", tmp.appendingPathComponent("a").path, "--jobs", "1"])
    #expect(serial.status == 0, "stderr: \(serial.stderr)")
    let parallel = try CLI.run([
      "run", scenarios, "--out", tmp.appendingPathComponent("b").path, "--jobs", "2", "--quiet",
    ])
    #expect(parallel.status == 0, "stderr: \(parallel.stderr)")
    let a = try Self.files(under: tmp.appendingPathComponent("a"))
    let b = try Self.files(under: tmp.appendingPathComponent("b"))
    #expect(a.keys.sorted() == b.keys.sorted())
    #expect(a.keys.contains("/summary.csv"))
    #expect(a.keys.filter { $0.hasPrefix("/traces/") }.count >= 4)
    for key in a.keys { #expect(a[key] == b[key], "\(key) differs between --jobs 1 and --jobs 2") }
    #expect(!a.keys.contains { $0.contains(".tmp-") }, "temporary files left behind")

    let summary = String(decoding: a["/summary.csv"]!, as: UTF8.self)
    let header = summary.split(separator: "\n")[0]
    #expect(header.hasPrefix("scenario,seed,duration_s,frames,framing_error_rms"))
    #expect(serial.stdout.contains("walk-across"))
  }

  @Test(arguments: [
    ("unknown-field", "name: x\nseed: 1\nduration_s: 5\ncolour: red\nsubjects: []\n", "colour"),
    ("missing-seed", "name: x\nduration_s: 5\nsubjects: []\n", "seed"),
    ("negative-duration", "name: x\nseed: 1\nduration_s: -5\nsubjects: []\n", "duration_s"),
    (
      "nan-speed",
      "name: x\nseed: 1\nduration_s: 5\ndock:\n  yaw:\n    max_speed_deg_s: .nan\nsubjects: []\n",
      "max_speed_deg_s"
    ),
    ("wrong-type", "name: x\nseed: one\nduration_s: 5\nsubjects: []\n", "seed"),
    ("syntax", "name: x\nseed: [1,\nduration_s: 5\n", "x"),
    (
      "inverted-range",
      "name: x\nseed: 1\nduration_s: 5\ndock:\n  pitch:\n    range_deg: [30, -30]\nsubjects: []\n",
      "range_deg"
    ),
    ("zero-frame-rate", "name: x\nseed: 1\nduration_s: 5\nframe_rate_hz: 0\nsubjects: []\n", "frame_rate_hz"),
    ("empty", "", "empty"),
  ])
  func badScenarioExitsTwoAndWritesNothing(name: String, yaml: String, field: String) throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let file = tmp.appendingPathComponent("\(name).yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    let good = CLI.repository.appendingPathComponent("Scenarios/walk-across.yaml").path
    let out = tmp.appendingPathComponent("out")
    let r = try CLI.run(["run", good, file.path, "--out", out.path])
    #expect(r.status == 2, "exit \(r.status); stderr: \(r.stderr)")
    #expect(r.stderr.contains(file.path), "message names the file: \(r.stderr)")
    #expect(r.stderr.lowercased().contains(field.lowercased()), "message names \(field): \(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path), "no output for a bad suite")
  }

  @Test func validateReportsEachFile() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let bad = tmp.appendingPathComponent("bad.yaml")
    try "name: x\nseed: 1\n".write(to: bad, atomically: true, encoding: .utf8)
    let ok = try CLI.run(["validate", CLI.repository.appendingPathComponent("Scenarios").path])
    #expect(ok.status == 0, "\(ok.stderr)")
    #expect(ok.stdout.contains("walk-around-behind"))
    let r = try CLI.run(["validate", bad.path])
    #expect(r.status == 2)
    #expect(r.stderr.contains("bad.yaml") && r.stderr.contains("duration_s"))
  }
}

extension RunCommandTests {
  @Test func failedExpectationExitsOneAndIsListed() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let source = try String(
      contentsOf: CLI.repository.appendingPathComponent("Scenarios/standing-talking.yaml"), encoding: .utf8)
    // Cut the expectations off and demand the impossible.
    let head = source.components(separatedBy: "expect:")[0]
    let file = tmp.appendingPathComponent("strict.yaml")
    try (head + "expect:\n  framing_error_rms: { max: 0.000001 }\n  in_frame_ratio: { min: 0.5 }\n").write(
      to: file, atomically: true, encoding: .utf8)
    let out = tmp.appendingPathComponent("out")
    let r = try CLI.run(["run", file.path, "--out", out.path])
    #expect(r.status == 1, "stderr: \(r.stderr)")
    #expect(r.stderr.contains("expectation failed: framing_error_rms ≤ 1e-06"))
    let csv = try String(contentsOf: out.appendingPathComponent("expectations.csv"), encoding: .utf8)
    #expect(csv.contains("standing-talking,framing_error_rms,,1e-06,"))
    #expect(csv.contains(",fail,1,0.0,1.0\n") && csv.contains(",pass,1,1.0,1.0\n"))
  }

  @Test func defaultSuiteMeetsItsExpectations() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let r = try CLI.run([
      "run", CLI.repository.appendingPathComponent("Scenarios").path, "--out", tmp.path, "--quiet",
    ])
    #expect(r.status == 0, "stderr: \(r.stderr)")
  }
}

extension RunCommandTests {
  @Test func monteCarloSuiteIsIdenticalSerialAndParallel() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let suite = CLI.repository.appendingPathComponent("Scenarios/suites/monte-carlo.suite.yaml").path
    let a = try CLI.run([
      "run", suite, "--out", tmp.appendingPathComponent("a").path, "--jobs", "1", "--quiet",
    ])
    let b = try CLI.run([
      "run", suite, "--out", tmp.appendingPathComponent("b").path, "--jobs", "2", "--quiet",
    ])
    // Expectations are checked in every seed, each against its share of seeds: all hold, both ways.
    #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
    let fa = try Self.files(under: tmp.appendingPathComponent("a"))
    let fb = try Self.files(under: tmp.appendingPathComponent("b"))
    #expect(fa == fb)
    let mc = String(decoding: try #require(fa["/montecarlo.csv"]), as: UTF8.self)
    #expect(mc.hasPrefix("scenario,runs,metric,mean,p95,min,max\n"))
    #expect(mc.contains("filter-consistency,8,nees_mean,"))
    // One trace set per scenario (the scenario's own seed), not one per repetition.
    #expect(fa.keys.filter { $0.hasPrefix("/traces/") && $0.hasSuffix(".objects.csv") }.count == 3)
    let seeds = String(decoding: try #require(fa["/seeds.csv"]), as: UTF8.self)
    #expect(seeds.split(separator: "\n").count == 1 + 3 * 8, "one row per scenario and repetition")
  }

  @Test func suiteErrorsNameTheSuiteFile() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let cases = [
      (
        "nomatch.suite.yaml", "suite: x\nscenarios: [\"nothing-*.yaml\"]\n",
        "a pattern matching at least one file"
      ),
      ("missing.suite.yaml", "suite: x\nscenarios: [\"gone.yaml\"]\n", "an existing scenario file"),
      ("reps.suite.yaml", "suite: x\nscenarios: []\nrepetitions: 0\n", "repetitions"),
      ("field.suite.yaml", "suite: x\nscenario: []\n", "scenario"),
    ]
    for (name, text, needle) in cases {
      let file = tmp.appendingPathComponent(name)
      try text.write(to: file, atomically: true, encoding: .utf8)
      let r = try CLI.run(["run", file.path, "--out", tmp.appendingPathComponent("out").path])
      #expect(r.status == 2, "\(name): \(r.status)")
      #expect(r.stderr.contains(name) && r.stderr.contains(needle), "\(name): \(r.stderr)")
    }
  }
}
