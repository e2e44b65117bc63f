import DockSimTestSupport
import Foundation
import Testing

@testable import DockSimCore

/// The EKF against the reference estimates of `Tests/Fixtures/ekf` (state 1e-12, P 1e-14, NIS 1e-9
/// relative), for every subject of K1 and K4 with known identity.
struct EKFFixtureTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
  /// The fixture's filter (`Fixtures.oracleTrackerParameters`).
  static let parameters = Fixtures.oracleTrackerParameters
  static let stateKeys = ["az", "el", "ls", "az_dot", "el_dot", "ls_dot"]

  static func covarianceKeys() -> [String] {
    var keys: [String] = []
    for i in 0..<6 { for j in i..<6 { keys.append("p\(i)\(j)") } }
    return keys
  }

  @Test(arguments: [("K1", 1), ("K4", 4)])
  func filterReproducesTheOracle(set: String, subjects: Int) throws {
    let cameraRows = try Fixtures.csv("ekf/\(set)_camera.csv")
    let meas = try Fixtures.csv("ekf/\(set)_meas.csv")
    let expected = try Fixtures.csv("ekf/\(set)_ekf.csv")
    #expect(meas.count == cameraRows.count * subjects)
    let dt = 1.0 / 30.0
    var worstState = 0.0
    var worstP = 0.0
    for subject in 0..<subjects {
      var ekf = ExtendedKalmanFilter(
        model: MeasurementModel(camera: Self.camera), parameters: Self.parameters)
      for (k, cam) in cameraRows.enumerated() {
        let pose = CameraPose(yaw: Fixtures.number(cam, "psi"), pitch: -Fixtures.number(cam, "theta"))
        let m = meas[k * subjects + subject]
        let (u, v, h) = (Fixtures.number(m, "u"), Fixtures.number(m, "v"), Fixtures.number(m, "h"))
        var nis = Double.nan
        if k == 0 {
          ekf.initialize(u: u, v: v, height: h, pose: pose)
        } else {
          try ekf.predict(dt: dt)
          nis = try ekf.update(u: u, v: v, height: h, pose: pose)
        }
        let row = expected[k * subjects + subject]
        #expect(Int(row["subject"]!) == subject)
        for (i, key) in Self.stateKeys.enumerated() {
          let diff = abs(ekf.state.components[i] - Fixtures.number(row, key))
          worstState = max(worstState, diff)
        }
        for (i, key) in Self.covarianceKeys().enumerated() {
          worstP = max(worstP, abs(ekf.covarianceUpper[i] - Fixtures.number(row, key)))
        }
        let want = Fixtures.number(row, "nis")
        if want.isNaN {
          #expect(nis.isNaN)
        } else {
          #expect(abs(nis - want) <= 1e-9 * abs(want), "NIS at frame \(k), subject \(subject)")
        }
      }
    }
    #expect(worstState < 1e-12, "largest state difference \(worstState)")
    #expect(worstP < 1e-14, "largest covariance difference \(worstP)")
  }

  @Test func trackerOnK1MatchesTheOracle() throws {
    let cameraRows = try Fixtures.csv("ekf/K1_camera.csv")
    let meas = try Fixtures.csv("ekf/K1_meas.csv")
    let expected = try Fixtures.csv("ekf/K1_ekf.csv")
    var tracker = SingleSubjectTracker(camera: Self.camera, parameters: Self.parameters)
    for (k, cam) in cameraRows.enumerated() {
      let pose = CameraPose(yaw: Fixtures.number(cam, "psi"), pitch: -Fixtures.number(cam, "theta"))
      let m = meas[k]
      let h = Fixtures.number(m, "h")
      let obs = Observation(
        kind: .humanFace,
        rect: NormalizedRect(
          x: Fixtures.number(m, "u"), y: Fixtures.number(m, "v") - h / 2, width: 0, height: h))
      let processed = tracker.process(time: Double(k) / 30, pose: pose, observations: [obs])
      let track = try #require(processed)
      for (i, key) in Self.stateKeys.enumerated() {
        #expect(abs(track.state.components[i] - Fixtures.number(expected[k], key)) < 1e-12)
      }
    }
  }

  @Test func measurementModelReproducesTheTrueProjection() throws {
    let cameraRows = try Fixtures.csv("ekf/K4_camera.csv")
    let truth = try Fixtures.csv("ekf/K4_truth.csv")
    let model = MeasurementModel(camera: Self.camera)
    for row in truth {
      let cam = cameraRows[Int(row["frame"]!)!]
      let pose = CameraPose(yaw: Fixtures.number(cam, "psi"), pitch: -Fixtures.number(cam, "theta"))
      let m = model.evaluate(
        azimuth: Fixtures.number(row, "az"), elevation: Fixtures.number(row, "el"),
        logSize: Fixtures.number(row, "ls"), pose: pose)
      #expect(abs(m.u - Fixtures.number(row, "u_true")) < 1e-12)
      #expect(abs(m.v - Fixtures.number(row, "v_true")) < 1e-12)
      #expect(abs(m.h - Fixtures.number(row, "h_true")) < 1e-12)
    }
  }

  @Test func jacobianMatchesFiniteDifferences() {
    let model = MeasurementModel(camera: Self.camera)
    let pose = CameraPose(yaw: 0.4, pitch: -0.2)
    let (az, el, ls) = (0.7, 0.05, -2.0)
    let m = model.evaluate(azimuth: az, elevation: el, logSize: ls, pose: pose)
    let e = 1e-6
    let dAz1 = model.evaluate(azimuth: az + e, elevation: el, logSize: ls, pose: pose)
    let dAz0 = model.evaluate(azimuth: az - e, elevation: el, logSize: ls, pose: pose)
    let dEl1 = model.evaluate(azimuth: az, elevation: el + e, logSize: ls, pose: pose)
    let dEl0 = model.evaluate(azimuth: az, elevation: el - e, logSize: ls, pose: pose)
    let dLs1 = model.evaluate(azimuth: az, elevation: el, logSize: ls + e, pose: pose)
    let dLs0 = model.evaluate(azimuth: az, elevation: el, logSize: ls - e, pose: pose)
    #expect(abs(m.duAz - (dAz1.u - dAz0.u) / (2 * e)) < 1e-8)
    #expect(abs(m.dvAz - (dAz1.v - dAz0.v) / (2 * e)) < 1e-8)
    #expect(abs(m.duEl - (dEl1.u - dEl0.u) / (2 * e)) < 1e-8)
    #expect(abs(m.dvEl - (dEl1.v - dEl0.v) / (2 * e)) < 1e-8)
    #expect(abs(m.dhLs - (dLs1.h - dLs0.h) / (2 * e)) < 1e-8)
  }

  @Test func inverseProjectionRoundTrips() {
    let model = MeasurementModel(camera: Self.camera)
    let pose = CameraPose(yaw: 2.9, pitch: 0.3)
    for (u, v, h) in [(0.5, 0.5, 0.1), (0.1, 0.9, 0.3), (0.95, 0.05, 0.02)] {
      let s = model.initialState(u: u, v: v, h: h, pose: pose)
      let m = model.evaluate(azimuth: s.azimuth, elevation: s.elevation, logSize: s.logSize, pose: pose)
      #expect(abs(m.u - u) < 1e-12 && abs(m.v - v) < 1e-12 && abs(m.h - h) < 1e-12)
    }
  }
}

