import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// The chosen set against the baseline over the paired validation runs (issue 29): a set is called an
/// improvement only when the paired bootstrap interval lies wholly below 0.
struct ValidationComparisonTests {
  static let keys = MetricCatalog.all
  static let rms = keys.firstIndex(of: .framingErrorRMS)!
  static let idf1 = keys.firstIndex(of: .idf1)!
  static let objective = TuneObjective(
    terms: [.init(metric: .framingErrorRMS, weight: 1), .init(metric: .idf1, weight: -0.1)], constraints: [])
  static let ok = TrialScore(status: .ok, objective: 0, violation: 0)

  /// A run's metric vector with framing_error_rms `rms` and idf1 `idf1` (nil: not applicable).
  static func run(_ rms: Double?, _ idf1: Double? = nil) -> [Double?] {
    var v = [Double?](repeating: nil, count: keys.count)
    v[Self.rms] = rms
    v[Self.idf1] = idf1
    return v
  }

  /// Ten scenarios of `seeds` seeds whose framing error is `level(u, r)`.
  static func runs(seeds: Int, _ level: (Int, Int) -> Double) -> ValidationComparison.Runs {
    (0..<10).map { u in (0..<seeds).map { r in run(level(u, r), 0.9) } }
  }

  @Test("the runs' shares add up to the objective the evaluator takes: a mean over units of means over seeds")
  func sharesAddUpToTheObjective() {
    // Unit 0: two seeds, idf1 in one; unit 1: one seed, no idf1; so idf1 applies in unit 0 alone.
    let runs: ValidationComparison.Runs = [[Self.run(0.02, 0.8), Self.run(0.04)], [Self.run(0.06)]]
    let shares = ValidationComparison.shares(runs, objective: Self.objective)
    let expected = ((0.02 + 0.04) / 2 + 0.06) / 2 - 0.1 * 0.8
    #expect(shares.count == 3)
    #expect(abs(shares.reduce(0, +) - expected) < 1e-15, "\(shares)")
  }

  @Test("better in every run by a margin over the spread: clearly better, the interval below 0")
  func consistentGainIsClearlyBetter() {
    let baseline = Self.runs(seeds: 2) { u, r in 0.05 + 0.01 * sin(Double(3 * u + r)) }
    let chosen = Self.runs(seeds: 2) { u, r in
      0.045 + 0.01 * sin(Double(3 * u + r)) + 0.001 * cos(Double(u + r))
    }
    let c = ValidationComparison.compare(
      chosen: (Self.ok, chosen), baseline: (Self.ok, baseline), objective: Self.objective)
    #expect(c.clearlyBetter && c.runs == 20)
    #expect((c.upper ?? 0) < 0 && abs((c.difference ?? 0) + 0.005) < 0.001)
    #expect(c.statement.hasPrefix("clearly better than the baseline on validation: -0.005"), "\(c.statement)")
  }

  @Test("a mean gain inside the noise over runs is not clearly better, and says so plainly")
  func gainWithinNoiseIsNotClearlyBetter() {
    let baseline = Self.runs(seeds: 2) { _, _ in 0.05 }
    // Better by 0.01 in half the runs, worse by 0.009 in the other half: mean −0.0005.
    let chosen = Self.runs(seeds: 2) { u, r in 0.05 + ((u + r) % 2 == 0 ? -0.01 : 0.009) }
    let c = ValidationComparison.compare(
      chosen: (Self.ok, chosen), baseline: (Self.ok, baseline), objective: Self.objective)
    #expect(!c.clearlyBetter)
    #expect((c.difference ?? 0) < 0 && (c.lower ?? 0) < 0 && (c.upper ?? 0) > 0)
    #expect(
      c.statement.hasPrefix("not clearly better than the baseline on validation: -0.0005"), "\(c.statement)")
    #expect(c.statement.hasSuffix("best.yaml is no demonstrated improvement"))
    // Identical runs: no change at all is no improvement either.
    let same = ValidationComparison.compare(
      chosen: (Self.ok, baseline), baseline: (Self.ok, baseline), objective: Self.objective)
    #expect(!same.clearlyBetter && same.upper == 0)
  }

  @Test("constraints and failed runs decide before the bootstrap")
  func constraintsAndFailures() {
    let runs = Self.runs(seeds: 1) { _, _ in 0.05 }
    let infeasible = TrialScore(status: .infeasible, objective: 0, violation: 2)
    let broken = ValidationComparison.compare(
      chosen: (infeasible, runs), baseline: (infeasible, runs), objective: Self.objective)
    #expect(!broken.clearlyBetter && broken.reason.hasPrefix("it breaks a constraint on the validation data"))
    let rescued = ValidationComparison.compare(
      chosen: (Self.ok, runs), baseline: (infeasible, runs), objective: Self.objective)
    #expect(rescued.clearlyBetter && rescued.reason.hasPrefix("the baseline breaks a constraint"))
    // One run per scenario of ten is enough to judge; one run alone is not, however large its gain.
    let one: ValidationComparison.Runs = [[Self.run(0.05)]]
    let single = ValidationComparison.compare(
      chosen: (Self.ok, [[Self.run(0.01)]]), baseline: (Self.ok, one), objective: Self.objective)
    #expect(!single.clearlyBetter && single.runs == 1)
    #expect(
      single.reason.hasPrefix("-0.04 in the objective over 1 paired run, fewer than the 10 needed"),
      "\(single.reason)")
    let failed = ValidationComparison.compare(
      chosen: (Self.ok, nil), baseline: (Self.ok, runs), objective: Self.objective)
    #expect(!failed.clearlyBetter && failed.reason.contains("a validation run failed"))
  }

  @Test("the summary and best.yaml state the verdict under the chosen set")
  func summaryStatesTheVerdict() {
    let space = SearchSpace([
      TuneParameter(path: "tracker.gate", domain: .real(lower: 8, upper: 40, logarithmic: false))
    ])
    func record(_ trial: Int, _ dataset: TrialRecord.Dataset, _ objective: Double, values: [String]?)
      -> TrialRecord
    {
      TrialRecord(
        trial: trial, phase: trial == 0 ? .baseline : .design, dataset: dataset,
        score: TrialScore(status: .ok, objective: objective, violation: 0), values: values,
        metrics: Self.keys.map { _ in nil }, note: "")
    }
    let baseline = (record(0, .train, 0.05, values: nil), record(0, .validation, 0.05, values: nil))
    let chosen = (record(3, .train, 0.04, values: ["20"]), record(3, .validation, 0.0499, values: ["20"]))
    let verdict = ValidationComparison(
      difference: -0.0001, lower: -0.002, upper: 0.0018, runs: 26, clearlyBetter: false, reason: "why")
    let outcome = TuneOutcome(
      baseline: baseline, validated: [baseline, chosen], chosen: chosen, sensitivity: [], comparison: verdict,
      stop: "budget", trainingTrials: 8)
    let spec = TuneSpec(
      name: "t", file: "t.tune.yaml", train: TuneDataset(), validation: TuneDataset(), parameters: [],
      objective: Self.objective, search: TuneSearch())
    let summary = TuneReport.summary(outcome, spec: spec, space: space)
    #expect(
      summary.contains("\n  tracker.gate = 20\nnot clearly better than the baseline on validation: why\n"),
      "\(summary)")
    #expect(
      TuneReport.bestYAML(outcome, spec: spec, space: space).contains(
        "# not clearly better than the baseline on validation: why"))
  }
}
