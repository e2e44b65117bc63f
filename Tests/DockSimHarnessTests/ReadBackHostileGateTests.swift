import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// Hostile cells in the tables the gate and merge read back: each was taken as a number (or compared
/// through a lossy double) and is now refused or told apart by the one read-back reader.
struct ReadBackHostileGateTests {
  @Test(arguments: ["0x10", "0x1p3"])
  func aHexadecimalMetricIsNotANumber(cell: String) {
    let text = "scenario,framing_error_rms,status\na,\(cell),ok\n"
    #expect(throws: InputError.self) { try SummaryCSVReader.parse(text, file: "s.csv") }
    do {
      _ = try SummaryCSVReader.parse(text, file: "s.csv")
    } catch {
      #expect(
        error.description
          == "s.csv:2:3: framing_error_rms: expected a decimal number or an empty cell (not applicable), "
          + "got '\(cell)'")
    }
  }

  /// Two seeds beyond 2^53 that one double holds both of: the gate compared them as doubles and saw no
  /// change of scenario.
  @Test func seedsThatDifferOnlyBeyondADoublesPrecisionDiffer() throws {
    let baseline = try GateTests.summary("a,9007199254740993,10,300,0.05,1,0,1,0,ok,\n", file: "base.csv")
    let now = try GateTests.summary("a,9007199254740992,10,300,0.05,1,0,1,0,ok,\n")
    let report = GateComparison.compare(baseline: baseline, now: now, tolerances: GateTests.tolerances)
    let seed = try #require(GateTests.finding(report, "a", "seed"))
    #expect(seed.verdict == .changed)
  }

  @Test func aShardManifestFingerprintWithASignIsRefusedAtItsCell() throws {
    let header = ShardManifest.runColumns.joined(separator: ",")
    let text = header + "\nrun,0,1,+123456789abcdef,0,a,1,1,0123456789abcdef,1\n"
    do {
      _ = try ShardManifest.parse(text, file: "shard.csv")
      Issue.record("accepted")
    } catch {
      #expect(
        error.description == "shard.csv:2:9: fingerprint: expected 16 lowercase hexadecimal digits, got "
          + "'+123456789abcdef'")
    }
  }

  /// `Int("+0")` is 0: the row was copied into the merged trials.csv as trial 0.
  @Test(arguments: ["+0", "-0"])
  func aTuneShardsTrialNumberIsACount(trial: String) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-tune-shard-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let manifest = ShardManifest(
      kind: .tune, shard: Shard(index: 0, count: 1),
      entries: [.init(position: 0, scenario: "baseline", seed: 1, repetitions: 1, digest: 0)])
    try manifest.write(to: directory)
    try "trial,phase\n\(trial),baseline\n".write(
      toFile: directory + "/" + Tuner.trialsFile, atomically: true, encoding: .utf8)
    do {
      _ = try TuneShards.merge([directory])
      Issue.record("merged")
    } catch {
      #expect(error.field == "trial" && error.line == 2, "\(error)")
    }
  }
}
