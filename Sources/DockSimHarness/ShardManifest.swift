import DockSimCore
import DockSimIO
import Foundation

/// The kinds of sharded work a manifest can describe. `docksim merge` combines `run` shards; another
/// kind (a `tune` shard, say) adds a case, its columns and its merge.
public enum ShardKind: String, Sendable, CaseIterable {
  /// A shard of `docksim run`: scenarios with their repetitions.
  case run
  /// A shard of `docksim tune`: trials of the baseline and the space-filling design (`scenario` holds
  /// the trial's phase, `seed` the tuning's seed, `scenario_digest` its parameter values).
  case tune
}

/// `shard.csv`: what a shard of `docksim run` ran, so that `docksim merge` can check that shards belong
/// to the same run, that none is missing or given twice, and put their rows back in order.
///
/// One row per item of the **whole** work list (not only this shard's), in work-list order: the shard's
/// own rows have `in_shard` 1. Every row repeats the kind, the shard and the fingerprint so that the file
/// is one plain table. Listing the whole list keeps an empty shard (more shards than scenarios)
/// self-describing and lets merge name the scenarios of a missing shard.
///
/// ```
/// kind,shard_index,shard_count,fingerprint,position,scenario,seed,repetitions,scenario_digest,in_shard
/// run,1,4,5b0e9c2d81f3a7e4,0,camera-switch,301,1,0c4f…,0
/// run,1,4,5b0e9c2d81f3a7e4,1,crossing-depths,202,1,9a1d…,1
/// ```
public struct ShardManifest: Sendable, Equatable {
  /// The manifest's name inside a shard's output directory.
  public static let fileName = "shard.csv"

  /// The columns of a `run` manifest, in order.
  public static let runColumns = [
    "kind", "shard_index", "shard_count", "fingerprint", "position", "scenario", "seed", "repetitions",
    "scenario_digest", "in_shard",
  ]

  /// One item of the work list.
  public struct Entry: Sendable, Equatable {
    /// 0-based position in the work list.
    public var position: Int
    public var scenario: String
    /// The scenario's own seed (repetition 0).
    public var seed: UInt64
    public var repetitions: Int
    /// FNV-1a (64 bits) of the scenario as loaded, overrides applied (`digest(_:)`).
    public var digest: UInt64
    public init(position: Int, scenario: String, seed: UInt64, repetitions: Int, digest: UInt64) {
      self.position = position
      self.scenario = scenario
      self.seed = seed
      self.repetitions = repetitions
      self.digest = digest
    }
  }

  public var kind: ShardKind
  public var shard: Shard
  /// The whole work list, by position.
  public var entries: [Entry]

  public init(kind: ShardKind, shard: Shard, entries: [Entry]) {
    self.kind = kind
    self.shard = shard
    self.entries = entries
  }

  /// The manifest of `shard` of a run of `work` (the whole work list, in order).
  public init(shard: Shard, work: [WorkItem]) {
    self.init(
      kind: .run, shard: shard,
      entries: work.enumerated().map { i, item in
        Entry(
          position: i, scenario: item.scenario.name, seed: item.scenario.seed, repetitions: item.repetitions,
          digest: ShardManifest.digest(item.scenario))
      })
  }

  /// The entries this shard ran, in work-list order.
  public var owned: [Entry] { entries.filter { shard.owns($0.position) } }

  /// Identifies the work list: FNV-1a (64 bits) over every entry's position, name, seed, repetitions and
  /// digest, in order. Shards of one run agree on it whatever machine, checkout path or `--jobs` they ran
  /// with; a different scenario file, override, seed or repetition count changes it.
  public var fingerprint: UInt64 { Self.fingerprint(entries) }

  /// The fingerprint of `entries` (see `fingerprint`).
  public static func fingerprint(_ entries: [Entry]) -> UInt64 {
    var hash = FNV1a()
    for e in entries {
      // Length-prefixed, so that no name can make two different lists hash the same text.
      hash.add("\(e.position):\(e.scenario.utf8.count):\(e.scenario):\(e.seed):\(e.repetitions):\(e.digest);")
    }
    return hash.value
  }

  /// FNV-1a (64 bits) of the scenario's canonical text (`CanonicalText`: every stored property, keys
  /// sorted, numbers in the CSV writers' locale-free form), overrides applied (the scenario holds no path): two
  /// shards disagree when they ran different parameters, and the digest does not change with the
  /// compiler.
  public static func digest(_ scenario: Scenario) -> UInt64 {
    FNV1a.hash(CanonicalText.of(scenario))
  }

  /// 16 lowercase hexadecimal digits.
  public static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Writes `shard.csv` into the shard's output `directory`, atomically. Write it after the shard's
  /// tables: its presence then means they are complete.
  public func write(to directory: String) throws {
    try AtomicFileWriter.write(csv(), to: (directory as NSString).appendingPathComponent(Self.fileName))
  }

  /// The text of `shard.csv`.
  public func csv() -> String {
    let fingerprint = Self.hex(self.fingerprint)
    var out = CSVFormat.line(Self.runColumns)
    for e in entries {
      out += CSVFormat.line([
        kind.rawValue, CSVFormat.cell(shard.index), CSVFormat.cell(shard.count), fingerprint,
        CSVFormat.cell(e.position), CSVFormat.cell(e.scenario), CSVFormat.cell(e.seed),
        CSVFormat.cell(e.repetitions), Self.hex(e.digest), shard.owns(e.position) ? "1" : "0",
      ])
    }
    return out
  }
}
