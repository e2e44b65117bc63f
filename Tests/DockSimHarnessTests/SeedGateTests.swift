import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// The gate over seeds without the binary: pairing checks, metric verdicts from the bootstrap interval,
/// failure rates, and what the reports show.
struct SeedGateTests {
  static let tolerances = ToleranceTable(
    file: "t.yaml", metrics: MetricCatalog.names,
    defaults: Dictionary(
      uniqueKeysWithValues: MetricCatalog.names.map { ($0, MetricTolerance(better: .lower, absolute: 0.002)) }
    ),
    seeds: SeedGateSettings(minimumSeeds: 10))

  /// A seeds.csv of scenario `a` with one row per value of `rms` (framing_error_rms; other metrics
  /// empty) and `failed[k]` failed expectations in repetition k.
  static func seeds(
    _ rms: [Double], failed: [Int]? = nil, seed: (Int) -> Int = { 100 + $0 }, scenario: String = "a"
  )
    -> String
  {
    var text = CSVFormat.line(SeedTable.columns)
    for (k, v) in rms.enumerated() {
      let cells = SeedTable.columns.map { column -> String in
        switch column {
        case "scenario": return scenario
        case "repetition": return "\(k)"
        case "seed": return "\(seed(k))"
        case "duration_s": return "5.0"
        case "frames": return "150"
        case "framing_error_rms": return CSVFormat.cell(v)
        case "expectations_failed": return "\(failed?[k] ?? 0)"
        case "status": return "ok"
        default: return ""
        }
      }
      text += CSVFormat.line(cells)
    }
    return text
  }

  static func compare(_ baseline: String, _ now: String, strict: Bool = false) throws -> GateReport {
    try SeedGateComparison.compare(
      baseline: SeedSnapshot.parse(baseline, file: "base.csv"), now: SeedSnapshot.parse(now, file: "now.csv"),
      tolerances: tolerances, bootstrap: PairedBootstrap(resamples: 2000), strict: strict)
  }

  static func finding(_ r: GateReport, _ check: String) -> GateFinding? {
    r.findings.first { $0.check == check }
  }

  /// Deterministic spread around a level: 0.01 + 0.004·sin(k).
  static func noisy(_ count: Int, plus shift: Double = 0) -> [Double] {
    (0..<count).map { 0.01 + 0.004 * sin(Double($0)) + shift }
  }

  @Test func identicalSeedsAreUnchangedWhateverTheCount() throws {
    for count in [2, 20] {
      let r = try Self.compare(Self.seeds(Self.noisy(count)), Self.seeds(Self.noisy(count)))
      let f = try #require(Self.finding(r, "framing_error_rms"))
      #expect(f.verdict == .unchanged && f.seeds?.seeds == count && f.seeds?.lower == 0)
      #expect(r.passed && r.cannotTell.isEmpty && r.pairedSeeds == count)
    }
  }

  @Test func clearWorseningOverEnoughSeedsRegressesWithAnInterval() throws {
    // Each seed worse by 0.01 ± 0.002: far beyond the 0.002 allowance.
    let worse = Self.noisy(20).enumerated().map { $1 + 0.01 + 0.002 * cos(Double($0)) }
    let r = try Self.compare(Self.seeds(Self.noisy(20)), Self.seeds(worse))
    let f = try #require(Self.finding(r, "framing_error_rms"))
    let s = try #require(f.seeds)
    #expect(f.verdict == .regression)
    #expect(s.lower > 0.002 && s.lower <= s.change && s.change <= s.upper && s.seeds == 20)
    #expect(!r.passed)
    let text = GateTextReport.render(r)
    #expect(text.contains("worse (95% CI +"), "\(text)")
    #expect(text.contains("; 20 seeds)"))
    // Better by as much is an improvement.
    let back = try Self.compare(Self.seeds(worse), Self.seeds(Self.noisy(20)))
    #expect(Self.finding(back, "framing_error_rms")?.verdict == .improvement)
  }

  /// Values so large that their sum overflows are still a regression (before, the mean came out
  /// infinite, the allowance with it, and the candidate passed); the mean of ordinary values is the
  /// plain one to the last bit.
  @Test(arguments: [1e300, 1e308, Double.greatestFiniteMagnitude])
  func hugeValuesRegressTheirMeansStayFinite(_ huge: Double) throws {
    let r = try Self.compare(Self.seeds(Self.noisy(20)), Self.seeds(Array(repeating: huge, count: 20)))
    let f = try #require(Self.finding(r, "framing_error_rms"))
    #expect(f.verdict == .regression, "\(huge)")
    #expect(f.seeds.map { $0.nowMean.isFinite && $0.change.isFinite && $0.lower.isFinite } == true)
    #expect(!r.passed)
    let mean = OverflowSafeMean.of(Array(repeating: huge, count: 20))
    #expect(mean.isFinite && abs(mean - huge) <= 1e-15 * huge, "\(mean)")
    let ordinary = Self.noisy(20)
    #expect(OverflowSafeMean.of(ordinary) == ordinary.reduce(0, +) / 20)
  }

