import DockSimCore
import DockSimIO
import Foundation
import Testing

/// The DockKit-behaviour scenarios: framing modes, region of interest, manual control, events.
struct DockKitScenarioTests {
  struct Recorder: TraceSink {
    var records: [FrameRecord] = []
    mutating func write(_ record: FrameRecord) throws { records.append(record) }
  }

  static func run(_ name: String) throws -> (ScenarioResult, [FrameRecord]) {
    var sim = try Simulation(scenario: TrackingScenarioTests.scenario(name))
    var sink = Recorder()
    let result = try sim.run(trace: &sink)
    return (result, sink.records)
  }

  static func meanU(_ records: [FrameRecord], from: Double, to: Double) -> Double {
    let us = records.filter { $0.time.seconds >= from && $0.time.seconds < to }.compactMap {
      $0.truth?.centerU
    }
    return us.reduce(0, +) / Double(us.count)
  }

  @Test func leftAndRightFramingPlaceTheSubjectOnTheThirds() throws {
    let (result, records) = try Self.run("left-framing-overlay")
    #expect(abs(Self.meanU(records, from: 2, to: 6) - 1.0 / 3.0) < 0.02)
    #expect(abs(Self.meanU(records, from: 8, to: 12) - 2.0 / 3.0) < 0.02)
    #expect(abs(Self.meanU(records, from: 14, to: 18) - 0.5) < 0.02)
    #expect(result.metric(.framingChanges) == 2)
    #expect(try #require(result.metric(.timeToFrameMax)) < 1.5)
    #expect(result.metric(.apiViolations) == 0)
  }

  @Test func regionOfInterestKeepsTheSpeakerInTheRegion() throws {
    let (_, records) = try Self.run("square-roi-call")
    // Square crop 0.21875…0.78125 until 8 s; the left half (centre u 0.25) from 8 s to 14 s.
    for r in records where r.time.seconds > 1 && r.time.seconds < 8 {
      let u = try #require(r.truth?.centerU)
      #expect(u > 0.21875 && u < 0.78125, "outside the square at \(r.time.seconds) s")
    }
    #expect(abs(Self.meanU(records, from: 9.5, to: 14) - 0.25) < 0.03)
  }

  @Test func manualPanMovesTheDockAndRefusesVelocityUnderSystemTracking() throws {
    let (result, records) = try Self.run("manual-pan")
    #expect(result.metric(.apiViolations) == 1)
    let refused = records.flatMap(\.violations)
    #expect(refused.map(\.error) == [.systemTrackingEnabled])
    #expect(refused.first?.command == "setAngularVelocity")
    // 0.2 rad/s right and 0.1 rad/s down for 2 s, then back: after 2 s the yaw has moved ~0.4 rad.
    let at5 = try #require(records.first { $0.time.seconds >= 5 })
    #expect(abs(at5.camera.yaw - 0.4) < 0.05, "yaw \(at5.camera.yaw)")
    #expect(abs(at5.camera.pitch - 0.2) < 0.05, "pitch \(at5.camera.pitch)")
    #expect(records.contains { !$0.systemTracking })
    // System tracking, restored at 9 s, frames the person again.
    let last = try #require(records.last)
    #expect(last.systemTracking)
    #expect(last.framingError < 0.05)
  }

  @Test func eventsAreValidatedWithFieldAndLine() throws {
    let bad = [
      ("events:\n  - { t_s: 1, set_framing_mode: leftish }\n", "set_framing_mode"),
      ("events:\n  - { t_s: 1 }\n", "exactly one command"),
      (
        "events:\n  - { t_s: 1, set_framing_mode: left, set_system_tracking: false }\n", "exactly one command"
      ),
      ("events:\n  - { t_s: 1, set_angular_velocity: { yaw_deg_s: .nan } }\n", "yaw_deg_s"),
      ("framing: { mode: middle }\n", "framing.mode"),
    ]
    let head =
      "name: e\nseed: 1\nduration_s: 2\nsubjects:\n  - { id: a, kind: humanFace, width_m: 0.2, height_m: 0.2, path: [{ t_s: 0, azimuth_deg: 0, distance_m: 2, height_m: 0 }] }\n"
    for (tail, needle) in bad {
      #expect(throws: InputError.self) { try ScenarioLoader.parse(yaml: head + tail, file: "e.yaml") }
      do { _ = try ScenarioLoader.parse(yaml: head + tail, file: "e.yaml") } catch {
        #expect("\(error)".contains(needle), "\(error)")
      }
    }
  }
}

