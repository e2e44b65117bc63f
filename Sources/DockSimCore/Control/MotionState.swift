/// What the phone knows about the dock's motion at an instant: encoder positions and the velocities
/// derived from them, radians and rad/s in DockKit signs (yaw positive right, pitch positive down).
public struct MotionState: Equatable, Sendable {
  public var time: SimTime
  public var positions: AxisPair<Double>
  public var velocities: AxisPair<Double>
  public init(time: SimTime, positions: AxisPair<Double>, velocities: AxisPair<Double>) {
    self.time = time
    self.positions = positions
    self.velocities = velocities
  }
}

/// A controller: the seam where a user plugs in their own. Called once per delivered frame while
/// system tracking is on.
public protocol Controller: Sendable {
  /// The velocity command to send now, framing the primary as `framing` asks.
  mutating func command(primary: Track?, tracks: [Track], motion: MotionState, framing: Framing)
    -> DockCommand
}
