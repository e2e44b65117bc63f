import Foundation
import Testing

/// `docksim run --timing` and `docksim merge` of timed shards, end to end. No assertion is about how
/// fast anything ran: only the file's presence, shape, order and internal consistency, and that every
/// deterministic output is the same with and without it.
struct TimingCommandTests {
  static let header =
    "scenario,repetition,seed,frames,tracker_calls,tracker_p50_us,tracker_p99_us,tracker_max_us,"
    + "controller_calls,controller_p50_us,controller_p99_us,controller_max_us,frame_compute_p99_us,"
    + "frame_compute_max_us,frame_budget_share_p99"

  /// The rows of a CSV file as cells (DockSim's scenario names hold no comma).
  static func rows(_ file: URL) throws -> [[String]] {
    try String(contentsOf: file, encoding: .utf8).split(separator: "\n").dropFirst()
      .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
  }

  /// Checks every row of a timing.csv: finite numbers, p50 ≤ p99 ≤ max, the frame count of
  /// summary.csv for the repetition-0 rows, and returns (scenario, repetition, seed) in file order.
  static func checkTiming(_ directory: URL) throws -> [String] {
    let file = directory.appendingPathComponent("timing.csv")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.hasPrefix(header + "\n"))
    var frames: [String: String] = [:]
    for row in try rows(directory.appendingPathComponent("summary.csv")) { frames[row[0]] = row[3] }
    var keys: [String] = []
    for row in try rows(file) {
      #expect(row.count == 15, "\(row)")
      keys.append("\(row[0])#\(row[1])@\(row[2])")
      if row[1] == "0" { #expect(row[3] == frames[row[0]], "frames of \(row[0])") }
      let numbers = try row[3...].map { try #require(Double($0), "\(row[0]): '\($0)'") }
      #expect(numbers.allSatisfy { $0.isFinite && $0 >= 0 }, "\(row)")
      #expect(numbers[1] > 0 && numbers[1] <= numbers[0], "tracker calls of \(row[0])")
      #expect(numbers[2] <= numbers[3] && numbers[3] <= numbers[4], "tracker p50 ≤ p99 ≤ max: \(row)")
      #expect(numbers[6] <= numbers[7] && numbers[7] <= numbers[8], "controller p50 ≤ p99 ≤ max: \(row)")
      #expect(numbers[9] <= numbers[10], "frame p99 ≤ max: \(row)")
      #expect(numbers[10] >= numbers[4], "a frame's total is at least its tracker update")
    }
    return keys
  }

  @Test func timingChangesNoDeterministicOutputAndListsEveryScenarioInOrder() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let scenarios = CLI.repository.appendingPathComponent("Scenarios").path
    let plain = tmp.appendingPathComponent("plain")
    let timed1 = tmp.appendingPathComponent("timed1")
    let timed2 = tmp.appendingPathComponent("timed2")
    let a = try CLI.run(["run", scenarios, "--out", plain.path, "--jobs", "2", "--quiet"])
    #expect(a.status == 0, "\(a.stderr)")
    let b = try CLI.run(["run", scenarios, "--out", timed1.path, "--jobs", "1", "--timing"])
    #expect(b.status == 0, "\(b.stderr)")
    let c = try CLI.run(["run", scenarios, "--out", timed2.path, "--jobs", "2", "--timing", "--quiet"])
    #expect(c.status == 0, "\(c.stderr)")

    let want = try RunCommandTests.files(under: plain)
    #expect(want["/timing.csv"] == nil, "no timing.csv without --timing")
    for dir in [timed1, timed2] {
      var got = try RunCommandTests.files(under: dir)
      #expect(got.removeValue(forKey: "/timing.csv") != nil)
      #expect(got.keys.sorted() == want.keys.sorted())
      for key in want.keys { #expect(got[key] == want[key], "\(key) differs with --timing") }
    }

    let names = try Self.rows(plain.appendingPathComponent("summary.csv")).map { "\($0[0])#0@\($0[1])" }
    #expect(try Self.checkTiming(timed1) == names)
    #expect(try Self.checkTiming(timed2) == names)
    let line = try #require(b.stdout.split(separator: "\n").last)
    #expect(line.hasPrefix("timing: worst tracker p99 "), "\(b.stdout)")
    #expect(line.hasSuffix("wrote \(timed1.path)/timing.csv"))
    #expect(!c.stdout.contains("timing:"), "--quiet prints nothing")

    // A later run without --timing into the same directory removes the stale file.
    let again = try CLI.run(["run", scenarios, "--out", timed1.path, "--quiet"])
    #expect(again.status == 0)
    #expect(!FileManager.default.fileExists(atPath: timed1.appendingPathComponent("timing.csv").path))
  }

  @Test func everyRepetitionHasARowInWorkListOrder() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let files = ["walk-across", "fast-walker"].map {
      CLI.repository.appendingPathComponent("Scenarios/\($0).yaml").path
    }
    let r = try CLI.run(
      ["run"] + files + ["--out", tmp.path, "--repetitions", "3", "--timing", "--jobs", "2"])
    #expect(r.status == 0, "\(r.stderr)")
    let keys = try Self.checkTiming(tmp)
    #expect(
      keys.map { String($0.prefix { $0 != "@" }) } == [
        "walk-across#0", "walk-across#1", "walk-across#2", "fast-walker#0", "fast-walker#1", "fast-walker#2",
      ])
    #expect(Set(keys).count == 6, "each repetition has its own seed")
    let summary = try Self.rows(tmp.appendingPathComponent("summary.csv"))
    #expect(keys[0].hasSuffix("@\(summary[0][1])") && keys[3].hasSuffix("@\(summary[1][1])"))
  }

  @Test func badFlagsExitTwoWithAClearMessage() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let walk = CLI.repository.appendingPathComponent("Scenarios/walk-across.yaml").path
    let out = tmp.appendingPathComponent("out").path

    let value = try CLI.run(["run", walk, "--out", out, "--timing=yes"])
    #expect(value.status == 2, "\(value.stderr)")
    #expect(value.stderr.contains("--timing"), "\(value.stderr)")
    let merge = try CLI.run(["merge", "--out", out, "--timing", tmp.path])
    #expect(merge.status == 2, "\(merge.stderr)")
    #expect(merge.stderr.contains("--timing"), "\(merge.stderr)")
    let jobs = try CLI.run(["run", walk, "--out", out, "--timing", "--jobs", "0"])
    #expect(jobs.status == 2 && jobs.stderr.contains("--jobs"), "\(jobs.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out), "nothing written")

    // More jobs than cores is allowed, with a warning: the times then include waiting for a core.
    let many = try CLI.run(["run", walk, "--out", out, "--timing", "--jobs", "512", "--quiet"])
    #expect(many.status == 0, "\(many.stderr)")
    #expect(many.stderr.contains("warning: --timing with --jobs 512"), "\(many.stderr)")
    #expect(FileManager.default.fileExists(atPath: out + "/timing.csv"))
  }

  @Test func mergeConcatenatesTimedShardsInWorkListOrder() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let names = ["walk-across", "fast-walker", "side-by-side", "pitch-limit", "manual-pan"]
    let files = names.map { CLI.repository.appendingPathComponent("Scenarios/\($0).yaml").path }
    let full = tmp.appendingPathComponent("full")
    let single = try CLI.run(
      ["run"] + files + ["--out", full.path, "--repetitions", "2", "--timing", "--quiet"])
    #expect(single.status == 0, "\(single.stderr)")
    var shards: [String] = []
    for i in 0..<2 {
      let out = tmp.appendingPathComponent("shard-\(i)").path
      let r = try CLI.run(
        ["run"] + files + ["--out", out, "--repetitions", "2", "--timing", "--shard", "\(i)/2", "--quiet"])
      #expect(r.status == 0, "shard \(i): \(r.stderr)")
      shards.append(out)
    }

    let merged = tmp.appendingPathComponent("merged")
    let m = try CLI.run(["merge", "--out", merged.path, shards[1], shards[0]])
    #expect(m.status == 0, "\(m.stderr)")
    #expect(m.stdout.contains("timing.csv: the shards' timing rows"), "\(m.stdout)")
    #expect(try Self.checkTiming(merged) == Self.checkTiming(full), "rows in work-list order, as one run")
    var got = try RunCommandTests.files(under: merged)
    var want = try RunCommandTests.files(under: full)
    #expect(got.removeValue(forKey: "/timing.csv") != nil && want.removeValue(forKey: "/timing.csv") != nil)
    #expect(got == want, "the deterministic files are still a single run's bytes")

    // One shard without timing: a warning, no timing.csv (a stale one is removed), exit 0.
    let untimed = tmp.appendingPathComponent("untimed").path
    let u = try CLI.run(
      ["run"] + files + ["--out", untimed, "--repetitions", "2", "--shard", "0/2", "--quiet"])
    #expect(u.status == 0)
    let partial = try CLI.run(["merge", "--out", merged.path, "--quiet", untimed, shards[1]])
    #expect(partial.status == 0, "\(partial.stderr)")
    #expect(partial.stderr.contains("warning: no timing.csv in \(untimed)"), "\(partial.stderr)")
    #expect(!FileManager.default.fileExists(atPath: merged.appendingPathComponent("timing.csv").path))

    // A shard's timing.csv with a row missing is refused, naming the file; nothing is written.
    let timing = URL(fileURLWithPath: shards[0]).appendingPathComponent("timing.csv")
    let lines = try String(contentsOf: timing, encoding: .utf8).split(separator: "\n")
    try (lines.dropLast().joined(separator: "\n") + "\n").write(to: timing, atomically: true, encoding: .utf8)
    let bad = tmp.appendingPathComponent("bad")
    let refused = try CLI.run(["merge", "--out", bad.path, shards[0], shards[1]])
    #expect(refused.status == 2, "\(refused.stderr)")
    #expect(refused.stderr.contains("\(shards[0])/timing.csv"), "\(refused.stderr)")
    #expect(refused.stderr.contains("expected 2, one per repetition"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: bad.path))
  }
}
