import Foundation

/// The ground truth of one subject in one frame: where it is and where its box falls in the image.
/// Only the detector model and the scoring see this; trackers never do.
public struct SubjectProjection: Equatable, Sendable {
  /// Direction from the pivot to the subject's centre.
  public var direction: Direction
  /// Horizontal distance from the pivot, metres.
  public var range: Double
  /// Angular height of the subject, radians.
  public var angularHeight: Double
  /// Image position of the centre (lower-left origin), nil if behind the camera.
  public var center: (u: Double, v: Double)?
  /// The projected box before clipping to the image, nil if any corner is behind the camera.
  public var box: NormalizedRect?

  public static func == (a: SubjectProjection, b: SubjectProjection) -> Bool {
    a.direction == b.direction && a.range == b.range && a.angularHeight == b.angularHeight
      && a.center?.u == b.center?.u && a.center?.v == b.center?.v && a.box == b.box
  }

  /// Whether the centre is inside the image.
  public var centerInImage: Bool {
    guard let c = center else { return false }
    return c.u >= 0 && c.u <= 1 && c.v >= 0 && c.v <= 1
  }

  /// Projects `subject`, centred at `position`, through `camera` at `pose`.
  ///
  /// The box spans the projections of the subject's top and bottom (±height/2 vertically) and of its
  /// sides (±width/2 across the line of sight), so perspective distortion near the image edges is real.
  public init(subject: Subject, at position: Point3, camera: PinholeCamera, pose: CameraPose) {
    direction = Direction(toward: position)
    let horizontal = (position.x * position.x + position.y * position.y).squareRoot()
    range = horizontal
    let distance = (horizontal * horizontal + position.z * position.z).squareRoot()
    angularHeight = 2 * atan(subject.height / 2 / max(distance, 1e-6))
    let c = camera.cameraCoordinates(of: position, pose: pose)
    center = camera.imagePoint(x: c.x, y: c.y, z: c.z)

    let (sideX, sideY) = horizontal > 0 ? (-position.y / horizontal, position.x / horizontal) : (0, 1)
    let hw = subject.width / 2
    let hh = subject.height / 2
    let corners = [
      Point3(x: position.x, y: position.y, z: position.z + hh),
      Point3(x: position.x, y: position.y, z: position.z - hh),
      Point3(x: position.x + sideX * hw, y: position.y + sideY * hw, z: position.z),
      Point3(x: position.x - sideX * hw, y: position.y - sideY * hw, z: position.z),
    ]
    var minU = Double.infinity
    var maxU = -Double.infinity
    var minV = Double.infinity
    var maxV = -Double.infinity
    var visible = true
    for corner in corners {
      let k = camera.cameraCoordinates(of: corner, pose: pose)
      guard let p = camera.imagePoint(x: k.x, y: k.y, z: k.z) else {
        visible = false
        break
      }
      minU = min(minU, p.u)
      maxU = max(maxU, p.u)
      minV = min(minV, p.v)
      maxV = max(maxV, p.v)
    }
    box = visible ? NormalizedRect(x: minU, y: minV, width: maxU - minU, height: maxV - minV) : nil
  }
}
