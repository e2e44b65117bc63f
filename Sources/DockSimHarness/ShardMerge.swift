import DockSimCore
import DockSimIO
import Foundation

/// Combines the output directories of the shards of one `docksim run` into what a single run of the
/// same work list writes: `summary.csv`, `expectations.csv`, `montecarlo.csv` and `seeds.csv` (when
/// any scenario is repeated) and `traces/`, byte for byte.
///
/// Every row is copied as written and put back at its scenario's position in the work list, so the
/// merge never re-formats a number. Everything is read and checked before anything is written.
public enum ShardMerge {
  /// Reads and checks the shards in `directories` (one per shard, any order) and assembles the merged
  /// run in memory; nothing is written (see `MergedRun.write(to:)`).
  ///
  /// - Throws: `InputError` naming the directory or file and what was expected when a directory is
  ///   not a shard, the shards disagree on the kind, count or work list (they come from different runs),
  ///   a shard is missing or given twice, or a shard's tables or traces do not match its manifest.
  public static func merge(_ directories: [String]) throws(InputError) -> MergedRun {
    let manifests = try checkedManifests(directories)
    guard manifests[0].kind == .run else {
      throw InputError(
        file: directories[0], field: "kind", message: "expected run shards, got \(manifests[0].kind.rawValue)"
      )
    }
    var shards: [ShardTables] = []
    for (directory, manifest) in zip(directories, manifests) {
      shards.append(try ShardTables.read(directory: directory, manifest: manifest))
    }
    return try assemble(manifests[0].entries, shards: shards, directories: directories)
  }

  /// The manifests of `directories`, checked to be every shard of one piece of work exactly once.
  public static func checkedManifests(_ directories: [String]) throws(InputError) -> [ShardManifest] {
    guard !directories.isEmpty else {
      throw InputError(file: "merge", message: "no shard directories; expected one directory per shard")
    }
    var manifests: [ShardManifest] = []
    for directory in directories { manifests.append(try ShardManifest.read(directory: directory)) }
    let reference = manifests[0]
    let count = reference.shard.count
    for (directory, manifest) in zip(directories, manifests).dropFirst() {
      try checkSameRun(manifest, directory: directory, as: reference, of: directories[0])
    }
    var given: [String?] = Array(repeating: nil, count: count)
    for (directory, manifest) in zip(directories, manifests) {
      if let other = given[manifest.shard.index] {
        throw InputError(
          file: directory,
          message: "shard \(manifest.shard) again (also in \(other)); expected each shard of the run once")
      }
      given[manifest.shard.index] = directory
    }
    if let missing = given.firstIndex(where: { $0 == nil }) {
      let present = given.indices.filter { given[$0] != nil }.map(String.init).joined(separator: ", ")
      let names = reference.entries.filter { $0.position % count == missing }.map(\.scenario)
      let ran =
        names.isEmpty ? "it has no scenario" : "its scenarios: " + names.prefix(5).joined(separator: ", ")
      throw InputError(
        file: (directories[0] as NSString).appendingPathComponent(ShardManifest.fileName),
        field: "shard_count",
        message:
          "shard \(missing)/\(count) is missing (\(ran)\(names.count > 5 ? ", …" : "")); expected one directory "
          + "for each shard 0…\(count - 1), got shard\(present.contains(",") ? "s" : "") \(present)")
    }
    return manifests
  }

  /// The shards agree on the kind, the count and the whole work list; a difference names the first item
  /// that differs, which says which input changed.
  private static func checkSameRun(
    _ manifest: ShardManifest, directory: String, as reference: ShardManifest, of referenceDirectory: String
  ) throws(InputError) {
    let file = (directory as NSString).appendingPathComponent(ShardManifest.fileName)
    let different = "; the shards come from different runs"
    guard manifest.kind == reference.kind else {
      throw InputError(
        file: file, field: "kind",
        message:
          "expected \(reference.kind.rawValue) as in \(referenceDirectory), got \(manifest.kind.rawValue)")
    }
    guard manifest.shard.count == reference.shard.count else {
      throw InputError(
        file: file, field: "shard_count",
        message:
          "expected \(reference.shard.count) as in \(referenceDirectory), got \(manifest.shard.count)\(different)"
      )
    }
    guard manifest.entries != reference.entries else { return }
    var why = "a work list of \(manifest.entries.count) scenarios, not \(reference.entries.count)"
    for (a, b) in zip(manifest.entries, reference.entries) where a != b {
      if a.scenario != b.scenario {
        why = "position \(a.position) is '\(a.scenario)', not '\(b.scenario)'"
      } else if a.seed != b.seed {
        why = "'\(a.scenario)' has seed \(a.seed), not \(b.seed)"
      } else if a.repetitions != b.repetitions {
        why = "'\(a.scenario)' has \(a.repetitions) repetitions, not \(b.repetitions)"
      } else {
        why = "'\(a.scenario)' ran with other parameters (a changed file, --set or --params)"
      }
      break
    }
    throw InputError(
      file: file, field: "fingerprint",
      message:
        "expected \(ShardManifest.hex(reference.fingerprint)) as in \(referenceDirectory), got "
        + "\(ShardManifest.hex(manifest.fingerprint)): \(why)\(different)")
  }

