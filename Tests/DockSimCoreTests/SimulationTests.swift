import Foundation
import Testing

@testable import DockSimCore

/// The closed loop, end to end through the public API.
struct SimulationTests {
  /// Records every frame, for assertions.
  struct Recorder: TraceSink {
    var records: [FrameRecord] = []
    mutating func write(_ record: FrameRecord) throws { records.append(record) }
  }

  static func walker(from az0: Double, to az1: Double, seconds: Double, distance: Double = 3.5) -> Subject {
    Subject(
      id: "walker", kind: .humanBody, width: 0.5, height: 1.7,
      path: SubjectPath(waypoints: [
        Waypoint(
          time: SimTime(seconds: 1), position: .polar(azimuth: az0, distance: distance, height: -0.15)),
        Waypoint(
          time: SimTime(seconds: 1 + seconds),
          position: .polar(azimuth: az1, distance: distance, height: -0.15)),
      ]))
  }

  static func scenario(_ subject: Subject, seconds: Double = 12, seed: UInt64 = 7) -> Scenario {
    Scenario(name: "test", seed: seed, duration: SimDuration(seconds: seconds), subjects: [subject])
  }

  @Test func followsAWalkingPerson() throws {
    var sim = try Simulation(scenario: Self.scenario(Self.walker(from: -0.3, to: 0.6, seconds: 8)))
    var sink = Recorder()
    let result = try sim.run(trace: &sink)
    #expect(result.frames == 360)
    #expect(sink.records.count == 360)
    let rms = try #require(result.metric(.framingErrorRMS))
    #expect(rms < 0.08, "framing error RMS \(rms)")
    #expect(result.metric(.inFrameRatio) == 1)
    let lag = try #require(result.metric(.cameraLag))
    #expect(abs(lag) < 150, "latency-compensated loop: lag \(lag) ms")
    #expect(try #require(result.metric(.estimationErrorRMS)) < 0.02)
    #expect(result.metric(.speedCapViolations) == 0)
    // At the end the subject stands still at +0.6 rad and the camera has arrived.
    let last = try #require(sink.records.last)
    #expect(abs(Angle.difference(last.camera.yaw, 0.6)) < 0.02)
  }

  @Test func sameSeedGivesIdenticalRuns() throws {
    let s = Self.scenario(Self.walker(from: -0.3, to: 0.5, seconds: 5), seconds: 6)
    var a = try Simulation(scenario: s)
    var b = try Simulation(scenario: s)
    var ra = Recorder()
    var rb = Recorder()
    #expect(try a.run(trace: &ra) == b.run(trace: &rb))
    #expect(ra.records.map(\.camera) == rb.records.map(\.camera))
    var c = try Simulation(
      scenario: Self.scenario(Self.walker(from: -0.3, to: 0.5, seconds: 5), seconds: 6, seed: 8))
    var rc = Recorder()
    _ = try c.run(trace: &rc)
    #expect(ra.records.map(\.camera) != rc.records.map(\.camera), "a different seed changes the noise")
  }

  @Test func fastSubjectIsLimitedByTheSpeedCap() throws {
    // 5 m/s at 2 m: the bearing turns at up to 2.5 rad/s, above the 2 rad/s cap.
    let jogger = Subject(
      id: "j", kind: .humanBody, width: 0.5, height: 1.7,
      path: SubjectPath(waypoints: [
        Waypoint(time: SimTime(seconds: 1), position: .cartesian(x: 2, y: -6, height: -0.15)),
        Waypoint(time: SimTime(seconds: 3.4), position: .cartesian(x: 2, y: 6, height: -0.15)),
      ]))
    var scenario = Self.scenario(jogger, seconds: 6)
    scenario.dock.initialYaw = atan2(-6, 2)
    var sim = try Simulation(scenario: scenario)
    var sink = Recorder()
    let result = try sim.run(trace: &sink)
    #expect(try #require(result.metric(.inFrameRatio)) > 0.95)
    let cap = DockParameters().yaw.maximumSpeed
    #expect(sink.records.allSatisfy { abs($0.command.yawVelocity) <= cap })
    #expect(sink.records.contains { abs($0.command.yawVelocity) == cap }, "the controller saturates")
    #expect(result.metric(.speedCapViolations) == 0)
  }

  @Test func pitchStaysWithinItsRange() throws {
    // A subject high above: the pitch target is beyond the range, the controller stops short of the stop.
    let high = Subject(
      id: "h", kind: .humanFace, width: 0.16, height: 0.22,
      path: SubjectPath(waypoints: [
        Waypoint(time: .zero, position: .polar(azimuth: 0, distance: 1, height: 2))
      ]))
    var sim = try Simulation(scenario: Self.scenario(high, seconds: 5))
    var sink = Recorder()
    let result = try sim.run(trace: &sink)
    let range = try #require(DockParameters().pitch.positionRange)
    #expect(sink.records.allSatisfy { range.contains($0.camera.pitch) })
    #expect(result.metric(.positionLimitViolations) == 0)
  }

  @Test func rejectsImpossibleTiming() {
    var s = Self.scenario(Self.walker(from: 0, to: 0.1, seconds: 1))
    s.physicsRateHz = 7
    #expect(throws: SimulationError.self) { try Simulation(scenario: s) }
  }
}

extension SimulationTests {
  @Test func steppingGivesTheSameRunAsRunningThrough() throws {
    let s = Self.scenario(Self.walker(from: -0.3, to: 0.5, seconds: 4), seconds: 5)
    var whole = try Simulation(scenario: s)
    var a = Recorder()
    let r1 = try whole.run(trace: &a)
    var stepped = try Simulation(scenario: s)
    var b = Recorder()
    var t = 0.0
    while !stepped.isFinished {
      t += 0.37
      try stepped.advance(until: SimTime(seconds: t), trace: &b)
    }
    #expect(stepped.result == r1)
    #expect(a.records.map(\.camera) == b.records.map(\.camera))
  }

  @Test func submittedCommandsAreCheckedAsDockKitWould() throws {
    var sim = try Simulation(scenario: Self.scenario(Self.walker(from: 0, to: 0.2, seconds: 2), seconds: 3))
    var sink = Recorder()
    try sim.advance(until: SimTime(seconds: 1), trace: &sink)
    #expect(sim.submit(.setAngularVelocity(yaw: 0.2, pitch: 0)) == .systemTrackingEnabled)
    #expect(sim.submit(.setSystemTracking(false)) == nil)
    #expect(sim.submit(.setAngularVelocity(yaw: 0.2, pitch: 0)) == nil)
    #expect(
      sim.submit(.setRegionOfInterest(NormalizedRect(x: 0.5, y: 0, width: 0.8, height: 1)))
        == .invalidParameter)
    try sim.advance(until: SimTime(seconds: 2), trace: &sink)
    #expect(sim.result.metric(.apiViolations) == 2)
    let yawAt1 = try #require(sink.records.first { $0.time.seconds >= 1.1 }).camera.yaw
    let yawAt2 = try #require(sink.records.last).camera.yaw
    #expect(abs((yawAt2 - yawAt1) - 0.2 * 0.9) < 0.03, "the manual pan moved the dock")
  }
}
