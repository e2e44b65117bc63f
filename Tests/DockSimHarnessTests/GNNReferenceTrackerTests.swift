import DockSimCore
import DockSimIO
import DockSimTestSupport
import Foundation
import Testing

@testable import DockSimHarness

/// The GNN reference tracker: its filter is the oracle's, its life cycle Stone Soup's
/// (`MultiMeasurementInitiator(min_points: 3)` with `UpdateTimeStepsDeleter(2)`, `UpdateTimeStepsDeleter(10)`).
struct GNNReferenceTrackerTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9)
  /// The oracle's noise model (`Tests/Fixtures/README.md`).
  static var oracleParameters: TrackerParameters { Fixtures.oracleTrackerParameters }
  static let stateKeys = ["az", "el", "ls", "az_dot", "el_dot", "ls_dot"]

  /// K4 as a log, with the fixture's exact numbers: 4 shuffled detections per frame, points with a
  /// height (width 0), as `scripts/fixture-to-log.py` writes it.
  static func k4Log() throws -> [LoggedFrame] {
    let cameraRows = try Fixtures.csv("ekf/K4_camera.csv")
    let dets = try Fixtures.csv("ekf/K4_dets.csv")
    return cameraRows.enumerated().map { k, cam in
      let pose = CameraPose(yaw: Fixtures.number(cam, "psi"), pitch: -Fixtures.number(cam, "theta"))
      let observations = dets[(4 * k)..<(4 * k + 4)].map { d in
        let h = Fixtures.number(d, "h")
        return Observation(
          kind: .humanFace,
          rect: NormalizedRect(
            x: Fixtures.number(d, "u"), y: Fixtures.number(d, "v") - h / 2, width: 0, height: h))
      }
      return LoggedFrame(
        frame: Int64(k), time: Fixtures.number(cam, "t"), pose: pose, observations: observations)
    }
  }

  /// Every track follows one K4 subject from frame 0 and reproduces the oracle's estimate of it.
  @Test func reproducesTheOracleOnK4() throws {
    let expected = try Fixtures.csv("ekf/K4_ekf.csv")
    var tracker = GNNReferenceTracker(camera: Self.camera, parameters: Self.oracleParameters)
    var subjectOf: [Int: Int] = [:]
    var worst = 0.0
    for (k, frame) in try Self.k4Log().enumerated() {
      let tracks = tracker.process(time: frame.time, pose: frame.pose, observations: frame.observations)
      #expect(tracks.count == 4, "frame \(k)")
      #expect(tracks.allSatisfy { $0.status == (k < 2 ? .tentative : .confirmed) }, "frame \(k)")
      for t in tracks {
        if k == 0 {
          subjectOf[t.id] = (0..<4).min {
            abs(Fixtures.number(expected[$0], "az") - t.state.azimuth)
              < abs(Fixtures.number(expected[$1], "az") - t.state.azimuth)
          }
        }
        let row = expected[4 * k + (try #require(subjectOf[t.id]))]
        for (i, key) in Self.stateKeys.enumerated() {
          worst = max(worst, abs(t.state.components[i] - Fixtures.number(row, key)))
        }
      }
    }
    #expect(Set(subjectOf.values) == [0, 1, 2, 3])
    #expect(worst < 1e-9, "largest state difference \(worst)")
  }

  /// One face at a fixed spot, seen in the frames of `seen` out of `0..<frames`; the tracks after each
  /// frame.
  static func run(seen: Set<Int>, frames: Int) -> [[Track]] {
    var tracker = GNNReferenceTracker(camera: camera, parameters: oracleParameters)
    let pose = CameraPose(yaw: 0, pitch: 0)
    let box = Observation(kind: .humanFace, rect: NormalizedRect(x: 0.48, y: 0.45, width: 0.04, height: 0.1))
    return (0..<frames).map { k in
      tracker.process(time: Double(k) / 30, pose: pose, observations: seen.contains(k) ? [box] : [])
    }
  }

  @Test func confirmsAtTheThirdUpdateAndDeletesAtTheTenthMiss() {
    let frames = Self.run(seen: [0, 1, 2], frames: 14)
    #expect(frames[0].map(\.status) == [.tentative] && frames[1].map(\.status) == [.tentative])
    #expect(frames[2].map(\.status) == [.confirmed])
    for k in 3...11 { #expect(frames[k].map(\.status) == [.coasting] && frames[k][0].misses == k - 2) }
    #expect(frames[12].isEmpty, "no update in the last 10 frames")
    #expect(Set(frames.flatMap { $0.map(\.id) }) == [1])
  }

  /// After `reset()` the tracker starts again: no tracks, ids from 1, and the same tracks on the same
  /// frames as a fresh tracker (times continue; only the tracks are forgotten).
  @Test func resetForgetsEveryTrack() {
    let pose = CameraPose(yaw: 0, pitch: 0)
    let box = Observation(kind: .humanFace, rect: NormalizedRect(x: 0.48, y: 0.45, width: 0.04, height: 0.1))
    var used = GNNReferenceTracker(camera: Self.camera, parameters: Self.oracleParameters)
    for k in 0..<5 { _ = used.process(time: Double(k) / 30, pose: pose, observations: [box]) }
    #expect(used.primaryTrack?.id == 1)
    used.reset()
    #expect(used.primaryTrack == nil && used.tracks.isEmpty)
    var fresh = GNNReferenceTracker(camera: Self.camera, parameters: Self.oracleParameters)
    for k in 5..<10 {
      let time = Double(k) / 30
      let a = used.process(time: time, pose: pose, observations: [box])
      let b = fresh.process(time: time, pose: pose, observations: [box])
      #expect("\(a)" == "\(b)", "frame \(k)")
    }
    #expect(used.primaryTrack?.id == 1)
  }

  @Test func aTentativeTrackMayMissOneFrameNotTwo() {
    // Updates in frames 0, 2 and 4, each after one miss: confirmed at the third.
    let gaps = Self.run(seen: [0, 2, 4], frames: 5)
    #expect(gaps[3].map(\.status) == [.tentative] && gaps[4].map(\.status) == [.confirmed])
    // Two misses in a row delete it; the next box starts another.
    let lost = Self.run(seen: [0, 3], frames: 4)
    #expect(lost[1].map(\.id) == [1] && lost[2].isEmpty && lost[3].map(\.id) == [2])
  }

  /// The deleter runs after the update: a box in the tenth frame after the last update still saves
  /// the track, one in the eleventh comes too late.
  @Test func anUpdateEveryTenthFrameKeepsAConfirmedTrackEveryEleventhDoesNot() {
    let start: Set<Int> = [0, 1, 2]
    let ten = Self.run(seen: start.union(stride(from: 12, to: 60, by: 10)), frames: 60)
    #expect(ten.allSatisfy { $0.map(\.id) == [1] })
    let eleven = Self.run(seen: start.union([13]), frames: 14)
    #expect(eleven[11].map(\.id) == [1] && eleven[12].isEmpty)
    #expect(eleven[13].map(\.status) == [.tentative] && eleven[13][0].id == 2)
  }

  /// Stone Soup's assignment minimizes the summed Mahalanobis distance, a miss costing √gate: a track
  /// takes the box right on it even when that leaves its neighbour without one, where "most pairs
  /// first" would give each a box.
  @Test func aMissCanBeatMorePairs() throws {
    let pose = CameraPose(yaw: 0, pitch: 0)
    let dt = 1.0 / 30
    func face(_ u: Double) -> Observation {
      Observation(kind: .humanFace, rect: NormalizedRect(x: u, y: 0.45, width: 0, height: 0.1))
    }
    // Two still faces 0.02 apart, tracked for 20 frames; then a box on the first face and one 0.018
    // beyond it, away from the second.
    let (a, b) = (0.5, 0.52)
    let (onA, beyondA) = (face(0.5), face(0.482))
    // The distances the tracker will see, from the same filter fed the same boxes.
    func filter(at u: Double) throws -> ExtendedKalmanFilter {
      var f = ExtendedKalmanFilter(
        model: MeasurementModel(camera: Self.camera), parameters: Self.oracleParameters)
      f.initialize(u: u, v: 0.5, height: 0.1, pose: pose)
      for _ in 1..<20 {
        try f.predict(dt: dt)
        try f.update(u: u, v: 0.5, height: 0.1, pose: pose)
      }
      try f.predict(dt: dt)
      return f
    }
    var fa = try filter(at: a)
    var fb = try filter(at: b)
    func distance(_ f: inout ExtendedKalmanFilter, _ o: Observation) throws -> Double {
      try f.mahalanobis(u: o.rect.midX, v: o.rect.midY, height: o.rect.height, pose: pose).squareRoot()
    }
    let gate = Self.oracleParameters.gate.squareRoot()
    let aOn = try distance(&fa, onA)
    let aBeyond = try distance(&fa, beyondA)
    let bOn = try distance(&fb, onA)
    let bBeyond = try distance(&fb, beyondA)
    // Both pairings are possible: each track gates a box and the boxes differ.
    #expect(aBeyond < gate && bOn < gate && bBeyond > gate, "\(aBeyond) \(bOn) \(bBeyond)")
    // …but the track on the box plus a miss is cheaper.
    #expect(aOn + gate < aBeyond + bOn, "\(aOn) + \(gate) vs \(aBeyond) + \(bOn)")

    var tracker = GNNReferenceTracker(camera: Self.camera, parameters: Self.oracleParameters)
    for k in 0..<20 {
      _ = tracker.process(time: Double(k) * dt, pose: pose, observations: [face(a), face(b)])
    }
    let tracks = tracker.process(time: 20 * dt, pose: pose, observations: [beyondA, onA])
    #expect(tracks.map(\.status) == [.confirmed, .coasting, .tentative])
    #expect(abs(tracks[0].nis - aOn * aOn) < 1e-9 * aOn * aOn)
  }
}
