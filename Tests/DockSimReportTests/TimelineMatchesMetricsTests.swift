import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation
import Testing

@testable import DockSimReport

/// The track timeline draws the metrics' own matching: on every scenario of `Scenarios/`, the switches
/// and missed frames it draws are `id_switches` and `mot_misses` of the same run.
struct TimelineMatchesMetricsTests {
  @Test func switchesAndMissesEqualTheSummaryOnEveryDefaultScenario() throws {
    let scenarios = try ScenarioLoader.loadAll(
      paths: [ReportFixture.repository.appendingPathComponent("Scenarios").path]
    ).map(\.scenario)
    #expect(scenarios.count >= 20, "the default scenarios")
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcomes = SuiteRunner.run(scenarios, jobs: 2, tracesDirectory: directory.path)
    var switchesSeen = 0
    for outcome in outcomes {
      let result = try #require(outcome.result, "\(outcome.name): \(outcome.failure ?? "")")
      let path = directory.appendingPathComponent("\(outcome.name).objects.csv").path
      let timeline = try Timeline(csv: PlotCSV(path: path))
      #expect(timeline.thresholdRecorded)
      let switches = timeline.switchFrames.reduce(0) { $0 + $1.count }
      var misses = 0
      for object in timeline.objects.indices {
        for run in timeline.runs(of: object)
        where run.state == .missed(occluded: false)
          || run.state == .missed(occluded: true)
        {
          misses += run.last - run.first + 1
        }
      }
      #expect(Double(switches) == result.metric(.idSwitches), "\(outcome.name)")
      #expect(Double(misses) == result.metric(.motMisses), "\(outcome.name)")
      switchesSeen += switches
    }
    // The comparison is not vacuous: the suite has identity switches to draw.
    #expect(switchesSeen > 0)
  }
}
