import DockSimCore
import DockSimIO

/// Compares two seed-level tables (`seeds.csv`) paired on the same derived seeds (`docs/gate.md`, "The
/// gate over seeds").
///
/// * Each metric with a tolerance: the mean over seeds of the per-seed worsening (signed in the bad
///   direction of `better:`), with a paired bootstrap interval. A regression when the whole interval
///   lies beyond the allowance `max(abs, rel·|baseline mean|)` on the bad side, an improvement beyond
///   it on the good side, unchanged within ±allowance, else "cannot tell". Below `min_seeds` paired
///   seeds any non-zero change is "cannot tell"; all-zero changes are unchanged whatever the count.
/// * Failure rates (a seed failing any expectation; a seed more than `wrong_subject_max_s` on the
///   wrong subject): Clopper–Pearson intervals, and an exact one-sided McNemar test on the seeds whose
///   outcome changed; a regression when significantly more seeds newly fail than newly pass and the rate
///   rose by more than the tolerance. A failed expectation alone does not fail the gate: its rate does.
/// * A seed whose run failed now is a regression, as in the single-seed gate.
///
/// The two files must describe the same experiment: the same scenarios with the same repetitions and
/// seeds, and this docksim's columns. Anything else throws, naming the first difference.
public enum SeedGateComparison {
  /// The column holding seconds on the wrong subject; its failure rate is skipped when absent.
  public static let wrongSubjectColumn = MetricKey.wrongSubjectSeconds.name
  /// α of the one-sided McNemar test.
  public static let significance = 0.05

  public static func compare(
    baseline: SeedSnapshot, now: SeedSnapshot, tolerances: ToleranceTable,
    bootstrap: PairedBootstrap = PairedBootstrap(), strict: Bool = false
  ) throws(InputError) -> GateReport {
    try checkPaired(baseline: baseline, now: now)
    let settings = tolerances.seeds
    var notes: [String] = []
    let hasWrongSubject = now.columns.contains(wrongSubjectColumn)
    if !hasWrongSubject {
      notes.append(
        "no \(wrongSubjectColumn) column in the files: the rate of seeds on the wrong subject is not compared"
      )
    }
    let baseRows = Dictionary(uniqueKeysWithValues: baseline.scenarios.map { ($0.name, $0.rows) })
    var findings: [GateFinding] = []
    var paired = 0
    for (name, rows) in now.scenarios.sorted(by: { $0.name < $1.name }) {
      let base = baseRows[name] ?? []
      paired += rows.count
      findings.append(status(name, baseline: base, now: rows))
      for column in now.columns where GateComparison.identityColumns.contains(column) && column != "seed" {
        if let f = identity(name, column, baseline: base, now: rows) { findings.append(f) }
      }
      for column in now.columns {
        guard let t = tolerances.tolerance(for: column, scenario: name) else { continue }
        findings.append(
          metric(
            name, column, baseline: base, now: rows, tolerance: t, settings: settings, bootstrap: bootstrap))
      }
      findings.append(
        rate(
          name, check: "expectations_failed_rate", baseline: base, now: rows,
          tolerance: settings.failureRateTolerance,
          what: "seeds failing any expectation"
        ) { row in row.failed || (row.number("expectations_failed") ?? 0) > 0 })
      if hasWrongSubject {
        let limit = settings.wrongSubjectMaximumSeconds
        findings.append(
          rate(
            name, check: "wrong_subject_rate", baseline: base, now: rows,
            tolerance: settings.failureRateTolerance,
            what: "seeds more than \(CSVFormat.cell(limit)) s on the wrong subject"
          ) { row in row.failed || (row.number(wrongSubjectColumn) ?? 0) > limit })
      }
    }
    notes += GateComparison.notes(
      columns: now.columns, tolerances: tolerances, scenarios: now.scenarios.map(\.name))
    return GateReport(
      baselineFile: baseline.file, summaryFile: now.file, toleranceFile: tolerances.file, findings: findings,
      notes: notes, overSeeds: true, strict: strict, pairedSeeds: paired)
  }

