/// The dock's battery (DockKit's `batteryStates`): level 0…1 draining while the motors run and
/// charging when plugged in. A modelling choice: linear drain and charge rates per hour.
public struct BatteryModel: Equatable, Sendable {
  /// Level at the start, 0…1.
  public var level: Double
  /// Fraction of a full charge used per hour on the dock.
  public var drainPerHour: Double
  /// Fraction of a full charge gained per hour while charging (on top of the drain).
  public var chargePerHour: Double
  /// Whether it is plugged in at the start.
  public var charging: Bool
  /// Level below which `lowBattery` is reported.
  public var lowThreshold: Double

  public init(
    level: Double = 0.8, drainPerHour: Double = 0.25, chargePerHour: Double = 1.0, charging: Bool = false,
    lowThreshold: Double = 0.2
  ) {
    self.level = level
    self.drainPerHour = drainPerHour
    self.chargePerHour = chargePerHour
    self.charging = charging
    self.lowThreshold = lowThreshold
  }
}

/// The battery as the accessory reports it at an instant.
public struct BatteryState: Equatable, Sendable {
  public var level: Double
  public var charging: Bool
  public var lowBattery: Bool
  /// DockKit's charge state names: `charging`, `notCharging`, `full`.
  public var chargeState: String {
    charging ? (level >= 1 ? "full" : "charging") : "notCharging"
  }
}

/// Integrates the battery level between frames.
struct BatteryIntegrator: Sendable {
  var model: BatteryModel
  var level: Double
  var charging: Bool
  var time = SimTime.zero

  init(model: BatteryModel) {
    self.model = model
    level = model.level
    charging = model.charging
  }

  mutating func state(at t: SimTime) -> BatteryState {
    let hours = (t - time).seconds / 3600
    time = t
    let rate = (charging ? model.chargePerHour : 0) - model.drainPerHour
    level = min(1, max(0, level + rate * hours))
    return BatteryState(level: level, charging: charging, lowBattery: level < model.lowThreshold)
  }
}
