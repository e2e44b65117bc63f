import DockSimCore

extension DockAccessory {
  /// The motion state of the last simulated camera frame (the initial pose at rest before any).
  public var motionState: MotionState { box.withState { $0.motionState } }

  /// The tracking state of the last simulated camera frame (no subjects before any).
  public var trackingState: TrackingState { box.withState { $0.trackingState } }

  /// DockKit's `motionStates`: one state per camera frame simulated **after** this call, yielded while
  /// ``DockAccessoryManager/advance(by:)`` runs and buffered without limit; the stream finishes when
  /// the scenario's end has been simulated. Drain it after advancing.
  public var motionStates: AsyncStream<MotionState> {
    let (stream, continuation) = AsyncStream.makeStream(of: MotionState.self, bufferingPolicy: .unbounded)
    box.withState { world in
      if world.simulation.isFinished {
        continuation.finish()
      } else {
        world.motionContinuations.append(continuation)
      }
    }
    return stream
  }

  /// DockKit's `batteryStates`: the battery when it changes by a whole percent or the charger is
  /// plugged in or out, during frames simulated after this call; finished at the scenario's end.
  public var batteryStates: AsyncStream<BatteryState> {
    let (stream, continuation) = AsyncStream.makeStream(of: BatteryState.self, bufferingPolicy: .unbounded)
    box.withState { world in
      if world.simulation.isFinished {
        continuation.finish()
      } else {
        world.batteryContinuations.append(continuation)
      }
    }
    return stream
  }

  /// An event from the dock's own controls (DockKit's `accessoryEvents`; only the tracking button is
  /// modelled).
  public enum AccessoryEvent: Sendable, Equatable {
    case trackingButton
  }

  /// DockKit's `accessoryEvents`: presses of the dock's buttons during frames simulated after this call.
  public var accessoryEvents: AsyncStream<AccessoryEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: AccessoryEvent.self, bufferingPolicy: .unbounded)
    box.withState { world in
      if world.simulation.isFinished {
        continuation.finish()
      } else {
        world.eventContinuations.append(continuation)
      }
    }
    return stream
  }

  /// DockKit's `trackingStates`: one state per camera frame simulated **after** this call, buffered
  /// without limit, finished at the scenario's end (as ``motionStates``).
  public var trackingStates: AsyncStream<TrackingState> {
    let (stream, continuation) = AsyncStream.makeStream(of: TrackingState.self, bufferingPolicy: .unbounded)
    box.withState { world in
      if world.simulation.isFinished {
        continuation.finish()
      } else {
        world.trackingContinuations.append(continuation)
      }
    }
    return stream
  }
}

/// The progress of a `setOrientation` move or an animation (DockKit returns a `Progress`), updated at
/// each camera frame as virtual time advances.
public final class MotionProgress: Sendable {
  private let box: SimulationBox
  private let state: MotionProgressState

  init(box: SimulationBox, state: MotionProgressState) {
    self.box = box
    self.state = state
  }

  /// The virtual instant the command was accepted.
  public var startTime: SimTime { state.start }

  /// How far along the motion is, 0…1: the fraction of the planned angle swept so far (at the last
  /// simulated frame). Frozen where it was when the motion is cancelled.
  public var fractionCompleted: Double { box.withState { _ in state.fraction } }

  /// How long the motion is planned to take, seconds.
  public var plannedDuration: Double { box.withState { _ in state.plannedDuration } }

  /// For a `setOrientation` whose requested duration was too short: the axis and limit that forced
  /// the longer `plannedDuration` (DockKit does not report this; DockSim does).
  public var stretch: MotionStretch? { box.withState { _ in state.stretch } }

  /// Whether the planned motion has ended.
  public var isFinished: Bool { box.withState { _ in state.finished } }

  /// Whether another velocity, move, animation or a system-tracking change replaced it first.
  public var isCancelled: Bool { box.withState { _ in state.cancelled } }
}
