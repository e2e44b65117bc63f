import DockSimKit
import Foundation
import Testing

@Suite("A person's face and body are one tracked person")
struct TrackedPersonTests {
  /// The people in `state`, most salient first.
  static func people(_ state: DockAccessory.TrackingState) -> [DockAccessory.TrackedPerson] {
    state.trackedSubjects.compactMap { subject in
      guard case .person(let p) = subject else { return nil }
      return p
    }
  }

  @Test("two people are two subjects, each with its face's box as rect and both boxes")
  func onePersonPerPerson() async throws {
    let manager = try Fixtures.twoPeople()
    let dock = manager.accessory
    try manager.advance(by: 2)
    let state = dock.trackingState
    let people = Self.people(state)
    #expect(state.trackedSubjects.count == 2 && people.count == 2)
    #expect(people.map(\.saliencyRank) == [1, 2])
    for p in people {
      let face = try #require(p.faceRect)
      let body = try #require(p.bodyRect)
      #expect(p.rect == face && p.kind == .humanFace && p.trackID == p.faceTrackID)
      #expect(p.faceTrackID != nil && p.bodyTrackID != nil && p.faceTrackID != p.bodyTrackID)
      #expect(p.speakingConfidence != nil && p.lookingAtCameraConfidence == nil)
      // The face is the head of its body: inside it across, at its top (lower-left origin: high y).
      #expect(face.minX >= body.minX && face.maxX <= body.maxX)
      #expect(face.midY > body.midY + 0.25 * body.height && face.maxY <= body.maxY + face.height)
    }
    #expect(Set(people.map(\.identifier)).count == 2)
  }

  @Test("each person keeps one identifier while tracked")
  func stableIdentifiers() async throws {
    let manager = try Fixtures.twoPeople()
    let dock = manager.accessory
    try manager.advance(by: 1)
    let states = try dock.trackingStates
    _ = try manager.runToEnd()
    var seen: Set<UUID> = []
    var frames = 0
    for await state in states {
      let people = Self.people(state)
      #expect(people.count == 2 && people.allSatisfy { $0.faceRect != nil && $0.bodyRect != nil })
      seen.formUnion(people.map(\.identifier))
      frames += 1
    }
    #expect(frames == 270)
    #expect(seen.count == 2, "two people, two identifiers over 9 s")
  }

  @Test("selecting a person's identifier follows its face; a tap on a body selects its person")
  func selection() async throws {
    let manager = try Fixtures.twoPeople()
    let dock = manager.accessory
    try await dock.setFramingMode(.center)
    try manager.advance(by: 2)
    let second = try #require(Self.people(dock.trackingState).last)
    try await dock.selectSubjects([second.identifier])
    try manager.advance(by: 4)
    let first = try #require(Self.people(dock.trackingState).first)
    #expect(first.identifier == second.identifier, "the selected person is the most salient")
    // Centre framing puts the followed box in the middle: the face's, not the body's.
    let face = try #require(first.faceRect)
    #expect(abs(face.midX - 0.5) < 0.05 && abs(face.midY - 0.5) < 0.05)

    // A tap on the other person's body, below the face (a tap has an upper-left origin).
    let other = try #require(Self.people(dock.trackingState).last)
    let body = try #require(other.bodyRect)
    try await dock.selectSubject(at: CGPoint(x: body.midX, y: 1 - body.midY))
    try manager.advance(by: 2)
    #expect(Self.people(dock.trackingState).first?.identifier == other.identifier)
    #expect(manager.result.metric(.apiViolations) == 0)
  }
}
