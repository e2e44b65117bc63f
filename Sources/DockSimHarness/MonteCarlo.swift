import DockSimCore
import DockSimIO

/// Monte Carlo repetitions: the same scenario with several seeds derived from its own, summarized per
/// metric by mean, 95th percentile, minimum and maximum.
public enum MonteCarlo {
  /// The seed of repetition `k` of a scenario seeded `base`: `base` itself for k = 0, then SplitMix64
  /// of `base` and `k` — fixed by the two numbers alone, so serial and parallel runs agree.
  public static func seed(_ base: UInt64, repetition k: Int) -> UInt64 {
    guard k > 0 else { return base }
    // Kept within Int64 so that the seed fits a scenario file's `seed`.
    return SplitMix64.mix(base &+ UInt64(k) &* SplitMix64.increment) & UInt64(Int64.max)
  }

  /// The `q` quantile of `sorted` (ascending, non-empty) by nearest rank: the value of rank ⌈q·n⌉, at
  /// least 1 — `montecarlo.csv`'s p95, and the percentiles the report draws over seeds.
  public static func nearestRank(_ sorted: [Double], _ q: Double) -> Double {
    let rank = max(1, Int((q * Double(sorted.count)).rounded(.up)))
    return sorted[min(rank, sorted.count) - 1]
  }

  /// One metric over the repetitions.
  public struct Statistic: Equatable, Sendable {
    public var metric: String
    public var runs: Int
    public var mean: Double?
    public var p95: Double?
    public var minimum: Double?
    public var maximum: Double?
  }

  /// The repetitions of one scenario (`outcomes[0]` is the scenario's own seed) as one outcome whose
  /// metrics are the means (over the runs where the metric applies; `OverflowSafeMean`, so finite
  /// values have a finite mean), and the per-metric statistics.
  /// Any failed repetition makes the whole a failure naming its seed. Each expectation is checked on
  /// every seed and holds when the share of seeds meeting it reaches its `share` (every seed by default).
  public static func aggregate(_ outcomes: [RunOutcome], expectations: [Expectation]) -> (
    RunOutcome, [Statistic]
  ) {
    let first = outcomes[0]
    if let bad = outcomes.first(where: { $0.failure != nil }) {
      return (
        RunOutcome(
          name: first.name, seed: first.seed, result: nil,
          failure: "repetition with seed \(bad.seed): \(bad.failure ?? "")"), []
      )
    }
    let results = outcomes.compactMap(\.result)
    var stats: [Statistic] = []
    var means: [MetricValue] = []
    for (i, m) in results[0].metrics.enumerated() {
      let values = results.compactMap { $0.metrics[i].value }.sorted()
      // The one rule for sums over seeds: finite for huge finite values, the plain mean otherwise.
      let mean = values.isEmpty ? nil : OverflowSafeMean.of(values)
      stats.append(
        Statistic(
          metric: m.name, runs: results.count, mean: mean,
          p95: values.isEmpty ? nil : nearestRank(values, 0.95),
          minimum: values.first, maximum: values.last))
      means.append(MetricValue(m.key, mean))
    }
    let r = results[0]
    let merged = ScenarioResult(
      name: r.name, seed: r.seed, duration: r.duration, frames: r.frames, metrics: means)
    var outcome = RunOutcome(
      name: first.name, seed: first.seed, result: merged, failure: nil,
      expectations: expectations.map { $0.check(seeds: results, mean: merged.metric($0.metric)) })
    outcome.repetitions = results.count
    return (outcome, stats)
  }

  public static let fileName = "montecarlo.csv"

  /// The columns of `montecarlo.csv`.
  public static let columns = ["scenario", "runs", "metric", "mean", "p95", "min", "max"]

  /// `montecarlo.csv`: scenario, runs, metric, mean, p95, min, max.
  public static func csv(_ rows: [(scenario: String, stats: [Statistic])]) -> String {
    var out = CSVFormat.line(columns)
    for (scenario, stats) in rows {
      for s in stats {
        let key = MetricCatalog.key(named: s.metric) ?? MetricKey(s.metric)
        out += CSVFormat.line([
          CSVFormat.cell(scenario), CSVFormat.cell(s.runs), s.metric, CSVFormat.cell(s.mean, of: key),
          CSVFormat.cell(s.p95, of: key), CSVFormat.cell(s.minimum, of: key),
          CSVFormat.cell(s.maximum, of: key),
        ])
      }
    }
    return out
  }
}
