import Foundation
import Testing

/// `docksim run --shard` and `docksim merge` end to end: four shards (each told its shard a different
/// way) merge into exactly the bytes of one run; bad shards and bad shard settings exit 2.
struct ShardCommandTests {
  /// Every default scenario and the Monte Carlo suite (whose three scenarios are left out of the plain
  /// list, names being unique in a run).
  static var inputs: [String] {
    get throws {
      let suite = CLI.repository.appendingPathComponent("Scenarios/suites/monte-carlo.suite.yaml").path
      let repeated = ["walk-across.yaml", "heavy-clutter.yaml", "filter-consistency.yaml"]
      let scenarios = CLI.repository.appendingPathComponent("Scenarios")
      let plain = try FileManager.default.contentsOfDirectory(atPath: scenarios.path)
        .filter { $0.hasSuffix(".yaml") && !repeated.contains($0) }.sorted()
      try #require(plain.count >= 10, "the default scenarios are in Scenarios/")
      return plain.map { scenarios.appendingPathComponent($0).path } + [suite]
    }
  }

  /// The summary table of a `run` or `merge` output: the lines from its header to the `wrote` line.
  static func table(_ stdout: String) -> [Substring] {
    let lines = stdout.split(separator: "\n")
    let start = lines.firstIndex { $0.hasPrefix("scenario ") } ?? lines.endIndex
    let end = lines.firstIndex { $0.hasPrefix("wrote ") } ?? lines.endIndex
    return Array(lines[start..<max(start, end)])
  }

  @Test func fourShardsMergeIntoTheBytesOfOneRun() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let inputs = try Self.inputs
    let full = tmp.appendingPathComponent("full")
    let single = try CLI.run(["run"] + inputs + ["--out", full.path, "--jobs", "2"])
    // Every expectation holds in its share of the Monte Carlo seeds (the scenarios state it honestly).
    #expect(single.status == 0, "run: \(single.stderr)")

