import DockSimCore
import Foundation

/// The simulated world behind one manager: the simulation and everything that observes it, guarded by
/// one lock. Every public type of DockSimKit reaches the simulation only through ``withState(_:)``.
final class SimulationBox: @unchecked Sendable {
  // Recursive: a progress's cancellation handler, run while the world publishes a frame, may call
  // back into the accessory on the same thread.
  private let lock = NSRecursiveLock()
  private var state: WorldState

  init(scenario: Scenario) throws {
    state = WorldState(simulation: try Simulation(scenario: scenario))
  }

  /// Runs `body` with exclusive access to the world.
  func withState<T, E: Error>(_ body: (inout WorldState) throws(E) -> T) throws(E) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }

  /// Whether a motion has finished, as an app's poll of `isFinished` reads it. Under
  /// `.completesMotionsWhenPolled`, polling an unfinished motion first simulates until it is over;
  /// under `.manual`, many polls while virtual time stands still record (and print) a diagnostic once.
  func pollFinished(_ progress: MotionProgressState) -> Bool {
    withState { world in
      if !progress.isOver && !world.simulation.isFinished {
        switch world.virtualTime {
        case .completesMotionsWhenPolled:
          do { try world.advance(untilOver: progress) } catch { world.deferredFailure = error }
        case .manual:
          if let message = progress.notePoll(at: world.simulation.now) {
            world.diagnostics.append(message)
            FileHandle.standardError.write(Data((message + "\n").utf8))
          }
        }
      }
      return progress.finished
    }
  }
}

/// How virtual time passes for an app that waits for a motion by polling its `Progress`.
public enum VirtualTime: Sendable, Equatable {
  /// Time passes only when something advances it: ``DockAccessoryManager/advance(by:)``, the
  /// manager's ``DockAccessoryManager/clock``, or ``MotionProgress/waitUntilFinished()``. An app
  /// polling `isFinished` while nothing advances time is diagnosed (``DockAccessoryManager/diagnostics``).
  case manual
  /// As `.manual`, and reading `isFinished` of an unfinished motion first simulates until the motion
  /// has finished or another command replaced it, as if the app had waited for it. An app's loop
  /// `while !progress.isFinished { try await Task.sleep(…) }` then ends after one poll, at the same
  /// virtual instant in every run (the first camera frame at which the motion is over).
  case completesMotionsWhenPolled
}

/// A `setOrientation` move or an animation as its progress handle sees it. Mutated only under the
/// box's lock.
final class MotionProgressState: @unchecked Sendable {
  /// The virtual instant the command was accepted (its plan starts there).
  let start: SimTime
  /// How long the plan takes, seconds, and what stretched it when the request was too short.
  var plannedDuration = 0.0
  var stretch: MotionStretch?
  var fraction = 0.0
  var finished = false
  var cancelled = false
  /// The app's progress object, updated as frames are published.
  weak var handle: MotionProgress?
  /// Finished, or replaced before it could finish.
  var isOver: Bool { finished || cancelled }
  /// Polls at the same virtual instant, for the diagnostic of a wait nothing advances.
  private var pollsAtSameInstant = 0
  private var lastPollTime: SimTime?
  private var diagnosed = false
  init(start: SimTime) { self.start = start }

  /// Another command replaced the motion, or the scenario ended under it.
  func cancel() {
    cancelled = true
    handle?.cancel()
  }

  /// Polls of an unfinished motion at one virtual instant before the diagnostic is printed.
  static let pollsBeforeDiagnostic = 200

  /// Counts a poll at `now`; returns the diagnostic, once, when virtual time has stood still for
  /// ``pollsBeforeDiagnostic`` polls.
  func notePoll(at now: SimTime) -> String? {
    if lastPollTime == now {
      pollsAtSameInstant += 1
    } else {
      lastPollTime = now
      pollsAtSameInstant = 1
    }
    guard pollsAtSameInstant >= Self.pollsBeforeDiagnostic, !diagnosed else { return nil }
    diagnosed = true
    return
      "DockSimKit: a motion's Progress was polled \(pollsAtSameInstant) times while virtual time stood at "
      + "\(now.seconds) s; nothing advances the simulation, so it cannot finish. Wait on "
      + "manager.clock (clock.sleep(for:) advances virtual time), call progress.waitUntilFinished(), or "
      + "set manager.virtualTime = .completesMotionsWhenPolled (docs/dockkit-api.md, \"Waiting for a motion\")."
  }
}

/// Collects the frames one `advance` simulates, in order.
struct RecordCollector: TraceSink {
  var records: [FrameRecord] = []
  mutating func write(_ record: FrameRecord) throws { records.append(record) }
}

/// The simulation, the stream subscribers and the outstanding progress handles.
struct WorldState {
  var simulation: Simulation
  var motionContinuations: [AsyncStream<DockAccessory.MotionState>.Continuation] = []
  var trackingContinuations: [AsyncStream<DockAccessory.TrackingState>.Continuation] = []
  var progresses: [MotionProgressState] = []
  var batteryContinuations: [AsyncStream<DockAccessory.BatteryState>.Continuation] = []
  var eventContinuations: [AsyncStream<DockAccessory.AccessoryEvent>.Continuation] = []
  var dockContinuations: [AsyncStream<DockAccessory.StateChange>.Continuation] = []
  /// The accessory, for state changes (weak: the accessory owns this state through its box).
  weak var accessory: DockAccessory?
  var lastBattery: BatteryState?
  /// The limits last accepted by `setLimits(_:)`.
  var limits = DockAccessory.Limits(yaw: nil, pitch: nil, roll: nil)
  var virtualTime = VirtualTime.manual
  /// Diagnostics of waits nothing advances, in the order they were found.
  var diagnostics: [String] = []
  /// A failure while a poll advanced time (a getter cannot throw): thrown by the next advance.
  var deferredFailure: (any Error)?

