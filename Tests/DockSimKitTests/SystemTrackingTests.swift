import DockSimKit
import Testing

@Suite("System tracking and motor calls")
struct SystemTrackingTests {
  @Test("motor calls are refused while system tracking is on")
  func refusedWhileTracking() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    #expect(manager.isSystemTrackingEnabled)
    #expect(throws: DockKitError.systemTrackingEnabled) { try dock.setAngularVelocity(yaw: 0.1, pitch: 0) }
    #expect(throws: DockKitError.systemTrackingEnabled) {
      try dock.setOrientation(yaw: 0.2, pitch: 0, duration: 1)
    }
    #expect(throws: DockKitError.systemTrackingEnabled) { try dock.animate(.yes) }
    #expect(throws: DockKitError.systemTrackingEnabled) {
      try dock.setLimits(.init(yaw: .init(positionRange: -1..<1, maximumSpeed: 1), pitch: nil, roll: nil))
    }
    try manager.advance(by: 0.5)
    #expect(manager.result.metric(.apiViolations) == 4)
  }

  @Test("system tracking off, then on again")
  func toggle() throws {
    let manager = try Fixtures.walkAcross()
    try manager.setSystemTrackingEnabled(false)
    #expect(!manager.isSystemTrackingEnabled)
    try manager.setSystemTrackingEnabled(true)
    #expect(manager.isSystemTrackingEnabled)
  }

  @Test("a velocity command moves the stand; a non-finite one is refused")
  func angularVelocity() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.setSystemTrackingEnabled(false)
    #expect(throws: DockKitError.invalidParameter) { try dock.setAngularVelocity(yaw: .nan, pitch: 0) }
    let before = dock.motionState.angularPositions.yaw
    try dock.setAngularVelocity(yaw: 0.5, pitch: 0)
    try manager.advance(by: 1)
    let state = dock.motionState
    #expect(abs(state.angularVelocities.yaw - 0.5) < 0.05)
    #expect(state.angularPositions.yaw > before + 0.3)
    // The last frame before 1 s is frame 29, due at 0.966666 s: the first 1 kHz tick after that.
    #expect(state.timestamp == 0.967)
  }

  @Test("limits: a valid one is accepted, a too fast one refused")
  func limits() throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try manager.setSystemTrackingEnabled(false)
    #expect(throws: DockKitError.invalidParameter) {
      try dock.setLimits(.init(yaw: .init(positionRange: -1..<1, maximumSpeed: 100), pitch: nil, roll: nil))
    }
    let limits = DockAccessory.Limits(
      yaw: try .init(positionRange: -1..<1, maximumSpeed: 0.2), pitch: nil, roll: nil)
    try dock.setLimits(limits)
    #expect(dock.limits == limits)
    try dock.setAngularVelocity(yaw: 1, pitch: 0)
    try manager.advance(by: 1)
    #expect(abs(dock.motionState.angularVelocities.yaw) < 0.2 + 0.02)
  }
}