  @Test func tooFewSeedsOrAnIntervalAcrossTheToleranceCannotTell() throws {
    let three = Self.noisy(3)
    let r = try Self.compare(Self.seeds(three), Self.seeds(three.map { $0 + 0.01 }))
    let f = try #require(Self.finding(r, "framing_error_rms"))
    #expect(f.verdict == .cannotTell && f.note.contains("3 seeds compared; at least 10 (min_seeds)"))
    #expect(r.passed, "cannot tell does not fail by default")
    let strict = try Self.compare(Self.seeds(three), Self.seeds(three.map { $0 + 0.01 }), strict: true)
    #expect(!strict.passed && strict.failures.count == 1)
    #expect(GateJUnit.render(strict).contains("type=\"cannot-tell\""))
    #expect(GateMarkdown.render(strict).contains("### Cannot tell (failing under --strict)"))

    // 20 seeds, mean change about the allowance, spread wide: the interval straddles it.
    let wide = (0..<20).map { 0.002 + (($0 % 2 == 0) ? 0.01 : -0.01) }
    let base = Self.noisy(20)
    let r2 = try Self.compare(Self.seeds(base), Self.seeds(zip(base, wide).map { $0 + $1 }))
    let f2 = try #require(Self.finding(r2, "framing_error_rms"))
    #expect(f2.verdict == .cannotTell)
    #expect(f2.note.contains("not enough seeds to tell (20 seeds compared; about "))
  }

