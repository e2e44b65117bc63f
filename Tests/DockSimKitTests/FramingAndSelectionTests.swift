import DockSimKit
import Foundation
import Testing

@Suite("Framing, regions and subject selection")
struct FramingAndSelectionTests {
  @Test("framing mode and region of interest are applied; an out-of-image region is refused")
  func framing() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try await dock.setFramingMode(.left)
    #expect(dock.framingMode == .left)
    // Upper-left origin: the bottom quarter reaches exactly the bottom edge (valid) …
    let bottom = CGRect(x: 0, y: 0.75, width: 1, height: 0.25)
    try await dock.setRegionOfInterest(bottom)
    #expect(dock.regionOfInterest == bottom)
    // … one that goes past it is not.
    await #expect(throws: DockKitError.invalidParameter) {
      try await dock.setRegionOfInterest(CGRect(x: 0, y: 0.8, width: 1, height: 0.25))
    }
    await #expect(throws: DockKitError.invalidParameter) {
      try await dock.setRegionOfInterest(CGRect(x: 0, y: 0, width: 0, height: 1))
    }
    #expect(dock.regionOfInterest == bottom)
    try await dock.setRegionOfInterest(CGRect(x: 0, y: 0, width: 1, height: 1))
    #expect(dock.regionOfInterest == CGRect(x: 0, y: 0, width: 1, height: 1))
  }

  /// Tracks the still face with the system tracker in `region` (upper-left origin) and returns the
  /// face's box centre height as the tracking state reports it (lower-left origin).
  private func framedHeight(in region: CGRect) async throws -> Double {
    let manager = try Fixtures.stillFace()
    let dock = manager.accessory
    try await dock.setFramingMode(.center)
    try await dock.setRegionOfInterest(region)
    try manager.advance(by: 6)
    let face = try #require(dock.trackingState.trackedSubjects.first)
    return face.rect.midY
  }

  @Test("a region at the top of the image (upper-left origin) puts the face high in lower-left boxes")
  func regionOrigin() async throws {
    let top = try await framedHeight(in: CGRect(x: 0, y: 0, width: 1, height: 0.4))
    let bottom = try await framedHeight(in: CGRect(x: 0, y: 0.6, width: 1, height: 0.4))
    #expect(abs(top - 0.8) < 0.05)
    #expect(abs(bottom - 0.2) < 0.05)
  }

  @Test("selectSubject(at:) takes an upper-left point; the same point read lower-left misses")
  func pointOrigin() async throws {
    let manager = try Fixtures.stillFace()
    let dock = manager.accessory
    try await manager.setSystemTrackingEnabled(false)
    try manager.advance(by: 1)
    let face = try #require(dock.trackingState.trackedSubjects.first)
    #expect(face.rect.midY < 0.35)
    await #expect(throws: DockKitError.noSubjectFound) {
      try await dock.selectSubject(at: CGPoint(x: face.rect.midX, y: face.rect.midY))
    }
    try await dock.selectSubject(at: CGPoint(x: face.rect.midX, y: 1 - face.rect.midY))
    await #expect(throws: DockKitError.invalidParameter) {
      try await dock.selectSubject(at: CGPoint(x: 1.5, y: 0))
    }
  }

  @Test("selectSubjects by scenario id: unknown, nobody tracked, tracked, automatic")
  func selectSubjects() async throws {
    let manager = try Fixtures.stillFace()
    let dock = manager.accessory
    await #expect(throws: DockKitError.invalidParameter) {
      try await dock.selectSubjects(subjectIDs: ["nobody"])
    }
    await #expect(throws: DockKitError.noSubjectFound) { try await dock.selectSubjects(subjectIDs: ["face"]) }
    try manager.advance(by: 1)
    try await dock.selectSubjects(subjectIDs: ["face"])
    try await dock.selectSubjects(subjectIDs: [])
  }

  @Test("tracking state: ranks from 1, speaking for faces, looking at camera not modelled")
  func trackingState() async throws {
    let manager = try Fixtures.stillFace()
    let dock = manager.accessory
    try await manager.setSystemTrackingEnabled(false)
    #expect(dock.trackingState.trackedSubjects.isEmpty)
    try manager.advance(by: 1)
    let subjects = dock.trackingState.trackedSubjects
    #expect(subjects.map(\.saliencyRank) == Array(1...subjects.count))
    guard case .person(let face) = try #require(subjects.first) else {
      Issue.record("the first subject is not a person")
      return
    }
    #expect(face.kind == .humanFace)
    // A face without a body (the scenario's subject is a face alone): a person with only a face box.
    #expect(face.faceRect == face.rect && face.bodyRect == nil && face.faceTrackID == face.trackID)
    #expect(face.bodyTrackID == nil)
    #expect(face.speakingConfidence != nil)
    #expect(face.lookingAtCameraConfidence == nil)
    #expect(abs(face.rect.midX - 0.63) < 0.03 && abs(face.rect.midY - 0.24) < 0.03)
    #expect(abs(face.rect.height - 0.19) < 0.03)
  }
}
