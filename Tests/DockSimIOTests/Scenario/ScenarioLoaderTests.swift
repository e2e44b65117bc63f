import DockSimCore
import Foundation
import Testing

@testable import DockSimIO

/// Valid files: every field lands in the right place, in the core's units, and absent ones take the
/// core's defaults.
@Suite struct ScenarioLoaderTests {
  @Test func fullScenarioParsesToExactValues() throws {
    let scenario = try ScenarioLoader.parse(yaml: ScenarioSamples.full, file: "full.yaml")
    let deg = Angle.radians(degrees:)
    let yaw = AxisParameters(
      positionRange: deg(-170)...deg(170), maximumSpeed: deg(90), inertia: 0.0006, viscousFriction: 0.0002,
      coulombFriction: 0.003, torqueLimit: 0.12, velocityKp: 0.11, velocityKi: 2.5,
      encoderCountsPerRevolution: 8192)
    var pitch = yaw
    pitch.positionRange = deg(-30)...deg(60)
    pitch.maximumSpeed = deg(60)
    let expected = Scenario(
      name: "walk-across", description: "Alice walks across the room", seed: 42,
      duration: SimDuration(microseconds: 20_000_000), physicsRateHz: 2000, frameRateHz: 60,
      dock: DockParameters(
        yaw: yaw, pitch: pitch, commandLatency: SimDuration(microseconds: 35_000), initialYaw: deg(10),
        initialPitch: deg(-5)),
      camera: PinholeCamera(horizontalFOV: deg(70), aspect: 4.0 / 3.0),
      detector: DetectorParameters(
        centerNoise: 0.005, sizeNoise: 0.007, detectionProbability: 0.9, latencyFrames: 3,
        minimumVisibleFraction: 0.25),
      tracker: TrackerParameters(
        processNoiseAngle: 0.6, processNoiseLogSize: 0.2, measurementNoiseCenter: 0.005,
        measurementNoiseHeight: 0.007, initialStdAngle: deg(1), initialStdLogSize: 0.1,
        initialStdAngleRate: deg(30), initialStdLogSizeRate: 0.3, gate: 16.27, maxCoastTime: 2,
        confirmHits: 2),
      controller: ControllerParameters(
        gain: 5, maximumAcceleration: deg(500), feedforward: false, lookahead: 0.035, deadband: deg(0.2),
        limitMargin: deg(2)),
      subjects: [
        Subject(
          id: "alice", kind: .humanBody, width: 0.5, height: 1.7,
          path: SubjectPath(
            waypoints: [
              Waypoint(time: .zero, position: .polar(azimuth: deg(-30), distance: 2.5, height: 0.2)),
              Waypoint(
                time: SimTime(microseconds: 10_000_000), position: .cartesian(x: 2, y: 1, height: 0.2)),
              Waypoint(
                time: SimTime(microseconds: 12_500_000),
                position: .polar(azimuth: deg(45), distance: 3, height: -0.1)),
            ], sway: Sway(lateral: 0.05, vertical: 0.01, period: 4))),
        Subject(
          id: "cup", kind: .object, width: 0.08, height: 0.1,
          path: SubjectPath(waypoints: [
            Waypoint(time: .zero, position: .cartesian(x: 1, y: -0.5, height: -0.3))
          ])),
      ])
    #expect(scenario == expected)
    // Spot checks of the unit conversions, so a failure says which one broke.
    #expect(scenario.dock.yaw.maximumSpeed == 90 * Double.pi / 180)
    #expect(scenario.dock.commandLatency.microseconds == 35_000)
    #expect(scenario.controller.lookahead == 0.035)
    #expect(scenario.subjects[0].path.waypoints[2].time.microseconds == 12_500_000)
  }

  @Test func absentSectionsTakeTheCoreDefaults() throws {
    let scenario = try ScenarioLoader.parse(yaml: ScenarioSamples.minimal, file: "minimal.yaml")
    let expected = Scenario(
      name: "minimal", seed: 7, duration: SimDuration(microseconds: 1_500_000),
      subjects: [
        Subject(
          id: "face", kind: .humanFace, width: 0.16, height: 0.22,
          path: SubjectPath(waypoints: [
            Waypoint(time: .zero, position: .polar(azimuth: 0, distance: 1, height: 0))
          ]))
      ])
    #expect(scenario == expected)
    #expect(scenario.dock.yaw == .defaultYaw)
    #expect(scenario.dock.pitch == .defaultPitch)
    #expect(scenario.physicsRateHz == 1000)
    #expect(scenario.frameRateHz == 30)
    #expect(scenario.camera.horizontalFOV == 1.2)
  }

