import DockSimHarness
import Foundation
import Testing

@testable import DockSimReport

/// A small `seeds.csv` written by hand, in the format `docksim run --repetitions` writes.
enum SeedsFixture {
  static let header =
    "scenario,repetition,seed,duration_s,frames,framing_error_rms,in_frame_ratio,estimation_error_rms_rad,"
    + "idf1,id_switches,primary_switches,expectations_failed,status,error"

  /// `repetitions` rows per scenario; the first scenario's repetition 1 has no idf1 (not applicable).
  /// `shift` moves every framing error, for a baseline that differs.
  static func csv(scenarios: [String], repetitions: Int, shift: Double = 0) -> String {
    var lines = [header]
    for (s, name) in scenarios.enumerated() {
      for k in 0..<repetitions {
        let framing = 0.02 + 0.005 * Double(k) + shift
        let idf1 = s == 0 && k == 1 ? "" : "\(0.9 - 0.01 * Double(k))"
        lines.append(
          "\(name),\(k),\(1000 + k),10.0,300,\(framing),1.0,0.00\(k + 1),\(idf1),\(k % 2),0,0,ok,")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// As `csv`, with every column this docksim writes (`SeedTable.columns`), as the gate over seeds
  /// requires of a baseline: the same values, `wrong_subject_s` 0 and `hota` 0.8 in every seed, the
  /// other metrics empty.
  static func completeCSV(scenarios: [String], repetitions: Int, shift: Double = 0) -> String {
    let compact = csv(scenarios: scenarios, repetitions: repetitions, shift: shift)
      .split(separator: "\n").map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
    let names = compact[0]
    var lines = [SeedTable.columns.joined(separator: ",")]
    for row in compact.dropFirst() {
      lines.append(
        SeedTable.columns.map { column in
          if let i = names.firstIndex(of: column) { return row[i] }
          return column == "wrong_subject_s" ? "0" : column == "hota" ? "0.8" : ""
        }.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

struct SeedsAndConsistencyTests {
  // MARK: χ² and sample statistics

  @Test(arguments: [
    (p: 0.025, k: 90.0, expected: 65.647), (p: 0.975, k: 90.0, expected: 118.136),
    (p: 0.025, k: 3.0, expected: 0.2158), (p: 0.975, k: 3.0, expected: 9.3484),
    (p: 0.95, k: 1.0, expected: 3.8415), (p: 0.99, k: 10.0, expected: 23.2093),
    (p: 0.5, k: 2.0, expected: 2 * log(2.0)),
  ])
  func chiSquareQuantilesMatchTables(p: Double, k: Double, expected: Double) {
    let q = ChiSquare.quantile(p, degreesOfFreedom: k)
    #expect(abs(q - expected) <= 1e-4 * expected, "χ²_\(p)(\(k)) = \(q), table \(expected)")
    #expect(abs(ChiSquare.cdf(q, degreesOfFreedom: k) - p) < 1e-10)
  }

  @Test func incompleteGammaHasItsClosedForms() {
    // P(1, x) = 1 − e^−x on both sides of the series / continued fraction switch (x = a + 1 = 2).
    for x in [0.0, 0.1, 1.0, 1.99, 2.01, 5.0, 30.0] {
      #expect(abs(ChiSquare.regularizedLowerGamma(1, x) - (1 - exp(-x))) < 1e-14, "x = \(x)")
    }
    #expect(ChiSquare.regularizedLowerGamma(2.5, .infinity) == 1)
  }

  @Test func theBandOfAMeanOfWValues() {
    let band = ChiSquare.meanBand(count: 30, degreesOfFreedom: 3)
    #expect(abs(band.lowerBound - 65.647 / 30) < 1e-4 && abs(band.upperBound - 118.136 / 30) < 1e-4)
    // R = 50 values: χ²(150) quantiles 117.985 and 185.800 (scipy.stats.chi2.ppf), divided by 50.
    let fifty = ChiSquare.meanBand(count: 50, degreesOfFreedom: 3)
    #expect(abs(fifty.lowerBound - 2.359690) < 1e-5 && abs(fifty.upperBound - 3.716009) < 1e-5)
  }

  @Test func nearestRankAndMovingMean() {
    let sorted = (1...10).map(Double.init)
    #expect(MonteCarlo.nearestRank(sorted, 0.1) == 1)
    #expect(MonteCarlo.nearestRank(sorted, 0.5) == 5)
    #expect(MonteCarlo.nearestRank(sorted, 0.9) == 9)
    #expect(MonteCarlo.nearestRank([7], 0.9) == 7)
    #expect(SampleStatistics.movingMean([1, 2, 3, 4, 5], window: 2) == [1.5, 2.5, 3.5, 4.5])
    #expect(SampleStatistics.movingMean([1, 2], window: 3).isEmpty)
  }

  // MARK: The NEES/NIS plot

  @Test func consistencyIsPlottedAgainstItsBand() throws {
    let dir = try ReportFixture.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let html = try Report.html(ReportOptions(resultsDirectory: dir.path, sections: ReportSections()))
    let counter = try ReportPageTests.parse(html)
    #expect(counter.ids.contains("s0-a-consistency"))
    #expect(html.contains("NEES of the primary, mean of 30"))
    #expect(
      html.contains("NIS of the primary&#39;s updates, mean of 30")
        || html.contains("NIS of the primary's updates, mean of 30"))
    #expect(html.contains("95 % band of χ²(90)/30: 2.188 … 3.938"))
    #expect(html.contains("3: a consistent filter"))
  }

  @Test func consistencyIsSkippedWithANoteWithoutValues() throws {
    let dir = try ReportFixture.make(consistency: false)
    defer { try? FileManager.default.removeItem(at: dir) }
    let html = try Report.html(ReportOptions(resultsDirectory: dir.path, sections: ReportSections()))
    #expect(try ReportPageTests.parse(html).counts["svg"] == 5)
    #expect(
      html.contains(
        "No NEES/NIS plot: est_nees is not drawn: the trace has no such column. est_nis is not drawn: the trace has no such column."
      ))

    // A column without a value, or with fewer than the window, is named in the note too.
    let trace = dir.appendingPathComponent("traces/a.csv")
    var lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map(String.init)
    lines[0] += ",est_nis,est_nees"
    for i in 1..<lines.count { lines[i] += i <= 10 ? ",2.5," : ",nan," }
    try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
    let sparse = try Report.html(ReportOptions(resultsDirectory: dir.path, sections: ReportSections()))
    #expect(
      sparse.contains(
        "No NEES/NIS plot: est_nees is not drawn: the column has no values. est_nis is not drawn: 10 values, fewer than the window of 30."
      ))
  }

  @Test func anInfiniteNISIsRefused() throws {
    let dir = try ReportFixture.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let trace = dir.appendingPathComponent("traces/a.csv")
    var lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map(String.init)
    let kept = lines[20].split(separator: ",", omittingEmptySubsequences: false).dropLast(2).joined(
      separator: ",")
    lines[20] = kept + ",inf,"
    try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
    let message = ReportPageTests.message(ReportOptions(resultsDirectory: dir.path))
    // Line 21, the column where the est_nis cell starts.
    #expect(
      message.contains("traces/a.csv:21:\(kept.count + 2): est_nis: expected a non-negative finite number"),
      "\(message)")
  }

  // MARK: Distributions over seeds

  static func withSeeds(_ seeds: String, baseline: String? = nil, besideBaseline: String? = nil) throws -> (
    html: String, dir: URL
  ) {
    let dir = try ReportFixture.make()
    try ReportFixture.write(seeds, dir, "seeds.csv")
    var baselinePath: String?
    if let baseline {
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent("base"), withIntermediateDirectories: true)
      try ReportFixture.write(baseline, dir, "base/baseline.csv")
      if let besideBaseline { try ReportFixture.write(besideBaseline, dir, "base/seeds.csv") }
      baselinePath = dir.appendingPathComponent("base/baseline.csv").path
    }
    let tolerances = ReportFixture.repository.appendingPathComponent("Scenarios/baseline/tolerances.yaml")
      .path
    let html = try Report.html(
      ReportOptions(
        resultsDirectory: dir.path, baselineSummary: baselinePath, tolerances: tolerances,
        sections: ReportSections()))
    return (html, dir)
  }

  @Test func eachKeyMetricGetsADistributionAndTheOverviewCountsSeeds() throws {
    let (html, dir) = try Self.withSeeds(SeedsFixture.csv(scenarios: ["a"], repetitions: 4))
    defer { try? FileManager.default.removeItem(at: dir) }
    let counter = try ReportPageTests.parse(html)
    // Six time plots and five distributions (no wrong_subject_s or hota column in this file).
    #expect(counter.counts["svg"] == 11)
    let metrics = [
      "framing_error_rms", "estimation_error_rms_rad", "idf1", "id_switches", "primary_switches",
    ]
    for metric in metrics { #expect(counter.ids.contains("s0-a-seeds-\(metric)")) }
    #expect(!html.contains("seeds-in_frame_ratio"), "only the key metrics")
    #expect(html.contains("<th title=\"repetitions run (rows of seeds.csv)\">seeds</th>"))
    #expect(html.contains("<td data-sort=\"4\">4</td>"), "a: four seeds")
    #expect(html.contains("<td data-sort=\"\">n/a</td>"))
    // One empty idf1 cell; nearest-rank percentiles of 0.02, 0.025, 0.03, 0.035.
    #expect(html.contains("idf1 over seeds. this run: 4 seeds (1 empty), median 0.88"))
    #expect(
      html.contains(
        "framing_error_rms over seeds. this run: 4 seeds, median 0.025, 10th–90th percentile 0.02 … 0.035"))
    // Dots: one per seed with a value (4 × 5 metrics − 1 empty), none for b without rows.
    let seedRows = html.components(separatedBy: "class=\"seed-row\"").count - 1
    #expect(seedRows == 5)
    #expect(html.components(separatedBy: "<circle ").count - 1 == 19)
  }

  @Test func aSeedLevelBaselineIsDrawnBesideAndGatedSeedBySeed() throws {
    let (html, dir) = try Self.withSeeds(
      SeedsFixture.completeCSV(scenarios: ["a"], repetitions: 4),
      baseline: SeedsFixture.completeCSV(scenarios: ["a"], repetitions: 4, shift: 0.01))
    defer { try? FileManager.default.removeItem(at: dir) }
    _ = try ReportPageTests.parse(html)
    #expect(html.contains("holds one row per seed"))
    #expect(html.contains("docksim gate: PASS"), "the gate over seeds, as docksim gate makes it")
    #expect(html.contains("over 4 paired seeds"))
    #expect(html.contains(">regressions</th>"))
    // Seven key metrics, each with this run's row and the baseline's.
    #expect(html.components(separatedBy: "class=\"seed-row\"").count - 1 == 14)
    #expect(html.contains("baseline: 4 seeds, median 0.035"))
    #expect(html.contains("stroke=\"#D55E00\""), "the baseline in vermillion")
  }

  @Test func aSeedLevelBaselineOfOtherSeedsIsRefused() throws {
    #expect {
      _ = try Self.withSeeds(
        SeedsFixture.completeCSV(scenarios: ["a"], repetitions: 4),
        baseline: SeedsFixture.completeCSV(scenarios: ["a"], repetitions: 3))
    } throws: { error in
      "\(error)".contains("scenario 'a' has 4 repetitions here and 3 in the baseline")
    }
  }

  @Test func seedsBesideABaselineSummaryAreDrawnAndTheGateStillRuns() throws {
    let summary = """
      scenario,seed,framing_error_rms,in_frame_ratio,id_switches,expectations_failed,status,error
      a,1,0.01,1.0,0,0,ok,
      b,2,0.01,1.0,0,0,ok,

      """
    let (html, dir) = try Self.withSeeds(
      SeedsFixture.csv(scenarios: ["a"], repetitions: 4), baseline: summary,
      besideBaseline: SeedsFixture.csv(scenarios: ["a"], repetitions: 2, shift: 0.01))
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(html.contains("docksim gate: FAIL"))
    #expect(html.contains("baseline: 2 seeds"))
  }

  @Test(arguments: [
    (
      "scenario,repetition,duration_s,frames,idf1,expectations_failed,status,error\n",
      "seeds.csv:1: no seed column in the header; expected a seeds.csv"
    ),
    (
      "scenario,repetition,seed,idf1,idf1,status,error\n",
      "seeds.csv:1:31: column 'idf1' appears twice in the header; expected unique names"
    ),
    (
      SeedsFixture.header + "\na,0,1,10,300,0.02,1,nan,0.9,0,0,0,ok,\n",
      "seeds.csv:2:21: estimation_error_rms_rad: expected a finite number or an empty cell (not applicable), got 'nan'; non-finite values cannot be compared and are refused"
    ),
    (
      SeedsFixture.header + "\na,0,1,10,300,inf,1,0.001,0.9,0,0,0,ok,\n",
      "seeds.csv:2:14: framing_error_rms: expected a finite number or an empty cell (not applicable), got 'inf'"
    ),
    (
      SeedsFixture.header + "\na,0,1,10,300,0.02,1,0.001,x9,0,0,0,ok,\n",
      "seeds.csv:2:27: idf1: expected a number or an empty cell (not applicable), got 'x9'"
    ),
    (
      SeedsFixture.header + "\na,-1,1,10,300,0.02,1,0.001,0.9,0,0,0,ok,\n",
      "seeds.csv:2:3: repetition: expected a whole number ≥ 0 or an empty cell (a failed run), got '-1'"
    ),
    (
      SeedsFixture.header
        + "\na,0,1,10,300,0.02,1,0.001,0.9,0,0,0,ok,\na,0,2,10,300,0.02,1,0.001,0.9,0,0,0,ok,\n",
      "seeds.csv:3: repetition: expected repetition 1 of 'a' (each scenario's repetitions 0, 1, … in order, one row each), got '0'"
    ),
    (
      SeedsFixture.header + "\na,0,1,10,300,0.02,1,0.001,0.9,0,0,0,fine,\n",
      "seeds.csv:2:37: status: expected ok or error, got 'fine'"
    ),
  ])
  func aMalformedSeedFileNamesLineAndColumn(text: String, message: String) throws {
    let dir = try ReportFixture.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    try ReportFixture.write(text, dir, "seeds.csv")
    let got = ReportPageTests.message(ReportOptions(resultsDirectory: dir.path))
    #expect(got.hasPrefix(dir.appendingPathComponent("seeds.csv").path + ":"), "\(got)")
    #expect(got.contains(message), "\(got)")
  }
}
