import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// Shards of a run merged back (`ShardMerge`) equal one run byte for byte; shards that do not belong
/// together are refused with a message naming the directory.
struct ShardMergeTests {
  /// Seven items: plain scenarios, a repeated one (montecarlo.csv), one failing an expectation, one
  /// that stops on an error, and a repeated one that stops on an error.
  static var work: [WorkItem] {
    var items = (0..<5).map { i in
      WorkItem(
        path: "s\(i).yaml",
        scenario: SuiteRunnerTests.scenario("s\(i)", seed: UInt64(10 + i), azimuth: 0.1 * Double(i)),
        repetitions: 1)
    }
    items[1].repetitions = 3
    items[3].scenario.expectations = [
      Expectation(metric: .framingErrorRMS, maximum: 1e-9),
      Expectation(metric: .inFrameRatio, minimum: 0.5),
    ]
    var bad = SuiteRunnerTests.scenario("bad", seed: 1, azimuth: 0)
    bad.physicsRateHz = 7
    items.append(WorkItem(path: "bad.yaml", scenario: bad, repetitions: 1))
    bad.name = "bad-repeated"
    items.append(WorkItem(path: "bad-repeated.yaml", scenario: bad, repetitions: 2))
    return items
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-shard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A single run of `work` into `dir`, as `docksim run` writes it.
  @discardableResult
  static func runAll(_ work: [WorkItem], into dir: URL) throws -> RunResults {
    let results = SuiteRunner.run(work, jobs: 2, tracesDirectory: dir.appendingPathComponent("traces").path)
    try results.write(to: dir.path)
    return results
  }

  /// Shard `shard` of `work` into `dir`, as `docksim run --shard` writes it.
  static func runShard(_ work: [WorkItem], _ shard: Shard, into dir: URL) throws {
    let results = SuiteRunner.run(
      shard.part(of: work), jobs: 1, tracesDirectory: dir.appendingPathComponent("traces").path)
    try results.write(to: dir.path)
    try ShardManifest(shard: shard, work: work).write(to: dir.path)
  }

  /// Every shard of `count` into `<tmp>/shard-<i>`; returns the directories.
  static func runShards(_ work: [WorkItem], count: Int, in tmp: URL) throws -> [String] {
    try (0..<count).map { i in
      let dir = tmp.appendingPathComponent("shard-\(i)")
      try runShard(work, Shard(index: i, count: count), into: dir)
      return dir.path
    }
  }

  /// Every file under `dir` by relative path, with its bytes.
  static func files(under dir: URL) throws -> [String: Data] {
    var out: [String: Data] = [:]
    let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.isDirectoryKey])
    while let url = e?.nextObject() as? URL {
      if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory != true {
        out[String(url.standardizedFileURL.path.dropFirst(dir.standardizedFileURL.path.count))] = try Data(
          contentsOf: url)
      }
    }
    return out
  }

  @Test(arguments: [1, 3, 4, 9])
  func mergedShardsAreByteIdenticalToOneRun(count: Int) throws {
    let tmp = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let work = Self.work
    let full = try Self.runAll(work, into: tmp.appendingPathComponent("full"))
    let shards = try Self.runShards(work, count: count, in: tmp)
    // Any order on the command line.
    let merged = try ShardMerge.merge(shards.reversed())
    let out = tmp.appendingPathComponent("merged")
    try merged.write(to: out.path)

    let want = try Self.files(under: tmp.appendingPathComponent("full"))
    let got = try Self.files(under: out)
    #expect(got.keys.sorted() == want.keys.sorted())
    for key in want.keys.sorted() { #expect(got[key] == want[key], "\(key) differs from a single run") }
    #expect(want.keys.contains("/montecarlo.csv"))
    #expect(
      want.keys.filter { $0.hasPrefix("/traces/") }.count == 20, "four files for each of five scenarios")

    #expect(SummaryTable.text(merged.outcomes) == SummaryTable.text(full.outcomes))
    #expect(merged.outcomes.map(\.failure) == full.outcomes.map(\.failure))
    #expect(merged.outcomes.map(\.expectations) == full.outcomes.map(\.expectations))
    #expect(merged.outcomes.map(\.result) == full.outcomes.map(\.result))
    #expect(merged.outcomes.flatMap(\.failedExpectations).count == 1)
  }

  @Test func aShardWithoutScenariosIsValidAndWritesEmptyTables() throws {
    let tmp = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let work = Array(Self.work.prefix(2))
    let shards = try Self.runShards(work, count: 3, in: tmp)
    let empty = URL(fileURLWithPath: shards[2])
    #expect(
      try String(contentsOf: empty.appendingPathComponent("summary.csv"), encoding: .utf8)
        == SummaryTable.columns.joined(separator: ",") + "\n")
    #expect(
      try String(contentsOf: empty.appendingPathComponent("expectations.csv"), encoding: .utf8)
        == "scenario,metric,min,max,value,result,runs,share,required_share,share_ci_low,share_ci_high,verdict\n"
    )
    let manifest = try ShardManifest.read(directory: empty.path)
    #expect(manifest.shard == Shard(index: 2, count: 3))
    #expect(manifest.owned.isEmpty && manifest.entries.map(\.scenario) == ["s0", "s1"])
    // Merging still needs it: every shard once.
    #expect(
      try Self.mergeError(Array(shards.prefix(2)))?.message.contains(
        "shard 2/3 is missing (it has no scenario)") == true)
    let merged = try ShardMerge.merge(shards)
    try merged.write(to: tmp.appendingPathComponent("merged").path)
    try Self.runAll(work, into: tmp.appendingPathComponent("full"))
    #expect(
      try Self.files(under: tmp.appendingPathComponent("merged"))
        == Self.files(under: tmp.appendingPathComponent("full")))
  }

  @Test func manifestListsTheWholeWorkListAndReadsBack() throws {
    let work = Self.work
    let manifest = ShardManifest(shard: Shard(index: 1, count: 4), work: work)
    let lines = manifest.csv().split(separator: "\n").map(String.init)
    #expect(lines[0] == ShardManifest.runColumns.joined(separator: ","))
    #expect(lines.count == 1 + work.count)
    let fingerprint = ShardManifest.hex(manifest.fingerprint)
    let digest = ShardManifest.hex(ShardManifest.digest(work[1].scenario))
    #expect(lines[2] == "run,1,4,\(fingerprint),1,s1,11,3,\(digest),1")
    #expect(lines[1].hasSuffix(",0") && lines[6].hasSuffix(",1") && lines[7].hasSuffix(",0"))
    #expect(manifest.owned.map(\.position) == [1, 5])
    #expect(try ShardManifest.parse(manifest.csv(), file: "shard.csv") == manifest)

    // The fingerprint ignores where the files were (another checkout) but not what they hold.
    var moved = work
    moved[0].path = "/elsewhere/s0.yaml"
    #expect(ShardManifest(shard: Shard(index: 0, count: 4), work: moved).fingerprint == manifest.fingerprint)
    var tuned = work
    tuned[2].scenario.tracker.processNoiseAngle *= 2
    #expect(ShardManifest(shard: Shard(index: 1, count: 4), work: tuned).fingerprint != manifest.fingerprint)
    var reseeded = work
    reseeded[2].scenario.seed += 1
    #expect(
      ShardManifest(shard: Shard(index: 1, count: 4), work: reseeded).fingerprint != manifest.fingerprint)
    var repeated = work
    repeated[0].repetitions = 2
    #expect(
      ShardManifest(shard: Shard(index: 1, count: 4), work: repeated).fingerprint != manifest.fingerprint)
    #expect(ShardManifest.hex(0xab) == "00000000000000ab")
  }

  static func mergeError(_ directories: [String]) throws -> InputError? {
    do {
      _ = try ShardMerge.merge(directories)
      return nil
    } catch { return error }
  }

  /// Replaces `old` with `new` in a shard's file (which must contain it).
  static func edit(_ path: String, _ old: String, _ new: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try #require(text.contains(old), "\(path) holds \(old)")
    try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test func shardsThatDoNotMakeOneRunAreRefused() throws {
    let tmp = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let work = Self.work
    let s = try Self.runShards(work, count: 4, in: tmp)
    let manifest0 = (s[0] as NSString).appendingPathComponent("shard.csv")

    // Missing and duplicated shards.
    let missing = try #require(try Self.mergeError([s[0], s[1], s[3]]))
    #expect(missing.file == manifest0 && missing.field == "shard_count")
    #expect(missing.message.hasPrefix("shard 2/4 is missing (its scenarios: s2, bad-repeated); expected"))
    #expect(missing.message.hasSuffix("got shards 0, 1, 3"))
    let twice = try #require(try Self.mergeError([s[0], s[1], s[2], s[3], s[1]]))
    #expect(
      twice.description == "\(s[1]): shard 1/4 again (also in \(s[1])); expected each shard of the run once")
    #expect(try Self.mergeError([]) != nil)

    // A shard of another split of the same work.
    let three = tmp.appendingPathComponent("three")
    try Self.runShard(work, Shard(index: 2, count: 3), into: three)
    let count = try #require(try Self.mergeError([s[0], s[1], three.path, s[3]]))
    #expect(
      count.description.hasPrefix("\(three.path)/shard.csv: shard_count: expected 4 as in \(s[0]), got 3"))

    // Shards of other work: a seed, a parameter, a scenario, the repetitions.
    func other(_ change: (inout [WorkItem]) -> Void, _ why: String) throws {
      var changed = work
      change(&changed)
      let dir = tmp.appendingPathComponent("other-\(UUID().uuidString)")
      try Self.runShard(changed, Shard(index: 2, count: 4), into: dir)
      let error = try #require(try Self.mergeError([s[0], s[1], dir.path, s[3]]))
      #expect(error.file == "\(dir.path)/shard.csv" && error.field == "fingerprint")
      #expect(error.message.contains(": \(why); the shards come from different runs"), "\(error)")
    }
    try other({ $0[4].scenario.seed = 99 }, "'s4' has seed 99, not 14")
    try other(
      { $0[0].scenario.detector.centerNoise += 0.001 },
      "'s0' ran with other parameters (a changed file, --set or --params)")
    try other({ $0[2].scenario.name = "renamed" }, "position 2 is 'renamed', not 's2'")
    try other({ $0[1].repetitions = 4 }, "'s1' has 4 repetitions, not 3")
    try other({ $0.removeLast() }, "a work list of 6 scenarios, not 7")

    // Not a shard at all.
    let full = tmp.appendingPathComponent("full")
    try Self.runAll(work, into: full)
    let notShard = try #require(try Self.mergeError([s[0], full.path]))
    #expect(notShard.description.hasPrefix("\(full.path): no shard.csv, so not a shard; expected"))
    let nowhere = tmp.appendingPathComponent("nowhere").path
    #expect(try Self.mergeError([nowhere])?.description.hasPrefix("\(nowhere): no such directory") == true)
    let file = (s[0] as NSString).appendingPathComponent("summary.csv")
    #expect(try Self.mergeError([file])?.description.hasPrefix("\(file): not a directory") == true)
  }

  @Test func manifestsOfUnknownKindOrEditedAreRefused() throws {
    let tmp = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let s = try Self.runShards(Self.work, count: 2, in: tmp)
    let manifest = (s[1] as NSString).appendingPathComponent("shard.csv")
    let original = try String(contentsOfFile: manifest, encoding: .utf8)
    func refused(_ text: String) throws -> InputError {
      try text.write(toFile: manifest, atomically: true, encoding: .utf8)
      defer { try? original.write(toFile: manifest, atomically: true, encoding: .utf8) }
      return try #require(try Self.mergeError(s))
    }

    let tune = try refused(original.replacingOccurrences(of: "\nrun,", with: "\ncalibrate,"))
    #expect(
      tune.description.hasPrefix(
        "\(manifest):2:1: kind: unknown shard kind 'calibrate'; expected one of: run, tune"))
    let header = try refused(original.replacingOccurrences(of: "kind,shard_index", with: "type,shard_index"))
    #expect(
      header.description.hasPrefix("\(manifest):1:1: expected a shard manifest header starting with kind"))
    #expect(try refused("").message.hasPrefix("the file is empty"))
    #expect(try refused(original.components(separatedBy: "\n")[0] + "\n").message.hasPrefix("no rows"))
    let seed = try refused(original.replacingOccurrences(of: ",s4,14,", with: ",s4,15,"))
    #expect(
      seed.field == "fingerprint"
        && seed.message.contains("the manifest was changed after `docksim run` wrote it"))
    let inShard = try refused(original.replacingOccurrences(of: ",s4,14,1,", with: ",s4,14,1,x"))
    #expect(inShard.field == "scenario_digest", "\(inShard)")
    let count = try refused(original.replacingOccurrences(of: "\nrun,1,2,", with: "\nrun,1,0,"))
    #expect(count.description.hasPrefix("\(manifest):2:"), "\(count)")
    #expect(count.field == "shard_count")
    let mixed = try refused(original.replacingOccurrences(of: "\nrun,1,2,", with: "\nrun,0,2,"))
    #expect(mixed.field == "in_shard", "\(mixed)")
    #expect(try Self.mergeError(s) == nil, "the original merges")
  }

  @Test func shardTablesThatDoNotMatchTheirManifestAreRefused() throws {
    let tmp = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let s = try Self.runShards(Self.work, count: 4, in: tmp)
    // Shard 1 holds s1 (repeated), bad (failed); shard 3 holds s3 (a failed expectation).
    func check(_ shard: String, _ file: String, _ change: (String) throws -> Void, _ message: String) throws {
      let path = (shard as NSString).appendingPathComponent(file)
      let saved = try Data(contentsOf: URL(fileURLWithPath: path))
      try change(path)
      defer { try? saved.write(to: URL(fileURLWithPath: path)) }
      let error = try #require(try Self.mergeError(s), "\(file) changed: \(message)")
      #expect(error.description.contains(message), "\(error)")
    }
    let summary1 = (s[1] as NSString).appendingPathComponent("summary.csv")
    try check(
      s[1], "summary.csv", { try Self.edit($0, "\n", "\r\n") },
      "\(summary1):1: not as `docksim run` writes it")
    try check(
      s[1], "summary.csv", { try Self.edit($0, "\nbad,", "\nother,") },
      "\(summary1):3: scenario: expected 'bad' (position 5 in shard.csv), got 'other'")
    try check(
      s[1], "summary.csv", { try Self.edit($0, "\ns1,11,", "\ns1,12,") }, "\(summary1):2: seed: expected 11")
    try check(
      s[1], "summary.csv",
      { path in
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.split(separator: "\n").dropLast().map { $0 + "\n" }.joined().write(
          toFile: path, atomically: true, encoding: .utf8)
      }, "\(summary1): 1 scenario rows; expected 2, one for each scenario of shard 1/4 in shard.csv")
    try check(
      s[1], "summary.csv", { try FileManager.default.removeItem(atPath: $0) }, "\(summary1): no such file")
    try check(
      s[1], "montecarlo.csv", { try FileManager.default.removeItem(atPath: $0) },
      "montecarlo.csv: no such file")
    try check(s[1], "montecarlo.csv", { try Self.edit($0, "\ns1,3,", "\ns1,2,") }, "runs: expected 3")
    try check(
      s[1], "montecarlo.csv", { try Self.edit($0, "\ns1,3,", "\ns4,3,") },
      "scenario: 's4' is not a scenario of shard 1/4")
    try check(
      s[3], "expectations.csv",
      { path in
        try Self.edit(path, ",fail,1,0.0,1.0,", ",pass,1,1.0,1.0,")
        try Self.edit(path, ",fail\n", ",pass\n")
      }, "0 failed expectation(s) of 's3', but \(s[3])/summary.csv counts 1")
    try check(
      s[3], "expectations.csv", { try Self.edit($0, ",fail\n", ",cannot tell\n") },
      "verdict: expected 'fail' for 0 of 1 run(s) and a required share 1.0, got 'cannot tell'")
    try check(
      s[3], "expectations.csv", { try Self.edit($0, "scenario,metric", "scenario,measure") },
      "expected the header scenario,metric,min,max,value,result,runs,share,required_share,share_ci_low,"
        + "share_ci_high,verdict")
    try check(
      s[1], "seeds.csv", { try FileManager.default.removeItem(atPath: $0) }, "seeds.csv: no such file")
    try check(
      s[1], "seeds.csv", { try Self.edit($0, "\ns1,1,", "\ns1,2,") },
      "repetition: expected repetitions 0…2 of 's1' in order")
    try check(
      s[1], "seeds.csv", { try Self.edit($0, "\ns1,1,\(MonteCarlo.seed(11, repetition: 1)),", "\ns1,1,5,") },
      "seed: expected \(MonteCarlo.seed(11, repetition: 1)), repetition 1 of seed 11")
    try check(
      s[3], "traces/s3.objects.csv", { try FileManager.default.removeItem(atPath: $0) },
      "traces/s3.objects.csv: no such file; expected the traces of scenario 's3', which ran")
    #expect(try Self.mergeError(s) == nil, "the originals merge")
  }

  @Test func quotedCellsSurviveTheMerge() throws {
    let tmp = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let s = try Self.runShards(Self.work, count: 2, in: tmp)
    // "bad" (position 5) is in shard 1; give its error a comma, a quote and a line break.
    let summary = (s[1] as NSString).appendingPathComponent("summary.csv")
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    let reason = try #require(
      text.split(separator: "\n").first { $0.hasPrefix("bad,") }?.components(separatedBy: ",error,").last)
    let awkward = "stopped, at \"t = 1\"\nsee the log"
    try Self.edit(summary, ",error,\(reason)\n", ",error,\(CSVFormat.cell(awkward))\n")
    let merged = try ShardMerge.merge(s)
    #expect(merged.outcomes[5].failure == awkward)
    #expect(
      merged.summaryCSV.contains("\nbad,1,")
        && merged.summaryCSV.contains(",error,\"stopped, at \"\"t = 1\"\"\nsee the log\"\n"))
    let last = try #require(merged.summaryCSV.split(separator: "\n").last)
    #expect(last.hasPrefix("bad-repeated,1,") && last.hasSuffix(",error,repetition with seed 1: \(reason)"))
  }

  @Test func mergeNeverWritesIntoAShardAndRemovesAStaleManifest() throws {
    let tmp = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let s = try Self.runShards(Array(Self.work.prefix(3)), count: 2, in: tmp)
    let merged = try ShardMerge.merge(s)
    let before = try Self.files(under: URL(fileURLWithPath: s[0]))
    #expect(throws: InputError.self) { try merged.write(to: s[0] + "/") }
    #expect(try Self.files(under: URL(fileURLWithPath: s[0])) == before, "nothing written")
    // A directory that was a shard once becomes a plain run's directory.
    let out = tmp.appendingPathComponent("out")
    try Self.runShard(Self.work, Shard(index: 0, count: 5), into: out)
    try merged.write(to: out.path)
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("shard.csv").path))
    #expect(throws: InputError.self) { try ShardManifest.read(directory: out.path) }
  }
}
