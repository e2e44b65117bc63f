import Foundation

/// A pinhole camera at the pan/tilt pivot.
///
/// Image coordinates are normalized with the origin at the **lower left**: u = 0 left edge, 1 right
/// edge; v = 0 bottom edge, 1 top edge. With camera axes forward f, right r and up w (see
/// `docs/design.md`), a direction d projects to `u = 0.5 + (d·r / d·f) / (2·tan(hfov/2))` and
/// `v = 0.5 + (d·w / d·f) / (2·tan(vfov/2))`, where `tan(vfov/2) = tan(hfov/2) / aspect`.
public struct PinholeCamera: Equatable, Sendable {
  /// Horizontal field of view, radians.
  public let horizontalFOV: Double
  /// Width / height of the image.
  public let aspect: Double
  /// tan(hfov/2).
  public let tanHalfH: Double
  /// tan(vfov/2).
  public let tanHalfV: Double

  public init(horizontalFOV: Double, aspect: Double) {
    self.horizontalFOV = horizontalFOV
    self.aspect = aspect
    tanHalfH = tan(horizontalFOV / 2)
    tanHalfV = tanHalfH / aspect
  }

  /// Camera-frame coordinates (right, up, forward) of a base-frame direction.
  @inlinable
  public func cameraCoordinates(azimuth: Double, elevation: Double, pose: CameraPose)
    -> (x: Double, y: Double, z: Double)
  {
    let a = azimuth - pose.yaw
    let theta = pose.elevation
    let (sa, ca) = (sin(a), cos(a))
    let (se, ce) = (sin(elevation), cos(elevation))
    let (st, ct) = (sin(theta), cos(theta))
    return (ce * sa, ct * se - st * ce * ca, ct * ce * ca + st * se)
  }

  /// Camera-frame coordinates (right, up, forward) of a base-frame point, metres.
  public func cameraCoordinates(of p: Point3, pose: CameraPose) -> (x: Double, y: Double, z: Double) {
    cameraCoordinates(of: p, rotation: PoseRotation(pose))
  }

  /// Camera-frame coordinates (right, up, forward) of a base-frame point, metres, with the pose's
  /// sines and cosines computed once: a frame projects dozens of points through one pose.
  @inlinable
  public func cameraCoordinates(of p: Point3, rotation r: PoseRotation) -> (x: Double, y: Double, z: Double) {
    let (sp, cp, st, ct) = (r.sinYaw, r.cosYaw, r.sinElevation, r.cosElevation)
    let x = -sp * p.x + cp * p.y
    let y = -st * cp * p.x - st * sp * p.y + ct * p.z
    let z = ct * cp * p.x + ct * sp * p.y + st * p.z
    return (x, y, z)
  }

  /// Normalized image position of camera-frame coordinates, or nil behind the camera.
  @inlinable
  public func imagePoint(x: Double, y: Double, z: Double) -> (u: Double, v: Double)? {
    guard z > 1e-9 else { return nil }
    return (0.5 + (x / z) / (2 * tanHalfH), 0.5 + (y / z) / (2 * tanHalfV))
  }

  /// Normalized image position of a base-frame direction, or nil behind the camera.
  public func project(_ d: Direction, pose: CameraPose) -> (u: Double, v: Double)? {
    let c = cameraCoordinates(azimuth: d.azimuth, elevation: d.elevation, pose: pose)
    return imagePoint(x: c.x, y: c.y, z: c.z)
  }

  /// The base-frame direction seen at image position (u, v) — the exact inverse of `project`.
  public func direction(u: Double, v: Double, pose: CameraPose) -> Direction {
    let xc = 2 * tanHalfH * (u - 0.5)
    let yc = 2 * tanHalfV * (v - 0.5)
    let psi = pose.yaw
    let theta = pose.elevation
    let (sp, cp) = (sin(psi), cos(psi))
    let (st, ct) = (sin(theta), cos(theta))
    // D = xc·r + yc·w + 1·f with r, w, f the camera axes in the base frame.
    let dx = xc * -sp + yc * (-st * cp) + ct * cp
    let dy = xc * cp + yc * (-st * sp) + ct * sp
    let dz = yc * ct + st
    let n = (dx * dx + dy * dy + dz * dz).squareRoot()
    return Direction(azimuth: atan2(dy / n, dx / n), elevation: asin(dz / n))
  }
}

/// The sines and cosines of a camera pose's yaw and elevation (radians), for projecting many points
/// through one pose.
public struct PoseRotation: Equatable, Sendable {
  public let sinYaw: Double
  public let cosYaw: Double
  public let sinElevation: Double
  public let cosElevation: Double

  @inlinable
  public init(_ pose: CameraPose) {
    sinYaw = sin(pose.yaw)
    cosYaw = cos(pose.yaw)
    sinElevation = sin(pose.elevation)
    cosElevation = cos(pose.elevation)
  }
}
