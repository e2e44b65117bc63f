// Reads like app code written for Apple's DockKit: only the import differs. It must compile unchanged
// (and without warnings) against DockSimKit.
import DockSimKit
import Foundation
import Observation
import Testing

/// An app's view model: `@Observable` must still expand in a file that imports the kit (the kit has
/// no top-level `Observation`).
@Observable
final class DockViewModel {
  var framingMode: DockAccessory.FramingMode = .automatic
  var battery: DockAccessory.BatteryState?
  var limits: DockAccessory.Limits?
}

@Suite("DockKit spellings, as app code writes them")
struct DockKitSpellingTests {
  @Test("nested types and the shared manager")
  func nestedTypes() async throws {
    let manager = DockAccessoryManager.shared
    let accessory = manager.accessory
    let model = DockViewModel()
    model.framingMode = .left
    let animations: [DockAccessory.Animation] = [.yes, .no, .wakeup, .kapow]
    let modes: [DockAccessory.FramingMode] = [.automatic, .center, .left, .right]
    let observation = DockAccessory.Observation(
      identifier: 0, type: .humanFace, rect: CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2),
      faceYawAngle: Measurement(value: 10, unit: UnitAngle.degrees))
    let types: [DockAccessory.ObservationType] = [.humanFace, .humanBody, .object]
    let charge: [DockAccessory.BatteryChargeState] = [.charging, .notCharging, .notChargeable]
    let yaw = try DockAccessory.Limits.Limit(positionRange: -1.0..<1.0, maximumSpeed: 0.5)
    model.limits = DockAccessory.Limits(yaw: yaw, pitch: nil, roll: nil)
    let change: DockAccessory.State = .docked
    let motion: DockAccessory.MotionState = accessory.motionState
    let tracking: DockAccessory.TrackingState = accessory.trackingState
    #expect(animations.count == 4 && modes.count == 4 && types.count == 3 && charge.count == 3)
    #expect(observation.type == .humanFace && change == .docked)
    #expect(motion.timestamp >= 0 && tracking.timestamp >= 0)
    #expect(model.framingMode == .left && model.limits?.yaw == yaw)
  }

  @Test("commands as app code writes them")
  func commands() async throws {
    let manager = try DockAccessoryManager(scenario: DockAccessoryManager.defaultScenario)
    let accessory = manager.accessory
    try await accessory.setFramingMode(.left)
    try await accessory.setRegionOfInterest(CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    try manager.advance(by: 1)
    try await accessory.selectSubject(at: CGPoint(x: 0.5, y: 0.5))
    let ids = accessory.trackingState.trackedSubjects.map(\.identifier)
    try await accessory.selectSubjects(ids)
    try await accessory.selectSubjects([])
    try await manager.setSystemTrackingEnabled(false)
    try await accessory.setAngularVelocity(Vector3D(x: 0.1, y: 0.2, z: 0))
    try manager.advance(by: 1)
    let progress = try await accessory.setOrientation(
      Vector3D(x: 0, y: 0.3, z: 0), duration: .milliseconds(500), relative: true)
    try manager.advance(by: 1)
    #expect(progress.isFinished)
    _ = try await accessory.animate(motion: .yes)
    try manager.advance(by: 1.1)
    _ = try await accessory.setOrientation(
      Rotation3D(
        eulerAngles: EulerAngles(
          x: Angle2D(radians: 0), y: Angle2D(radians: 0), z: Angle2D(radians: 0), order: .xyz)))
    try manager.advance(by: 2)
    #expect(manager.result.metric(.apiViolations) == 0)
  }
}

@Suite("Spatial stand-ins")
struct SpatialStandInTests {
  @Test("Euler angles round-trip through Rotation3D in both orders, and convert between them")
  func eulerRoundTrip() {
    let angles = SIMD3<Double>(0.3, -0.7, 0.2)
    for order in [EulerAngles.Order.xyz, .zxy] {
      let r = Rotation3D(eulerAngles: EulerAngles(angles: angles, order: order))
      let back = r.eulerAngles(order: order).angles
      #expect(
        abs(back.x - angles.x) < 1e-12 && abs(back.y - angles.y) < 1e-12 && abs(back.z - angles.z) < 1e-12)
    }
    // One rotation seen in the other order is the same rotation.
    let xyz = Rotation3D(eulerAngles: EulerAngles(angles: angles, order: .xyz))
    let zxy = xyz.eulerAngles(order: .zxy)
    let again = Rotation3D(eulerAngles: zxy).eulerAngles(order: .xyz).angles
    #expect(
      abs(again.x - angles.x) < 1e-12 && abs(again.y - angles.y) < 1e-12 && abs(again.z - angles.z) < 1e-12)
    // An axis-angle rotation about y is a yaw: its .xyz angles are (0, angle, 0).
    let about = Rotation3D(angle: Angle2D(degrees: 20), axis: RotationAxis3D(x: 0, y: 2, z: 0))
    let yawOnly = about.eulerAngles(order: .xyz).angles
    #expect(abs(yawOnly.x) < 1e-12 && abs(yawOnly.y - .pi / 9) < 1e-12 && abs(yawOnly.z) < 1e-12)
    // Axis-angle and Euler angles agree for a rotation about x.
    let pitch = Rotation3D(angle: Angle2D(radians: 0.25), axis: .x)
    #expect(abs(pitch.eulerAngles(order: .zxy).angles.x - 0.25) < 1e-12)
    // A pure yaw (about y) reads the same in either order.
    let yaw = Rotation3D(
      eulerAngles: EulerAngles(
        x: Angle2D(degrees: 0), y: Angle2D(degrees: 30), z: Angle2D(radians: 0), order: .xyz))
    #expect(abs(yaw.eulerAngles(order: .zxy).angles.y - .pi / 6) < 1e-12)
  }
}

/// Code that still calls DockKit's deprecated synchronous `setOrientation` (DockKit deprecates it;
/// calling it from a deprecated function keeps this target free of warnings).
@available(*, deprecated, message: "exercises DockKit's deprecated synchronous setOrientation")
func legacyPoint(_ accessory: DockAccessory, yaw: Double) throws -> Progress {
  try accessory.setOrientation(
    Rotation3D(angle: Angle2D(radians: yaw), axis: RotationAxis3D(x: 0, y: 1, z: 0)),
    duration: .seconds(1), relative: false)
}

@Suite("DockKit's deprecated synchronous setOrientation")
struct DeprecatedSetOrientationTests {
  @available(*, deprecated, message: "calls legacyPoint")
  @Test("the synchronous form moves the dock as the async one does")
  func synchronousForm() async throws {
    let manager = try Fixtures.walkAcross()
    try await manager.setSystemTrackingEnabled(false)
    try manager.advance(by: 0.2)
    let progress = try legacyPoint(manager.accessory, yaw: 0.3)
    try manager.advance(by: 2)
    #expect(progress.isFinished)
    #expect(abs(manager.accessory.motionState.angularPositions.y - 0.3) < 0.02)
  }
}
