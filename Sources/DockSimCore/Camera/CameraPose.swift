import Foundation

/// Where the camera points, as the dock's axis angles in radians with DockKit's signs: `yaw` positive
/// panning right (unwrapped on a continuous axis), `pitch` positive tilting **down**.
public struct CameraPose: Equatable, Sendable {
  public var yaw: Double
  public var pitch: Double
  public init(yaw: Double, pitch: Double) {
    self.yaw = yaw
    self.pitch = pitch
  }
  /// Elevation of the optical axis, positive **up** (= −pitch).
  public var elevation: Double { -pitch }
}

/// A unit direction in the stand's base frame given as azimuth (positive right) and elevation
/// (positive up), radians.
public struct Direction: Equatable, Sendable {
  public var azimuth: Double
  public var elevation: Double
  public init(azimuth: Double, elevation: Double) {
    self.azimuth = azimuth
    self.elevation = elevation
  }
  /// The direction from the pivot toward `point`.
  public init(toward point: Point3) {
    azimuth = atan2(point.y, point.x)
    elevation = atan2(point.z, (point.x * point.x + point.y * point.y).squareRoot())
  }
}
