import DockSimCore

/// One timed waypoint: `t_s`, a position either polar (`azimuth_deg`, `distance_m`) or cartesian
/// (`x_m`, `y_m`), and `height_m` of the subject's centre above the pan/tilt pivot.
enum WaypointSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec(
    [
      FieldSpec("t_s", .number(time), required: true), FieldSpec("azimuth_deg", .number(azimuth)),
      FieldSpec("distance_m", .number(distance)), FieldSpec("x_m", .number(coordinate)),
      FieldSpec("y_m", .number(coordinate)), FieldSpec("height_m", .number(height), required: true),
    ], exactlyOneOf: positionForms)
  /// A position is polar or cartesian, each form complete.
  static let positionForms = [["azimuth_deg", "distance_m"], ["x_m", "y_m"]]
  static let time = NumberBounds.nonNegative(max: 86_400)
  /// Ten turns either way: azimuth is unwrapped so a path can circle the stand, but not absurdly.
  static let azimuth = NumberBounds.closed(-3600, 3600)
  static let distance = NumberBounds.positive(max: 1000)
  static let coordinate = NumberBounds.closed(-1000, 1000)
  static let height = NumberBounds.closed(-100, 100)

  /// The waypoint and the reader of its `t_s`, so the caller can point at it when times go backwards.
  static func read(_ node: NodeReader) throws(InputError) -> (Waypoint, NodeReader) {
    let m = try node.mapping(allowed: fields)
    let timeNode = try m.required("t_s", expecting: time.summary)
    let time = SimTime(seconds: try timeNode.number(time))
    let polar = m["azimuth_deg"] != nil || m["distance_m"] != nil
    let cartesian = m["x_m"] != nil || m["y_m"] != nil
    let forms = "polar coordinates (azimuth_deg and distance_m) or cartesian ones (x_m and y_m)"
    guard polar != cartesian else {
      throw node.error("expected either \(forms), got \(polar ? "both" : "neither")")
    }
    let position: WaypointPosition
    if polar {
      let azimuth = try m.number("azimuth_deg", azimuth)
      let distance = try m.number("distance_m", distance)
      position = .polar(
        azimuth: Angle.radians(degrees: azimuth), distance: distance, height: try m.number("height_m", height)
      )
    } else {
      let x = try m.number("x_m", coordinate)
      let y = try m.number("y_m", coordinate)
      // On the pan axis itself the subject has no azimuth to turn to.
      guard x != 0 || y != 0 else {
        throw node.error("expected a point off the pan axis (x_m and y_m not both 0), got x_m: 0, y_m: 0")
      }
      position = .cartesian(x: x, y: y, height: try m.number("height_m", height))
    }
    return (Waypoint(time: time, position: position), timeNode)
  }
}
