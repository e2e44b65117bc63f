import Foundation
import Testing

@testable import DockSimCore

/// Subjects that appear and leave (`appear_s`, `leave_s`): absent, they are nowhere in the frame, the
/// truth or the scores.
struct SubjectPresenceTests {
  struct Recorder: TraceSink {
    var records: [FrameRecord] = []
    mutating func write(_ record: FrameRecord) throws { records.append(record) }
  }

  static let appear = SimTime(seconds: 4)
  static let leave = SimTime(seconds: 7)

  static func standing(
    _ id: String, azimuth: Double, distance: Double = 3.5, appear: SimTime? = nil,
    leave: SimTime? = nil
  ) -> Subject {
    Subject(
      id: id, kind: .humanBody, width: 0.5, height: 1.7,
      path: SubjectPath(waypoints: [
        Waypoint(time: .zero, position: .polar(azimuth: azimuth, distance: distance, height: -0.15))
      ]), appear: appear, leave: leave)
  }

  /// A host always there, straight ahead, and a visitor beside them from 4 s to 7 s, the subject the
  /// run is about.
  static func scenario(visitor: Subject) -> Scenario {
    Scenario(
      name: "presence", seed: 11, duration: SimDuration(seconds: 9),
      subjects: [standing("host", azimuth: -0.12), visitor], primarySubject: 1)
  }

  static let camera = Scenario(name: "defaults", seed: 0, duration: .zero, subjects: []).camera

  static var visitor: Subject { standing("visitor", azimuth: 0.12, appear: appear, leave: leave) }

  @Test func presenceStartsAtAppearAndEndsAtLeave() {
    let v = Self.visitor
    #expect(!v.isPresent(at: SimTime(microseconds: Self.appear.microseconds - 1)))
    #expect(v.isPresent(at: Self.appear))
    #expect(v.isPresent(at: SimTime(microseconds: Self.leave.microseconds - 1)))
    #expect(!v.isPresent(at: Self.leave))
    #expect(Self.standing("always", azimuth: 0).isPresent(at: .zero))
  }

  @Test func projectorLeavesOutAbsentSubjects() {
    let projector = SceneProjector(camera: Self.camera)
    let subjects = [Self.standing("host", azimuth: -0.12), Self.visitor]
    let pose = CameraPose(yaw: 0, pitch: 0)
    func ids(at t: SimTime) -> [String] {
      projector.project(subjects: subjects, occluders: [], at: t, pose: pose).map(\.subjectID)
    }
    #expect(ids(at: SimTime(microseconds: Self.appear.microseconds - 1)) == ["host"])
    #expect(ids(at: Self.appear) == ["host", "visitor"])
    #expect(ids(at: SimTime(microseconds: Self.leave.microseconds - 1)) == ["host", "visitor"])
    #expect(ids(at: Self.leave) == ["host"])
    // The host is not hidden behind the absent visitor: its visibility is as if alone.
    let alone = projector.project(subjects: [subjects[0]], occluders: [], at: .zero, pose: pose)
    #expect(projector.project(subjects: subjects, occluders: [], at: .zero, pose: pose) == alone)
  }

  @Test func absentSubjectIsNeverDetectedFramedOrInTheTruth() throws {
    var sim = try Simulation(scenario: Self.scenario(visitor: Self.visitor))
    var sink = Recorder()
    _ = try sim.run(trace: &sink)
    // Where the visitor would be seen if it were always there, to look for detections of it.
    let ghost = Self.standing("visitor", azimuth: 0.12)
    let projector = SceneProjector(camera: Self.camera)
    var presentFrames = 0
    for r in sink.records {
      let present = r.time >= Self.appear && r.time < Self.leave
      #expect(r.boxes.contains { $0.subjectID == "visitor" } == present, "frame \(r.frame)")
      #expect((r.truth != nil) == present, "frame \(r.frame): the truth is the visitor's only while there")
      // The delivered capture is a few frames old: before the arrival, or well after the departure,
      // the visitor is not in it either (the MOT ground truth).
      if r.time < Self.appear || r.time >= Self.leave + SimDuration(seconds: 0.2) {
        #expect(!r.deliveredBoxes.contains { $0.subjectID == "visitor" }, "frame \(r.frame)")
      }
      if present {
        presentFrames += 1
        continue
      }
      #expect(r.observation == nil)
      let where_ = projector.project(subjects: [ghost], occluders: [], at: r.time, pose: r.camera)[0]
      guard let box = where_.visibleBox else { continue }
      for o in r.observations {
        let d =
          ((o.rect.midX - box.midX) * (o.rect.midX - box.midX)
          + (o.rect.midY - box.midY) * (o.rect.midY - box.midY)).squareRoot()
        #expect(d > 0.03, "frame \(r.frame): a detection where the absent visitor would be")
      }
    }
    #expect(presentFrames == 90, "3 s at 30 fps")
  }

  @Test func absentFramesAreNotScored() throws {
    var sim = try Simulation(scenario: Self.scenario(visitor: Self.visitor))
    var sink = Recorder()
    let result = try sim.run(trace: &sink)
    // 6 of the 9 s the visitor is absent while the primary sits on the host: none of it is the wrong
    // subject, out of frame or missed; the visitor's arrival in view is no reacquisition.
    #expect(try #require(result.metric(.wrongSubjectSeconds)) <= 3.0 + 1e-9)
    #expect(result.metric(.outOfFrameSeconds) == 0)
    #expect(result.metric(.reacquisitions) == 0)
    #expect(try #require(result.metric(.inFrameRatio)) == 1)
    // Framing is judged on the 90 frames the visitor is there; an absent frame would count as 1.
    #expect(try #require(result.metric(.framingErrorMax)) < 1)
  }
}
