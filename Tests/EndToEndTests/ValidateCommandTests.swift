import Foundation
import Testing

/// `docksim validate` judges a suite as `run` loads it.
struct ValidateCommandTests {
  @Test("a suite run accepts is valid: its scenarios, then the suite")
  func validSuite() throws {
    let r = try CLI.run(["validate", "Scenarios/suites/ci.suite.yaml"])
    #expect(r.status == 0, "exit \(r.status): \(r.stderr)")
    let lines = r.stdout.split(separator: "\n")
    #expect(lines.count == 24, "23 scenarios and the suite")
    #expect(lines.last == "ok  Scenarios/suites/ci.suite.yaml  (suite ci: 23 scenarios)")
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("ok  ") })
  }

  @Test("a suite whose overrides break a scenario is invalid, naming the scenario and the override")
  func invalidSuite() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try BadInputs.scenario.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
    try "suite: bad\nscenarios: [\"s.yaml\"]\nset: [\"tracker.gate=-1\"]\n".write(
      to: dir.appendingPathComponent("bad.suite.yaml"), atomically: true, encoding: .utf8)
    let r = try CLI.run(["validate", "bad.suite.yaml"], in: dir)
    #expect(r.status == 2)
    #expect(r.stderr.contains("s.yaml: tracker.gate: expected a number > 0, got -1"))
    #expect(
      r.stderr.contains("bad.suite.yaml:3: set tracker.gate=-1"), "the override named by its suite line")
    #expect(r.stderr.contains("validate: 1 of 1 invalid"))
  }

  @Test("a suite given by a relative path names a scenario above its own directory, up to the working one")
  func suiteNamingAScenarioAboveIt() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("a/b"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Scenarios/walk-across.yaml"),
      to: dir.appendingPathComponent("w.yaml"))
    try "suite: up\nscenarios: [ ../../w.yaml ]\n".write(
      to: dir.appendingPathComponent("a/b/up.suite.yaml"), atomically: true, encoding: .utf8)
    let r = try CLI.run(["validate", "a/b/up.suite.yaml"], in: dir)
    #expect(r.status == 0, "exit \(r.status): \(r.stderr)")
    #expect(r.stdout.hasPrefix("ok  w.yaml  (walk-across)\n"), "\(r.stdout)")
  }

  @Test("a likely unit mistake is a warning: validate and run go on, --quiet silences it")
  func plausibilityWarnings() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let yaml = """
      name: far
      seed: 1
      duration_s: 1
      subjects:
        - id: a
          kind: humanBody
          width_m: 0.5
          height_m: 1.7
          path:
            - { t_s: 0, azimuth_deg: 0, distance_m: 350, height_m: 0 }

      """
    try yaml.write(to: dir.appendingPathComponent("far.yaml"), atomically: true, encoding: .utf8)
    let warning =
      "docksim: warning: far.yaml: subjects[0].path[0]: 350 m from the stand is farther than a phone's detector finds a person (30 m); distances are in metres\n"
    let validate = try CLI.run(["validate", "far.yaml"], in: dir)
    #expect(validate.status == 0, "\(validate.stderr)")
    #expect(validate.stdout == "ok  far.yaml  (far)\n")
    #expect(validate.stderr == warning)
    let quiet = try CLI.run(["validate", "far.yaml", "--quiet"], in: dir)
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    let run = try CLI.run(["run", "far.yaml", "--out", "out"], in: dir)
    #expect(run.stderr.hasPrefix(warning), "\(run.stderr)")
    let quietRun = try CLI.run(["run", "far.yaml", "--out", "out", "--quiet"], in: dir)
    #expect(!quietRun.stderr.contains("warning"), "\(quietRun.stderr)")
  }
}
