import DockSimCore

/// A `Clock` on one simulated world's virtual time (``DockAccessoryManager/clock``).
///
/// `sleep(until:)` does not wait: it simulates every physics tick up to the deadline, publishing the
/// frames to the streams and progress objects on the way, and returns. App code that takes a clock as
/// a dependency (`some Clock<Duration>`, `ContinuousClock()` in the app, this clock in tests) and
/// polls with it — `while !progress.isFinished { try await clock.sleep(for: .milliseconds(100)) }`
/// — therefore returns at the same virtual instant in every run, however fast the machine.
///
/// Sleeping past the scenario's end simulates to the end and throws ``ScenarioEndedError``; a
/// cancelled task's sleep throws `CancellationError` before simulating anything.
public struct SimulationClock: Clock, Sendable {
  public typealias Duration = Swift.Duration

  /// An instant of virtual time, integer microseconds since the start of the run.
  public struct Instant: InstantProtocol, Sendable {
    public typealias Duration = Swift.Duration
    public var time: SimTime

    public init(_ time: SimTime) { self.time = time }

    public func advanced(by duration: Duration) -> Instant {
      Instant(SimTime(microseconds: time.microseconds + SimulationClock.microseconds(duration)))
    }

    public func duration(to other: Instant) -> Duration {
      .microseconds(other.time.microseconds - time.microseconds)
    }

    public static func < (a: Instant, b: Instant) -> Bool { a.time < b.time }
  }

  let box: SimulationBox

  init(box: SimulationBox) { self.box = box }

  /// The instant the next physics tick simulates.
  public var now: Instant { Instant(box.withState { $0.simulation.now }) }

  /// One physics tick.
  public var minimumResolution: Duration {
    .microseconds(box.withState { 1_000_000 / Int64($0.scenario.physicsRateHz) })
  }

  /// Simulates every tick before `deadline` (at least to it: afterwards `now >= deadline`).
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    try box.withState { world throws in
      let end = SimTime(microseconds: world.scenario.duration.microseconds)
      try world.advance(until: min(deadline.time, end))
      if deadline.time > end { throw ScenarioEndedError(at: end) }
    }
  }

  /// A duration in whole microseconds, rounded up (a sleep never ends before its deadline).
  static func microseconds(_ d: Duration) -> Int64 {
    let (seconds, attoseconds) = d.components
    let micros = attoseconds / 1_000_000_000_000
    let rest = attoseconds % 1_000_000_000_000
    return seconds * 1_000_000 + micros + (rest > 0 ? 1 : 0)
  }
}
