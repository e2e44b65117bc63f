import DockSimKit
import Foundation
import Testing

@Suite("System tracking and motor calls")
struct SystemTrackingTests {
  @Test("motor calls are refused while system tracking is on")
  func refusedWhileTracking() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    #expect(manager.isSystemTrackingEnabled)
    await #expect(throws: DockKitError.systemTrackingEnabled) {
      try await dock.setAngularVelocity(Vector3D(x: 0, y: 0.1, z: 0))
    }
    await #expect(throws: DockKitError.systemTrackingEnabled) {
      try await dock.setOrientation(Vector3D(x: 0, y: 0.2, z: 0), duration: .seconds(1))
    }
    await #expect(throws: DockKitError.systemTrackingEnabled) { try await dock.animate(motion: .yes) }
    #expect(throws: DockKitError.systemTrackingEnabled) {
      try dock.setLimits(.init(yaw: .init(positionRange: -1..<1, maximumSpeed: 1), pitch: nil, roll: nil))
    }
    try manager.advance(by: 0.5)
    #expect(manager.result.metric(.apiViolations) == 4)
  }

  @Test("system tracking off, then on again")
  func toggle() async throws {
    let manager = try Fixtures.walkAcross()
    try await manager.setSystemTrackingEnabled(false)
    #expect(!manager.isSystemTrackingEnabled)
    try await manager.setSystemTrackingEnabled(true)
    #expect(manager.isSystemTrackingEnabled)
  }

  @Test("a velocity command moves the stand; a non-finite one is refused")
  func angularVelocity() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try await manager.setSystemTrackingEnabled(false)
    await #expect(throws: DockKitError.invalidParameter) {
      try await dock.setAngularVelocity(Vector3D(x: 0, y: .nan, z: 0))
    }
    let before = dock.motionState.angularPositions.y
    try await dock.setAngularVelocity(Vector3D(x: 0, y: 0.5, z: 0))
    try manager.advance(by: 1)
    let state = dock.motionState
    #expect(abs(state.angularVelocities.y - 0.5) < 0.05)
    #expect(state.angularPositions.y > before + 0.3)
    // The last frame before 1 s is frame 29, due at 0.966666 s: the first 1 kHz tick after that.
    #expect(state.timestamp == 0.967)
  }

  @Test("limits: a valid one is accepted, a too fast one refused")
  func limits() async throws {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    try await manager.setSystemTrackingEnabled(false)
    #expect(throws: DockKitError.invalidParameter) {
      try dock.setLimits(.init(yaw: .init(positionRange: -1..<1, maximumSpeed: 100), pitch: nil, roll: nil))
    }
    let limits = DockAccessory.Limits(
      yaw: try .init(positionRange: -1..<1, maximumSpeed: 0.2), pitch: nil, roll: nil)
    try dock.setLimits(limits)
    #expect(dock.limits == limits)
    try await dock.setAngularVelocity(Vector3D(x: 0, y: 1, z: 0))
    try manager.advance(by: 1)
    #expect(abs(dock.motionState.angularVelocities.y) < 0.2 + 0.02)
  }
}