  /// Puts every row back at its position in the work list.
  private static func assemble(
    _ entries: [ShardManifest.Entry], shards: [ShardTables], directories: [String]
  ) throws(InputError) -> MergedRun {
    let count = shards[0].manifest.shard.count
    var byIndex: [ShardTables?] = Array(repeating: nil, count: count)
    for s in shards { byIndex[s.manifest.shard.index] = s }
    var summary = CSVFormat.line(SummaryTable.columns)
    var expectations = CSVFormat.line(SummaryTable.expectationColumns)
    var monteCarlo = CSVFormat.line(MonteCarlo.columns)
    var timing = CSVFormat.line(TimingTable.columns)
    var seeds = CSVFormat.line(SeedTable.columns)
    var outcomes: [RunOutcome] = []
    var traces: [MergedRun.TraceFile] = []
    var traceOwner: [String: String] = [:]
    for entry in entries {
      let shard = byIndex[entry.position % count]!
      // Round robin: the k-th scenario of shard i is at position i + k·count.
      let scenario = shard.items[entry.position / count]
      summary += scenario.summary
      expectations += scenario.expectationLines.joined()
      monteCarlo += scenario.monteCarloLines.joined()
      timing += scenario.timingLines.joined()
      seeds += scenario.seedRows
      outcomes.append(scenario.outcome)
      for name in scenario.traceFiles {
        if let other = traceOwner[name] {
          throw InputError(
            file: (shard.directory as NSString).appendingPathComponent("traces/\(name)"),
            message:
              "written by scenarios '\(other)' and '\(entry.scenario)'; expected scenario names whose trace "
              + "files differ")
        }
        traceOwner[name] = entry.scenario
        traces.append(
          MergedRun.TraceFile(
            source: (shard.directory as NSString).appendingPathComponent("traces/\(name)"), name: name))
      }
    }
    // Timing is all or nothing: rows of some shards only would look like a whole run's.
    let timed = shards.allSatisfy(\.hasTiming)
    let repeated = entries.contains { $0.repetitions > 1 }
    return MergedRun(
      shardDirectories: directories, summaryCSV: summary, expectationsCSV: expectations,
      monteCarloCSV: repeated ? monteCarlo : nil, seedsCSV: repeated ? seeds : nil, traces: traces,
      outcomes: outcomes, timingCSV: timed ? timing : nil,
      shardsWithoutTiming: shards.contains(where: \.hasTiming)
        ? shards.filter { !$0.hasTiming }.map(\.directory) : [])
  }
}

/// A merged run, checked and assembled, ready to be written.
public struct MergedRun: Sendable {
  /// A trace file to copy: its path in a shard and its name under `traces/`.
  public struct TraceFile: Sendable, Equatable {
    public var source: String
    public var name: String
  }

  /// The shard directories merged, as given.
  public var shardDirectories: [String]
  /// `summary.csv` as a single run writes it.
  public var summaryCSV: String
  /// `expectations.csv` as a single run writes it.
  public var expectationsCSV: String
  /// `montecarlo.csv`, or nil when no scenario was repeated (a single run writes none then).
  public var monteCarloCSV: String?
  /// `seeds.csv`, or nil when no scenario was repeated (a single run writes none then).
  public var seedsCSV: String?
  /// The trace files, in work-list order.
  public var traces: [TraceFile]
  /// Every scenario's outcome as read back from its shard's tables, in work-list order: for the summary
  /// table (`SummaryTable.text`) and the verdict (failed runs and expectations).
  public var outcomes: [RunOutcome]
  /// `timing.csv` when every shard wrote one (`run --timing`): the shards' rows, copied as written, in
  /// work-list order. Measured on the shards' machines, so unlike the other files it is not what a
  /// single run would write; nil when any shard has none.
  public var timingCSV: String?
  /// The shards without `timing.csv` when some others have one (the merge then writes none); empty when
  /// all or none have one.
  public var shardsWithoutTiming: [String] = []

  /// Stages the merged run in `transaction`: the traces (copied byte for byte, each name checked to
  /// stay inside the directory), then the tables. A table this merge does not write (`shard.csv`, and
  /// `montecarlo.csv`, `seeds.csv` or `timing.csv` when it has none) is removed at commit, so that the
  /// merged directory is never taken for a shard nor shows an earlier run's tables.
  ///
  /// - Throws: `InputError` when the output directory is one of the shard directories (nothing
  ///   written); `OutputConflict` for a trace name that would leave it; `IOFailure` when writing fails.
  public func write(to transaction: OutputTransaction) throws {
    let directory = transaction.directory
    for shard in shardDirectories where OutputPaths.resolved(shard) == OutputPaths.resolved(directory) {
      throw InputError(
        file: directory, message: "is the shard directory \(shard); expected a separate output directory")
    }
    for trace in traces {
      let relative = "traces/" + trace.name
      try AtomicFileWriter.copy(from: trace.source, to: try transaction.stagedPath(relative, label: "trace"))
    }
    let tables: [(String, String?)] = [
      ("summary.csv", summaryCSV), ("expectations.csv", expectationsCSV),
      // Without repetitions, files of an earlier run there would be read as this run's.
      (MonteCarlo.fileName, monteCarloCSV), (SeedTable.fileName, seedsCSV),
      // A timing.csv left by an earlier run would be taken for this one's.
      (TimingTable.fileName, timingCSV), (ShardManifest.fileName, nil),
    ]
    for (name, text) in tables {
      if let text { try transaction.write(text, to: name) } else { try transaction.remove(name) }
    }
  }

  /// Writes the merged run into `directory` in a transaction of its own, all or nothing.
  public func write(to directory: String) throws {
    let transaction = try OutputTransaction(directory: directory, command: "docksim merge")
    defer { transaction.abort() }
    try write(to: transaction)
    try transaction.commit(last: ["summary.csv"])
  }
}