extension DockKitScenarioTests {
  @Test func limitsCapSpeedAndRangeAndRefuseInvalidOnes() throws {
    let (result, records) = try Self.run("yaw-limits")
    #expect(result.metric(.apiViolations) == 1)
    #expect(records.flatMap(\.violations).map(\.error) == [.invalidParameter])
    let limit = Angle.radians(degrees: 20)
    #expect(records.allSatisfy { $0.camera.yaw <= limit + 1e-3 }, "yaw beyond the 20° limit")
    // 60°/s requested, 30°/s allowed: from 2 s the 20° edge is reached after about 2/3 s, not 1/3 s.
    let at2_5 = try #require(records.first { $0.time.seconds >= 2.5 })
    #expect(at2_5.camera.yaw < Angle.radians(degrees: 16))
    #expect(at2_5.camera.yaw > Angle.radians(degrees: 8))
  }

  @Test func selectionByIDAndByPointMoveThePrimary() throws {
    let (result, records) = try Self.run("select-subjects")
    #expect(result.metric(.apiViolations) == 1)
    #expect(records.flatMap(\.violations).map(\.error) == [.noSubjectFound])
    func yaw(at t: Double) throws -> Double {
      try #require(records.first { $0.time.seconds >= t }).camera.yaw
    }
    // Presenter (−15°) until 5 s; the guest (+15°) is selected and framed with the speaking presenter
    // (automatic framing of the engaged group); tapping the presenter at 10 s brings it back.
    #expect(abs(try yaw(at: 4.5) - Angle.radians(degrees: -15)) < 0.02)
    #expect(abs(try yaw(at: 9.5)) < 0.03)
    #expect(abs(try yaw(at: 13.5) - Angle.radians(degrees: -15)) < 0.02)
    #expect(abs(try yaw(at: 17.5) - Angle.radians(degrees: -15)) < 0.02, "clearing keeps the live primary")
  }

  /// The run is about the person the app selected while the selection lasts: the guest from 5 s (by id),
  /// the presenter again from the tap at 10 s, the scenario's own subject after clearing at 14 s. So
  /// following the selection is not time on the wrong subject, and the estimate is judged on the
  /// person it follows (it read 0.28 rad, the distance between the two, when judged on the presenter).
  @Test func theSelectedPersonIsTheIntendedSubject() throws {
    let (result, records) = try Self.run("select-subjects")
    func intended(at t: Double) throws -> Int? {
      try #require(records.first { $0.time.seconds >= t }).intendedSubject
    }
    #expect(try intended(at: 4.5) == nil)
    #expect(try intended(at: 7) == 1, "the guest, selected by id")
    #expect(try intended(at: 11) == 0, "the presenter, tapped")
    #expect(try intended(at: 15) == nil, "cleared: the scenario's primary subject")
    #expect(result.metric(.wrongSubjectSeconds) == 0)
    #expect(try #require(result.metric(.estimationErrorRMS)) < 0.02)
  }
}

extension DockKitScenarioTests {
  @Test func cameraSwitchTurnsHalfARoundAndFramesThePerson() throws {
    let (result, records) = try Self.run("camera-switch")
    #expect(result.metric(.orientationMoves) == 1)
    #expect(try #require(result.metric(.orientationFinalErrorMax)) < 0.04)
    let atEnd = try #require(records.first { $0.time.seconds >= 3.8 })
    #expect(abs(atEnd.camera.yaw - Double.pi) < 0.04, "yaw \(atEnd.camera.yaw) after the 180° turn")
    let last = try #require(records.last)
    #expect(last.framingError < 0.05, "tracking restored frames the person")
  }

