import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// The multi-object scoring of a replayed log on cases small enough to count by hand: a scripted
/// "tracker" replays tracks written down in advance.
struct LogMOTScoreTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9)
  static let pose = CameraPose(yaw: 0.2, pitch: -0.1)

  /// Returns, at its k-th frame, the tracks of `frames[k]` (none past the end).
  struct ScriptedTracker: LogTracker {
    var frames: [[Track]]
    var next = 0
    var primaryTrack: Track? { nil }
    mutating func update(with batch: ObservationBatch) -> [Track] {
      process(time: batch.captureTime.seconds, pose: batch.cameraPose, observations: batch.observations)
    }
    mutating func process(time: Double, pose: CameraPose, observations: [Observation]) -> [Track] {
      defer { next += 1 }
      return next < frames.count ? frames[next] : []
    }
    mutating func reset() { next = 0 }
  }

  /// Two subjects standing still, seen in frames 0..<n.
  static let subjects = [
    ("ann", Direction(azimuth: 0.1, elevation: 0.0)), ("bob", Direction(azimuth: 0.4, elevation: 0.1)),
  ]

  static func log(frames n: Int) -> [LoggedFrame] {
    (0..<n).map { LoggedFrame(frame: Int64($0), time: Double($0) / 30, pose: pose, observations: []) }
  }

  static func truth(frames: Range<Int>) -> [TruthObject] {
    frames.flatMap { f in
      subjects.map {
        TruthObject(
          frame: Int64(f), subject: $0.0, kind: .humanFace, azimuth: $0.1.azimuth, elevation: $0.1.elevation)
      }
    }
  }

  static func track(
    _ id: Int, _ d: Direction, _ status: TrackStatus = .confirmed, kind: SubjectKind = .humanFace
  )
    -> Track
  {
    Track(
      id: id, status: status, state: TrackState(azimuth: d.azimuth, elevation: d.elevation, logSize: -2),
      covarianceUpper: CovarianceUpper(), time: 0, nis: .nan, misses: 0, kind: kind)
  }

  func score(_ frames: [[Track]], truth: [TruthObject] = LogMOTScoreTests.truth(frames: 0..<20))
    -> LogMOTScore
  {
    LogMOTScore.score(
      log: Self.log(frames: 20), truth: truth, camera: Self.camera, tracker: ScriptedTracker(frames: frames))
  }

  static var perfect: [[Track]] {
    (0..<20).map { _ in [track(1, subjects[0].1), track(2, subjects[1].1)] }
  }

  @Test func perfectTracksScoreOne() {
    let s = score(Self.perfect)
    #expect(s.mot.mota == 1 && s.mot.idf1 == 1 && s.hota.hota == 1)
    #expect(s.mot.numFalsePositives == 0 && s.mot.numMisses == 0 && s.mot.numSwitches == 0)
    #expect(s.scoredFrames == 20 && s.mot.numObjects == 40 && s.mot.numPredictions == 40)
    #expect(s.longestFalseTrackFrames == 0 && s.longestFalseTrack == nil && s.mostFalseFramesOfOneTrack == 0)
  }

  @Test func aFalseTrackCountsOneFalsePositivePerFrameOfItsLife() {
    var frames = Self.perfect
    let nowhere = Direction(azimuth: -0.3, elevation: -0.2)
    for k in 5..<15 { frames[k].append(Self.track(9, nowhere, k < 8 ? .confirmed : .coasting)) }
    let s = score(frames)
    #expect(s.mot.numFalsePositives == 10)
    #expect(s.mot.mota == 1 - 10.0 / 40)
    #expect(s.mot.idf1 == 2 * 40.0 / (40 + 50))
    #expect(s.longestFalseTrackFrames == 10 && s.longestFalseTrack == 9 && s.mostFalseFramesOfOneTrack == 10)
  }

  @Test func aFalseTrackLivesOnWhileOutsideTheImageAndEndsWhenPairedOrDead() {
    var frames = Self.perfect
    let nowhere = Direction(azimuth: -0.3, elevation: -0.2)
    let outside = Direction(azimuth: 2.0, elevation: 0)
    // Track 9: false in frames 0-3, coasting outside the image 4-7 (alive, not scored), false 8-9:
    // one false life of 10 frames with 6 false positives. Then dead in 10, reborn false in 11-12: a
    // new life of 2.
    for k in 0..<4 { frames[k].append(Self.track(9, nowhere)) }
    for k in 4..<8 { frames[k].append(Self.track(9, outside, .coasting)) }
    for k in 8..<10 { frames[k].append(Self.track(9, nowhere)) }
    for k in 11..<13 { frames[k].append(Self.track(9, nowhere)) }
    // Track 7: false in 14-15, then on ann's spot in 16 (ann keeps track 1, so still false there:
    // it pairs with nobody), then ann's track gone in 17 so track 7 takes ann: its false life is 14-16.
    for k in 14..<17 { frames[k].append(Self.track(7, k < 16 ? nowhere : Self.subjects[0].1)) }
    for k in 17..<20 { frames[k] = [Self.track(7, Self.subjects[0].1), Self.track(2, Self.subjects[1].1)] }
    let s = score(frames)
    #expect(s.mot.numFalsePositives == 6 + 2 + 3)
    #expect(s.longestFalseTrackFrames == 10 && s.longestFalseTrack == 9)
    #expect(s.mostFalseFramesOfOneTrack == 8)
    #expect(s.mot.numSwitches == 1)
  }

  @Test func tentativeTracksOtherKindsAndPointsOutsideTheImageAreNotScored() {
    var frames = Self.perfect
    for k in frames.indices {
      frames[k].append(Self.track(5, Direction(azimuth: -0.3, elevation: -0.2), .tentative))
      frames[k].append(Self.track(6, Self.subjects[0].1, kind: .humanBody))
    }
    var truth = Self.truth(frames: 0..<20)
    truth.append(TruthObject(frame: 19, subject: "cy", kind: .humanFace, azimuth: 2.5, elevation: 0))
    let s = score(frames, truth: truth)
    #expect(s.mot.numObjects == 40, "cy is outside the image")
    #expect(s.mot.numFalsePositives == 20, "the body track matches no face")
    #expect(s.mot.numMisses == 0 && s.mot.numPredictions == 60)
  }

  @Test func onlyFramesWithinTheTruthsSpanAreScored() {
    // Truth for frames 5-9 only, with frame 7 empty (nobody there): 5 frames scored, the two tracks
    // of frame 7 false.
    let truth = Self.truth(frames: 5..<10).filter { $0.frame != 7 }
    let s = score(Self.perfect, truth: truth)
    #expect(s.scoredFrames == 5 && s.mot.numObjects == 8 && s.mot.numFalsePositives == 2)
    #expect(s.mot.numFrames == 5)
  }
}
