import DockSimKit
import Testing

@Suite("DockAccessoryManager.shared and independent worlds")
struct SharedManagerTests {
  @Test("shared is one default world; scenario managers are independent of it")
  func sharedIsASingleton() async throws {
    #expect(DockAccessoryManager.shared === DockAccessoryManager.shared)
    #expect(DockAccessoryManager.shared.accessory.name == "default")
    let own = try DockAccessoryManager(scenario: DockAccessoryManager.defaultScenario)
    #expect(own !== DockAccessoryManager.shared)
    try own.advance(by: 1)
    #expect(own.now.seconds == 1)
    #expect(!own.accessory.trackingState.trackedSubjects.isEmpty, "the default person is tracked")
  }
}
