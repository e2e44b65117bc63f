import Testing

@testable import DockSimIO

/// Invalid content: each rule produces one error naming the file, line, field and what was expected.
@Suite struct ScenarioErrorTests {
  @Test func baseIsValid() throws {
    // The catalog edits this file; if it were invalid itself every case would pass for the wrong reason.
    let scenario = try ScenarioLoader.parse(yaml: ScenarioSamples.base, file: "base.yaml")
    #expect(scenario.name == "t")
  }

  @Test(arguments: BadScenarioCatalog.all)
  func rejects(_ bad: BadScenario) throws {
    let error = try #require(throws: InputError.self) {
      try ScenarioLoader.parse(yaml: bad.yaml, file: "bad.yaml")
    }
    #expect(error.file == "bad.yaml")
    #expect(error.line == bad.line, "\(error)")
    #expect(error.field == bad.field, "\(error)")
    #expect(error.message.contains("expected"), "\(error)")
    for fragment in bad.says {
      #expect(error.message.contains(fragment), "\(error)")
    }
    var prefix = "bad.yaml"
    if let line = bad.line { prefix += ":\(line)" }
    if let field = bad.field { prefix += ": \(field)" }
    #expect(error.description == prefix + ": " + error.message)
  }

  @Test func descriptionFormat() {
    let full = InputError(
      file: "Scenarios/walk.yaml", line: 14, field: "dock.yaw.max_speed_deg_s",
      message: "expected a number > 0, got -3")
    #expect(
      full.description == "Scenarios/walk.yaml:14: dock.yaw.max_speed_deg_s: expected a number > 0, got -3")
    #expect(InputError(file: "a.yaml", message: "m").description == "a.yaml: m")
    #expect(InputError(file: "a.yaml", line: 3, message: "m").description == "a.yaml:3: m")
    #expect(InputError(file: "a.yaml", field: "seed", message: "m").description == "a.yaml: seed: m")
  }

  @Test func negativeSpeedMatchesTheDocumentedExample() throws {
    let yaml = ScenarioSamples.base + "dock:\n  yaw:\n    max_speed_deg_s: -3\n"
    let error = try #require(throws: InputError.self) {
      try ScenarioLoader.parse(yaml: yaml, file: "walk.yaml")
    }
    #expect(error.description == "walk.yaml:13: dock.yaw.max_speed_deg_s: expected a number > 0, got -3")
  }

  @Test func unknownKeyInsideAMergedMappingIsReported() throws {
    let yaml =
      ScenarioSamples.base + "dock:\n  yaw: &a { max_speed_deg_s: 90, speed: 1 }\n  pitch: { <<: *a }\n"
    let error = try #require(throws: InputError.self) {
      try ScenarioLoader.parse(yaml: yaml, file: "m.yaml")
    }
    #expect(error.field == "dock.yaw.speed")
    #expect(error.line == 12)
  }

  @Test func suggestionsAreCloseMatchesOnly() {
    #expect(Suggestion.closest(to: "hfov", among: CameraSchema.fields) == "hfov_deg")
    #expect(Suggestion.closest(to: "seeed", among: ScenarioSchema.fields) == "seed")
    #expect(Suggestion.closest(to: "colour", among: ScenarioSchema.fields) == nil)
    #expect(Suggestion.distance("kitten", "sitting") == 3)
  }
}
