import ArgumentParser
import DockSimHarness
import DockSimIO
import DockSimReport
import Foundation

/// `docksim merge --out DIR SHARD_DIR...`: the shards of one `docksim run --shard` put back together into
/// what a single run writes, byte for byte (docs/sharding.md).
struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Merge the output directories of `docksim run --shard` into one run's outputs.",
    discussion: """
      Reads every shard's shard.csv, checks that the shards come from the same run (same count, same \
      work list) and that each shard is given once, then writes summary.csv, expectations.csv, \
      montecarlo.csv (when a scenario was repeated) and traces/ into --out, identical to a single run \
      of the same inputs. Shards of `docksim tune --shard` merge into one trials.csv, to be finished \
      with `docksim tune --resume`. When every shard ran with --timing, timing.csv gets their rows in \
      work-list order (measured on the shards' machines: not byte-comparable with a single run). Nothing \
      is written when a check fails. Exit codes: 0 success; 1 a merged \
      scenario failed to run or an expectation failed (with --strict, or could not tell), as for `run`; \
      2 bad input or usage; 3 a \
      write failed (nothing changed); 4 --out in use by another docksim.
      """)

  @Argument(
    help: ArgumentHelp(
      "The shards' output directories, one per shard, in any order.", valueName: "shard-dir"),
    completion: .directory)
  var shards: [String] = []

  @Option(
    name: .long, help: ArgumentHelp("Output directory.", valueName: "directory"), completion: .directory)
  var out: String = "results"

  @Flag(name: .long, help: "Do not print the summary table.")
  var quiet = false

  @Flag(
    name: .long,
    help: "Exit 1 also on an expectation over seeds whose verdict is cannot tell, as `run --strict`.")
  var strict = false

  func run() throws {
    guard !shards.isEmpty else {
      throw fail(
        "merge: expected the output directories of the shards (docksim merge --out DIR SHARD_DIR...)")
    }
    guard !out.isEmpty else { throw fail("merge: --out: expected a directory, got an empty string") }
    let kind: ShardKind
    do { kind = try ShardManifest.read(directory: shards[0]).kind } catch { throw fail("\(error)") }
    if kind == .tune { return try mergeTuning() }
    let merged: MergedRun
    do { merged = try ShardMerge.merge(shards) } catch { throw fail("\(error)") }
    for shard in shards where OutputPaths.resolved(shard) == OutputPaths.resolved(out) {
      throw fail("\(out): is the shard directory \(shard); expected a separate output directory")
    }
    // As `run`: --out held for the merge, everything staged and published all or nothing at the end,
    // so a failed write leaves the directory as it was (docs/robustness.md, "Outputs and faults").
    let transaction = try openTransaction(
      directory: out, command: "docksim merge",
      inputs: shards.flatMap { OutputPaths.files(under: $0) }.map { LabeledPath("shard file", $0) })
    defer { transaction.abort() }
    do {
      try merged.write(to: transaction)
      // Tables an earlier run left that this merge does not write would be read as its own.
      for name in RunReport.tableFiles { try transaction.remove(name) }
      try transaction.commit(last: ["summary.csv"])
    } catch { throw failWriting(transaction.unstaged(error)) }
    if !quiet {
      print(
        "merged \(shards.count) shard\(shards.count == 1 ? "" : "s") of \(merged.outcomes.count) scenarios")
    }
    if !merged.shardsWithoutTiming.isEmpty {
      printError(
        "docksim: warning: no timing.csv in \(merged.shardsWithoutTiming.joined(separator: ", ")) (run without "
          + "--timing); wrote no timing.csv, as timing rows of some shards only would look like a whole run's"
      )
    }
    let footer = merged.timingCSV.map { _ in
      "wrote \((out as NSString).appendingPathComponent(TimingTable.fileName)): the shards' timing rows "
        + "(measured on their machines; not byte-comparable with a single run)"
    }
    try RunReport.finish(
      merged.outcomes, out: out, quiet: quiet, strict: strict,
      files: merged.monteCarloCSV == nil ? [] : [MonteCarlo.fileName, SeedTable.fileName], footer: footer)
  }

  /// Tuning shards: their trials.csv rows in trial order, ready for `docksim tune --resume`.
  private func mergeTuning() throws {
    let text: String
    let specification: String?
    do {
      text = try TuneShards.merge(shards)
      specification = try TuneShards.mergedSpecification(shards)
    } catch { throw fail("\(error)") }
    let transaction = try openTransaction(
      directory: out, command: "docksim merge",
      inputs: shards.flatMap { OutputPaths.files(under: $0) }.map { LabeledPath("shard file", $0) })
    defer { transaction.abort() }
    let target = (out as NSString).appendingPathComponent(Tuner.trialsFile)
    guard !FileManager.default.fileExists(atPath: target) else {
      throw fail("\(target) already exists; merge into a new --out (nothing was changed)")
    }
    do {
      // Published together with trials.csv, whose presence is what `tune --resume` looks for.
      if let specification { try transaction.write(specification, to: Tuner.specificationFile) }
      try transaction.write(text, to: Tuner.trialsFile)
      try transaction.commit(last: [Tuner.trialsFile])
    } catch { throw failWriting(transaction.unstaged(error)) }
    if !quiet {
      print(
        "merged \(shards.count) tuning shards into \(target); finish with `docksim tune SPEC --resume --out \(out)`"
      )
    }
  }
}
