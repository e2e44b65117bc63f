import DockSimKit
import Foundation
import Testing

@Suite("setOrientation and animate")
struct MotionCommandTests {
  @Test("a third move within one second is frameRateTooHigh; a second later it is accepted")
  func rateLimit() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try await manager.setSystemTrackingEnabled(false)
    try await dock.setOrientation(Vector3D(x: 0, y: 0.1, z: 0), duration: .seconds(1), relative: true)
    try manager.advance(by: 0.2)
    try await dock.animate(motion: .no)
    try manager.advance(by: 0.2)
    await #expect(throws: DockKitError.frameRateTooHigh) {
      try await dock.setOrientation(Vector3D(x: 0, y: 0, z: 0), duration: .seconds(1))
    }
    try manager.advance(by: 1)
    try await dock.setOrientation(Vector3D(x: 0, y: 0, z: 0), duration: .seconds(1))
  }

  @Test("a negative duration is invalidParameter and a violation; zero is as fast as allowed")
  func invalidDuration() async throws {
    let manager = try Fixtures.walkAcross()
    try await manager.setSystemTrackingEnabled(false)
    await #expect(throws: DockKitError.invalidParameter) {
      try await manager.accessory.setOrientation(Vector3D(x: 0, y: 0, z: 0), duration: .seconds(-1))
    }
    await #expect(throws: DockKitError.invalidParameter) {
      try await manager.accessory.setAngularVelocity(Vector3D(x: .infinity, y: 0, z: 0))
    }
    await #expect(throws: DockKitError.invalidParameter) {
      try await manager.accessory.setRegionOfInterest(CGRect(x: 0.5, y: 0.5, width: 0.6, height: 0.2))
    }
    let fast = try await manager.accessory.setOrientation(Vector3D(x: 0, y: 0.2, z: 0))
    #expect(fast.plannedDuration > 0)
    try manager.advance(by: 0.1)
    #expect(manager.result.metric(.apiViolations) == 3)
  }

  @Test("a move's progress grows on the virtual clock and finishes at the target")
  func progress() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try await manager.setSystemTrackingEnabled(false)
    try manager.advance(by: 0.2)
    let progress = try await dock.setOrientation(Vector3D(x: 0.1, y: 0.3, z: 0), duration: .seconds(1))
    #expect(progress.fractionCompleted == 0)
    try manager.advance(by: 0.5)
    #expect(progress.fractionCompleted > 0.1 && progress.fractionCompleted < 0.95)
    #expect(!progress.isFinished)
    try manager.advance(by: 1.5)
    #expect(progress.isFinished && !progress.isCancelled)
    #expect(progress.fractionCompleted == 1)
    let pose = dock.motionState.angularPositions
    #expect(abs(pose.y - 0.3) < 0.02 && abs(pose.x - 0.1) < 0.02)
  }

  @Test("an animation replaced by a velocity command is cancelled")
  func cancelled() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try await manager.setSystemTrackingEnabled(false)
    let progress = try await dock.animate(motion: .wakeup)
    try manager.advance(by: 0.5)
    #expect(progress.fractionCompleted > 0)
    try await dock.setAngularVelocity(Vector3D(x: 0, y: 0, z: 0))
    try manager.advance(by: 0.5)
    #expect(progress.isCancelled && !progress.isFinished)
  }
}

struct CustomTrackingAPITests {
  /// No observation: typed, since `[]` alone is ambiguous between the observation and metadata forms
  /// (as it is against DockKit).
  static let nothing: [DockAccessory.Observation] = []

  @Test func customObservationsDriveTheDockWithinTheRateRules() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.advance(by: 1)
    await #expect(throws: DockKitError.systemTrackingEnabled) {
      try await dock.track(Self.nothing, cameraInformation: Fixtures.camera)
    }
    try await manager.setSystemTrackingEnabled(false)
    // A box right of centre, fed at 15 per second: the dock turns right to follow it.
    let box = DockAccessory.Observation(
      identifier: 1, type: .humanFace, rect: CGRect(x: 0.72, y: 0.45, width: 0.06, height: 0.1))
    let yaw0 = dock.motionState.angularPositions.y
    for _ in 0..<15 {
      try await dock.track([box], cameraInformation: Fixtures.camera)
      try manager.advance(by: 1.0 / 15)
    }
    #expect(dock.motionState.angularPositions.y > yaw0 + 0.05, "the dock followed the app's box")
    try await dock.track([box], cameraInformation: Fixtures.camera)
    await #expect(throws: DockKitError.frameRateTooHigh) {
      try await dock.track([box], cameraInformation: Fixtures.camera)
    }
    try manager.advance(by: 0.5)
    await #expect(throws: DockKitError.frameRateTooLow) {
      try await dock.track([box], cameraInformation: Fixtures.camera)
    }
  }

  @Test func undockedCommandsThrowNotConnectedAndTheButtonToggles() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.advance(by: 0.5)
    try dock.setDocked(false)
    await #expect(throws: DockKitError.notConnected) { try await dock.setFramingMode(.left) }
    try dock.setDocked(true)
    try await dock.setFramingMode(.left)
    #expect(manager.isSystemTrackingEnabled)
    try dock.pressTrackingButton()
    #expect(!manager.isSystemTrackingEnabled)
    try manager.advance(by: 0.2)
    #expect(try #require(dock.batteryState).batteryLevel > 0)
  }

  @Test func selectByTrackIdentifier() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.advance(by: 1)
    let subjects = dock.trackingState.trackedSubjects
    let id = try #require(subjects.first?.identifier)
    try await dock.selectSubjects([id])
    await #expect(throws: DockKitError.noSubjectFound) { try await dock.selectSubjects([UUID()]) }
    try await dock.selectSubjects([])
  }
}