  /// Issue 29: a "cannot tell" says how many seeds would tell, n = ⌈(z·s/d)²⌉ (docs/gate.md).
  @Test func cannotTellSaysHowManySeedsWouldTell() throws {
    // Worse by 0.003 ± 0.004 in turn: s² = 20·0.004²/19, d = 0.003 − 0.002, (1.96·s/d)² = 64.7.
    let base = Self.noisy(20)
    let spread = (0..<20).map { 0.003 + ($0 % 2 == 0 ? 0.004 : -0.004) }
    let r = try Self.compare(Self.seeds(base), Self.seeds(zip(base, spread).map { $0 + $1 }))
    let f = try #require(Self.finding(r, "framing_error_rms"))
    #expect(f.verdict == .cannotTell)
    #expect(
      f.note == "not enough seeds to tell (20 seeds compared; about 65 seeds would tell at this tolerance)",
      "\(f.note)")
    // Below min_seeds: the larger of min_seeds and the spread's estimate (4 seeds: s² = 4·0.004²/3).
    let four = Array(spread.prefix(4))
    let r2 = try Self.compare(Self.seeds(Array(base.prefix(4))), Self.seeds(zip(base, four).map { $0 + $1 }))
    let f2 = try #require(Self.finding(r2, "framing_error_rms"))
    #expect(
      f2.note.hasSuffix("(min_seeds) needed to judge a change; by their spread, about 82 seeds"), "\(f2.note)"
    )
    // A mean change at the tolerance itself would need any number of seeds.
    #expect(SeedGateComparison.seedsToTell([0.001, 0.003], mean: 0.002, allowance: 0.002) == 1_000_001)
    #expect(SeedGateComparison.describe(1_000_001) == "more than 1000000 seeds")
    // No spread, no estimate.
    #expect(SeedGateComparison.seedsToTell([0.01, 0.01, 0.01], mean: 0.01, allowance: 0.002) == nil)
    // A rate: 2 of 20 seeds newly failing (p = 0.25) reach p ≤ 0.05 at 5 of 45 (0.5⁵ = 0.031).
    #expect(SeedGateComparison.seedsToTell(towards: 2, away: 0, seeds: 20) == 45)
  }

  @Test func failureRateRegressesOnlyWhenSignificant() throws {
    let values = Self.noisy(20)
    let none = Array(repeating: 0, count: 20)
    // 8 seeds newly fail, none newly pass: McNemar p = 0.5⁸ ≈ 0.0039.
    let many = (0..<20).map { $0 < 8 ? 1 : 0 }
    let r = try Self.compare(Self.seeds(values, failed: none), Self.seeds(values, failed: many))
    let f = try #require(Self.finding(r, "expectations_failed_rate"))
    #expect(f.verdict == .regression)
    #expect(
      f.rate?.newlyFailing == 8 && f.rate?.nowFailing == 8 && abs((f.rate?.pValue ?? 1) - 0.00390625) < 1e-12)
    #expect(f.now == "8/20 (40%, 95% CI 19.1–63.9%)")
    // 2 newly failing: p = 0.25, not significant.
    let two = (0..<20).map { $0 < 2 ? 1 : 0 }
    let r2 = try Self.compare(Self.seeds(values, failed: none), Self.seeds(values, failed: two))
    #expect(Self.finding(r2, "expectations_failed_rate")?.verdict == .cannotTell)
    #expect(
      Self.finding(r2, "expectations_failed_rate")?.note.hasSuffix(
        "about 45 seeds would tell, if the shares that changed held") == true)
    #expect(r2.passed, "a failed expectation alone does not fail the gate over seeds")
    // Without a wrong_subject_s column, that rate is skipped with a note.
    if !SeedTable.columns.contains("wrong_subject_s") {
      #expect(r.notes.contains { $0.contains("no wrong_subject_s column") })
    }
  }

  @Test(arguments: [
    ("seeds", "scenario 'a' repetition 1 has seed 7 here and 101 in the baseline base.csv"),
    ("repetitions", "scenario 'a' has 2 repetitions here and 3 in the baseline base.csv"),
    ("scenarios", "scenario 'a' is in the baseline base.csv but not here"),
  ])
  func mismatchedRunsAreRefusedNamingTheDifference(kind: String, message: String) throws {
    let base = Self.seeds([0.01, 0.02, 0.03])
    let now: String
    switch kind {
    case "seeds": now = Self.seeds([0.01, 0.02, 0.03], seed: { $0 == 1 ? 7 : 100 + $0 })
    case "repetitions": now = Self.seeds([0.01, 0.02])
    default: now = Self.seeds([0.01, 0.02, 0.03], scenario: "b")
    }
    #expect {
      try Self.compare(base, now)
    } throws: { error in
      "\(error)".contains(message) && "\(error)".hasPrefix("now.csv")
    }
  }

  @Test(arguments: [
    ("0.01", "inf", "now.csv:3:"),
    ("0.01", "nan", "now.csv:3:"),
    ("0.01", "-inf", "now.csv:3:"),
  ])
  func nonFiniteValuesAreRefused(good: String, bad: String, location: String) throws {
    let text = Self.seeds([0.01, 0.02]).replacingOccurrences(of: ",0.02,", with: ",\(bad),")
    #expect {
      try SeedSnapshot.parse(text, file: "now.csv")
    } throws: { error in
      "\(error)".hasPrefix(location) && "\(error)".contains("framing_error_rms: expected a finite number")
    }
  }

  @Test(arguments: ["-1", "1.5", "x"])
  func expectationsFailedMustBeAWholeNumber(cell: String) throws {
    let text = Self.seeds([0.01]).replacingOccurrences(of: ",0,ok,", with: ",\(cell),ok,")
    #expect {
      try SeedSnapshot.parse(text, file: "s.csv")
    } throws: { error in
      "\(error)".contains("s.csv:2:")
        && "\(error)".contains("expectations_failed: expected a whole number ≥ 0")
    }
  }

  @Test func repetitionsMustBeNumberedInOrder() throws {
    let text = Self.seeds([0.01, 0.02]).replacingOccurrences(of: "\na,1,", with: "\na,3,")
    #expect {
      try SeedSnapshot.parse(text, file: "s.csv")
    } throws: { error in
      "\(error)".hasPrefix("s.csv:3: repetition: expected repetition 1 of 'a'")
    }
  }

  @Test func seedGateSettingsAreReadFromTheToleranceFile() throws {
    let metrics = MetricCatalog.names.map { "  \($0): { better: lower }" }.joined(separator: "\n")
    let table = try ToleranceFile.parse(
      yaml: "min_seeds: 30\nwrong_subject_max_s: 0.5\nfailure_rate: { abs: 0.05 }\nmetrics:\n\(metrics)\n",
      file: "t.yaml", metrics: MetricCatalog.names)
    #expect(
      table.seeds
        == SeedGateSettings(minimumSeeds: 30, wrongSubjectMaximumSeconds: 0.5, failureRateTolerance: 0.05))
    for (bad, message) in [
      ("min_seeds: 1", "t.yaml:1:12: min_seeds: expected an integer in 2 ... 1000000, got 1"),
      ("failure_rate: { abs: 2 }", "failure_rate.abs: expected a share of seeds in [0, 1], got 2"),
      ("failure_rate: { rel: 0.1 }", "failure_rate.rel: unknown field 'rel'"),
      ("wrong_subject_max_s: .inf", "wrong_subject_max_s: expected a finite number ≥ 0"),
    ] {
      #expect {
        try ToleranceFile.parse(
          yaml: "\(bad)\nmetrics:\n\(metrics)\n", file: "t.yaml", metrics: MetricCatalog.names)
      } throws: { error in
        "\(error)".contains(message)
      }
    }
  }
}