    // The flag, and each job engine's variables.
    let ways: [([String], [String: String])] = [
      (["--shard", "0/4"], [:]),
      (["--jobs", "1"], ["DOCKSIM_SHARD": "1/4"]),
      ([], ["JOB_COMPLETION_INDEX": "2", "DOCKSIM_SHARD_COUNT": "4"]),
      ([], ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"]),
    ]
    var shards: [String] = []
    for (i, (flags, environment)) in ways.enumerated() {
      let out = tmp.appendingPathComponent("shard-\(i)").path
      let r = try CLI.run(["run"] + inputs + ["--out", out] + flags, environment: environment)
      #expect(r.status == 0, "shard \(i): \(r.stderr)")
      let ran = 23 / 4 + (i < 23 % 4 ? 1 : 0)
      #expect(r.stdout.hasPrefix("shard \(i)/4: \(ran) of 23 scenarios\n"), "shard \(i): \(r.stdout)")
      shards.append(out)
    }
    let merged = tmp.appendingPathComponent("merged")
    let merge = try CLI.run(["merge", "--out", merged.path, shards[2], shards[0], shards[3], shards[1]])
    #expect(merge.status == 0, "merge: \(merge.stderr)")
    // The run's progress lines (every 10 s on a pipe) are not among what a merge repeats.
    let singleErrors = single.stderr.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("docksim run: ") }.joined(separator: "\n")
    #expect(merge.stderr == singleErrors, "the same failed expectations")
    #expect(merge.stdout.hasPrefix("merged 4 shards of 23 scenarios\n"))
    #expect(Self.table(merge.stdout) == Self.table(single.stdout), "the table a run prints")
    #expect(Self.table(merge.stdout).count == 2 + 23)
    let written = ["summary.csv", "expectations.csv", "montecarlo.csv", "seeds.csv"].map {
      "\(merged.path)/\($0)"
    }
    #expect(
      merge.stdout.contains(
        "wrote \(written.joined(separator: ", ")) and 23 traces in \(merged.path)/traces\n"))

    let want = try RunCommandTests.files(under: full)
    let got = try RunCommandTests.files(under: merged)
    #expect(got.keys.sorted() == want.keys.sorted())
    for key in want.keys.sorted() { #expect(got[key] == want[key], "\(key) differs from a single run") }
    #expect(want.keys.contains("/montecarlo.csv") && want.keys.contains("/expectations.csv"))
    #expect(want.keys.contains("/seeds.csv"), "seeds.csv too, with the plain scenarios' rows")
    #expect(want.keys.filter { $0.hasPrefix("/traces/") }.count == 4 * 23, "four trace files a scenario")
    #expect(!want.keys.contains("/shard.csv"), "a run without --shard writes no manifest")

    // Each shard wrote only its own part, and a manifest agreeing with the others.
    var fingerprints: Set<String> = []
    for (i, shard) in shards.enumerated() {
      let files = try RunCommandTests.files(under: URL(fileURLWithPath: shard))
      #expect(files.keys.filter { $0.hasPrefix("/traces/") }.count < 3 * 23 / 2)
      let manifest = String(decoding: try #require(files["/shard.csv"]), as: UTF8.self)
      let rows = manifest.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
      #expect(rows.count == 23)
      #expect(rows.allSatisfy { $0[0] == "run" && $0[1] == "\(i)" && $0[2] == "4" })
      fingerprints.formUnion(rows.map { String($0[3]) })
    }
    #expect(fingerprints.count == 1)
  }

  @Test func theFlagWinsAndBadShardSettingsExitTwoWritingNothing() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let scenario = CLI.repository.appendingPathComponent("Scenarios/standing-talking.yaml").path
    let out = tmp.appendingPathComponent("out")
    let r = try CLI.run(
      ["run", scenario, "--out", out.path, "--shard", "0/2", "--quiet"], environment: ["DOCKSIM_SHARD": "1/2"]
    )
    #expect(r.status == 0, "\(r.stderr)")
    let manifest = try String(contentsOf: out.appendingPathComponent("shard.csv"), encoding: .utf8)
    #expect(manifest.split(separator: "\n")[1].hasPrefix("run,0,2,"))

    let cases: [([String], [String: String], String)] = [
      (["--shard", "2/2"], [:], "docksim: --shard: expected INDEX < COUNT"),
      (["--shard", "a/2"], [:], "docksim: --shard: INDEX: expected a non-negative integer, got 'a'"),
      ([], ["DOCKSIM_SHARD": "0/0"], "docksim: DOCKSIM_SHARD: COUNT: expected a shard count"),
      (
        [], ["JOB_COMPLETION_INDEX": "0"],
        "docksim: JOB_COMPLETION_INDEX: set (0) but DOCKSIM_SHARD_COUNT is not"
      ),
      ([], ["DOCKSIM_SHARD_COUNT": "3"], "docksim: DOCKSIM_SHARD_COUNT: set (3) but no shard index is"),
      (
        [], ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "3"],
        "docksim: SLURM_ARRAY_TASK_ID=3 with SLURM_ARRAY_TASK_COUNT=3: gives shard index 3"
      ),
      (
        [], ["TEST_SHARD_INDEX": "-1", "TEST_TOTAL_SHARDS": "2"],
        "docksim: TEST_SHARD_INDEX: expected a non-negative"
      ),
    ]
    for (flags, environment, message) in cases {
      let bad = tmp.appendingPathComponent("bad").path
      let r = try CLI.run(["run", scenario, "--out", bad] + flags, environment: environment)
      #expect(r.status == 2, "\(flags) \(environment): exit \(r.status)")
      #expect(r.stderr.contains(message), "\(flags) \(environment): \(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: bad), "nothing written")
    }

    // More shards than scenarios: an empty shard is fine.
    let empty = tmp.appendingPathComponent("empty")
    let e = try CLI.run(["run", scenario, "--out", empty.path, "--shard", "1/2"])
    #expect(e.status == 0 && e.stdout.hasPrefix("shard 1/2: 0 of 1 scenarios\n"), "\(e.stdout) \(e.stderr)")
    let summary = try String(contentsOf: empty.appendingPathComponent("summary.csv"), encoding: .utf8)
    #expect(summary.hasPrefix("scenario,seed,") && summary.split(separator: "\n").count == 1)
    let m = try CLI.run([
      "merge", "--out", tmp.appendingPathComponent("merged").path, empty.path, out.path, "--quiet",
    ])
    #expect(m.status == 0 && m.stdout.isEmpty && m.stderr.isEmpty, "\(m.stdout) \(m.stderr)")
  }

  @Test func mergeErrorsExitTwoAndWriteNothing() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let scenarios = ["Scenarios/standing-talking.yaml", "Scenarios/pitch-limit.yaml"].map {
      CLI.repository.appendingPathComponent($0).path
    }
    var shards: [String] = []
    for i in 0..<2 {
      let out = tmp.appendingPathComponent("shard-\(i)").path
      let r = try CLI.run(["run"] + scenarios + ["--out", out, "--shard", "\(i)/2", "--quiet"])
      #expect(r.status == 0, "\(r.stderr)")
      shards.append(out)
    }
    let other = tmp.appendingPathComponent("other").path
    let o = try CLI.run(
      ["run"] + scenarios + ["--out", other, "--shard", "1/2", "--quiet", "--set", "seed=5"])
    #expect(o.status <= 1, "\(o.stderr)")
    let full = tmp.appendingPathComponent("full").path
    #expect(try CLI.run(["run"] + scenarios + ["--out", full, "--quiet"]).status == 0)
    let tune = tmp.appendingPathComponent("tune")
    try FileManager.default.copyItem(atPath: shards[1], toPath: tune.path)
    let manifest = tune.appendingPathComponent("shard.csv")
    try (try String(contentsOf: manifest, encoding: .utf8)).replacingOccurrences(
      of: "\nrun,", with: "\ncalibrate,"
    )
    .write(to: manifest, atomically: true, encoding: .utf8)

    let cases: [([String], String)] = [
      ([shards[0]], "\(shards[0])/shard.csv: shard_count: shard 1/2 is missing (its scenarios: pitch-limit)"),
      ([shards[0], shards[1], shards[1]], "\(shards[1]): shard 1/2 again (also in \(shards[1]))"),
      ([shards[0], other], "\(other)/shard.csv: fingerprint: expected "),
      ([shards[0], full], "\(full): no shard.csv, so not a shard"),
      (
        [shards[0], tune.path],
        "\(tune.path)/shard.csv:2:1: kind: unknown shard kind 'calibrate'; expected one of: run, tune"
      ),
      ([], "merge: expected the output directories of the shards"),
    ]
    let out = tmp.appendingPathComponent("merged").path
    for (directories, message) in cases {
      let r = try CLI.run(["merge", "--out", out] + directories)
      #expect(r.status == 2, "\(directories): exit \(r.status)")
      #expect(r.stderr.contains("docksim: " + message), "\(directories): \(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
    }
    let into = try CLI.run(["merge", "--out", shards[1]] + shards)
    #expect(into.status == 2 && into.stderr.contains("is the shard directory"), "\(into.stderr)")
  }

  @Test func mergeExitsOneAndListsFailuresAsRunDoes() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let source = try String(
      contentsOf: CLI.repository.appendingPathComponent("Scenarios/standing-talking.yaml"), encoding: .utf8)
    let strict = tmp.appendingPathComponent("strict.yaml")
    try (source.components(separatedBy: "expect:")[0] + "expect:\n  framing_error_rms: { max: 0.000001 }\n")
      .write(to: strict, atomically: true, encoding: .utf8)
    let inputs = [CLI.repository.appendingPathComponent("Scenarios/pitch-limit.yaml").path, strict.path]
    let full = try CLI.run(["run"] + inputs + ["--out", tmp.appendingPathComponent("full").path])
    #expect(full.status == 1)
    var shards: [String] = []
    for i in 0..<2 {
      let out = tmp.appendingPathComponent("shard-\(i)").path
      let r = try CLI.run(["run"] + inputs + ["--out", out, "--shard", "\(i)/2", "--quiet"])
      #expect(r.status == (i == 1 ? 1 : 0), "shard \(i): \(r.stderr)")
      shards.append(out)
    }
    let merged = tmp.appendingPathComponent("merged")
    let m = try CLI.run(["merge", "--out", merged.path] + shards)
    #expect(m.status == 1, "\(m.stderr)")
    #expect(m.stderr == full.stderr, "the same complaints as the single run")
    #expect(
      m.stderr.contains("docksim: standing-talking: expectation failed: framing_error_rms ≤ 1e-06, got "))
    #expect(m.stdout.hasSuffix("1 expectation(s) failed (see \(merged.path)/expectations.csv)\n"))
  }
}

extension ShardCommandTests {
  /// A merge judges the merged expectations as `run` does: "cannot tell" exits 0, and 1 with --strict.
  @Test func mergeExitsOneOnCannotTellOnlyWithStrict() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let scenario = CLI.repository.appendingPathComponent("Scenarios/filter-consistency-body.yaml").path
    let shard = tmp.appendingPathComponent("s0").path
    let run = try CLI.run([
      "run", scenario, "--repetitions", "5", "--out", shard, "--shard", "0/1", "--quiet",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let lax = try CLI.run(["merge", "--out", tmp.appendingPathComponent("a").path, shard])
    #expect(lax.status == 0, "\(lax.stderr)")
    #expect(lax.stdout.contains("filter-consistency-body: expectation cannot tell: "))
    let strict = try CLI.run(["merge", "--out", tmp.appendingPathComponent("b").path, shard, "--strict"])
    #expect(strict.status == 1)
    #expect(strict.stderr.contains("docksim: filter-consistency-body: expectation cannot tell: "))
  }
}
