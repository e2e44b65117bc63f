import Foundation
import Testing

@testable import DockSimIO

/// Inputs that docksim-fuzz found crashing, hanging or blowing up a reader (`Tests/Fixtures/fuzz/`, see
/// docs/robustness.md#fuzzing). Each must now be refused quickly with an error naming the file and the
/// line; the file name's prefix (`scenario-`, `log-`, `reference-`, `tolerances-`, `trajectory-`,
/// `profile-`) says which reader it is for. (The `recording` and `detections` targets save `.txt`
/// inputs, which a test of their own reads: `TrajectoryTests`, `DetectorFitTests`.)
@Suite struct FuzzRegressionTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")

  /// The saved inputs (not the seed corpus under `seeds/`), sorted.
  static let inputs: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".csv") }.sorted()
  }()

  @Test func thereAreRegressionInputs() {
    #expect(Self.inputs.contains("scenario-billion-laughs-alias-keys.yaml"))
  }

  @Test(arguments: inputs) func isRefusedQuickly(name: String) throws {
    let path = Self.directory.appendingPathComponent(name).path
    let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    let start = ContinuousClock.now
    let description: String
    if name.hasPrefix("scenario-") {
      let error = try #require(throws: InputError.self) {
        try ScenarioLoader.parse(yaml: text, file: name)
      }
      #expect(error.file == name)
      #expect(error.line != nil)
      description = error.description
    } else if name.hasPrefix("log-") {
      let error = try #require(throws: InputError.self) { try ObservationLog.parse(text, file: name) }
      #expect(error.file == name)
      description = error.description
    } else if name.hasPrefix("trajectory-") {
      let error = try #require(throws: InputError.self) { try TrajectoryCSV.parse(text, file: name) }
      #expect(error.file == name)
      description = error.description
    } else if name.hasPrefix("profile-") {
      let error = try #require(throws: InputError.self) { try DetectorProfile.parse(yaml: text, file: name) }
      #expect(error.file == name)
      #expect(error.line != nil)
      description = error.description
    } else if name.hasPrefix("tolerances-") {
      let error = try #require(throws: InputError.self) {
        try ToleranceFile.parse(yaml: text, file: name, metrics: ["mota"])
      }
      #expect(error.file == name)
      #expect(error.line != nil)
      description = error.description
    } else {
      #expect(name.hasPrefix("reference-"), "a fuzz input's name starts with its reader: \(name)")
      let error = try #require(throws: InputError.self) { try ReferenceTrack.parse(text, file: name) }
      #expect(error.file == name)
      description = error.description
    }
    #expect(description.hasPrefix(name + ":"))
    // The hangs took seconds to hours; a bounded reader answers in milliseconds.
    #expect(ContinuousClock.now - start < .seconds(1), "\(name) took \(ContinuousClock.now - start)")
  }

  @Test func billionLaughsNamesTheAliasLine() throws {
    let yaml = """
      a: &a [x, x, x, x, x, x, x, x, x, x]
      b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
      c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
      d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
      e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
      f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]

      """
    let error = try #require(throws: InputError.self) {
      try ScenarioLoader.parse(yaml: yaml, file: "l.yaml")
    }
    // The aliases on line 5 stand for 10 × 11,111 nodes, which crosses the bound there.
    #expect(error.line == 5)
    #expect(error.message.hasPrefix("aliases stand for more than 100000 nodes in all"))
  }

  @Test func smallAliasesStillLoad() throws {
    let yaml = """
      name: shared-waypoint
      seed: 1
      duration_s: 4
      subjects:
        - id: a
          kind: humanBody
          width_m: 0.5
          height_m: 1.7
          path:
            - &start { t_s: 0, azimuth_deg: -10, distance_m: 3, height_m: 0 }
            - { t_s: 4, azimuth_deg: 10, distance_m: 3, height_m: 0 }
        - id: b
          kind: humanBody
          width_m: 0.5
          height_m: 1.7
          path: [*start]

      """
    #expect(try ScenarioLoader.parse(yaml: yaml, file: "a.yaml").subjects.count == 2)
  }

  /// Deeper than libyaml's own limit (1,000 levels) is libyaml's error; between 64 and that, ours.
  @Test func deepNestingIsRefusedWithItsLine() throws {
    let yaml =
      "name: deep\nx: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    let error = try #require(throws: InputError.self) {
      try ScenarioLoader.parse(yaml: yaml, file: "d.yaml")
    }
    #expect(error.line == 2)
    #expect(error.message.hasPrefix("collections nested more than 64 levels deep"))
  }
}
