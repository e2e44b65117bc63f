extension DockAccessory {
  /// DockKit's `StateChanges`: docking, undocking and tracking-button changes.
  public typealias StateChanges = StateStream<StateChange>
  /// DockKit's `MotionStates`: one ``MotionState`` per simulated camera frame.
  public typealias MotionStates = StateStream<MotionState>
  /// DockKit's `TrackingStates`: one ``TrackingState`` per simulated camera frame.
  public typealias TrackingStates = StateStream<TrackingState>
  /// DockKit's `BatteryStates`: the battery when it changes.
  public typealias BatteryStates = StateStream<BatteryState>
  /// DockKit's `AccessoryEvents`: the dock's buttons and camera controls.
  public typealias AccessoryEvents = StateStream<AccessoryEvent>
}

extension DockAccessoryManager {
  /// The type of ``accessoryStateChanges``, as some DockKit code spells it.
  public typealias StateChanges = DockAccessory.StateChanges
}

/// An asynchronous sequence of the states a simulated accessory publishes while virtual time advances
/// (DockKit's `MotionStates`, `TrackingStates`, …). Buffered without limit; it finishes when the
/// scenario's end has been simulated.
public struct StateStream<Element: Sendable>: AsyncSequence, Sendable {
  public typealias Failure = Never
  let stream: AsyncStream<Element>

  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncStream<Element>.AsyncIterator
    public mutating func next() async -> Element? { await base.next() }
  }

  public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
}
