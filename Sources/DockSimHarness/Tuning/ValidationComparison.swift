import DockSimCore
import DockSimIO

/// Whether the chosen set is clearly better than the baseline on the validation data, or within the
/// noise over its runs (docs/tuning.md, "Is the chosen set better?").
///
/// The validation objective is a weighted mean of metrics over runs (scenario seeds and logs), so it
/// splits exactly into one share per run. The baseline and the chosen set run the same scenarios with
/// the same seeds, so each run pairs up: its difference of shares, scaled by the number of runs so that
/// their mean is the objective's difference, is one paired difference. The 95 % paired bootstrap
/// interval of their mean (`PairedBootstrap`, as the gate over seeds uses) wholly below 0 makes the
/// chosen set clearly better; an interval reaching 0 or above does not.
public struct ValidationComparison: Sendable, Equatable {
  /// Chosen − baseline validation objective (lower is better), its interval, and the runs paired;
  /// nil when the verdict rests on the constraints or on failed runs instead.
  public var difference: Double?
  public var lower: Double?
  public var upper: Double?
  public var runs: Int
  public var clearlyBetter: Bool
  /// Why, in words, for the summary and best.yaml.
  public var reason: String

  /// The plain statement the summary prints.
  public var statement: String {
    (clearlyBetter
      ? "clearly better than the baseline on validation: "
      : "not clearly better than the baseline on validation: ")
      + reason
  }

  /// One run's metrics (`MetricCatalog.all` order), per unit (scenario or log) and repetition; nil
  /// when a run failed.
  public typealias Runs = [[[Double?]]]

  /// Fewer paired runs than this are not judged, as the gate's default `min_seeds`: the percentile
  /// interval of few draws is too narrow (three runs have ten distinct resamples, one run a single
  /// point), so it would call noise an improvement.
  static let minimumRuns = 10

  /// The bootstrap's stream name: the comparison draws the same numbers whatever else ran.
  static let stream = "tune validation: chosen against baseline"

  static func compare(
    chosen: (score: TrialScore, runs: Runs?), baseline: (score: TrialScore, runs: Runs?),
    objective: TuneObjective, bootstrap: PairedBootstrap = PairedBootstrap()
  ) -> ValidationComparison {
    if chosen.score.status != .ok {
      return ValidationComparison(
        runs: 0, clearlyBetter: false,
        reason:
          "it breaks a constraint on the validation data (violation \(TuneReport.show(chosen.score.violation)))"
      )
    }
    if baseline.score.status != .ok {
      return ValidationComparison(
        runs: 0, clearlyBetter: true,
        reason: "the baseline breaks a constraint on the validation data and the chosen set does not")
    }
    guard let c = chosen.runs, let b = baseline.runs, c.map(\.count) == b.map(\.count) else {
      return ValidationComparison(
        runs: 0, clearlyBetter: false, reason: "a validation run failed, so the runs cannot be paired")
    }
    let (sc, sb) = (shares(c, objective: objective), shares(b, objective: objective))
    let n = Double(sc.count)
    let differences = zip(sc, sb).map { n * ($0 - $1) }
    guard let (mean, lower, upper) = bootstrap.interval(of: differences, stream: stream) else {
      return ValidationComparison(runs: 0, clearlyBetter: false, reason: "the validation data has no run")
    }
    let count = sc.count == 1 ? "1 paired run" : "\(sc.count) paired runs"
    guard sc.count >= minimumRuns else {
      return ValidationComparison(
        difference: mean, runs: sc.count, clearlyBetter: false,
        reason:
          "\(signed(mean)) in the objective over \(count), fewer than the \(minimumRuns) needed to judge "
          + "it against the noise; validate on more scenarios or seeds (a suite's repetitions) before using best.yaml"
      )
    }
    let better = upper < 0
    let interval =
      "\(signed(mean)) in the objective (95% CI \(signed(lower)) … \(signed(upper))) over \(count)"
    return ValidationComparison(
      difference: mean, lower: lower, upper: upper, runs: sc.count, clearlyBetter: better,
      reason: better
        ? interval
        : interval + "; the interval reaches 0, so the change is within the noise over seeds and scenarios "
          + "and best.yaml is no demonstrated improvement")
  }

  /// Each run's share of the objective, in unit and repetition order: a term's weight times the run's
  /// value, divided by the units where the metric applies and by the unit's runs where it does — the
  /// mean of means `TrialEvaluator` takes, so the shares add up to the objective.
  static func shares(_ runs: Runs, objective: TuneObjective) -> [Double] {
    let keys = MetricCatalog.all
    var out = runs.map { $0.map { _ in 0.0 } }
    for term in objective.terms {
      let m = keys.firstIndex(of: term.metric)!
      let applying = runs.indices.filter { u in runs[u].contains { $0[m] != nil } }
      for u in applying {
        let counted = runs[u].filter { $0[m] != nil }.count
        for (r, run) in runs[u].enumerated() {
          guard let v = run[m] else { continue }
          out[u][r] += term.weight * v / Double(applying.count) / Double(counted)
        }
      }
    }
    return out.flatMap { $0 }
  }

  static func signed(_ x: Double) -> String { (x > 0 ? "+" : "") + TuneReport.show(x) }
}
