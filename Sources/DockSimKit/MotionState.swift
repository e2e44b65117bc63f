import DockSimCore
import Foundation

#if DOCKSIM_APPLE_FRAMEWORKS
  import Spatial
#endif

extension DockAccessory {
  /// The stand's axes as the phone measures them (DockKit's `DockAccessory.MotionState`).
  ///
  /// Vectors as DockKit's: x = pitch (positive tilting **down**), y = yaw (positive panning right),
  /// z = roll (always 0: the simulated stand has no roll); radians and rad/s.
  public struct MotionState: @unchecked Sendable {
    // @unchecked: `error` is `any Error` as in DockKit; the simulator never sets it.

    /// Virtual time of the camera frame this state was read at. DockKit gives UNIX time; the
    /// simulated run starts at the UNIX epoch, so this is also seconds since the start of the run.
    public let timestamp: TimeInterval
    /// Axis positions from the phone's pose sensors (encoders and gyroscope) at `timestamp`, radians.
    public let angularPositions: Vector3D
    /// Measured axis rates at `timestamp`, rad/s.
    public let angularVelocities: Vector3D
    /// A failure of the accessory's motion reporting; nil in the simulation.
    public let error: (any Error)?

    /// The positions as (yaw, pitch), DockSim's order.
    public var positions: AxisPair<Double> { AxisPair(yaw: angularPositions.y, pitch: angularPositions.x) }
    /// The rates as (yaw, pitch), DockSim's order.
    public var velocities: AxisPair<Double> { AxisPair(yaw: angularVelocities.y, pitch: angularVelocities.x) }

    init(timestamp: Double, positions: AxisPair<Double>, velocities: AxisPair<Double>) {
      self.timestamp = timestamp
      angularPositions = Vector3D(x: positions.pitch, y: positions.yaw, z: 0)
      angularVelocities = Vector3D(x: velocities.pitch, y: velocities.yaw, z: 0)
      error = nil
    }

    /// The state a frame record reports (`initial` before the sensors' first delivered pose).
    init(record: FrameRecord, initial: CameraPose) {
      let pose = record.sensedPose ?? initial
      self.init(
        timestamp: record.time.seconds, positions: AxisPair(yaw: pose.yaw, pitch: pose.pitch),
        velocities: record.cameraVelocity)
    }

    /// Whether two states report the same instant, positions and rates (DockKit's type is not
    /// Equatable, because of `error`; the simulator's never carries one).
    public func isSameReading(as other: MotionState) -> Bool {
      timestamp == other.timestamp && angularPositions == other.angularPositions
        && angularVelocities == other.angularVelocities
    }
  }
}
