import DockSimCore
import Foundation
import Testing

@testable import DockSimIO

/// `ScenarioPlausibility`: legal values that are almost surely unit mistakes give one warning each,
/// naming the file and field; ordinary values, and every shipped scenario, give none.
struct ScenarioPlausibilityTests {
  static func scenario(
    hfov: String = "68", duration: String = "20", height: String = "1.7", distance: String = "3"
  ) throws -> Scenario {
    try ScenarioLoader.parse(
      yaml: """
        name: odd
        seed: 1
        duration_s: \(duration)
        camera: { hfov_deg: \(hfov) }
        subjects:
          - id: a
            kind: humanBody
            width_m: 0.5
            height_m: \(height)
            path:
              - { t_s: 0, azimuth_deg: 0, distance_m: 3, height_m: 0 }
              - { t_s: 1, azimuth_deg: 10, distance_m: \(distance), height_m: 0 }
        """, file: "odd.yaml")
  }

  @Test func ordinaryValuesGiveNoWarning() throws {
    #expect(ScenarioPlausibility.warnings(try Self.scenario(), file: "odd.yaml") == [])
  }

  @Test func eachLikelyUnitMistakeGivesOneWarningNamingItsField() throws {
    let cases: [(Scenario, String)] = [
      (
        try Self.scenario(hfov: "1.2"),
        "odd.yaml: camera.hfov_deg: 1.2° is narrower than any phone camera (10°)"
      ),
      (try Self.scenario(duration: "7200"), "odd.yaml: duration_s: 7200 s is 2 hours"),
      (try Self.scenario(height: "17"), "odd.yaml: subjects[0].height_m: 17 m is taller than a person"),
      (try Self.scenario(distance: "350"), "odd.yaml: subjects[0].path[1]: 350 m from the stand"),
    ]
    for (scenario, start) in cases {
      let warnings = ScenarioPlausibility.warnings(scenario, file: "odd.yaml")
      #expect(warnings.count == 1, "\(warnings)")
      #expect(warnings.first?.hasPrefix(start) == true, "\(warnings) should start with \(start)")
    }
  }

  @Test func theBoundsThemselvesAreNoMistake() throws {
    let atBounds = try Self.scenario(hfov: "10", duration: "3600", height: "2.6", distance: "30")
    #expect(ScenarioPlausibility.warnings(atBounds, file: "odd.yaml") == [])
  }

  @Test func noShippedScenarioIsImplausible() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios")
    let files = (FileManager.default.subpaths(atPath: root.path) ?? []).sorted().filter {
      $0.hasSuffix(".yaml") && !$0.hasSuffix(".suite.yaml") && !$0.hasSuffix(".tune.yaml")
    }
    var checked = 0
    for relative in files {
      let path = root.appendingPathComponent(relative).path
      guard FileKind.recognise(path: path) == .scenario, let scenario = try? ScenarioLoader.load(path: path)
      else {
        continue
      }
      checked += 1
      #expect(ScenarioPlausibility.warnings(scenario, file: relative) == [])
    }
    #expect(checked >= 20)
  }
}
