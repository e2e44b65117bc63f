import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// `trials.spec`: its text, its differences, and the bad files and shard sets that are refused.
struct TuneSpecFingerprintTests {
  static let fingerprint = TuneSpecFingerprint(parts: [
    .init(name: "objective", text: "minimize idf1 ×1.0"), .init(name: "search", text: "seed 1"),
  ])

  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-spec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func readsBackWhatItWritesAndNamesEachPartThatDiffers() throws {
    let f = Self.fingerprint
    #expect(try TuneSpecFingerprint.parse(f.text, file: "s") == f)
    var other = f
    other.parts[1].text = "seed 2"
    other.parts.append(.init(name: "train", text: "a ×1"))
    #expect(
      other.differences(from: f) == ["search: was seed 1, now seed 2", "train: was (absent), now a ×1"])
    #expect(
      f.differences(from: other) == ["search: was seed 2, now seed 1", "train: was a ×1, now (absent)"])
  }

  /// A choice may be any YAML scalar: a line break in it stays on its part's line.
  @Test func aLineBreakInAChoiceStaysOnItsLine() throws {
    let text = TuneSpecFingerprint.parameters([TuneParameter(path: "x.y", domain: .choice(["a\nb", "50%"]))])
    #expect(text == "x.y one of a%0Ab | 50%25")
  }

  @Test func aGarbledFileIsRefusedNamingItsLine() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let trials = dir.appendingPathComponent("trials.csv").path
    try TrialLog.header(SearchSpace([])).write(toFile: trials, atomically: true, encoding: .utf8)
    try "# heading\nobjective minimize idf1\n".write(
      to: dir.appendingPathComponent("trials.spec"), atomically: true, encoding: .utf8)
    #expect {
      try Tuner.prepareTrialsFile(trials, space: SearchSpace([]), resume: true, fingerprint: Self.fingerprint)
    } throws: { "\($0)".contains("trials.spec:2: expected 'part: text'") }
  }

  @Test func shardsMergeOnlyWithOneSpecification() throws {
    let dirs = try (0..<3).map { _ in try Self.directory() }
    defer { for d in dirs { try? FileManager.default.removeItem(at: d) } }
    #expect(try TuneShards.mergedSpecification(dirs.map(\.path)) == nil, "shards of an earlier version")
    for d in dirs {
      try Self.fingerprint.text.write(
        to: d.appendingPathComponent("trials.spec"), atomically: true, encoding: .utf8)
    }
    #expect(try TuneShards.mergedSpecification(dirs.map(\.path)) == Self.fingerprint.text)
    try FileManager.default.removeItem(at: dirs[2].appendingPathComponent("trials.spec"))
    #expect {
      try TuneShards.mergedSpecification(dirs.map(\.path))
    } throws: { "\($0)".contains("no trials.spec, unlike \(dirs[0].path)") }
  }
}