  @Test func accessoryEventsParseToTheDocksControls() throws {
    let yaml =
      ScenarioSamples.minimal + """
        events:
          - { t_s: 1, accessory_event: camera_shutter }
          - { t_s: 2, accessory_event: camera_flip }
          - { t_s: 3, accessory_event: { camera_zoom: 1.5 } }
          - { t_s: 4, accessory_event: { button: 7 } }
          - { t_s: 5, accessory_event: { button: 7, pressed: false } }

        """
    let scenario = try ScenarioLoader.parse(yaml: yaml, file: "controls.yaml")
    #expect(
      scenario.events.map(\.command) == [
        .accessoryInput(.cameraShutter), .accessoryInput(.cameraFlip),
        .accessoryInput(.cameraZoom(factor: 1.5)),
        .accessoryInput(.button(id: 7, pressed: true)), .accessoryInput(.button(id: 7, pressed: false)),
      ])
    #expect(scenario.events.map(\.command.name).last == "accessoryEvent(button(7, released))")
  }

  @Test func emptySectionsAndPartialAxesKeepDefaults() throws {
    let yaml =
      ScenarioSamples.minimal + """
        camera:
        detector: {}
        dock:
          yaw: { max_speed_deg_s: 120, range_deg: null }
          pitch: { encoder_counts_per_rev: 0 }

        """
    let scenario = try ScenarioLoader.parse(yaml: yaml, file: "partial.yaml")
    var yaw = AxisParameters.defaultYaw
    yaw.maximumSpeed = Angle.radians(degrees: 120)
    var pitch = AxisParameters.defaultPitch
    pitch.encoderCountsPerRevolution = 0
    #expect(scenario.dock.yaw == yaw)
    #expect(scenario.dock.pitch == pitch)
    #expect(scenario.camera == PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0))
    #expect(scenario.detector == DetectorParameters())
  }

  @Test(arguments: ["16:9", "\"16:9\"", "1.7777777777777777"])
  func aspectAsRatioOrNumber(_ written: String) throws {
    let yaml = ScenarioSamples.minimal + "camera: { aspect: \(written) }\n"
    let scenario = try ScenarioLoader.parse(yaml: yaml, file: "aspect.yaml")
    #expect(scenario.camera.aspect == 16.0 / 9.0)
  }

  @Test func commentsAndYAMLTypesAreAccepted() throws {
    // Integers where numbers are expected, underscores, a quoted description and a trailing comment.
    let yaml = ScenarioSamples.minimal.replacingOccurrences(
      of: "duration_s: 1.5", with: "duration_s: 1_0 # s")
    let scenario = try ScenarioLoader.parse(yaml: yaml, file: "types.yaml")
    #expect(scenario.duration.microseconds == 10_000_000)
  }
}

struct ExpectSectionTests {
  static let head = """
    name: e
    seed: 1
    duration_s: 2
    subjects:
      - { id: a, kind: humanFace, width_m: 0.2, height_m: 0.2, path: [{ t_s: 0, azimuth_deg: 0, distance_m: 2, height_m: 0 }] }

    """

  @Test func expectationsAreReadInCatalogueOrder() throws {
    let s = try ScenarioLoader.parse(
      yaml: Self.head + "expect:\n  in_frame_ratio: { min: 0.9 }\n  framing_error_rms: { max: 0.05 }\n",
      file: "e.yaml")
    #expect(s.expectations.map(\.metric) == [.framingErrorRMS, .inFrameRatio])
    #expect(s.expectations[0].maximum == 0.05 && s.expectations[0].minimum == nil)
    #expect(s.expectations[0].share == nil && s.expectations[0].requiredShare == 1)
    let shared = try ScenarioLoader.parse(
      yaml: Self.head + "expect:\n  primary_switches: { max: 0, share: 0.9 }\n", file: "e.yaml")
    let expected = DockSimCore.Expectation(metric: .primarySwitches, maximum: 0, share: 0.9)
    #expect(shared.expectations == [expected])
  }

