import DockSimKit
import Foundation
import Testing

@Suite("setOrientation and animate")
struct MotionCommandTests {
  @Test("a third move within one second is frameRateTooHigh; a second later it is accepted")
  func rateLimit() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.setSystemTrackingEnabled(false)
    try dock.setOrientation(yaw: 0.1, pitch: 0, duration: 1, relative: true)
    try manager.advance(by: 0.2)
    try dock.animate(.no)
    try manager.advance(by: 0.2)
    #expect(throws: DockKitError.frameRateTooHigh) { try dock.setOrientation(yaw: 0, pitch: 0, duration: 1) }
    try manager.advance(by: 1)
    try dock.setOrientation(yaw: 0, pitch: 0, duration: 1)
  }

  @Test("a duration of zero is invalidParameter")
  func invalidDuration() throws {
    let manager = try Fixtures.walkAcross()
    try manager.setSystemTrackingEnabled(false)
    #expect(throws: DockKitError.invalidParameter) {
      try manager.accessory.setOrientation(yaw: 0, pitch: 0, duration: 0)
    }
  }

  @Test("a move's progress grows on the virtual clock and finishes at the target")
  func progress() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.setSystemTrackingEnabled(false)
    try manager.advance(by: 0.2)
    let progress = try dock.setOrientation(yaw: 0.3, pitch: 0.1, duration: 1)
    #expect(progress.fractionCompleted == 0)
    try manager.advance(by: 0.5)
    #expect(progress.fractionCompleted > 0.1 && progress.fractionCompleted < 0.95)
    #expect(!progress.isFinished)
    try manager.advance(by: 1.5)
    #expect(progress.isFinished && !progress.isCancelled)
    #expect(progress.fractionCompleted == 1)
    let pose = dock.motionState.angularPositions
    #expect(abs(pose.yaw - 0.3) < 0.02 && abs(pose.pitch - 0.1) < 0.02)
  }

  @Test("an animation replaced by a velocity command is cancelled")
  func cancelled() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.setSystemTrackingEnabled(false)
    let progress = try dock.animate(.wakeup)
    try manager.advance(by: 0.5)
    #expect(progress.fractionCompleted > 0)
    try dock.setAngularVelocity(yaw: 0, pitch: 0)
    try manager.advance(by: 0.5)
    #expect(progress.isCancelled && !progress.isFinished)
  }
}

struct CustomTrackingAPITests {
  @Test func customObservationsDriveTheDockWithinTheRateRules() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.advance(by: 1)
    #expect(throws: DockKitError.systemTrackingEnabled) { try dock.track([]) }
    try manager.setSystemTrackingEnabled(false)
    // A box right of centre, fed at 15 per second: the dock turns right to follow it.
    let box = DockAccessory.Observation(
      identifier: 1, type: .humanFace, rect: CGRect(x: 0.72, y: 0.45, width: 0.06, height: 0.1))
    let yaw0 = dock.motionState.angularPositions.yaw
    for _ in 0..<15 {
      try dock.track([box])
      try manager.advance(by: 1.0 / 15)
    }
    #expect(dock.motionState.angularPositions.yaw > yaw0 + 0.05, "the dock followed the app's box")
    try dock.track([box])
    #expect(throws: DockKitError.frameRateTooHigh) { try dock.track([box]) }
    try manager.advance(by: 0.5)
    #expect(throws: DockKitError.frameRateTooLow) { try dock.track([box]) }
  }

  @Test func undockedCommandsThrowNotConnectedAndTheButtonToggles() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.advance(by: 0.5)
    try dock.setDocked(false)
    #expect(throws: DockKitError.notConnected) { try dock.setFramingMode(.left) }
    try dock.setDocked(true)
    try dock.setFramingMode(.left)
    #expect(manager.isSystemTrackingEnabled)
    try dock.pressTrackingButton()
    #expect(!manager.isSystemTrackingEnabled)
    try manager.advance(by: 0.2)
    #expect(try #require(dock.batteryState).batteryLevel > 0)
  }

  @Test func selectByTrackIdentifier() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.advance(by: 1)
    let subjects = dock.trackingState.trackedSubjects
    let id = try #require(subjects.first?.identifier)
    try dock.selectSubjects([id])
    #expect(throws: DockKitError.noSubjectFound) { try dock.selectSubjects([9999]) }
    try dock.selectSubjects([])
  }
}

struct StretchReportTests {
  @Test func aTooShortMoveReportsItsStretch() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.advance(by: 0.5)
    try manager.setSystemTrackingEnabled(false)
    let quick = try dock.setOrientation(yaw: 2.5, pitch: 0, duration: 0.3, relative: true)
    let stretch = try #require(quick.stretch)
    #expect(stretch.axis == .yaw)
    #expect(quick.plannedDuration > 1.0 && quick.plannedDuration > stretch.requestedDuration)
    try manager.advance(by: 1.1)
    let easy = try dock.setOrientation(yaw: 0.1, pitch: 0, duration: 2, relative: true)
    #expect(easy.stretch == nil)
    #expect(abs(easy.plannedDuration - 2) < 1e-9)
  }
}

struct AccessorySequencesTests {
  @Test func stateChangesButtonEventsAndBatteryAreStreamed() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    let changes = manager.accessoryStateChanges
    let events = dock.accessoryEvents
    let battery = dock.batteryStates
    try manager.advance(by: 0.5)
    try dock.setDocked(false)
    try manager.advance(by: 0.1)
    try dock.setDocked(true)
    try dock.pressTrackingButton()
    try manager.advance(by: 0.1)
    _ = try manager.runToEnd()
    var states: [DockAccessory.StateChange.State] = []
    for await c in changes { states.append(c.state) }
    #expect(states == [.docked, .undocked, .docked])
    var presses = 0
    for await e in events where e == .trackingButton { presses += 1 }
    #expect(presses == 1)
    var levels: [Double] = []
    for await b in battery { levels.append(b.batteryLevel) }
    #expect(!levels.isEmpty)
    #expect(
      zip(levels, levels.dropFirst()).allSatisfy { $0 >= $1 }, "the battery only drains off the charger")
  }
}
