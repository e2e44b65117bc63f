/// Limits an app sets on one axis (DockKit's `DockAccessory.Limits.Limit`): a position range in
/// radians (nil: the hardware range) and a maximum speed in rad/s.
public struct AxisLimit: Equatable, Sendable {
  public var positionRange: ClosedRange<Double>?
  public var maximumSpeed: Double
  public init(positionRange: ClosedRange<Double>?, maximumSpeed: Double) {
    self.positionRange = positionRange
    self.maximumSpeed = maximumSpeed
  }
}

/// The limits in force (DockKit's `setLimits`), applied by the dock at every physics step to whatever
/// command is active, whoever sent it (the system tracker or the app): the speed is clamped and the axis
/// brakes so that it stops at the edges of the range (`v² ≤ 2·a·distance`).
public struct DockLimits: Equatable, Sendable {
  public var yaw: AxisLimit?
  public var pitch: AxisLimit?
  /// Deceleration used to stop at a range edge, rad/s².
  public var braking: Double

  public init(yaw: AxisLimit? = nil, pitch: AxisLimit? = nil, braking: Double = 8) {
    self.yaw = yaw
    self.pitch = pitch
    self.braking = braking
  }

  /// Whether `limit` is acceptable for an axis with `hardware` parameters, as DockKit checks: finite,
  /// a non-empty range inside the hardware range, a positive speed no faster than the hardware's.
  public static func isValid(_ limit: AxisLimit, hardware: AxisParameters) -> Bool {
    guard limit.maximumSpeed.isFinite, limit.maximumSpeed > 0, limit.maximumSpeed <= hardware.maximumSpeed
    else {
      return false
    }
    guard let range = limit.positionRange else { return true }
    guard range.lowerBound.isFinite, range.upperBound.isFinite, range.lowerBound < range.upperBound else {
      return false
    }
    if let h = hardware.positionRange {
      return range.lowerBound >= h.lowerBound && range.upperBound <= h.upperBound
    }
    return true
  }

  /// `command` with the limits applied at the measured `positions`.
  public func apply(_ command: DockCommand, positions: AxisPair<Double>) -> DockCommand {
    DockCommand(
      yawVelocity: Self.limit(command.yawVelocity, yaw, positions.yaw, braking),
      pitchVelocity: Self.limit(command.pitchVelocity, pitch, positions.pitch, braking))
  }

  private static func limit(_ v: Double, _ limit: AxisLimit?, _ position: Double, _ a: Double) -> Double {
    guard let limit else { return v }
    var v = min(max(v, -limit.maximumSpeed), limit.maximumSpeed)
    if let range = limit.positionRange {
      v = min(v, (2 * a * max(0, range.upperBound - position)).squareRoot())
      v = max(v, -(2 * a * max(0, position - range.lowerBound)).squareRoot())
    }
    return v
  }
}
