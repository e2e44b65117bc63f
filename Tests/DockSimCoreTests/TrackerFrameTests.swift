import DockSimCore
import Foundation
import Testing

/// The tracker frame's bookkeeping around the filter: whatever else a frame holds, a subject's track
/// depends only on its own boxes. A box cut by the image edge is gated in another anchor group than
/// the uncut ones, so adding one far from everybody moves the frame from the single-group gating (all
/// boxes in one batch) to the grouped one (one batch per group, scattered into the cost matrix); the
/// other subjects' tracks must come out bit for bit the same.
struct TrackerFrameTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
  static let pose = CameraPose(yaw: 0, pitch: 0)
  static let subjects = 4

  /// Subject k of `subjects` at frame f: spread over the left two thirds of the image, drifting slowly,
  /// lower-left origin.
  static func body(_ k: Int, frame f: Int) -> Observation {
    let u = 0.1 + 0.15 * Double(k) + 0.002 * Double(f) + 0.002 * sin(0.7 * Double(f + 7 * k))
    let h = 0.2 + 0.03 * Double(k)
    let v = 0.45 + 0.0015 * cos(0.5 * Double(f))
    let w = 0.4 * h
    return Observation(
      kind: .humanBody, rect: NormalizedRect(x: u - w / 2, y: v - h / 2, width: w, height: h))
  }

  /// The tracks with id at most `subjects`, NaN NIS (no measurement) as −1 so that equal tracks compare
  /// equal (NaN ≠ NaN; a real NIS is never negative).
  static func subjectTracks(_ tracks: [Track]) -> [Track] {
    tracks.filter { $0.id <= subjects }.map { t in
      var t = t
      if t.nis.isNaN { t.nis = -1 }
      return t
    }
  }

  /// A body at the right edge whose box is cut by the top of the image.
  static func cutBody(frame f: Int) -> Observation {
    let h = 0.18 + 0.001 * sin(Double(f))
    return Observation(kind: .humanBody, rect: NormalizedRect(x: 0.9, y: 1 - h, width: 0.07, height: h))
  }

  @Test func aCutBoxElsewhereLeavesEveryOtherTrackBitIdentical() throws {
    #expect(MeasurementNoiseScale.cutAtTopOrBottom(Self.cutBody(frame: 0).rect))
    var alone = MultiTargetTracker(camera: Self.camera, parameters: TrackerParameters())
    var withCut = MultiTargetTracker(camera: Self.camera, parameters: TrackerParameters())
    for f in 0..<60 {
      let boxes = (0..<Self.subjects).map { Self.body($0, frame: f) }
      let time = Double(f) / 30
      let a = alone.process(time: time, pose: Self.pose, observations: boxes)
      // Appended last, so the subjects' tracks are born with the same ids in both trackers.
      let b = withCut.process(time: time, pose: Self.pose, observations: boxes + [Self.cutBody(frame: f)])
      #expect(b.count == a.count + 1, "frame \(f): \(a.count) tracks alone, \(b.count) with the cut box")
      #expect(Self.subjectTracks(b) == Self.subjectTracks(a), "frame \(f)")
    }
    let end = alone.tracks
    #expect(end.map(\.id) == Array(1...Self.subjects))
    #expect(end.allSatisfy { $0.status == .confirmed && $0.nis.isFinite })
  }

  @Test func boxesInAnotherOrderGiveTheSameTracks() throws {
    // The cost matrix's columns follow the observations' order; the answer must not.
    var forward = MultiTargetTracker(camera: Self.camera, parameters: TrackerParameters())
    var reversed = MultiTargetTracker(camera: Self.camera, parameters: TrackerParameters())
    // Born in the same order, then fed in opposite orders.
    let first = (0..<Self.subjects).map { Self.body($0, frame: 0) }
    forward.process(time: 0, pose: Self.pose, observations: first)
    reversed.process(time: 0, pose: Self.pose, observations: first)
    for f in 1..<40 {
      let boxes = (0..<Self.subjects).map { Self.body($0, frame: f) } + [Self.cutBody(frame: f)]
      let time = Double(f) / 30
      let a = forward.process(time: time, pose: Self.pose, observations: boxes)
      let b = reversed.process(time: time, pose: Self.pose, observations: boxes.reversed())
      #expect(Self.subjectTracks(a) == Self.subjectTracks(b), "frame \(f)")
    }
    #expect(forward.tracks.filter { $0.status == .confirmed }.count == Self.subjects + 1)
  }
}
