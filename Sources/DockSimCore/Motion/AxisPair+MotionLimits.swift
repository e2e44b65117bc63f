extension AxisPair where Value == MotionLimits {
  /// Both axes' limits from a dock's parameters (ranges in radians, speed caps in rad/s) and one planning
  /// acceleration in rad/s² for both.
  public init(
    dock: DockParameters,
    maximumAcceleration: Double = MotionLimits.defaultMaximumAcceleration
  ) {
    self.init(
      yaw: MotionLimits(dock.yaw, maximumAcceleration: maximumAcceleration),
      pitch: MotionLimits(dock.pitch, maximumAcceleration: maximumAcceleration))
  }
}
