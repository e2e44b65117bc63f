import DockSimHarness
import DockSimIO
import Foundation
import Testing

@testable import DockSimReport

// docs/report-plots.md's example, as the page shows it (DocBlocksTests checks that each of its lines is
// in this file), so it compiles here and runs below.
/// The track timeline and the room view of one scenario of a run, from the run's output directory
/// (`docksim run SCENARIO --out RESULTS`) and the scenario file.
func plots(results: String, scenarioFile: String) throws -> (timeline: String, room: String) {
  let scenario = try ScenarioLoader.load(path: scenarioFile)
  let timeline = try TrackTimelinePlot.svg(
    objectsCSV: "\(results)/traces/\(scenario.name).objects.csv", width: 900)
  let room = try RoomViewPlot.svg(
    scenario: scenario, traceCSV: "\(results)/traces/\(scenario.name).csv", width: 600)
  return (timeline, room)
}

struct ReportPlotsExampleTests {
  @Test func thePagesExampleDrawsBothPlotsOfARun() throws {
    let results = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-plots-example-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: results) }
    let traces = results.appendingPathComponent("traces").path
    try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
    let file = ReportFixture.repository.appendingPathComponent("Scenarios/four-people-crossing.yaml").path
    let scenario = try ScenarioLoader.load(path: file)
    _ = SuiteRunner.run(
      [WorkItem(path: file, scenario: scenario, repetitions: 1)], jobs: 1, tracesDirectory: traces)

    let (timeline, room) = try plots(results: results.path, scenarioFile: file)
    #expect(timeline.hasPrefix("<svg") && timeline.contains("width=\"900\""))
    #expect(room.hasPrefix("<svg") && room.contains("width=\"600\""))
    #expect(throws: InputError.self) { _ = try plots(results: "/nonexistent", scenarioFile: file) }
  }
}
