import Foundation

/// Projection of an upright rectangle (a person, a face, a pillar) facing the stand.
enum BoxProjection {
  /// The image box spanned by the projections of the rectangle's top and bottom (±height/2 above and
  /// below `center`) and of its sides (±width/2 across the line of sight), lower-left origin, before
  /// clipping to the image; nil when any of those points is behind the camera.
  static func project(
    center: Point3, width: Double, height: Double, camera: PinholeCamera, pose: CameraPose
  ) -> NormalizedRect? {
    project(center: center, width: width, height: height, camera: camera, rotation: PoseRotation(pose))
  }

  /// As `project(center:width:height:camera:pose:)`, with the pose's sines and cosines given.
  static func project(
    center: Point3, width: Double, height: Double, camera: PinholeCamera, rotation: PoseRotation
  ) -> NormalizedRect? {
    let horizontal = (center.x * center.x + center.y * center.y).squareRoot()
    let (sideX, sideY) = horizontal > 0 ? (-center.y / horizontal, center.x / horizontal) : (0, 1)
    let hw = width / 2
    let hh = height / 2
    var minU = Double.infinity
    var maxU = -Double.infinity
    var minV = Double.infinity
    var maxV = -Double.infinity
    // The four points as a tuple walked by index: an array literal here would be allocated per box.
    let offsets = (
      (0.0, 0.0, hh), (0.0, 0.0, -hh), (sideX * hw, sideY * hw, 0.0), (-sideX * hw, -sideY * hw, 0.0)
    )
    for k in 0..<4 {
      let (dx, dy, dz) = k == 0 ? offsets.0 : k == 1 ? offsets.1 : k == 2 ? offsets.2 : offsets.3
      let k = camera.cameraCoordinates(
        of: Point3(x: center.x + dx, y: center.y + dy, z: center.z + dz), rotation: rotation)
      guard let p = camera.imagePoint(x: k.x, y: k.y, z: k.z) else { return nil }
      minU = min(minU, p.u)
      maxU = max(maxU, p.u)
      minV = min(minV, p.v)
      maxV = max(maxV, p.v)
    }
    return NormalizedRect(x: minU, y: minV, width: maxU - minU, height: maxV - minV)
  }
}
