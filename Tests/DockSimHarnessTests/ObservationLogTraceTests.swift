import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// `traces/<scenario>.observations.csv` is exactly what the run's tracker saw: read back as an
/// observation log it holds every delivered capture's boxes with the pose the tracker was given, and
/// `docksim replay`'s tracker on it gives the closed loop's tracks, frame for frame.
struct ObservationLogTraceTests {
  struct Recorder: TraceSink {
    var records: [FrameRecord] = []
    mutating func write(_ record: FrameRecord) throws { records.append(record) }
  }

  /// A crossing with clutter, misses and near false positives, so that tracks are born, coast and die.
  static func scenario() throws -> Scenario {
    var s = try TrackingScenarioTests.scenario("four-people-crossing")
    s.detector.clutterRate = 0.5
    s.detector.nearFalsePositiveRate = 0.05
    s.detector.scoreNoise = 0.1
    return s
  }

  /// Every frame record of the scenario's closed loop.
  static func records(of scenario: Scenario) throws -> [FrameRecord] {
    var sim = try Simulation(scenario: scenario)
    var sink = Recorder()
    _ = try sim.run(trace: &sink)
    return sink.records
  }

  static func cells(_ o: Observation) -> [Double] {
    [o.kind == .humanFace ? 0 : 1, o.rect.midX, o.rect.midY, o.rect.width, o.rect.height, o.confidence]
  }

  static func log(of scenario: Scenario) throws -> [LoggedFrame] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-log-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let outcome = ScenarioRunner.run(scenario, tracesDirectory: dir.path)
    #expect(outcome.failure == nil)
    return try ObservationLog.read(
      path: dir.appendingPathComponent("\(scenario.name).observations.csv").path)
  }

  @Test func theLogHoldsEveryDeliveredFrameAsTheTrackerGotIt() throws {
    let scenario = try Self.scenario()
    let log = try Self.log(of: scenario)
    let records = try Self.records(of: scenario)
    let latency = scenario.detector.latencyFrames
    // The last `latency` captures are never delivered.
    #expect(log.count == records.count - latency)
    var boxes = 0
    for (frame, capture) in zip(log, records) {
      let delivery = records[Int(capture.frame) + latency]
      #expect(frame.frame == capture.frame)
      #expect(frame.time == capture.time.seconds)
      #expect(frame.pose == delivery.measuredPose, "the pose the tracker was given")
      // The log holds each box by its centre and size (rebuilding the corner may round) and no
      // speaking confidence (the format has none).
      #expect(
        frame.observations.map(Self.cells) == capture.observations.map(Self.cells), "frame \(capture.frame)")
      boxes += frame.observations.count
    }
    #expect(boxes > 1000, "a log worth checking: \(boxes) boxes")
  }

  @Test func replayingTheLogGivesTheClosedLoopsTracks() throws {
    let scenario = try Self.scenario()
    let log = try Self.log(of: scenario)
    let records = try Self.records(of: scenario)
    var tracker = MultiTargetTracker(camera: scenario.camera, parameters: scenario.tracker)
    let latency = scenario.detector.latencyFrames
    var compared = 0
    for (k, frame) in log.enumerated() {
      let replayed = tracker.process(time: frame.time, pose: frame.pose, observations: frame.observations)
      // The closed loop delivers the tracks of capture k with frame k + latency.
      guard k + latency < records.count else { break }
      let delivered = records[k + latency].tracks
      #expect(replayed.map(\.id) == delivered.map(\.id), "frame \(frame.frame)")
      #expect(replayed.map(\.state) == delivered.map(\.state), "frame \(frame.frame)")
      #expect(replayed.map(\.status) == delivered.map(\.status), "frame \(frame.frame)")
      compared += replayed.count
    }
    #expect(compared > 1000, "tracks compared: \(compared)")
  }
}
