import DockSimCore
import Foundation

/// The entry point, as DockKit's `DockAccessoryManager`, for one simulated world.
///
/// ``shared`` is a default world, as DockKit's singleton; every other manager owns its own
/// ``Scenario`` simulation (``init(scenario:)``), so tests can run many independent worlds
/// side by side. **Virtual clock**: time stands still until the app calls ``advance(by:)`` or
/// ``advance(until:)``; nothing runs in the background and no wall clock is read, so the same calls
/// give the same states, bit for bit, however fast the machine.
///
/// The manager and its accessory are thread-safe (one lock); calls are applied in the order they
/// take the lock, so a deterministic test makes its calls from one task.
public final class DockAccessoryManager: Sendable {
  let box: SimulationBox
  /// The one stand of this world (DockKit reports it through `accessoryStateChanges`).
  public let accessory: DockAccessory

  /// A world simulating `scenario` from time zero, system tracking as the scenario starts it (on).
  /// Throws `SimulationError` when the scenario's timing is invalid.
  public init(scenario: Scenario) throws {
    box = try SimulationBox(scenario: scenario)
    accessory = DockAccessory(box: box)
  }

  /// Every docked accessory: the one stand.
  public var accessories: [DockAccessory] { [accessory] }

  /// DockKit's `accessoryStateChanges`: the current state first, then every docking, undocking and
  /// press of the tracking button during frames simulated after this call; finished at the
  /// scenario's end. (DockKit throws `notSupported` on macOS; the simulation never throws.)
  public var accessoryStateChanges: DockAccessory.StateChanges {
    get throws {
      let (stream, continuation) = AsyncStream.makeStream(
        of: DockAccessory.StateChange.self, bufferingPolicy: .unbounded)
      let accessory = self.accessory
      box.withState { world in
        world.accessory = accessory
        continuation.yield(
          DockAccessory.StateChange(
            accessory: accessory, state: world.simulation.docked ? .docked : .undocked,
            trackingButtonEnabled: world.simulation.systemTracking))
        if world.simulation.isFinished {
          continuation.finish()
        } else {
          world.dockContinuations.append(continuation)
        }
      }
      return StateStream(stream: stream)
    }
  }

  // MARK: System tracking

  /// Whether the system tracker drives the stand (DockKit's default: on).
  public var isSystemTrackingEnabled: Bool { box.withState { $0.simulation.systemTracking } }

  /// DockKit's `setSystemTrackingEnabled(_:)`. Turning it off stops the built-in controller (the
  /// tracker keeps reporting `trackingStates`); either way the app's velocity, move or animation is
  /// cancelled. Takes effect from the next camera frame.
  public func setSystemTrackingEnabled(_ enabled: Bool) async throws {
    try accessory.submit(.setSystemTracking(enabled))
  }

  // MARK: Virtual clock

  /// The virtual instant the next physics tick simulates (integer microseconds).
  public var now: SimTime { box.withState { $0.simulation.now } }

  /// How virtual time passes for an app that waits by polling a motion's `Progress` (``VirtualTime``);
  /// `.manual` by default.
  public var virtualTime: VirtualTime {
    get { box.withState { $0.virtualTime } }
    set { box.withState { $0.virtualTime = newValue } }
  }

  /// Diagnostics of waits that nothing advances (a motion's `Progress` polled many times while virtual
  /// time stood still), in the order found; each is also printed to standard error.
  public var diagnostics: [String] { box.withState { $0.diagnostics } }

  /// A clock on this world's virtual time: `sleep(until:)` simulates up to the deadline and returns,
  /// so app code that takes a `Clock` as a dependency waits deterministically (see ``SimulationClock``).
  public var clock: SimulationClock { SimulationClock(box: box) }

  /// ``now`` in seconds since the start of the run.
  public var currentTime: Double { now.seconds }

  /// The scenario's length, seconds; ``advance(by:)`` never simulates past it.
  public var duration: Double { box.withState { $0.scenario.duration.seconds } }

  /// Whether the whole scenario has been simulated (the streams are then finished).
  public var isFinished: Bool { box.withState { $0.simulation.isFinished } }

  /// Simulates `seconds` of virtual time (rounded to whole microseconds, then to whole physics ticks:
  /// every tick before `now + seconds`), publishing each camera frame to the streams as it goes.
  /// Throws `SimulationError` if the simulation breaks down, `invalidParameter` for a negative or
  /// non-finite span.
  public func advance(by seconds: Double) throws {
    guard seconds.isFinite, seconds >= 0 else { throw DockKitError.invalidParameter }
    try box.withState { world in
      try world.advance(until: world.simulation.now + SimDuration(seconds: seconds))
    }
  }

  /// Simulates every physics tick before `time` (and before the scenario's end).
  public func advance(until time: SimTime) throws {
    try box.withState { try $0.advance(until: time) }
  }

  /// Simulates the rest of the scenario and returns its metrics.
  public func runToEnd() throws -> ScenarioResult {
    try box.withState { world in
      try world.advance(until: SimTime(microseconds: world.scenario.duration.microseconds))
      return world.simulation.result
    }
  }

  /// The metrics of what has been simulated so far (`framing_error_rms`, `in_frame_ratio`,
  /// `api_violations`, …; see docs/metrics.md).
  public var result: ScenarioResult { box.withState { $0.simulation.result } }
}

extension DockAccessoryManager {
  /// DockKit's entry point: a process-wide manager on ``defaultScenario`` (one still person in
  /// front of the stand, 60 s), created on first use.
  ///
  /// Apps written for DockKit reach the dock through `DockAccessoryManager.shared`; the simulated one
  /// is an ordinary manager, so tests that want their own world — or many worlds in parallel — keep
  /// creating managers with ``init(scenario:)`` and never touch the shared one.
  public static let shared: DockAccessoryManager = {
    do {
      return try DockAccessoryManager(scenario: defaultScenario)
    } catch {
      preconditionFailure("DockSimKit's default scenario is invalid: \(error)")
    }
  }()

  /// The world behind ``shared``: one person standing 1.5 m in front of a level stand, slightly to its
  /// right, for 60 s.
  public static var defaultScenario: Scenario {
    let person = Subject(
      id: "person", kind: .humanBody, width: 0.45, height: 1.7,
      path: SubjectPath(waypoints: [
        Waypoint(time: .zero, position: .polar(azimuth: 10 * .pi / 180, distance: 1.5, height: 0))
      ]),
      face: FaceBox())
    return Scenario(
      name: "default", seed: 1, duration: SimDuration(seconds: 60), subjects: [person])
  }
}
