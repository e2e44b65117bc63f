import DockSimCore

extension DockAccessory {
  /// The stand's axes as the phone measures them (DockKit's `DockAccessory.MotionState`).
  ///
  /// Angles in radians and rates in rad/s, DockKit signs: yaw positive panning right, pitch positive
  /// tilting **down**.
  public struct MotionState: Equatable, Sendable {
    /// Virtual time of the camera frame this state was read at, seconds since the start of the run.
    public var timestamp: Double
    /// Axis positions from the phone's pose sensors (encoders and gyroscope) at `timestamp`, radians.
    public var angularPositions: AxisPair<Double>
    /// Measured axis rates at `timestamp`, rad/s.
    public var angularVelocities: AxisPair<Double>

    public init(timestamp: Double, angularPositions: AxisPair<Double>, angularVelocities: AxisPair<Double>) {
      self.timestamp = timestamp
      self.angularPositions = angularPositions
      self.angularVelocities = angularVelocities
    }

    /// The state a frame record reports (`initial` before the sensors' first delivered pose).
    init(record: FrameRecord, initial: CameraPose) {
      let pose = record.sensedPose ?? initial
      self.init(
        timestamp: record.time.seconds, angularPositions: AxisPair(yaw: pose.yaw, pitch: pose.pitch),
        angularVelocities: record.cameraVelocity)
    }
  }
}
