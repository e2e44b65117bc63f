import DockSimCore
import Foundation

extension DockAccessory {
  /// The motion state of the last simulated camera frame (the initial pose at rest before any).
  public var motionState: MotionState { box.withState { $0.motionState } }

  /// The tracking state of the last simulated camera frame (no subjects before any).
  public var trackingState: TrackingState { box.withState { $0.trackingState } }

  /// DockKit's `motionStates`: one state per camera frame simulated **after** this call, yielded while
  /// virtual time advances and buffered without limit; the stream finishes when the scenario's end
  /// has been simulated. Throws `notConnected` while the phone is off the dock.
  public var motionStates: MotionStates {
    get throws { try subscribe(\.motionContinuations) }
  }

  /// DockKit's `trackingStates`: one state per camera frame simulated **after** this call, as
  /// ``motionStates``.
  public var trackingStates: TrackingStates {
    get throws { try subscribe(\.trackingContinuations) }
  }

  /// DockKit's `batteryStates`: the battery when it changes by a whole percent or the charger is
  /// plugged in or out, during frames simulated after this call.
  public var batteryStates: BatteryStates {
    get throws { try subscribe(\.batteryContinuations) }
  }

  /// An input from the dock's own controls (DockKit's `AccessoryEvent`), as a person makes it at the
  /// dock.
  public enum AccessoryEvent: Sendable, Hashable {
    /// A vendor-specific button: `pressed` true on press, false on release.
    case button(id: Int, pressed: Bool)
    /// The shutter button (take a photo, start or stop recording).
    case cameraShutter
    /// The camera-flip button (back and front camera).
    case cameraFlip
    /// The zoom control, by `factor` (a ratio > 0, as a scenario's `camera_zoom` gives it).
    case cameraZoom(factor: Double)
  }

  /// DockKit's `accessoryEvents`: the dock's buttons and camera controls during frames simulated
  /// after this call (a scenario's `accessory_event` entries, or ``simulateAccessoryEvent(_:)``).
  public var accessoryEvents: AccessoryEvents {
    get throws { try subscribe(\.eventContinuations) }
  }

  /// Plays a person using the dock's controls now (as a scenario's `accessory_event`): the app's
  /// `accessoryEvents` receive it with the next frame while the phone is docked.
  public func simulateAccessoryEvent(_ event: AccessoryEvent) {
    _ = box.withState { $0.simulation.submit(.accessoryInput(event.simulated)) }
  }

  /// A new subscriber on the stream at `list`; finished at once when the scenario is over.
  private func subscribe<Element: Sendable>(
    _ list: WritableKeyPath<WorldState, [AsyncStream<Element>.Continuation]>
  ) throws(DockKitError) -> StateStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
    let refused: DockKitError? = box.withState { world in
      guard world.simulation.docked else { return .notConnected }
      if world.simulation.isFinished {
        continuation.finish()
      } else {
        world[keyPath: list].append(continuation)
      }
      return nil
    }
    if let refused { throw refused }
    return StateStream(stream: stream)
  }
}

/// The progress of a `setOrientation` move or an animation: DockKit returns a `Progress`, and this is
/// one, updated at each camera frame as virtual time advances.
///
/// Waiting for it: time stands still until something advances it, so an app's loop that polls
/// ``isFinished`` with `Task.sleep` never ends on its own. Either wait on the manager's
/// ``DockAccessoryManager/clock`` (`try await clock.sleep(for: .milliseconds(100))` advances virtual
/// time), call ``waitUntilFinished()``, or set ``DockAccessoryManager/virtualTime`` to
/// `.completesMotionsWhenPolled`, under which polling an unfinished motion's `isFinished` simulates
/// until it is over. In every case the motion ends at the same virtual instant in every run. Polling
/// many times while virtual time stands still is diagnosed once (``DockAccessoryManager/diagnostics``
/// and standard error). When the scenario ends first, the motion is cancelled.
public final class MotionProgress: Progress, @unchecked Sendable {
  // @unchecked: every read of the motion's state goes through the world's lock.
  private let box: SimulationBox
  private let state: MotionProgressState

  init(box: SimulationBox, state: MotionProgressState) {
    self.box = box
    self.state = state
    super.init(parent: nil, userInfo: nil)
    // Thousandths of the motion; the world sets `completedUnitCount` at each frame and cancels
    // this progress when another command replaces the motion.
    totalUnitCount = 1000
    box.withState { _ in state.handle = self }
  }

  /// The virtual instant the command was accepted.
  public var startTime: SimTime { state.start }

  // `fractionCompleted` (Foundation's, from `completedUnitCount`) is the fraction of the planned angle
  // swept at the last simulated frame, in thousandths; frozen where it was when the motion is
  // cancelled.

  /// Whether the planned motion has ended (`isCancelled` tells whether another command replaced it
  /// first).
  public override var isFinished: Bool { box.pollFinished(state) }

  /// How long the motion is planned to take, seconds.
  public var plannedDuration: Double { box.withState { _ in state.plannedDuration } }

  /// For a `setOrientation` whose requested duration was too short: the axis and limit that forced
  /// the longer `plannedDuration` (DockKit does not report this; DockSim does).
  public var stretch: MotionStretch? { box.withState { _ in state.stretch } }

  /// Simulates camera frame after camera frame until the motion has finished or was cancelled; the
  /// deterministic way for a test to await it. Throws ``ScenarioEndedError`` if the scenario ends
  /// first, `SimulationError` if the simulation breaks down.
  public func waitUntilFinished() async throws {
    try box.withState { world throws in
      try world.advance(untilOver: state)
      if !state.isOver { throw ScenarioEndedError(at: world.simulation.now) }
    }
  }
}

/// Time was asked to pass beyond the end of the scenario (a clock sleep, a wait for a motion).
public struct ScenarioEndedError: Error, Equatable, CustomStringConvertible {
  /// The scenario's end, where virtual time stopped.
  public var end: SimTime
  init(at end: SimTime) { self.end = end }
  public var description: String {
    "the scenario ended at \(end.seconds) s of virtual time; nothing can wait past its end"
  }
}
