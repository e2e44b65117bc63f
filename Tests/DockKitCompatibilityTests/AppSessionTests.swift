import DockSimIO
import DockSimKit
import Foundation
import Testing

/// Everything one session of the app under test observed and did, for behaviour checks and for
/// comparing two runs.
struct Transcript: Equatable {
  var serviceLog: [String] = []
  var dockLog: [String] = []
  var eventLog: [String] = []
  var batteryLog: [String] = []
  var errors: [DockKitError] = []
  var accessoryDescription = ""
  var trackingStates = 0
  var motionStates = 0
  var finalPose: [Double] = []
  var finalRates: [Double] = []
  var motionSpan = 0.0
  var salient: String = ""
  var knownAccessories = 0
  /// Virtual instants (µs) at which the app's waits returned.
  var waits: [String: Int64] = [:]
  var checks: [String: String] = [:]
  var metrics: [String] = []
}

/// Drives the app under test (App/) through a whole session on `app-session`, as a person would
/// tap through its menus, and records the transcript. Virtual time passes only through the manager's
/// clock (which the app also sleeps on) and the app's own polling of a `Progress`.
func runAppSession() async throws -> Transcript {
  let manager = try Fixtures.manager("app-session")
  manager.virtualTime = .completesMotionsWhenPolled
  let clock = manager.clock
  let model = CameraModel()
  let service = DockControlService(manager: manager, model: model, clock: clock)
  var t = Transcript()
  func mark(_ name: String) { t.waits[name] = clock.now.time.microseconds }

  try await service.setUp()
  // The first state change (docked) arrives at once; time does not move while the app handles it.
  while await service.accessory == nil { await Task.yield() }
  let accessory = try #require(await service.accessory)

  // System tracking with framing changes.
  try await clock.sleep(for: .seconds(2))
  await service.setFraming(.left)
  try await clock.sleep(for: .seconds(1))
  t.checks["framing"] = "\(await service.framing.map { "\($0)" } ?? "nil")"
  await service.setFraming(.automatic)
  await service.setRegionOfInterest(to: CGRect(x: 0.25, y: 0.1, width: 0.5, height: 0.8))
  t.checks["roi"] = "\(await service.regionOfInterest ?? .zero)"
  await service.setRegionOfInterest(to: CGRect(x: 0.8, y: 0.8, width: 0.5, height: 0.5))  // refused
  await service.setRegionOfInterest(to: CGRect(x: 0, y: 0, width: 1, height: 1))
  try await clock.sleep(for: .seconds(1))

  // Subject selection by identifier, by tap, and back to automatic.
  let subjects = accessory.trackingState.trackedSubjects
  t.checks["subjects"] = "\(subjects.count)"
  if let last = subjects.last { await service.selectSubjects([last.identifier]) }
  await service.selectSubjects([UUID(uuidString: "00000000-0000-0000-0000-000000000001")!])  // refused
  try await clock.sleep(for: .seconds(1))
  if let first = accessory.trackingState.trackedSubjects.first {
    // Tracking boxes have a lower-left origin; a tap has an upper-left one.
    await service.selectSubject(at: CGPoint(x: first.rect.midX, y: 1 - first.rect.midY))
  }
  await service.selectSubject(at: nil)
  try await clock.sleep(for: .seconds(1))

  // Manual control: chevrons, limits, a move waited on the app's clock, a relative turn.
  await service.move(.right)  // refused: system tracking is on
  await service.setTrackingMode(.manual)
  await service.move(.right)
  try await clock.sleep(for: .milliseconds(500))
  await service.stop()
  await service.setLimits(yaw: -1.2..<1.2, pitch: -0.5..<0.5, maximumSpeed: 1.2)
  t.checks["limits"] = (await service.limits?.yaw?.positionRange).map { "\($0)" } ?? "none"
  t.checks["pointed"] = "\(await service.point(pitch: 0.05, yaw: 0.3, over: .seconds(1)))"
  mark("pointed")
  let turn = try #require(
    await service.turn(
      by: Rotation3D(
        eulerAngles: EulerAngles(
          x: Angle2D(radians: 0), y: Angle2D(degrees: -10), z: Angle2D(radians: 0), order: .xyz))))
  try await (turn as? MotionProgress)?.waitUntilFinished()
  mark("turned")
  try await clock.sleep(for: .seconds(1))

  // An animation awaited the app's way: polling `isFinished` with `Task.sleep`.
  t.checks["animated"] = "\(await service.animate(.yes))"
  mark("animated")
  // Two more within a second are fine; a third is refused.
  _ = await service.startAnimation(.no)
  _ = await service.startAnimation(.kapow)
  _ = await service.startAnimation(.wakeup)
  try await clock.sleep(for: .seconds(3))

  // Custom tracking at 15 Hz, the app's detector seeing the most salient face.
  await service.setTrackingMode(.custom)
  for _ in 0..<30 {
    let faces = accessory.trackingState.trackedSubjects.compactMap { subject -> CGRect? in
      guard case .person(let p) = subject, p.kind == .humanFace else { return nil }
      return p.rect
    }
    await service.track(faces: Array(faces.prefix(1)), bodies: [])
    try await clock.sleep(for: .seconds(1.0 / 15))
  }
  await service.track(faces: [], bodies: [])
  await service.track(faces: [], bodies: [])  // refused: too soon after the last
  mark("custom")
  await service.setTrackingMode(.system)
  try await clock.sleep(for: .seconds(2))

  // The phone lifted off the dock and put back.
  try accessory.setDocked(false)
  try await clock.sleep(for: .seconds(1))
  await service.move(.left)  // refused: not connected
  try accessory.setDocked(true)
  try await clock.sleep(for: .seconds(1))
  t.checks["tracking"] = "\(await service.isSystemTracking)"

  let result = try manager.runToEnd()
  await service.waitForSubscriptions()
  t.serviceLog = model.serviceLog
  t.dockLog = model.dockLog
  t.eventLog = model.eventLog
  t.batteryLog = model.batteryLog
  t.errors = await service.errors
  t.accessoryDescription = model.accessoryDescription
  t.trackingStates = model.trackingStateCount
  t.motionStates = model.motionStateCount
  if let pose = model.lastPose { t.finalPose = [pose.x, pose.y, pose.z] }
  if let rates = model.lastRates { t.finalRates = [rates.x, rates.y, rates.z] }
  t.motionSpan = model.motionSpan
  t.salient =
    "\(model.mostSalient.map(\.uuidString) ?? "none") \(model.salientRect.map { "\($0)" } ?? "none")"
  t.knownAccessories = await service.knownAccessories.count
  t.metrics = result.metrics.map { "\($0.name)=\($0.value.map { "\($0)" } ?? "none")" }
  return t
}

