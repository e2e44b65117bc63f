import DockSimKit
import Testing

@Suite("Framing, regions and subject selection")
struct FramingAndSelectionTests {
  @Test("framing mode and region of interest are applied; an out-of-image region is refused")
  func framing() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try dock.setFramingMode(.left)
    #expect(dock.framingMode == .left)
    // Upper-left origin: the bottom quarter reaches exactly the bottom edge (valid) …
    let bottom = NormalizedRect(x: 0, y: 0.75, width: 1, height: 0.25)
    try dock.setRegionOfInterest(bottom)
    #expect(dock.regionOfInterest == bottom)
    // … one that goes past it is not.
    #expect(throws: DockKitError.invalidParameter) {
      try dock.setRegionOfInterest(NormalizedRect(x: 0, y: 0.8, width: 1, height: 0.25))
    }
    #expect(throws: DockKitError.invalidParameter) {
      try dock.setRegionOfInterest(NormalizedRect(x: 0, y: 0, width: 0, height: 1))
    }
    #expect(dock.regionOfInterest == bottom)
    try dock.setRegionOfInterest(nil)
    #expect(dock.regionOfInterest == nil)
  }

  /// Tracks the still face with the system tracker in `region` (upper-left origin) and returns the
  /// face's box centre height as the tracking state reports it (lower-left origin).
  private func framedHeight(in region: NormalizedRect) throws -> Double {
    let manager = try Fixtures.stillFace()
    let dock = manager.accessory
    try dock.setFramingMode(.center)
    try dock.setRegionOfInterest(region)
    try manager.advance(by: 6)
    let face = try #require(dock.trackingState.trackedSubjects.first)
    return face.rect.midY
  }

  @Test("a region at the top of the image (upper-left origin) puts the face high in lower-left boxes")
  func regionOrigin() throws {
    let top = try framedHeight(in: NormalizedRect(x: 0, y: 0, width: 1, height: 0.4))
    let bottom = try framedHeight(in: NormalizedRect(x: 0, y: 0.6, width: 1, height: 0.4))
    #expect(abs(top - 0.8) < 0.05)
    #expect(abs(bottom - 0.2) < 0.05)
  }

  @Test("selectSubject(at:) takes an upper-left point; the same point read lower-left misses")
  func pointOrigin() throws {
    let manager = try Fixtures.stillFace()
    let dock = manager.accessory
    try manager.setSystemTrackingEnabled(false)
    try manager.advance(by: 1)
    let face = try #require(dock.trackingState.trackedSubjects.first)
    #expect(face.rect.midY < 0.35)
    #expect(throws: DockKitError.noSubjectFound) {
      try dock.selectSubject(at: NormalizedPoint(x: face.rect.midX, y: face.rect.midY))
    }
    try dock.selectSubject(at: NormalizedPoint(x: face.rect.midX, y: 1 - face.rect.midY))
    #expect(throws: DockKitError.invalidParameter) {
      try dock.selectSubject(at: NormalizedPoint(x: 1.5, y: 0))
    }
  }

  @Test("selectSubjects by scenario id: unknown, nobody tracked, tracked, automatic")
  func selectSubjects() throws {
    let manager = try Fixtures.stillFace()
    let dock = manager.accessory
    #expect(throws: DockKitError.invalidParameter) { try dock.selectSubjects(subjectIDs: ["nobody"]) }
    #expect(throws: DockKitError.noSubjectFound) { try dock.selectSubjects(subjectIDs: ["face"]) }
    try manager.advance(by: 1)
    try dock.selectSubjects(subjectIDs: ["face"])
    try dock.selectSubjects(subjectIDs: [])
  }

  @Test("tracking state: ranks from 1, speaking for faces, looking at camera not modelled")
  func trackingState() throws {
    let manager = try Fixtures.stillFace()
    let dock = manager.accessory
    try manager.setSystemTrackingEnabled(false)
    #expect(dock.trackingState.trackedSubjects.isEmpty)
    try manager.advance(by: 1)
    let subjects = dock.trackingState.trackedSubjects
    #expect(subjects.map(\.saliencyRank) == Array(1...subjects.count))
    let face = try #require(subjects.first)
    #expect(face.kind == .humanFace)
    #expect(face.speakingConfidence != nil)
    #expect(face.lookingAtCameraConfidence == nil)
    #expect(abs(face.rect.midX - 0.63) < 0.03 && abs(face.rect.midY - 0.24) < 0.03)
    #expect(abs(face.rect.height - 0.19) < 0.03)
  }
}
