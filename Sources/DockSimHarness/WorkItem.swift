import DockSimCore
import DockSimIO
import Foundation

/// One scenario of a run's work list: the scenario as loaded (overrides applied) and how many Monte
/// Carlo repetitions it gets. `docksim run` builds the list from files, directories and suites, in
/// order; a shard runs some of its items (`Shard.owns`), never part of an item.
public struct WorkItem: Sendable, Equatable {
  /// The file the scenario came from (for messages only: shards may run from different checkouts).
  public var path: String
  public var scenario: Scenario
  /// 1 for a plain run; N runs seeds `MonteCarlo.seed(scenario.seed, repetition: 0..<N)`.
  public var repetitions: Int
  public init(path: String, scenario: Scenario, repetitions: Int) {
    self.path = path
    self.scenario = scenario
    self.repetitions = repetitions
  }
}

extension WorkItem {
  /// The work list of a command's paths (`SuiteExpansion`), each scenario loaded: a suite's scenarios
  /// under its overrides (the command line's `overrides` on top), with its repetitions and its seed
  /// offset applied to the seed; a file or a directory's scenarios under `overrides`, one repetition
  /// each. `repetitions`, when given, replaces every item's. Errors name the file.
  public static func load(paths: [String], overrides: ScenarioOverrides, repetitions: Int? = nil) throws
    -> [WorkItem]
  {
    try load(SuiteExpansion(paths: paths, overrides: overrides, repetitions: repetitions))
  }

  /// Loads every scenario of `expansion`, stopping at the first error.
  public static func load(_ expansion: SuiteExpansion) throws -> [WorkItem] {
    try expansion.scenarios.map { entry in
      WorkItem(path: entry.file, scenario: try entry.load(), repetitions: entry.repetitions)
    }
  }
}

extension SuiteRunner {
  /// Every run of `items` in order: each item's repetitions, seeded `MonteCarlo.seed(seed, k)` from
  /// the item's seed (which already carries its suite's offset, `SuiteExpansion.seed`).
  public static func plannedRuns(_ items: [WorkItem]) -> [Scenario] {
    items.flatMap { item in
      (0..<item.repetitions).map { k in
        var s = item.scenario
        s.seed = MonteCarlo.seed(item.scenario.seed, repetition: k)
        return s
      }
    }
  }
}

/// What running a work list produced: one outcome per item (the means when repeated) and the
/// statistics of every repeated item, both in work-list order.
public struct RunResults: Sendable {
  public var outcomes: [RunOutcome]
  public var statistics: [(scenario: String, stats: [MonteCarlo.Statistic])]
  /// The compute time of every run — each repetition of each item, in work-list order — when the
  /// run measured it, else nil. Not written by `write(to:)`: see `TimingTable`.
  public var timing: [TimingTable.Row]?
  /// Every run on its own — each repetition of each item, in work-list order — for `seeds.csv`.
  public var runs: [SeedTable.Row]
  public init(
    outcomes: [RunOutcome], statistics: [(scenario: String, stats: [MonteCarlo.Statistic])],
    timing: [TimingTable.Row]? = nil, runs: [SeedTable.Row] = []
  ) {
    self.outcomes = outcomes
    self.statistics = statistics
    self.timing = timing
    self.runs = runs
  }

  /// Whether any item was repeated: then `montecarlo.csv` and `seeds.csv` are written.
  public var isMonteCarlo: Bool { !statistics.isEmpty }

  /// Writes `summary.csv`, `expectations.csv` and, when any item was repeated, `montecarlo.csv` and
  /// `seeds.csv` into `directory`, each atomically. Without repetitions, a `montecarlo.csv` or
  /// `seeds.csv` left there by an earlier run is removed: it would be read as this run's.
  public func write(to directory: String) throws {
    try AtomicFileWriter.write(
      SummaryTable.csv(outcomes), to: (directory as NSString).appendingPathComponent("summary.csv"))
    try AtomicFileWriter.write(
      SummaryTable.expectationsCSV(outcomes),
      to: (directory as NSString).appendingPathComponent("expectations.csv"))
    try AtomicFileWriter.write(
      isMonteCarlo ? MonteCarlo.csv(statistics) : nil,
      orRemove: (directory as NSString).appendingPathComponent(MonteCarlo.fileName))
    try AtomicFileWriter.write(
      isMonteCarlo ? SeedTable.csv(runs) : nil,
      orRemove: (directory as NSString).appendingPathComponent(SeedTable.fileName))
  }
}

extension SuiteRunner {
  /// Runs every item of `items` on `jobs` threads and writes each item's traces (of its first
  /// repetition, the scenario's own seed) into `tracesDirectory`.
  ///
  /// Every repetition is a job of its own, so a repeated scenario spreads over the workers; the
  /// repetitions are folded back per item (`MonteCarlo.aggregate`) in input order. With
  /// `measureComputeTime`, `timing` holds one row per repetition (the outcomes are the same).
  public static func run(
    _ items: [WorkItem], jobs: Int, tracesDirectory: String?, measureComputeTime: Bool = false
  ) -> RunResults {
    run(items, jobs: jobs, tracesDirectory: tracesDirectory, measureComputeTime: measureComputeTime) {
      false
    }!
  }

  /// As `run(_:jobs:tracesDirectory:measureComputeTime:)`, stopping once `isCancelled` returns true
  /// (no run starts; running ones stop at their next frame). Returns nil when cancelled: only the
  /// traces of runs that finished were written, each whole. `progress` counts frames and runs.
  public static func run(
    _ items: [WorkItem], jobs: Int, tracesDirectory: String?, measureComputeTime: Bool = false,
    progress: RunProgress? = nil, isCancelled: @escaping @Sendable () -> Bool
  ) -> RunResults? {
    let runs = plannedRuns(items)
    let writeTraces = items.flatMap { item in (0..<item.repetitions).map { $0 == 0 } }
    let repetition = items.flatMap { item in Array(0..<item.repetitions) }
    let all = run(
      runs, jobs: jobs, tracesDirectory: tracesDirectory, writeTraces: writeTraces,
      measureComputeTime: measureComputeTime, isCancelled: isCancelled, frames: progress)
    if isCancelled() { return nil }
    var results = RunResults(
      outcomes: [], statistics: [],
      runs: zip(all, repetition).map { SeedTable.Row(repetition: $1, outcome: $0) })
    if measureComputeTime {
      results.timing = zip(all, repetition).map { outcome, k in
        TimingTable.Row(scenario: outcome.name, repetition: k, seed: outcome.seed, timing: outcome.timing)
      }
    }
    var next = 0
    for item in items {
      let group = Array(all[next..<next + item.repetitions])
      next += item.repetitions
      if item.repetitions == 1 {
        results.outcomes.append(group[0])
      } else {
        let (merged, stats) = MonteCarlo.aggregate(group, expectations: item.scenario.expectations)
        results.outcomes.append(merged)
        results.statistics.append((item.scenario.name, stats))
      }
    }
    return results
  }
}
