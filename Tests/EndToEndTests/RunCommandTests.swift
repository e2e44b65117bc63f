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

}

extension RunCommandTests {
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
