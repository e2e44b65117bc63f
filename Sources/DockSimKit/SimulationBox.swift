import DockSimCore
import Foundation

/// The simulated world behind one manager: the simulation and everything that observes it, guarded by
/// one lock. Every public type of DockSimKit reaches the simulation only through ``withState(_:)``.
final class SimulationBox: @unchecked Sendable {
  private let lock = NSLock()
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
  init(start: SimTime) { self.start = start }
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

  init(simulation: Simulation) { self.simulation = simulation }

  var scenario: Scenario { simulation.scenario }
  var initialPose: CameraPose {
    CameraPose(yaw: scenario.dock.initialYaw, pitch: scenario.dock.initialPitch)
  }

  /// Simulates up to `end`, then publishes every simulated frame in order; finishes the streams when
  /// the scenario is over.
  mutating func advance(until end: SimTime) throws {
    var collector = RecordCollector()
    try simulation.advance(until: end, trace: &collector)
    for record in collector.records { publish(record) }
    if simulation.isFinished { finishStreams() }
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
    for name in record.commands {
      if name == "trackingButton" { for c in eventContinuations { c.yield(.trackingButton) } }
      guard name == "dock" || name == "undock", let accessory else { continue }
      let change = DockAccessory.StateChange(
        state: name == "dock" ? .docked : .undocked, accessory: accessory)
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
    } else {
      progress.cancelled = true
    }
    return !(progress.finished || progress.cancelled)
  }

  mutating func finishStreams() {
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
        timestamp: 0, angularPositions: AxisPair(yaw: initialPose.yaw, pitch: initialPose.pitch),
        angularVelocities: AxisPair(yaw: 0, pitch: 0))
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