struct StretchReportTests {
  @Test func aTooShortMoveReportsItsStretch() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.advance(by: 0.5)
    try await manager.setSystemTrackingEnabled(false)
    let quick = try await dock.setOrientation(
      Vector3D(x: 0, y: 2.5, z: 0), duration: .seconds(0.3), relative: true)
    let stretch = try #require(quick.stretch)
    #expect(stretch.axis == .yaw)
    #expect(quick.plannedDuration > 1.0 && quick.plannedDuration > stretch.requestedDuration)
    try manager.advance(by: 1.1)
    let easy = try await dock.setOrientation(
      Vector3D(x: 0, y: 0.1, z: 0), duration: .seconds(2), relative: true)
    #expect(easy.stretch == nil)
    #expect(abs(easy.plannedDuration - 2) < 1e-9)
  }
}

struct AccessorySequencesTests {
  @Test func stateChangesButtonEventsAndBatteryAreStreamed() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    let changes = try manager.accessoryStateChanges
    let battery = try dock.batteryStates
    try manager.advance(by: 0.5)
    try dock.setDocked(false)
    try manager.advance(by: 0.1)
    try dock.setDocked(true)
    try manager.advance(by: 0.1)
    try dock.pressTrackingButton()
    try manager.advance(by: 0.1)
    _ = try manager.runToEnd()
    var states: [DockAccessory.State] = []
    var buttons: [Bool] = []
    for await c in changes {
      states.append(c.state)
      buttons.append(c.trackingButtonEnabled)
    }
    // Docked, undocked, docked again, then the tracking button turns system tracking off.
    #expect(states == [.docked, .undocked, .docked, .docked])
    #expect(buttons == [true, true, true, false])
    var levels: [Double] = []
    for await b in battery { levels.append(b.batteryLevel) }
    #expect(!levels.isEmpty)
    #expect(
      zip(levels, levels.dropFirst()).allSatisfy { $0 >= $1 }, "the battery only drains off the charger")
  }
}

struct KitSideRefusalTests {
  @Test("invalid arguments throw DockKit's error and count as API violations, whoever checks them")
  func refusalsCount() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try await manager.setSystemTrackingEnabled(false)
    let limit = try DockAccessory.Limits.Limit(positionRange: -0.5..<0.5, maximumSpeed: 0.5)
    #expect(throws: DockKitError.notSupportedByDevice) {
      try dock.setLimits(DockAccessory.Limits(yaw: limit, pitch: nil, roll: limit))
    }
    #expect(throws: DockKitError.invalidParameter) {
      try dock.setLimits(DockAccessory.Limits(yaw: nil, pitch: nil, roll: nil))
    }
    await #expect(throws: DockKitError.invalidParameter) {
      try await dock.setAngularVelocity(Vector3D(x: 0, y: 0.1, z: .nan))
    }
    await #expect(throws: DockKitError.invalidParameter) {
      try await dock.setOrientation(Vector3D(x: 0, y: 0.1, z: .infinity))
    }
    let badCamera = DockAccessory.CameraInformation(
      captureDevice: .builtInWideAngleCamera, cameraPosition: .front, orientation: .portrait,
      cameraIntrinsics: nil, referenceDimensions: CGSize(width: -1, height: 1080))
    await #expect(throws: DockKitError.invalidParameter) {
      try await dock.track(CustomTrackingAPITests.nothing, cameraInformation: badCamera)
    }
    let badLens = DockAccessory.CameraInformation(
      captureDevice: .builtInWideAngleCamera, cameraPosition: .back, orientation: .corrected,
      cameraIntrinsics: matrix_float3x3(diagonal: SIMD3<Float>(0, 1000, 1)), referenceDimensions: nil)
    await #expect(throws: DockKitError.invalidParameter) {
      try await dock.track(CustomTrackingAPITests.nothing, cameraInformation: badLens)
    }
    let nanBox = DockAccessory.Observation(
      identifier: 0, type: .humanFace, rect: CGRect(x: .nan, y: 0.4, width: 0.1, height: 0.1))
    await #expect(throws: DockKitError.invalidParameter) {
      try await dock.track([nanBox], cameraInformation: Fixtures.camera)
    }
    // Nothing changed: the limits are still the hardware's.
    #expect(dock.limits == DockAccessory.Limits(yaw: nil, pitch: nil, roll: nil))
    try manager.advance(by: 0.1)
    #expect(manager.result.metric(.apiViolations) == 7)
  }
}
