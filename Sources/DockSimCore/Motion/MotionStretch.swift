/// Why and by how much a motion took longer than requested: the requested time was shorter than the
/// least the limits allow, so the motion was planned at that least time instead.
public struct MotionStretch: Equatable, Sendable, CustomStringConvertible {
  /// The axis whose stroke needs the most time (yaw on a tie).
  public var axis: Axis
  /// The limit that sets that axis's minimum time.
  public var limit: MotionLimitKind
  /// The duration asked for, seconds.
  public var requestedDuration: Double
  /// The duration planned (the minimum feasible), seconds; larger than `requestedDuration`.
  public var plannedDuration: Double

  public init(axis: Axis, limit: MotionLimitKind, requestedDuration: Double, plannedDuration: Double) {
    self.axis = axis
    self.limit = limit
    self.requestedDuration = requestedDuration
    self.plannedDuration = plannedDuration
  }

  public var description: String {
    "stretched from \(requestedDuration) s to \(plannedDuration) s by the \(axis.rawValue) \(limit.rawValue) limit"
  }
}
