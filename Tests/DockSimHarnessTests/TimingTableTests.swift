import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// Compute timing through the harness: outcomes unchanged, one timing row per run and repetition in
/// work-list order, and timing.csv's format. Nothing here depends on how fast the machine is.
struct TimingTableTests {
  static let items = [
    WorkItem(path: "a.yaml", scenario: SuiteRunnerTests.suite[0], repetitions: 1),
    WorkItem(path: "b.yaml", scenario: SuiteRunnerTests.suite[1], repetitions: 3),
    WorkItem(path: "c.yaml", scenario: SuiteRunnerTests.suite[2], repetitions: 1),
  ]

  @Test func timedRunsHaveTheOutcomesOfUntimedOnesAndOneRowPerRepetition() throws {
    let plain = SuiteRunner.run(Self.items, jobs: 1, tracesDirectory: nil)
    let timed = SuiteRunner.run(Self.items, jobs: 2, tracesDirectory: nil, measureComputeTime: true)
    #expect(plain.timing == nil)
    #expect(plain.outcomes.map(\.result) == timed.outcomes.map(\.result))
    #expect(SummaryTable.csv(plain.outcomes) == SummaryTable.csv(timed.outcomes))
    #expect(MonteCarlo.csv(plain.statistics) == MonteCarlo.csv(timed.statistics))

    let rows = try #require(timed.timing)
    #expect(rows.map(\.scenario) == ["s0", "s1", "s1", "s1", "s2"])
    #expect(rows.map(\.repetition) == [0, 0, 1, 2, 0])
    let base = SuiteRunnerTests.suite[1].seed
    #expect(
      rows.map(\.seed) == [
        10, base, MonteCarlo.seed(base, repetition: 1), MonteCarlo.seed(base, repetition: 2), 12,
      ])
    for row in rows {
      let t = try #require(row.timing)
      #expect(t.frames == 90)
      #expect(t.tracker.count > 0 && t.controller.count > 0)
    }
  }

  @Test func scenarioRunnerExposesTheTiming() throws {
    let plain = ScenarioRunner.run(SuiteRunnerTests.suite[3], tracesDirectory: nil)
    let timed = ScenarioRunner.run(SuiteRunnerTests.suite[3], tracesDirectory: nil, measureComputeTime: true)
    #expect(plain.timing == nil)
    #expect(timed.result == plain.result)
    #expect(timed.timing?.frames == timed.result?.frames)
  }

  @Test func aRunThatCannotStartHasAnEmptyRow() {
    var bad = SuiteRunnerTests.scenario("bad", seed: 1, azimuth: 0)
    bad.physicsRateHz = 7
    let results = SuiteRunner.run(
      [WorkItem(path: "bad.yaml", scenario: bad, repetitions: 1)], jobs: 1, tracesDirectory: nil,
      measureComputeTime: true)
    #expect(results.outcomes[0].failure != nil)
    let csv = TimingTable.csv(results.timing ?? [])
    #expect(
      csv == TimingTable.columns.joined(separator: ",") + "\nbad,0,1" + String(repeating: ",", count: 12)
        + "\n")
    #expect(TimingTable.headline(results.timing ?? []) == nil)
  }

  @Test func csvHasTheDocumentedColumnsAndMicroseconds() throws {
    var tracker = LatencyHistogram()
    for ns: UInt64 in [100, 200, 150] { tracker.record(ns) }
    var controller = LatencyHistogram()
    controller.record(40)
    var perFrame = LatencyHistogram()
    for ns: UInt64 in [140, 240, 190] { perFrame.record(ns) }
    let timing = ComputeTiming(
      frames: 5, framePeriod: 0.001, tracker: tracker, controller: controller, perFrame: perFrame)
    let csv = TimingTable.csv([TimingTable.Row(scenario: "x,y", repetition: 2, seed: 9, timing: timing)])
    #expect(
      csv == """
        scenario,repetition,seed,frames,tracker_calls,tracker_p50_us,tracker_p99_us,tracker_max_us,\
        controller_calls,controller_p50_us,controller_p99_us,controller_max_us,frame_compute_p99_us,\
        frame_compute_max_us,frame_budget_share_p99
        "x,y",2,9,5,3,0.15,0.2,0.2,1,0.04,0.04,0.04,0.24,0.24,0.00024

        """)
    let headline = try #require(
      TimingTable.headline([
        TimingTable.Row(scenario: "a", repetition: 0, seed: 1, timing: timing),
        TimingTable.Row(scenario: "b", repetition: 3, seed: 2, timing: timing),
      ]))
    #expect(headline.hasPrefix("timing: worst tracker p99 0.2 µs (a); "), "\(headline)")
  }
}