  @Test(arguments: [
    ("expect:\n  framing_error: { max: 0.05 }\n", "framing_error"),
    ("expect:\n  framing_error_rms: { max: 0.05, min: 0.1 }\n", "min ≤ max"),
    ("expect:\n  framing_error_rms: {}\n", "min, max or both"),
    ("expect:\n  framing_error_rms: { maximum: 1 }\n", "maximum"),
    (
      "expect:\n  framing_error_rms: { max: 1, share: 0 }\n",
      "e.yaml:7: expect.framing_error_rms.share: expected a number > 0, got 0"
    ),
    (
      "expect:\n  framing_error_rms: { max: 1, share: 1.5 }\n",
      "e.yaml:7: expect.framing_error_rms.share: expected a number <= 1, got 1.5"
    ),
    ("expect:\n  framing_error_rms: { max: 1, share: .nan }\n", "share: expected a finite number"),
    ("expect:\n  framing_error_rms: { max: 1, share: most }\n", "share: expected a number in (0, 1]"),
    ("expect:\n  framing_error_rms: { share: 0.9 }\n", "min, max or both"),
  ])
  func badExpectationsAreRefused(tail: String, needle: String) {
    #expect(throws: InputError.self) { try ScenarioLoader.parse(yaml: Self.head + tail, file: "e.yaml") }
    do { _ = try ScenarioLoader.parse(yaml: Self.head + tail, file: "e.yaml") } catch {
      #expect("\(error)".contains(needle) && "\(error)".contains("expect"), "\(error)")
    }
  }
}

struct OverrideTests {
  static let yaml = """
    name: o
    seed: 1
    duration_s: 2
    tracker: { gate: 16 }
    subjects:
      - { id: a, kind: humanFace, width_m: 0.2, height_m: 0.2, path: [{ t_s: 0, azimuth_deg: 0, distance_m: 2, height_m: 0 }] }
    """

  @Test func setAssignmentsAndOverlaysApplyBeforeValidation() throws {
    var o = ScenarioOverrides()
    try o.addAssignment("tracker.process_noise_angle=0.3")
    try o.addAssignment("subjects[0].width_m=0.4")
    try o.addAssignment("controller.gain_per_s=2")
    let s = try ScenarioLoader.parse(yaml: Self.yaml, file: "o.yaml", overrides: o)
    #expect(s.tracker.processNoiseAngle == 0.3)
    #expect(s.tracker.gate == 16, "siblings survive")
    #expect(s.subjects[0].width == 0.4)
    #expect(s.controller.gain == 2)
  }

  @Test func overlayMergesAndLaterAssignmentsWin() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-ov-\(UUID().uuidString).yaml")
    defer { try? FileManager.default.removeItem(at: dir) }
    try "tracker: { process_noise_angle: 0.2, max_coast_s: 0.5 }\n".write(
      to: dir, atomically: true, encoding: .utf8)
    var o = ScenarioOverrides()
    try o.addOverlay(path: dir.path)
    try o.addAssignment("tracker.max_coast_s=0.75")
    let s = try ScenarioLoader.parse(yaml: Self.yaml, file: "o.yaml", overrides: o)
    #expect(s.tracker.processNoiseAngle == 0.2)
    #expect(s.tracker.maxCoastTime == 0.75)
    #expect(s.tracker.gate == 16)
  }

  @Test(arguments: [
    ("tracker.gate=-1", "tracker.gate", "expected a number > 0"),
    ("tracker.gaet=1", "tracker.gaet", "did you mean 'gate'"),
    ("subjects[3].width_m=1", "--set", "no list element [3]"),
    ("name.first=x", "--set", "not a mapping"),
    ("tracker.gate", "--set", "expected PATH=VALUE"),
    ("tracker.gate=", "--set", "expected a value"),
    ("subjects[x].width_m=1", "--set", "list index"),
  ])
  func badOverridesAreRefusedWithTheirOrigin(text: String, where field: String, says: String) {
    do {
      var o = ScenarioOverrides()
      try o.addAssignment(text)
      _ = try ScenarioLoader.parse(yaml: Self.yaml, file: "o.yaml", overrides: o)
      Issue.record("\(text) was accepted")
    } catch {
      #expect("\(error)".contains(field) && "\(error)".contains(says), "\(error)")
    }
  }
}
