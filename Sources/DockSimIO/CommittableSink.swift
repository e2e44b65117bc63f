import DockSimCore

/// A trace sink writing one file that appears only when committed (`AtomicFileWriter`): `commit`
/// moves it into place, `abort` leaves nothing behind.
public protocol CommittableSink: TraceSink {
  func commit() throws
  func abort()
}
