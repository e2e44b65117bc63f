// Under MemberImportVisibility a file may use members only of types whose modules it imports. The
// types DockSimKit names from DockSimCore (its own additions, not DockKit's: SimTime, ScenarioResult,
// MetricKey, AxisPair, SubjectKind, …) are declared in DockSimCore, so a test that uses their members
// imports DockSimCore too; both modules then declare a top-level `DockKitError`, which this file
// spells `DockSimKit.DockKitError` (docs/dockkit-api.md, "Compiling app code").
import DockSimCore
import DockSimKit
import Foundation
import Testing

@Suite("DockSimKit's own additions under MemberImportVisibility")
struct AliasMembersTests {
  @Test("members of the types DockSimKit takes from DockSimCore, with DockSimCore imported")
  func aliasMembers() async throws {
    let manager = try Fixtures.manager("app-tour")
    let accessory = manager.accessory
    let refusal = DockSimKit.DockKitError.invalidParameter
    await #expect(throws: refusal) {
      try await accessory.setRegionOfInterest(CGRect(x: 2, y: 0, width: 1, height: 1))
    }
    try manager.advance(by: 1)
    let elapsed = manager.now.seconds
    let violations = manager.result.metric(.apiViolations)
    let pitch = accessory.motionState.positions.pitch
    #expect(elapsed == 1 && violations == 1 && pitch.isFinite)
    let people = accessory.trackingState.trackedSubjects.compactMap {
      subject -> DockAccessory.TrackedPerson? in
      guard case .person(let person) = subject else { return nil }
      return person
    }
    #expect(!people.isEmpty)
    // `kind` is the kind of the track behind `rect`: the face's when the person has one.
    for person in people {
      #expect(person.kind == (person.faceTrackID != nil ? SubjectKind.humanFace : .humanBody))
    }
  }
}
