/// The stand as a whole: its two axes, the delay before a command reaches the motors, and where it
/// starts. Angles in radians, DockKit signs (yaw positive right, pitch positive down).
public struct DockParameters: Equatable, Sendable {
  public var yaw: AxisParameters
  public var pitch: AxisParameters
  /// Time from the controller issuing a command to the motors acting on it.
  public var commandLatency: SimDuration
  /// Pose at the start of the run.
  public var initialYaw: Double
  public var initialPitch: Double

  public init(
    yaw: AxisParameters = .defaultYaw, pitch: AxisParameters = .defaultPitch,
    commandLatency: SimDuration = SimDuration(microseconds: 20_000),
    initialYaw: Double = 0, initialPitch: Double = 0
  ) {
    self.yaw = yaw
    self.pitch = pitch
    self.commandLatency = commandLatency
    self.initialYaw = initialYaw
    self.initialPitch = initialPitch
  }

  public subscript(axis: Axis) -> AxisParameters { axis == .yaw ? yaw : pitch }
}