@Suite("App code in DockKit's spelling, run on a scenario")
struct AppSessionTests {
  @Test("every call behaves as DockKit documents")
  func behaviour() async throws {
    let t = try await runAppSession()
    #expect(
      t.errors == [
        .invalidParameter,  // a region outside the image
        .noSubjectFound,  // a UUID nobody has
        .systemTrackingEnabled,  // a chevron while system tracking is on
        .frameRateTooHigh,  // a third animation within a second
        .frameRateTooHigh,  // a track call too soon after the last
        .notConnected,  // a chevron while the phone is off the dock
      ])
    #expect(t.checks["framing"] == "left")
    #expect(t.checks["roi"] == "\(CGRect(x: 0.25, y: 0.1, width: 0.5, height: 0.8))")
    // Two people, each one subject: a face and its body are one person.
    #expect(t.checks["subjects"] == "2", "both people are tracked, once each")
    #expect(t.checks["limits"] == "\(-1.2..<1.2)")
    #expect(t.checks["pointed"] == "true")
    #expect(t.checks["animated"] == "true")
    #expect(t.checks["tracking"] == "true")
    // The app's waits end when the motion does, on whole frames of virtual time.
    let pointed = try #require(t.waits["pointed"])
    let turned = try #require(t.waits["turned"])
    let animated = try #require(t.waits["animated"])
    #expect(pointed > 7_000_000 && pointed < 9_000_000)
    #expect(turned > pointed && animated > turned + 1_000_000)
    #expect(t.dockLog == ["docked, tracking button on", "undocked", "docked, tracking button on"])
    #expect(t.accessoryDescription.contains("app-session"))
    #expect(!t.batteryLog.isEmpty)
    #expect(
      t.eventLog == [
        "start recording", "zoom ×2.0", "front camera", "button 3 down", "button 3 up", "stop recording",
      ], "the flip at 17.5 s, with the phone off the dock, is not delivered")
    #expect(t.trackingStates == 40 * 30 && t.motionStates == 40 * 30, "one state per frame, none lost")
    // Frames fall on whole physics ticks (1 ms): the last one is at 39.967 s.
    #expect(abs(t.motionSpan - (40 - 1.0 / 30)) < 0.001, "timestamps span the run")
    #expect(t.knownAccessories == 1, "docked twice, one accessory (Hashable by identifier)")
    #expect(t.finalPose.count == 3 && t.finalPose[2] == 0 && t.finalRates[2] == 0, "no roll")
    #expect(!t.salient.hasPrefix("none"))
    #expect(t.metrics.contains("api_violations=6.0"))
  }

  @Test("two runs of the same session are identical")
  func determinism() async throws {
    let a = try await runAppSession()
    let b = try await runAppSession()
    #expect(a == b)
  }
}