  /// The two files pair up: same columns (this docksim's), scenarios, repetitions and seeds.
  static func checkPaired(baseline: SeedSnapshot, now: SeedSnapshot) throws(InputError) {
    for file in [baseline, now] where file.columns != SeedTable.columns {
      throw InputError(
        file: file.file, line: 1,
        message:
          "expected the columns this docksim writes in seeds.csv (\(SeedTable.columns.count) columns from "
          + "scenario to error), got \(file.columns.count) columns of another version; run both with the same "
          + "docksim (regenerate the baseline with `docksim baseline update`)")
    }
    let different = "; expected both files from runs of the same scenarios, repetitions and seeds"
    let inNow = Set(now.scenarios.map(\.name))
    let inBaseline = Set(baseline.scenarios.map(\.name))
    if let missing = baseline.scenarios.first(where: { !inNow.contains($0.name) }) {
      throw InputError(
        file: now.file,
        message: "scenario '\(missing.name)' is in the baseline \(baseline.file) but not here\(different)")
    }
    if let extra = now.scenarios.first(where: { !inBaseline.contains($0.name) }) {
      throw InputError(
        file: now.file,
        message: "scenario '\(extra.name)' is here but not in the baseline \(baseline.file)\(different)")
    }
    let nowRows = Dictionary(uniqueKeysWithValues: now.scenarios.map { ($0.name, $0.rows) })
    for (name, base) in baseline.scenarios {
      let rows = nowRows[name] ?? []
      guard rows.count == base.count else {
        throw InputError(
          file: now.file, field: "repetition",
          message:
            "scenario '\(name)' has \(rows.count) repetitions here and \(base.count) in the baseline "
            + "\(baseline.file)\(different)")
      }
      for (k, (b, n)) in zip(base, rows).enumerated() where b["seed"] != n["seed"] {
        throw InputError(
          file: now.file, line: n.line, field: "seed",
          message:
            "scenario '\(name)' repetition \(k) has seed \(n["seed"] ?? "") here and \(b["seed"] ?? "") in the "
            + "baseline \(baseline.file) (line \(b.line))\(different)")
      }
    }
  }

  /// `status`: runs that failed now are a regression; failed baseline runs that run now an improvement.
  static func status(_ name: String, baseline: [SummaryRow], now: [SummaryRow]) -> GateFinding {
    let failedNow = now.filter(\.failed)
    let failedBefore = baseline.filter(\.failed)
    var finding = GateFinding(
      scenario: name, check: "status",
      baseline: "\(baseline.count - failedBefore.count)/\(baseline.count) ok",
      now: "\(now.count - failedNow.count)/\(now.count) ok", verdict: .unchanged)
    if let first = failedNow.first {
      let reason = first["error"].flatMap { $0.isEmpty ? nil : $0 } ?? "no reason given"
      finding.verdict = .regression
      finding.note =
        "\(failedNow.count) of \(now.count) runs failed; repetition \(first["repetition"] ?? "") (seed "
        + "\(first["seed"] ?? "")): \(reason)"
    } else if !failedBefore.isEmpty {
      finding.verdict = .improvement
      finding.note = "runs again in every seed"
    }
    return finding
  }

  /// `duration_s`, `frames`: reported when any seed differs (the scenario itself changed).
  static func identity(_ name: String, _ column: String, baseline: [SummaryRow], now: [SummaryRow])
    -> GateFinding?
  {
    for (b, n) in zip(baseline, now) {
      if let f = GateComparison.identity(name, column, baseline: b, now: n) {
        var finding = f
        finding.note += " (repetition \(n["repetition"] ?? ""), and maybe others)"
        return finding
      }
    }
    return nil
  }

