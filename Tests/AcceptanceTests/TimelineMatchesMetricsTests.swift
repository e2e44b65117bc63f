import DockSimIO
import Foundation
import Testing

@testable import DockSimReport

/// The track timeline draws the metrics' own matching: on every scenario of `Scenarios/`, the switches
/// and missed frames it draws from `objects.csv` are `id_switches` and `mot_misses` of the same run's
/// `summary.csv` (the default suite runs on the release build; the timeline is read here).
struct TimelineMatchesMetricsTests {
  @Test func switchesAndMissesEqualTheSummaryOnEveryDefaultScenario() throws {
    let out = try ReleaseCLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try ReleaseCLI.run([
      "run", ReleaseCLI.repository.appendingPathComponent("Scenarios").path, "--out", out.path, "--quiet",
    ])
    #expect(r.status == 0, "stderr: \(r.stderr)")
    let summary = try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8)
    let rows = summary.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    let header = try #require(rows.first).map(String.init)
    let name = try #require(header.firstIndex(of: "scenario"))
    let idSwitches = try #require(header.firstIndex(of: "id_switches"))
    let motMisses = try #require(header.firstIndex(of: "mot_misses"))
    #expect(rows.count > 20, "the default scenarios")
    var switchesSeen = 0
    for row in rows.dropFirst() {
      let scenario = String(row[name])
      let path = out.appendingPathComponent("traces/\(scenario).objects.csv").path
      let timeline = try Timeline(csv: CSVTableReader(path: path, expected: "an objects trace"))
      #expect(timeline.thresholdRecorded)
      let switches = timeline.switchFrames.reduce(0) { $0 + $1.count }
      var misses = 0
      for object in timeline.objects.indices {
        for run in timeline.runs(of: object)
        where run.state == .missed(occluded: false) || run.state == .missed(occluded: true) {
          misses += run.last - run.first + 1
        }
      }
      // Counts are written as integers (docs/csv.md).
      #expect(String(row[idSwitches]) == String(switches), "\(scenario)")
      #expect(String(row[motMisses]) == String(misses), "\(scenario)")
      switchesSeen += switches
    }
    // The comparison is not vacuous: the suite has identity switches to draw.
    #expect(switchesSeen > 0)
  }
}
