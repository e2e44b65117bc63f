import DockSimHarness
import Testing

/// `Shard`: round robin, `INDEX/COUNT`, and every job engine's variables with every bad value.
struct ShardTests {
  @Test func roundRobinDealsEveryPositionToExactlyOneShard() {
    let count = 4
    let shards = (0..<count).map { Shard(index: $0, count: count) }
    for position in 0..<23 {
      #expect(shards.filter { $0.owns(position) }.map(\.index) == [position % count])
    }
    #expect(Shard(index: 1, count: 4).part(of: Array(0..<10)) == [1, 5, 9])
    #expect(Shard(index: 3, count: 4).part(of: [0, 1, 2]) == [], "more shards than items: an empty part")
    #expect(Shard(index: 0, count: 1).part(of: [7, 8]) == [7, 8])
    #expect(Shard(index: 2, count: 4).description == "2/4")
  }

  @Test func parseAcceptsIndexSlashCount() throws {
    #expect(try Shard.parse("2/4") == Shard(index: 2, count: 4))
    #expect(try Shard.parse("0/1") == Shard(index: 0, count: 1))
    #expect(try Shard.parse("9999/10000") == Shard(index: 9999, count: 10000))
    #expect(try Shard.parse("03/08") == Shard(index: 3, count: 8))
  }

  @Test(arguments: [
    ("", "expected INDEX/COUNT"),
    ("2", "expected INDEX/COUNT"),
    ("1/2/3", "expected INDEX/COUNT"),
    ("a/4", "INDEX: expected a non-negative integer, got 'a'"),
    ("-1/4", "INDEX: expected a non-negative integer, got '-1'"),
    ("+1/4", "INDEX: expected a non-negative integer, got '+1'"),
    ("1.5/4", "INDEX: expected a non-negative integer"),
    (" 1/4", "INDEX: expected a non-negative integer"),
    ("/4", "INDEX: expected a non-negative integer, got ''"),
    ("1/", "COUNT: expected a shard count, an integer in 1...10000, got ''"),
    ("0/0", "COUNT: expected a shard count, an integer in 1...10000, got '0'"),
    ("1/x", "COUNT: expected a shard count"),
    ("0/-4", "COUNT: expected a shard count"),
    ("0/10001", "COUNT: expected a shard count, an integer in 1...10000, got '10001'"),
    ("0/99999999999999999999999", "COUNT: expected a shard count"),
    ("4/4", "expected INDEX < COUNT"),
    ("7/4", "expected INDEX < COUNT"),
  ])
  func parseRejects(text: String, message: String) {
    do {
      _ = try Shard.parse(text)
      Issue.record("'\(text)' accepted")
    } catch {
      #expect(error.source == "--shard")
      #expect(error.description.hasPrefix("--shard: "))
      #expect(error.message.contains(message), "'\(text)': \(error)")
    }
  }

  @Test func parseNamesItsSource() {
    #expect(throws: ShardError.self) { try Shard.parse("x", source: "DOCKSIM_SHARD") }
    do {
      _ = try Shard.parse("5/2", source: "DOCKSIM_SHARD")
      Issue.record("5/2 accepted")
    } catch {
      #expect(error.description.hasPrefix("DOCKSIM_SHARD: expected INDEX < COUNT"))
      #expect(error.description.contains("'5/2'"))
    }
  }

  /// The error `fromEnvironment` throws for `env`, or nil.
  static func environmentError(_ env: [String: String]) -> ShardError? {
    do {
      _ = try Shard.fromEnvironment(env)
      return nil
    } catch { return error }
  }

