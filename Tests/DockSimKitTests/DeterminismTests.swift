import DockSimKit
import Foundation
import Testing

@Suite("Virtual clock determinism and the example app")
struct DeterminismTests {
  /// A fixed script of calls; returns every motion and tracking state streamed, and the result.
  private func script() async throws -> (
    [DockAccessory.MotionState], [DockAccessory.TrackingState], ScenarioResult
  ) {
    let manager = try Fixtures.walkAcross()
    let dock = manager.accessory
    let motions = try dock.motionStates
    let tracks = try dock.trackingStates
    try manager.advance(by: 3)
    try await manager.setSystemTrackingEnabled(false)
    try await dock.setAngularVelocity(Vector3D(x: -0.05, y: 0.3, z: 0))
    try manager.advance(by: 2)
    try await dock.setOrientation(Vector3D(x: 0, y: 0.5, z: 0), duration: .seconds(1.5))
    try manager.advance(by: 0.7)
    try await dock.animate(motion: .kapow)
    try manager.advance(by: 3)
    try await manager.setSystemTrackingEnabled(true)
    let result = try manager.runToEnd()
    #expect(manager.isFinished)
    var m: [DockAccessory.MotionState] = []
    for await s in motions { m.append(s) }
    var t: [DockAccessory.TrackingState] = []
    for await s in tracks { t.append(s) }
    return (m, t, result)
  }

  @Test("the same calls give the same streamed states and result")
  func sameCallsSameStates() async throws {
    let (m1, t1, r1) = try await script()
    let (m2, t2, r2) = try await script()
    #expect(Int64(m1.count) == r1.frames)
    #expect(m1.count == m2.count && zip(m1, m2).allSatisfy { $0.isSameReading(as: $1) })
    #expect(t1 == t2)
    #expect(r1 == r2)
    #expect(t1.contains { !$0.trackedSubjects.isEmpty })
  }

  @Test("stepping finely or coarsely gives the same states")
  func steppingIsInvisible() async throws {
    let fine = try Fixtures.walkAcross()
    let coarse = try Fixtures.walkAcross()
    for _ in 0..<40 { try fine.advance(by: 0.05) }
    try coarse.advance(by: 2)
    #expect(fine.now == coarse.now)
    #expect(fine.accessory.motionState.isSameReading(as: coarse.accessory.motionState))
    #expect(fine.accessory.trackingState == coarse.accessory.trackingState)
  }

  @Test("a stream opened after the end is empty and finished")
  func streamAfterEnd() async throws {
    let manager = try Fixtures.stillFace()
    _ = try manager.runToEnd()
    var count = 0
    for await _ in try manager.accessory.motionStates { count += 1 }
    #expect(count == 0)
    var docked = 0
    for await change in try manager.accessoryStateChanges where change.state == .docked { docked += 1 }
    #expect(docked == 1)
  }

  @Test("the example app's score is deterministic and better than doing nothing")
  func exampleApp() async throws {
    let first = try await CenteringApp().run(Fixtures.walkAcross())
    let second = try await CenteringApp().run(Fixtures.walkAcross())
    #expect(CenteringApp.scoreLine(first) == CenteringApp.scoreLine(second))
    #expect(first.metric(.apiViolations) == 0)

    let idle = try Fixtures.walkAcross()
    try await idle.setSystemTrackingEnabled(false)
    let nothing = try idle.runToEnd()
    let error = try #require(first.metric(.framingErrorRMS))
    let idleError = try #require(nothing.metric(.framingErrorRMS))
    #expect(error < 0.5 * idleError)
    #expect(try #require(first.metric(.inFrameRatio)) > #require(nothing.metric(.inFrameRatio)))
  }

  @Test("the score line is fixed-format")
  func scoreLine() {
    let result = ScenarioResult(name: "x", seed: 1, duration: .zero, frames: 0, metrics: [])
    #expect(CenteringApp.scoreLine(result) == "x framing_error_rms=nan in_frame_ratio=nan api_violations=nan")
  }
}
