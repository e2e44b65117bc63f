import ArgumentParser
import DockSimHarness
import Foundation

/// `--shard INDEX/COUNT`, and the job engines' variables when it is absent (`Shard.fromEnvironment`).
struct ShardOptions: ParsableArguments {
  @Option(
    name: .customLong("shard"),
    help: ArgumentHelp(
      "Run only shard INDEX of COUNT (0-based, e.g. 2/4): the scenarios at positions INDEX, INDEX+COUNT, … of the work list; merge the shards with `docksim merge`. Default: DOCKSIM_SHARD, JOB_COMPLETION_INDEX with DOCKSIM_SHARD_COUNT, SLURM_ARRAY_TASK_ID or TEST_SHARD_INDEX from the environment (docs/sharding.md).",
      valueName: "index/count"))
  var text: String?

  /// The shard this process runs, or nil for the whole work list. The flag wins over the environment;
  /// a bad value in either is a usage error naming the flag or variable (exit 2).
  func shard() throws -> Shard? {
    do {
      if let text { return try Shard.parse(text, source: "--shard") }
      return try Shard.fromEnvironment(ProcessInfo.processInfo.environment)
    } catch { throw fail("\(error)") }
  }
}