  /// A metric over the paired seeds.
  static func metric(
    _ name: String, _ column: String, baseline: [SummaryRow], now: [SummaryRow], tolerance t: MetricTolerance,
    settings: SeedGateSettings, bootstrap: PairedBootstrap
  ) -> GateFinding {
    var pairs: [(b: Double, n: Double)] = []
    var onlyBaseline = 0
    var onlyNow = 0
    for (b, n) in zip(baseline, now) {
      switch (b.number(column), n.number(column)) {
      case let (x?, y?): pairs.append((x, y))
      case (_?, nil): onlyBaseline += 1
      case (nil, _?): onlyNow += 1
      case (nil, nil): break
      }
    }
    var finding = GateFinding(
      scenario: name, check: column, baseline: nil, now: nil, tolerance: t, verdict: .unchanged)
    guard !pairs.isEmpty else {
      finding.baseline = onlyBaseline > 0 ? "applicable" : ""
      finding.now = onlyNow > 0 ? "applicable" : ""
      finding.verdict = onlyBaseline + onlyNow == 0 ? .notApplicable : .changed
      finding.note =
        onlyBaseline + onlyNow == 0
        ? "not applicable"
        : "applicable in \(onlyBaseline) baseline seeds and \(onlyNow) seeds now, never in both"
      return finding
    }
    let differences = pairs.map { t.worsening(baseline: $0.b, now: $0.n) }
    let baselineMean = OverflowSafeMean.of(pairs.map(\.b))
    let nowMean = OverflowSafeMean.of(pairs.map(\.n))
    let (mean, lower, upper) = bootstrap.interval(of: differences, stream: "gate \(name) \(column)")!
    // As in the single-seed gate, a slack of parts per billion keeps binary rounding off the boundary.
    let allowance = t.allowance(baseline: baselineMean) + 1e-9 * max(abs(baselineMean), abs(nowMean))
    let allZero = differences.allSatisfy { $0 == 0 }
    let tooFew = !allZero && pairs.count < settings.minimumSeeds
    finding.baseline = CSVFormat.cell(baselineMean)
    finding.now = CSVFormat.cell(nowMean)
    finding.numbers = (baselineMean, nowMean)
    finding.seeds = SeedStatistics(
      seeds: pairs.count, leftOut: baseline.count - pairs.count, baselineMean: baselineMean, nowMean: nowMean,
      change: mean, lower: lower, upper: upper, allowance: t.allowance(baseline: baselineMean),
      tooFewSeeds: tooFew)
    if onlyBaseline + onlyNow > 0 {
      finding.note = "applicable in one run only in \(onlyBaseline + onlyNow) seeds, left out"
    }
    if allZero { return finding }
    let beyondBad = lower > allowance
    let beyondGood = upper < -allowance
    let within = lower >= -allowance && upper <= allowance
    if t.better == .none {
      // Not a quality: only a change the seeds establish is reported.
      if beyondBad || beyondGood { finding.verdict = .changed }
      return finding
    }
    let needed = seedsToTell(differences, mean: mean, allowance: t.allowance(baseline: baselineMean))
    if tooFew {
      finding.verdict = .cannotTell
      let estimate =
        needed.map { "; by their spread, about \(describe(max($0, settings.minimumSeeds)))" } ?? ""
      finding.note = joined(
        "\(pairs.count) seeds compared; at least \(settings.minimumSeeds) (min_seeds) needed to judge a change"
          + estimate,
        finding.note)
    } else if beyondBad {
      finding.verdict = .regression
    } else if beyondGood {
      finding.verdict = .improvement
    } else if !within {
      finding.verdict = .cannotTell
      let estimate = needed.map { "; about \(describe($0)) would tell at this tolerance" } ?? ""
      finding.note = joined(
        "not enough seeds to tell (\(pairs.count) seeds compared\(estimate))", finding.note)
    }
    return finding
  }

  /// The normal quantile of the 95 % interval the gate reports: the interval's half-width is taken
  /// as z·s/√n to estimate how many seeds would settle a change.
  static let intervalZ = 1.959964
  /// Estimates beyond this many seeds are given as "more than": no run would use them, and a mean
  /// change at the tolerance itself would need infinitely many.
  static let largestSeedEstimate = 1_000_000

  /// Seeds that would settle a change whose per-seed worsenings are `differences` (docs/gate.md, "How
  /// many seeds would tell"): with the spread s of the differences and the distance d of the mean
  /// change from the allowance's edge (| |mean| − allowance |), the interval z·s/√n no longer reaches
  /// across that edge once n ≥ (z·s/d)². Nil without a spread (fewer than 2 seeds, or all equal).
  static func seedsToTell(_ differences: [Double], mean: Double, allowance: Double) -> Int? {
    let n = Double(differences.count)
    guard differences.count >= 2 else { return nil }
    let variance = differences.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
    guard variance.isFinite, variance > 0 else { return nil }
    let distance = abs(abs(mean) - allowance)
    let seeds =
      (intervalZ * variance.squareRoot() / distance) * (intervalZ * variance.squareRoot() / distance)
    guard seeds.isFinite, seeds < Double(largestSeedEstimate) else { return largestSeedEstimate + 1 }
    return max(differences.count + 1, Int(seeds.rounded(.up)))
  }

