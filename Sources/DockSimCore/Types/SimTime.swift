/// A point in simulated time, an integer count of microseconds since the start of a run.
///
/// Time is never accumulated in floating point: every instant is derived from an integer tick, so a
/// ten-minute scenario ends on exactly the same instant as a ten-second one would extrapolate to.
public struct SimTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Microseconds since the start of the run.
  public var microseconds: Int64

  public init(microseconds: Int64) { self.microseconds = microseconds }

  /// The start of a run.
  public static let zero = SimTime(microseconds: 0)

  /// The instant in seconds (derived, for physics and output only).
  public var seconds: Double { Double(microseconds) / 1_000_000 }

  /// The instant `seconds` after the start, rounded to the nearest microsecond.
  public init(seconds: Double) { self.microseconds = Int64((seconds * 1_000_000).rounded()) }

  public static func < (a: SimTime, b: SimTime) -> Bool { a.microseconds < b.microseconds }
  public static func + (a: SimTime, b: SimDuration) -> SimTime {
    SimTime(microseconds: a.microseconds + b.microseconds)
  }
  public static func - (a: SimTime, b: SimDuration) -> SimTime {
    SimTime(microseconds: a.microseconds - b.microseconds)
  }
  public static func - (a: SimTime, b: SimTime) -> SimDuration {
    SimDuration(microseconds: a.microseconds - b.microseconds)
  }
  public var description: String { "\(microseconds)µs" }
}

/// A span of simulated time in integer microseconds.
public struct SimDuration: Hashable, Comparable, Sendable {
  /// Microseconds.
  public var microseconds: Int64
  public init(microseconds: Int64) { self.microseconds = microseconds }
  /// `seconds` rounded to the nearest microsecond.
  public init(seconds: Double) { self.microseconds = Int64((seconds * 1_000_000).rounded()) }
  /// The duration in seconds.
  public var seconds: Double { Double(microseconds) / 1_000_000 }
  public static let zero = SimDuration(microseconds: 0)
  public static func < (a: SimDuration, b: SimDuration) -> Bool { a.microseconds < b.microseconds }
}

/// The schedule of a fixed-rate clock (camera frames, encoder samples) on the integer time line.
///
/// Instant `k` is `floor(k · 1e6 / rate)` µs, computed from `k` each time, so a 30 fps clock never
/// drifts from 1/30 s however long the run.
public struct RateSchedule: Sendable, Equatable {
  /// Events per second; must be positive.
  public let rateHz: Double
  public init(rateHz: Double) { self.rateHz = rateHz }
  /// The instant of event `index`.
  public func time(of index: Int64) -> SimTime {
    SimTime(microseconds: Int64((Double(index) * 1_000_000 / rateHz).rounded(.down)))
  }
  /// The nominal period in seconds.
  public var period: Double { 1 / rateHz }
}
