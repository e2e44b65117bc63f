import Testing

@testable import DockSimCore

/// DockKit-style subject selection on the multi-subject tracker.
struct SubjectSelectionTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)

  /// Two faces: one upper left, one lower right (lower-left origin boxes).
  static func frame(_ t: MultiTargetTracker, _ k: Int) -> (MultiTargetTracker, [Track]) {
    var t = t
    let obs = [
      Observation(kind: .humanFace, rect: NormalizedRect(x: 0.22, y: 0.70, width: 0.06, height: 0.1)),
      Observation(kind: .humanFace, rect: NormalizedRect(x: 0.72, y: 0.20, width: 0.06, height: 0.1)),
    ]
    let tracks = t.process(time: Double(k) / 30, pose: CameraPose(yaw: 0, pitch: 0), observations: obs)
    return (t, tracks)
  }

  static func settled() -> MultiTargetTracker {
    var t = MultiTargetTracker(camera: camera, parameters: TrackerParameters())
    for k in 0..<20 { t = frame(t, k).0 }
    return t
  }

  @Test func selectAtPointUsesAnUpperLeftOrigin() throws {
    var t = Self.settled()
    let ids = t.tracks.map(\.id)
    // The upper-left face is at y ≈ 0.25 from the top.
    let id = try t.selectSubject(atX: 0.25, y: 0.25)
    #expect(t.primaryTrack?.id == id)
    let upperLeft = try #require(t.tracks.first { $0.state.azimuth < 0 })
    #expect(id == upperLeft.id)
    let other = try t.selectSubject(atX: 0.75, y: 0.75)
    #expect(other != id && ids.contains(other))
    #expect(t.primaryTrack?.id == other)
  }

  @Test func selectionErrorsAreReported() {
    var t = Self.settled()
    #expect(throws: SelectionError.noSubjectFound) { try t.selectSubject(atX: 0.5, y: 0.5) }
    #expect(throws: SelectionError.invalidParameter) { try t.selectSubject(atX: .nan, y: 0.5) }
    #expect(throws: SelectionError.invalidParameter) { try t.selectSubject(atX: 1.5, y: 0.5) }
    var empty = MultiTargetTracker(camera: Self.camera, parameters: TrackerParameters())
    #expect(throws: SelectionError.noSubjectFound) { try empty.selectSubject(atX: 0.5, y: 0.5) }
  }

  @Test func selectByIDsLocksAndEmptyListReleases() throws {
    var t = Self.settled()
    let ids = t.tracks.map(\.id).sorted()
    t.selectSubjects([ids[1]])
    (t, _) = Self.frame(t, 20)
    #expect(t.primaryTrack?.id == ids[1])
    t.selectSubjects([ids[0]])
    (t, _) = Self.frame(t, 21)
    #expect(t.primaryTrack?.id == ids[0])
    // Unknown ids are ignored while a known one is alive.
    t.selectSubjects([999, ids[1]])
    (t, _) = Self.frame(t, 22)
    #expect(t.primaryTrack?.id == ids[1])
    // Released: automatic choice keeps the live primary rather than jumping.
    t.selectSubjects([])
    (t, _) = Self.frame(t, 23)
    #expect(t.primaryTrack?.id == ids[1])
  }
}
