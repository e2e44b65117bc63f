/// A static object that hides what is behind it (a pillar, a plant, a door frame): a vertical
/// rectangle facing the stand.
public struct Occluder: Equatable, Sendable {
  public var id: String
  /// Centre of its footprint; the height in the position is ignored, `bottom` and `height` place it.
  public var position: WaypointPosition
  /// Width across the line of sight, metres.
  public var width: Double
  /// Height of its bottom edge relative to the pan/tilt pivot, metres (negative: below the pivot).
  public var bottom: Double
  /// Height from bottom to top, metres.
  public var height: Double

  public init(id: String, position: WaypointPosition, width: Double, bottom: Double, height: Double) {
    self.id = id
    self.position = position
    self.width = width
    self.bottom = bottom
    self.height = height
  }

  /// The centre of the rectangle in the base frame.
  public var center: Point3 {
    var p = position.point
    p.z = bottom + height / 2
    return p
  }
}
