import DockSimIO
import DockSimKit
import Foundation
import Testing

/// The ways an app's wait for a motion can pass virtual time, and what happens when nothing does.
@Suite("Waiting on the virtual clock")
struct WaitingTests {
  /// Starts a 1.5 s move with system tracking off.
  private func startMove(_ manager: DockAccessoryManager) async throws -> Progress {
    try await manager.setSystemTrackingEnabled(false)
    try manager.advance(by: 0.5)
    return try await manager.accessory.setOrientation(Vector3D(x: 0, y: 0.4, z: 0), duration: .seconds(1.5))
  }

  @Test("a loop sleeping on the manager's clock ends at the same virtual instant every time")
  func clockPolling() async throws {
    var ends: [Int64] = []
    for _ in 0..<3 {
      let manager = try Fixtures.manager("app-session")
      let clock = manager.clock
      let progress = try await startMove(manager)
      let start = clock.now
      while !progress.isFinished { try await clock.sleep(for: .milliseconds(100)) }
      let waited = start.duration(to: clock.now)
      #expect(waited >= .seconds(1.5) && waited <= .seconds(1.7))
      #expect(progress.fractionCompleted == 1)
      ends.append(clock.now.time.microseconds)
    }
    #expect(Set(ends).count == 1)
  }

  @Test("polling isFinished with Task.sleep completes the motion under .completesMotionsWhenPolled")
  func appPolling() async throws {
    var ends: [Int64] = []
    for _ in 0..<3 {
      let manager = try Fixtures.manager("app-session")
      manager.virtualTime = .completesMotionsWhenPolled
      let progress = try await startMove(manager)
      var polls = 0
      while !progress.isFinished {
        polls += 1
        try await Task.sleep(for: .milliseconds(1))
      }
      #expect(polls == 0, "the first poll waits for the whole motion")
      ends.append(manager.now.microseconds)
    }
    #expect(Set(ends).count == 1)
    // The end is the first frame at which the 1.5 s move (started at 0.5 s) is over.
    #expect(ends[0] >= 2_000_000 && ends[0] <= 2_100_000)
  }

  @Test("DockKit's sample loop, as docs/dockkit-api.md shows it, ends under .completesMotionsWhenPolled")
  func samplePolling() async throws {
    let manager = try Fixtures.manager("app-session")
    manager.virtualTime = .completesMotionsWhenPolled
    try await manager.setSystemTrackingEnabled(false)
    let accessory = manager.accessory
    let progress = try await accessory.animate(motion: .yes)
    while !progress.isFinished { try await Task.sleep(for: .milliseconds(100)) }
    #expect(progress.fractionCompleted == 1 && !progress.isCancelled)
  }

  @Test("waitUntilFinished simulates frame by frame to the motion's end")
  func waitUntilFinished() async throws {
    let manager = try Fixtures.manager("app-session")
    let progress = try #require(try await startMove(manager) as? MotionProgress)
    try await progress.waitUntilFinished()
    #expect(progress.isFinished && !progress.isCancelled)
    #expect(manager.now.microseconds >= 2_000_000 && manager.now.microseconds <= 2_100_000)
  }

  @Test("polling while nothing advances time is diagnosed once, and time stays put")
  func stalledPollingIsDiagnosed() async throws {
    let manager = try Fixtures.manager("app-session")
    let progress = try await startMove(manager)
    let before = manager.now
    // A tight polling loop: what matters is that virtual time does not move between polls.
    for _ in 0..<500 where progress.isFinished { break }
    #expect(manager.now == before)
    #expect(!progress.isFinished)
    #expect(manager.diagnostics.count == 1)
    let message = try #require(manager.diagnostics.first)
    #expect(
      message.contains("nothing advances the simulation") && message.contains("completesMotionsWhenPolled"))
  }

  @Test("a motion still under way at the scenario's end is cancelled, and sleeping past the end throws")
  func scenarioEnd() async throws {
    let manager = try Fixtures.manager("app-session")
    let clock = manager.clock
    try await manager.setSystemTrackingEnabled(false)
    try await clock.sleep(until: .init(SimTime(seconds: 39.5)))
    let progress = try await manager.accessory.setOrientation(
      Vector3D(x: 0, y: 1, z: 0), duration: .seconds(3))
    await #expect(throws: ScenarioEndedError.self) { try await clock.sleep(for: .seconds(5)) }
    #expect(manager.isFinished)
    #expect(progress.isCancelled && !progress.isFinished)
  }

  @Test("a cancelled task's sleep throws before simulating anything")
  func cancelledSleep() async throws {
    let manager = try Fixtures.manager("app-session")
    let clock = manager.clock
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(manager.now == .zero)
  }
}

/// App code that reaches the dock through `DockAccessoryManager.shared`, as shipping apps do.
@Suite("The shared manager")
struct SharedManagerAppTests {
  @Test("an app written against DockAccessoryManager.shared finds the default stand")
  func sharedManager() async throws {
    let model = CameraModel()
    let service = DockControlService(model: model)
    try await service.setUp()
    while await service.accessory == nil { await Task.yield() }
    #expect(model.accessoryName == "default")
    #expect(await service.accessory == DockAccessoryManager.shared.accessory)
  }
}