  init(simulation: Simulation) { self.simulation = simulation }

  var scenario: Scenario { simulation.scenario }
  var initialPose: CameraPose {
    CameraPose(yaw: scenario.dock.initialYaw, pitch: scenario.dock.initialPitch)
  }

  /// Simulates up to `end`, then publishes every simulated frame in order; finishes the streams when
  /// the scenario is over.
  mutating func advance(until end: SimTime) throws {
    if let failure = deferredFailure {
      deferredFailure = nil
      throw failure
    }
    var collector = RecordCollector()
    try simulation.advance(until: end, trace: &collector)
    for record in collector.records { publish(record) }
    if simulation.isFinished { finishStreams() }
  }

  /// Simulates physics ticks up to and including the next camera frame (or to the scenario's end).
  mutating func advanceOneFrame() throws {
    let frames = simulation.lastRecord?.frame
    let tick = SimDuration(microseconds: Int64(1_000_000 / scenario.physicsRateHz))
    while !simulation.isFinished && simulation.lastRecord?.frame == frames {
      try advance(until: simulation.now + tick)
    }
  }

  /// Simulates frame by frame until `progress` is over or the scenario has ended.
  mutating func advance(untilOver progress: MotionProgressState) throws {
    while !progress.isOver && !simulation.isFinished { try advanceOneFrame() }
  }

  /// Feeds one frame to the progress handles and the stream subscribers.
  private mutating func publish(_ record: FrameRecord) {
    progresses = progresses.filter { update($0, with: record) }
    if let battery = record.battery {
      // DockKit reports the battery when it changes: here by a whole percent, or the charger.
      let changed =
        lastBattery.map {
          abs($0.level - battery.level) >= 0.01 || $0.charging != battery.charging
        } ?? true
      if changed {
        lastBattery = battery
        for c in batteryContinuations { c.yield(DockAccessory.BatteryState(battery)) }
      }
    }
    for input in record.accessoryInputs {
      let event = DockAccessory.AccessoryEvent(input)
      for c in eventContinuations { c.yield(event) }
    }
    for name in record.commands {
      // DockKit reports docking, undocking and the tracking button as accessory state changes.
      let state: DockAccessory.State
      switch name {
      case "dock": state = .docked
      case "trackingButton": state = record.docked ? .docked : .undocked
      case "undock": state = .undocked
      default: continue
      }
      let change = DockAccessory.StateChange(
        accessory: accessory, state: state, trackingButtonEnabled: record.systemTracking)
      for c in dockContinuations { c.yield(change) }
    }
    if !motionContinuations.isEmpty {
      let state = DockAccessory.MotionState(record: record, initial: initialPose)
      for c in motionContinuations { c.yield(state) }
    }
    if !trackingContinuations.isEmpty {
      let state = DockAccessory.TrackingState(record: record, camera: scenario.camera, initial: initialPose)
      for c in trackingContinuations { c.yield(state) }
    }
  }

  /// Updates `progress` from a frame; returns whether it is still outstanding.
  private func update(_ progress: MotionProgressState, with record: FrameRecord) -> Bool {
    guard record.time >= progress.start else { return true }
    if let active = record.activeMotion, active.plan.startTime == progress.start {
      progress.fraction = min(1, max(0, active.plan.progress(at: record.time)))
      if active.plan.isFinished(at: record.time) {
        progress.fraction = 1
        progress.finished = true
      }
      progress.handle?.completedUnitCount = Int64((progress.fraction * 1000).rounded(.down))
    } else {
      progress.cancel()
    }
    return !progress.isOver
  }

  mutating func finishStreams() {
    // Nothing moves after the end: a motion still under way will never finish.
    for progress in progresses { progress.cancel() }
    progresses = []
    for c in motionContinuations { c.finish() }
    for c in trackingContinuations { c.finish() }
    for c in batteryContinuations { c.finish() }
    for c in eventContinuations { c.finish() }
    for c in dockContinuations { c.finish() }
    motionContinuations = []
    trackingContinuations = []
    batteryContinuations = []
    eventContinuations = []
    dockContinuations = []
  }

  /// The motion state of the last frame (the initial pose at rest before any).
  var motionState: DockAccessory.MotionState {
    guard let record = simulation.lastRecord else {
      return DockAccessory.MotionState(
        timestamp: 0, positions: AxisPair(yaw: initialPose.yaw, pitch: initialPose.pitch),
        velocities: AxisPair(yaw: 0, pitch: 0))
    }
    return DockAccessory.MotionState(record: record, initial: initialPose)
  }

  /// The tracking state of the last frame (nobody before any).
  var trackingState: DockAccessory.TrackingState {
    guard let record = simulation.lastRecord else {
      return DockAccessory.TrackingState(timestamp: 0, trackedSubjects: [])
    }
    return DockAccessory.TrackingState(record: record, camera: scenario.camera, initial: initialPose)
  }
}
