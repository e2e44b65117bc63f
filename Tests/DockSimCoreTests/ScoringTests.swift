import Foundation
import Testing

@testable import DockSimCore

/// The metric accumulators on synthetic frames with known answers.
struct ScoringTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
  static let subject = Subject(
    id: "s", kind: .humanFace, width: 0.2, height: 0.2,
    path: SubjectPath(waypoints: [Waypoint(time: .zero, position: .polar(azimuth: 0, distance: 2, height: 0))]
    ))

  static func frame(_ k: Int, subjectAz: Double, cameraYaw: Double) -> FrameRecord {
    let pose = CameraPose(yaw: cameraYaw, pitch: 0)
    var s = subject
    s.path = SubjectPath(waypoints: [
      Waypoint(time: .zero, position: .polar(azimuth: subjectAz, distance: 2, height: 0))
    ])
    let truth = SceneProjector(camera: camera).project(subjects: [s], occluders: [], at: .zero, pose: pose)
      .first
    return FrameRecord(
      frame: Int64(k), time: SimTime(microseconds: Int64(k) * 33_333), truth: truth, observation: nil,
      estimate: nil, truthAtEstimate: nil, camera: pose, cameraVelocity: AxisPair(yaw: 0, pitch: 0),
      command: .stop, framingError: Simulation.framingError(truth))
  }

  static func lag(delayFrames: Int) -> Double? {
    var metric = CameraLagMetric(framePeriod: 1.0 / 30)
    let az = { (k: Int) in 0.8 * sin(Double(k) / 30 * 1.3) }
    for k in 0..<600 { metric.observe(frame(k, subjectAz: az(k), cameraYaw: az(k - delayFrames))) }
    return metric.summary()[0].value
  }

  @Test(arguments: [0, 3, 7, -4])
  func lagRecoversAKnownDelay(frames: Int) throws {
    let lag = try #require(Self.lag(delayFrames: frames))
    #expect(abs(lag - Double(frames) * 1000 / 30) < 2, "lag \(lag) ms for \(frames) frames")
  }

  /// A delay beyond the window (2 s > 1.5 s) or a lead beyond it (1 s > 0.5 s) puts the least cost at
  /// the window's edge: no lag is identifiable, so none is reported.
  @Test(arguments: [60, -30])
  func lagIsNotApplicableAtTheEdgeOfTheWindow(frames: Int) {
    #expect(Self.lag(delayFrames: frames) == nil)
  }

  @Test func hotaColumnsFollowIdrAndAreEmptyWithoutBoxesOrTracks() {
    var metric = TrackingMetrics(camera: Self.camera)
    // Frames without a delivered estimate are not scored: nothing to compare.
    for k in 0..<5 { metric.observe(Self.frame(k, subjectAz: 0, cameraYaw: 0)) }
    let values = metric.summary()
    let names = ["hota", "deta", "assa", "loca"]
    for name in names { #expect(values.contains { $0.name == name && $0.value == nil }, "\(name)") }
    let idr = MetricCatalog.names.firstIndex(of: "idr")!
    #expect(Array(MetricCatalog.names[(idr + 1)...(idr + 4)]) == names)
  }

  @Test func lagIsNotApplicableForAStandingSubject() {
    var metric = CameraLagMetric(framePeriod: 1.0 / 30)
    for k in 0..<300 { metric.observe(Self.frame(k, subjectAz: 0.01, cameraYaw: 0)) }
    #expect(metric.summary()[0].value == nil)
  }

  @Test func framingMetricsOnKnownErrors() throws {
    var metric = FramingMetrics()
    // Camera straight at the subject: error 0. Then 0.3 rad off: u = 0.5 − tan(0.3)/(2·tan 0.6).
    for k in 0..<80 { metric.observe(Self.frame(k, subjectAz: 0, cameraYaw: 0)) }
    for k in 80..<100 { metric.observe(Self.frame(k, subjectAz: 0, cameraYaw: 0.3)) }
    let off = tan(0.3) / (2 * tan(0.6))
    let values = Dictionary(uniqueKeysWithValues: metric.summary().map { ($0.name, $0.value) })
    #expect(abs(try #require(values["framing_error_max"] ?? nil) - off) < 1e-12)
    #expect(abs(try #require(values["framing_error_rms"] ?? nil) - (off * off * 0.2).squareRoot()) < 1e-12)
    let p95 = try #require(values["framing_error_p95"] ?? nil)
    #expect(abs(p95 - off) <= 1e-4)
    #expect(values["in_frame_ratio"] == 1)
    #expect(values["estimation_error_rms_rad"] == .some(nil))
  }

  @Test func subjectBehindTheCameraCountsAsWorstFraming() {
    let r = Self.frame(0, subjectAz: 0, cameraYaw: Double.pi)
    #expect(r.framingError == 1)
    #expect(r.truth?.centerInImage == false)
  }

  @Test func histogramQuantileIsNearestRank() {
    var h = QuantileHistogram(upper: 1, bins: 100)
    for i in 1...100 { h.add(Double(i) / 100 - 0.005) }
    #expect(h.quantile(0.95) == 0.95)
    #expect(h.quantile(0.5) == 0.5)
    #expect(QuantileHistogram(upper: 1, bins: 10).quantile(0.5) == nil)
  }

  @Test func violationsCountEpisodesAndDuration() {
    var v = ViolationMetrics()
    func tick(clamped: Bool, stop: Bool) -> DockStepReport {
      let free = MotorStep(state: AxisState(), speedClamped: false, atHardStop: false, torqueSaturated: false)
      let flagged = MotorStep(
        state: AxisState(), speedClamped: clamped, atHardStop: stop, torqueSaturated: false)
      return DockStepReport(yaw: flagged, pitch: free, appliedCommand: .stop)
    }
    let pattern = [true, true, false, true, false, false, true, true, true]
    for flag in pattern { v.observe(tick: tick(clamped: flag, stop: !flag), dt: 0.001) }
    let s = Dictionary(uniqueKeysWithValues: v.summary().map { ($0.name, $0.value) })
    #expect(s["speed_cap_violations"] == 3)
    #expect(abs((s["speed_cap_violation_s"]! ?? 0) - 0.006) < 1e-12)
    #expect(s["position_limit_violations"] == 2)
  }
}

extension ScoringTests {
  @Test func commandSmoothnessOnAKnownRamp() throws {
    var m = CommandSmoothnessMetric()
    for k in 0..<31 {
      var r = Self.frame(k, subjectAz: 0, cameraYaw: 0)
      r.time = SimTime(microseconds: Int64(k) * 10_000)
      r.command = DockCommand(yawVelocity: 0.03 * Double(k), pitchVelocity: -0.04 * Double(k))
      m.observe(r)
    }
    // Each 10 ms the command moves by (0.03, −0.04): 5 rad/s².
    let v = try #require(m.summary()[0].value)
    #expect(abs(v - 5) < 1e-9)
  }
}