  /// A seed estimate in words.
  static func describe(_ seeds: Int) -> String {
    seeds > largestSeedEstimate ? "more than \(largestSeedEstimate) seeds" : "\(seeds) seeds"
  }

  /// Seeds at which the exact one-sided McNemar test would reach `significance` if the shares of seeds
  /// newly failing and newly passing stayed as observed: the smallest n found by doubling and then
  /// halving the step (the rate moved, so at least one seed changed towards it).
  static func seedsToTell(towards: Int, away: Int, seeds n: Int) -> Int {
    func significant(_ m: Int) -> Bool {
      let scale = Double(m) / Double(n)
      let t = Int((Double(towards) * scale).rounded())
      let a = Int((Double(away) * scale).rounded())
      return McNemar.oneSidedPValue(towards: t, away: a) <= significance
    }
    var high = n + 1
    while !significant(high) {
      guard high <= largestSeedEstimate else { return largestSeedEstimate + 1 }
      high *= 2
    }
    var low = max(n, high / 2)
    while high - low > 1 {
      let middle = (low + high) / 2
      if significant(middle) { high = middle } else { low = middle }
    }
    return high
  }

  /// A failure rate over the paired seeds; `fails` says whether one run counts as failing.
  static func rate(
    _ name: String, check: String, baseline: [SummaryRow], now: [SummaryRow], tolerance: Double, what: String,
    fails: (SummaryRow) -> Bool
  ) -> GateFinding {
    var before = 0
    var after = 0
    var newlyFailing = 0
    var newlyPassing = 0
    for (b, n) in zip(baseline, now) {
      let (x, y) = (fails(b), fails(n))
      if x { before += 1 }
      if y { after += 1 }
      if !x && y { newlyFailing += 1 }
      if x && !y { newlyPassing += 1 }
    }
    let n = now.count
    let b = ClopperPearson.interval(successes: before, trials: n)
    let c = ClopperPearson.interval(successes: after, trials: n)
    let rose = after > before
    let fell = after < before
    let p =
      rose
      ? McNemar.oneSidedPValue(towards: newlyFailing, away: newlyPassing)
      : fell ? McNemar.oneSidedPValue(towards: newlyPassing, away: newlyFailing) : 1
    let comparison = RateComparison(
      seeds: n, baselineFailing: before, nowFailing: after, baselineLower: b.lower, baselineUpper: b.upper,
      nowLower: c.lower, nowUpper: c.upper, newlyFailing: newlyFailing, newlyPassing: newlyPassing, pValue: p,
      tolerance: tolerance)
    var finding = GateFinding(
      scenario: name, check: check, baseline: GateFormat.rate(before, n, b),
      now: GateFormat.rate(after, n, c),
      verdict: .unchanged, note: what, rate: comparison)
    // The same 10⁻⁹ slack as for metrics: a rise of exactly the tolerance is within it.
    let moved = abs(comparison.nowRate - comparison.baselineRate) > tolerance + 1e-9
    if (rose || fell) && moved {
      if p <= significance {
        finding.verdict = rose ? .regression : .improvement
      } else {
        finding.verdict = .cannotTell
        let (towards, away) = rose ? (newlyFailing, newlyPassing) : (newlyPassing, newlyFailing)
        finding.note =
          "\(what); the change is not significant over \(n) seeds (McNemar p = "
          + "\(GateFormat.significant(p, digits: 3))); about "
          + describe(seedsToTell(towards: towards, away: away, seeds: n))
          + " would tell, if the shares that changed held"
      }
    }
    return finding
  }

  private static func joined(_ a: String, _ b: String) -> String { b.isEmpty ? a : "\(a); \(b)" }
}
