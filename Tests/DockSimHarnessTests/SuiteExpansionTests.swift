import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation
import Testing

/// `SuiteExpansion`: the one expansion of scenario paths, with seed_offset's one meaning.
struct SuiteExpansionTests {
  static let scenario = """
    name: NAME
    seed: SEED
    duration_s: 1
    subjects:
      - id: s
        kind: humanFace
        width_m: 0.16
        height_m: 0.22
        path:
          - { t_s: 0, azimuth_deg: 0, distance_m: 1.5, height_m: 0 }

    """

  /// A directory with scenarios `a` (seed 11) and `b` (seed 22) and `files` besides.
  static func directory(_ files: [String: String] = [:]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-exp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    var all = files
    all["a.yaml"] = scenario.replacingOccurrences(of: "NAME", with: "a").replacingOccurrences(
      of: "SEED", with: "11")
    all["b.yaml"] = scenario.replacingOccurrences(of: "NAME", with: "b").replacingOccurrences(
      of: "SEED", with: "22")
    for (name, text) in all {
      try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return dir
  }

  @Test("seed_offset picks a derived base seed; repetitions derive from it; offset 0 keeps the own seed")
  func seedOffsetMeaning() {
    #expect(SuiteExpansion.seed(11, seedOffset: 0, repetition: 0) == 11)
    #expect(SuiteExpansion.seed(11, seedOffset: 0, repetition: 3) == MonteCarlo.seed(11, repetition: 3))
    let base = MonteCarlo.seed(11, repetition: 7)
    #expect(base != 11)
    #expect(SuiteExpansion.seed(11, seedOffset: 7, repetition: 0) == base)
    #expect(SuiteExpansion.seed(11, seedOffset: 7, repetition: 2) == MonteCarlo.seed(base, repetition: 2))
  }

  @Test("a suite's runs are (scenario, seed) pairs of its offset and repetitions, in file order")
  func suiteRuns() throws {
    let dir = try Self.directory([
      "s.suite.yaml": "suite: s\nscenarios: [ b.yaml, a.yaml ]\nrepetitions: 2\nseed_offset: 7\n"
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("s.suite.yaml").path
    let expansion = try SuiteExpansion(paths: [path])
    #expect(expansion.scenarios.map { ($0.file as NSString).lastPathComponent } == ["b.yaml", "a.yaml"])
    #expect(expansion.scenarios.allSatisfy { $0.seedOffset == 7 && $0.repetitions == 2 && $0.suite == path })
    let runs = SuiteRunner.plannedRuns(try WorkItem.load(expansion)).map { ($0.name, $0.seed) }
    let expected: [(String, UInt64)] = [
      ("b", SuiteExpansion.seed(22, seedOffset: 7, repetition: 0)),
      ("b", SuiteExpansion.seed(22, seedOffset: 7, repetition: 1)),
      ("a", SuiteExpansion.seed(11, seedOffset: 7, repetition: 0)),
      ("a", SuiteExpansion.seed(11, seedOffset: 7, repetition: 1)),
    ]
    #expect(runs.map(\.0) == expected.map(\.0))
    #expect(runs.map(\.1) == expected.map(\.1))
    // The command line's --repetitions replaces the suite's count, not its offset.
    let once = try SuiteExpansion(paths: [path], repetitions: 1)
    #expect(SuiteRunner.plannedRuns(try WorkItem.load(once)).map(\.seed) == [expected[0].1, expected[2].1])
  }

  @Test("a directory of suites expands into its suites; one with scenarios into its scenarios only")
  func directories() throws {
    let dir = try Self.directory(["s.suite.yaml": "suite: s\nscenarios: [ a.yaml ]\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let scenarios = try SuiteExpansion(paths: [dir.path])
    #expect(scenarios.scenarios.map { ($0.file as NSString).lastPathComponent } == ["a.yaml", "b.yaml"])
    #expect(scenarios.suites.isEmpty)
    let suites = dir.appendingPathComponent("suites")
    try FileManager.default.createDirectory(at: suites, withIntermediateDirectories: true)
    // Named without .suite.yaml: told by its content.
    try "suite: t\nscenarios: [ ../b.yaml ]\n".write(
      to: suites.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
    try "suite: u\nscenarios: [ ../a.yaml ]\n".write(
      to: suites.appendingPathComponent("u.suite.yaml"), atomically: true, encoding: .utf8)
    let expansion = try SuiteExpansion(paths: [suites.path])
    #expect(expansion.suites.map(\.name) == ["t", "u"])
    #expect(expansion.scenarios.map { ($0.file as NSString).lastPathComponent } == ["b.yaml", "a.yaml"])
  }

  @Test(
    "a file of another kind is refused naming what it is and which command takes it",
    arguments: [
      ("spec.yaml", "tune: t\ntrain: [ a.yaml ]\n", "is a tuning specification (`tune:`)", "`docksim tune`"),
      (
        "tol.yaml", "metrics:\n  mota: { better: higher }\n", "is a gate tolerance file",
        "`docksim gate --tolerances`"
      ),
      ("best.yaml", "tracker:\n  gate: 12\n", "is a parameter overlay", "`docksim run --params`"),
      ("summary.csv", "scenario,seed,duration_s\na,11,1\n", "is a CSV table", "`docksim gate`"),
      ("log.csv", "frame,t_s,camera_yaw_rad\n", "is an observation log", "`docksim replay`"),
    ])
  func otherKinds(name: String, text: String, what: String, command: String) throws {
    let dir = try Self.directory([name: text])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent(name).path
    let error = #expect(throws: InputError.self) { try SuiteExpansion(paths: [path]) }
    #expect(error?.file == path)
    #expect(error?.message.contains(what) == true, "\(error?.message ?? "")")
    #expect(error?.message.contains(command) == true, "\(error?.message ?? "")")
    // In a directory of scenarios it is named too, rather than loaded as a scenario.
    if name.hasSuffix(".yaml") {
      let inDirectory = #expect(throws: InputError.self) { try SuiteExpansion(paths: [dir.path]) }
      #expect(inDirectory?.file == path)
      #expect(inDirectory?.message.contains("move it out of the directory") == true)
    }
  }

  @Test("a suite naming a suite, a missing path and an empty directory are errors naming the file")
  func badPaths() throws {
    let dir = try Self.directory([
      "inner.suite.yaml": "suite: inner\nscenarios: [ a.yaml ]\n",
      "outer.suite.yaml": "suite: outer\nscenarios: [ inner.suite.yaml ]\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let nested = #expect(throws: InputError.self) {
      try SuiteExpansion(paths: [dir.appendingPathComponent("outer.suite.yaml").path])
    }
    #expect(nested?.message.contains("a suite names scenario files only") == true)
    let missing = #expect(throws: InputError.self) {
      try SuiteExpansion(paths: [dir.appendingPathComponent("nope.yaml").path])
    }
    #expect(missing?.message.contains("no such file or directory") == true)
    let empty = dir.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let none = #expect(throws: InputError.self) { try SuiteExpansion(paths: [empty.path]) }
    #expect(none?.file == empty.path)
    #expect(none?.message.contains("expected scenarios or suites") == true)
  }
}