extension EKFFixtureTests {
  /// K4's detections come shuffled and without identity; the multi-subject tracker must associate them
  /// (the subjects are more than 10σ apart, so any association error is a bug) and, with its batched
  /// block-diagonal algebra, reproduce each subject's oracle estimate.
  @Test func multiTargetTrackerAssociatesK4AndMatchesTheOracle() throws {
    let cameraRows = try Fixtures.csv("ekf/K4_camera.csv")
    let dets = try Fixtures.csv("ekf/K4_dets.csv")
    let expected = try Fixtures.csv("ekf/K4_ekf.csv")
    var params = Self.parameters
    params.confirmHits = 1
    // The fixture's boxes are points with a height; some reach past the top edge without being cut.
    params.edgeCenterNoiseFactor = 1
    params.edgeSizeNoiseFactor = 1
    params.anchorCutEdges = false
    var tracker = MultiTargetTracker(camera: Self.camera, parameters: params)
    var trackToSubject: [Int: Int] = [:]
    var worst = 0.0
    for (k, cam) in cameraRows.enumerated() {
      let pose = CameraPose(yaw: Fixtures.number(cam, "psi"), pitch: -Fixtures.number(cam, "theta"))
      let obs = dets[(4 * k)..<(4 * k + 4)].map { d in
        let h = Fixtures.number(d, "h")
        return Observation(
          kind: .humanFace,
          rect: NormalizedRect(
            x: Fixtures.number(d, "u"), y: Fixtures.number(d, "v") - h / 2, width: 0, height: h))
      }
      let tracks = tracker.process(time: Double(k) / 30, pose: pose, observations: obs)
      #expect(tracks.count == 4, "frame \(k): \(tracks.count) tracks")
      for t in tracks {
        if k == 0 {
          // Identify each track by the oracle's frame-0 state (the exact inverse projection).
          let subject = (0..<4).min { a, b in
            abs(Fixtures.number(expected[a], "az") - t.state.azimuth)
              < abs(Fixtures.number(expected[b], "az") - t.state.azimuth)
          }!
          trackToSubject[t.id] = subject
        }
        let subject = try #require(trackToSubject[t.id], "track \(t.id) appeared after frame 0")
        let row = expected[4 * k + subject]
        for (i, key) in Self.stateKeys.enumerated() {
          worst = max(worst, abs(t.state.components[i] - Fixtures.number(row, key)))
        }
      }
    }
    #expect(Set(trackToSubject.values) == [0, 1, 2, 3])
    #expect(worst < 1e-9, "largest state difference \(worst)")
  }
}
