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
    #expect(r.stderr.contains("bad.suite.yaml:3: set tracker.gate=-1"), "the override named by its suite line")
    #expect(r.stderr.contains("validate: 1 of 1 invalid"))
  }
}