  @Test func environmentGivesEachEnginesShard() throws {
    #expect(try Shard.fromEnvironment([:]) == nil)
    #expect(try Shard.fromEnvironment(["PATH": "/bin", "HOME": "/root"]) == nil)
    #expect(try Shard.fromEnvironment(["DOCKSIM_SHARD": "1/3"]) == Shard(index: 1, count: 3))
    // Kubernetes indexed Job: the index from Kubernetes, the count from us.
    #expect(
      try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3", "DOCKSIM_SHARD_COUNT": "4"])
        == Shard(index: 3, count: 4))
    // Slurm: ids from 0, from SLURM_ARRAY_TASK_MIN, and in steps.
    #expect(
      try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"])
        == Shard(index: 2, count: 4))
    #expect(
      try Shard.fromEnvironment([
        "SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1",
      ]) == Shard(index: 3, count: 4))
    #expect(
      try Shard.fromEnvironment([
        "SLURM_ARRAY_TASK_ID": "12", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0",
        "SLURM_ARRAY_TASK_STEP": "4",
      ]) == Shard(index: 3, count: 4))
    #expect(
      try Shard.fromEnvironment([
        "SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1",
        "SLURM_ARRAY_TASK_STEP": "2",
      ]) == Shard(index: 3, count: 4))
    // Bazel test sharding.
    #expect(
      try Shard.fromEnvironment(["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2"])
        == Shard(index: 0, count: 2))
  }

  @Test func environmentVariablesAreReadInOrder() throws {
    let all = [
      "DOCKSIM_SHARD": "0/5", "JOB_COMPLETION_INDEX": "1", "DOCKSIM_SHARD_COUNT": "6",
      "SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "7", "TEST_SHARD_INDEX": "3",
      "TEST_TOTAL_SHARDS": "8",
    ]
    #expect(try Shard.fromEnvironment(all) == Shard(index: 0, count: 5))
    var env = all
    env["DOCKSIM_SHARD"] = nil
    #expect(try Shard.fromEnvironment(env) == Shard(index: 1, count: 6))
    env["JOB_COMPLETION_INDEX"] = nil
    env["DOCKSIM_SHARD_COUNT"] = nil
    #expect(try Shard.fromEnvironment(env) == Shard(index: 2, count: 7))
    env["SLURM_ARRAY_TASK_ID"] = nil
    #expect(try Shard.fromEnvironment(env) == Shard(index: 3, count: 8))
    // The first variable present decides, even when it is bad: no falling through to a later one.
    #expect(
      Self.environmentError(["DOCKSIM_SHARD": "9/5", "TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2"])
        != nil)
  }

  @Test(arguments: [
    // DOCKSIM_SHARD
    (["DOCKSIM_SHARD": ""], "DOCKSIM_SHARD: expected INDEX/COUNT"),
    (["DOCKSIM_SHARD": "x/4"], "DOCKSIM_SHARD: INDEX: expected a non-negative integer, got 'x'"),
    (["DOCKSIM_SHARD": "-1/4"], "DOCKSIM_SHARD: INDEX: expected a non-negative integer, got '-1'"),
    (
      ["DOCKSIM_SHARD": "0/0"],
      "DOCKSIM_SHARD: COUNT: expected a shard count, an integer in 1...10000, got '0'"
    ),
    (["DOCKSIM_SHARD": "0/10001"], "DOCKSIM_SHARD: COUNT: expected a shard count"),
    (["DOCKSIM_SHARD": "4/4"], "DOCKSIM_SHARD: expected INDEX < COUNT"),
    // Kubernetes
    (["JOB_COMPLETION_INDEX": "1"], "JOB_COMPLETION_INDEX: set (1) but DOCKSIM_SHARD_COUNT is not"),
    (
      ["JOB_COMPLETION_INDEX": "one", "DOCKSIM_SHARD_COUNT": "4"],
      "JOB_COMPLETION_INDEX: expected a non-negative integer, got 'one'"
    ),
    (
      ["JOB_COMPLETION_INDEX": "-2", "DOCKSIM_SHARD_COUNT": "4"],
      "JOB_COMPLETION_INDEX: expected a non-negative integer, got '-2'"
    ),
    (
      ["JOB_COMPLETION_INDEX": "0", "DOCKSIM_SHARD_COUNT": "0"],
      "DOCKSIM_SHARD_COUNT: expected a shard count, an integer in 1...10000, got '0'"
    ),
    (
      ["JOB_COMPLETION_INDEX": "0", "DOCKSIM_SHARD_COUNT": "four"],
      "DOCKSIM_SHARD_COUNT: expected a shard count"
    ),
    (
      ["JOB_COMPLETION_INDEX": "0", "DOCKSIM_SHARD_COUNT": "20000"],
      "DOCKSIM_SHARD_COUNT: expected a shard count, an integer in 1...10000, got '20000'"
    ),
    (
      ["JOB_COMPLETION_INDEX": "4", "DOCKSIM_SHARD_COUNT": "4"],
      "JOB_COMPLETION_INDEX=4 with DOCKSIM_SHARD_COUNT=4: gives shard index 4; expected an index below the count 4"
    ),
    (["DOCKSIM_SHARD_COUNT": "4"], "DOCKSIM_SHARD_COUNT: set (4) but no shard index is"),
    // Slurm
    (["SLURM_ARRAY_TASK_ID": "1"], "SLURM_ARRAY_TASK_ID: set (1) but SLURM_ARRAY_TASK_COUNT is not"),
    (
      ["SLURM_ARRAY_TASK_ID": "1.0", "SLURM_ARRAY_TASK_COUNT": "4"],
      "SLURM_ARRAY_TASK_ID: expected a non-negative integer, got '1.0'"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "0"],
      "SLURM_ARRAY_TASK_COUNT: expected a shard count, an integer in 1...10000, got '0'"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "10001"],
      "SLURM_ARRAY_TASK_COUNT: expected a shard count"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4"],
      "SLURM_ARRAY_TASK_ID=4 with SLURM_ARRAY_TASK_COUNT=4: gives shard index 4; expected an index below the count 4"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "x"],
      "SLURM_ARRAY_TASK_MIN: expected a non-negative integer, got 'x'"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "2"],
      "SLURM_ARRAY_TASK_ID=1 minus SLURM_ARRAY_TASK_MIN=2: expected a task id at least the array's minimum"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"],
      "SLURM_ARRAY_TASK_ID=5 minus SLURM_ARRAY_TASK_MIN=1 with SLURM_ARRAY_TASK_COUNT=4: gives shard index 4"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "0"],
      "SLURM_ARRAY_TASK_STEP: expected an integer ≥ 1, got '0'"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "2"],
      "SLURM_ARRAY_TASK_ID=3 in steps of SLURM_ARRAY_TASK_STEP=2: expected a task id on the array's steps"
    ),
    // Bazel
    (["TEST_SHARD_INDEX": "0"], "TEST_SHARD_INDEX and TEST_TOTAL_SHARDS: expected both set"),
    (["TEST_TOTAL_SHARDS": "2"], "TEST_SHARD_INDEX and TEST_TOTAL_SHARDS: expected both set"),
    (
      ["TEST_SHARD_INDEX": "", "TEST_TOTAL_SHARDS": "2"],
      "TEST_SHARD_INDEX: expected a non-negative integer, got ''"
    ),
    (
      ["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "0"],
      "TEST_TOTAL_SHARDS: expected a shard count, an integer in 1...10000, got '0'"
    ),
    (
      ["TEST_SHARD_INDEX": "2", "TEST_TOTAL_SHARDS": "2"],
      "TEST_SHARD_INDEX=2 with TEST_TOTAL_SHARDS=2: gives shard index 2; expected an index below the count 2"
    ),
  ])
  func environmentRejects(env: [String: String], message: String) {
    let error = Self.environmentError(env)
    #expect(error?.description.hasPrefix(message) == true, "\(env): \(String(describing: error))")
  }
}