  @Test func kapowSwingsAsPlannedAndTrackingResumes() throws {
    let (result, records) = try Self.run("kapow-between-tracking")
    #expect(result.metric(.animations) == 2, "wakeup, then kapow")
    #expect(try #require(result.metric(.animationAmplitudeErrorMax)) < 0.05)
    #expect(abs(try #require(result.metric(.animationDurationErrorMax))) < 0.3)
    let during = records.filter { $0.time.seconds > 4 && $0.time.seconds < 6 }
    let swing = during.map(\.camera.yaw).max()! - during.map(\.camera.yaw).min()!
    #expect(swing > 0.4, "kapow swings yaw (\(swing) rad peak to peak)")
    #expect(try #require(records.last).framingError < 0.05)
    #expect(result.metric(.apiViolations) == 0)
  }

  @Test func motionCallsAreLimitedToTwoPerSecond() throws {
    let (result, records) = try Self.run("set-orientation-too-often")
    let errors = records.flatMap(\.violations).map(\.error)
    #expect(errors == [.systemTrackingEnabled, .frameRateTooHigh, .frameRateTooHigh, .frameRateTooHigh])
    #expect(result.metric(.apiViolations) == 4)
    #expect(result.metric(.motionCallRateViolations) == 3)
    #expect(result.metric(.orientationMoves) == 6)
    #expect(result.metric(.animations) == 1)
    // The paced move to (−30°, −10° pitch) at 5.2 s arrives.
    let at6 = try #require(records.first { $0.time.seconds >= 6.2 })
    #expect(abs(at6.camera.yaw - Angle.radians(degrees: -30)) < 0.03)
    #expect(abs(at6.camera.pitch - Angle.radians(degrees: -10)) < 0.03)
  }
}

extension DockKitScenarioTests {
  @Test func customTrackingFollowsTheAppsObservationsWithinTheRateRules() throws {
    let (result, records) = try Self.run("custom-hand-tracking")
    let errors = records.flatMap(\.violations).map(\.error)
    #expect(errors.filter { $0 == .frameRateTooLow }.count == 10)
    #expect(errors.filter { $0 == .notConnected } == [.notConnected])
    #expect(result.metric(.apiRateViolations) == 10)
    #expect(result.metric(.trackRateViolations) == 10)
    #expect(result.metric(.motionCallRateViolations) == 0)
    // At 15 per second the stand follows the hand 25° left, then right, then up.
    func record(at t: Double) throws -> FrameRecord { try #require(records.first { $0.time.seconds >= t }) }
    #expect(abs(try record(at: 3.2).camera.yaw - Angle.radians(degrees: -25)) < 0.05)
    #expect(abs(try record(at: 6.3).camera.yaw - Angle.radians(degrees: 25)) < 0.05)
    #expect(try record(at: 8.2).camera.pitch < -0.3, "tilted up to the raised hand")
    // At 5 per second the calls are refused and the stand stops following (the hand moves on).
    #expect(abs(try record(at: 13.5).camera.yaw - Angle.radians(degrees: -20)) > 0.08)
    // The tracking button brings system tracking back, which frames the hand again.
    #expect(try record(at: 19.5).systemTracking)
    #expect(try record(at: 19.5).framingError < 0.05)
  }
}

extension DockKitScenarioTests {
  @Test func batteryDrainsAndCharges() throws {
    let (_, records) = try Self.run("manual-pan")
    func level(at t: Double) throws -> Double {
      try #require(records.first { $0.time.seconds >= t }?.battery?.level)
    }
    // 3.6 per hour = 0.001 per second: 10 s from 0.5 is 0.49; then +0.001 per second net.
    #expect(abs(try level(at: 10) - 0.49) < 1e-3)
    #expect(abs(try level(at: 15) - 0.495) < 1e-3)
    #expect(try #require(records.last?.battery).charging)
  }
}
