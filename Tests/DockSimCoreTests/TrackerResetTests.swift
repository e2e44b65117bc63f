import DockSimCore
import Foundation
import Testing

/// `Tracker.reset()`: a tracker reset after following one scene follows the next exactly as a fresh
/// one would (same ids, states, statuses and primary), with the parameters it was built with.
struct TrackerResetTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
  static let pose = CameraPose(yaw: 0, pitch: 0)

  /// Frame `k`'s batch: before frame 30 two people at u 0.3 and 0.6, from frame 30 one person walking
  /// from u 0.7, taller.
  static func batch(_ k: Int) -> ObservationBatch {
    let boxes: [(u: Double, h: Double)] =
      k < 30 ? [(0.3, 0.4), (0.6, 0.45)] : [(0.7 - Double(k - 30) * 0.003, 0.6)]
    let observations = boxes.map { b in
      let w = 0.3 * b.h * 9 / 16
      return Observation(
        kind: .humanBody, rect: NormalizedRect(x: b.u - w / 2, y: 0.5 - b.h / 2, width: w, height: b.h))
    }
    return ObservationBatch(
      frame: Int64(k), captureTime: SimTime(microseconds: Int64(k) * 33_333), cameraPose: pose,
      observations: observations)
  }

  /// The tracks and primary of frames 30..<60, each as text (a track's NIS is NaN without a
  /// measurement, which `==` would never match; the text of a `Double` is exact).
  static func secondScene(_ tracker: inout some Tracker) -> [String] {
    (30..<60).map { k in
      let tracks = tracker.update(with: batch(k))
      return "\(tracks) primary \(tracker.primaryTrack.map { "\($0)" } ?? "none")"
    }
  }

  /// Runs `tracker` through the first scene, lets `prepare` act on it (a selection), resets it, and
  /// compares the second scene with what a fresh copy gives.
  static func check<T: Tracker>(_ tracker: T, prepare: (inout T) throws -> Void = { _ in }) rethrows {
    var fresh = tracker
    var used = tracker
    for k in 0..<30 { _ = used.update(with: batch(k)) }
    try prepare(&used)
    #expect(used.primaryTrack != nil, "the first scene gave the tracker a primary to forget")
    used.reset()
    #expect(used.primaryTrack == nil)
    let expected = secondScene(&fresh)
    let got = secondScene(&used)
    #expect(got.count == expected.count)
    let differ = got.indices.first { got[$0] != expected[$0] }
    #expect(
      differ == nil, "frame \(30 + (differ ?? 0)): \(got[differ ?? 0]) vs fresh \(expected[differ ?? 0])")
    #expect(got.last?.contains("id: 1,") == true, "ids start again from 1")
  }

  @Test func aResetMultiTargetTrackerFollowsTheNextSceneAsAFreshOne() throws {
    var p = TrackerParameters()
    p.confirmHits = 2
    try Self.check(MultiTargetTracker(camera: Self.camera, parameters: p)) { tracker in
      // A selection is part of what is forgotten.
      let second = try #require(tracker.tracks.last)
      tracker.selectSubjects([second.id])
      #expect(tracker.primaryTrack?.id == second.id)
    }
    var tracker = MultiTargetTracker(camera: Self.camera, parameters: p)
    tracker.reset()
    #expect(tracker.parameters.confirmHits == 2, "the parameters are kept")
  }

  @Test func aResetSingleSubjectTrackerFollowsTheNextSceneAsAFreshOne() throws {
    try Self.check(SingleSubjectTracker(camera: Self.camera, parameters: TrackerParameters()))
  }
}
