import DockSimCore

/// The `occluders` list: static things that hide subjects (a pillar, a plant), each an upright
/// rectangle facing the stand, placed like a waypoint (polar or cartesian) without a time.
enum OccluderSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec(
    [
      FieldSpec("id", .text(minLength: 1), required: true),
      FieldSpec("azimuth_deg", .number(WaypointSchema.azimuth)),
      FieldSpec("distance_m", .number(WaypointSchema.distance)),
      FieldSpec("x_m", .number(WaypointSchema.coordinate)),
      FieldSpec("y_m", .number(WaypointSchema.coordinate)),
      FieldSpec("width_m", .number(size), required: true),
      FieldSpec("bottom_m", .number(bottom), required: true),
      FieldSpec("height_m", .number(size), required: true),
    ], exactlyOneOf: WaypointSchema.positionForms)
  static let size = NumberBounds.positive(max: 100)
  static let bottom = NumberBounds.closed(-100, 100)

  static func readAll(_ node: NodeReader?) throws(InputError) -> [Occluder] {
    guard let node, !node.isNull else { return [] }
    var out: [Occluder] = []
    var seen: [String: Int] = [:]
    for (index, element) in try node.sequence(
      "a sequence of occluders", maximumCount: ScenarioLimits.maximumOccluders, of: "occluders"
    ).enumerated() {
      let m = try element.mapping(allowed: fields)
      let idNode = try m.required("id", expecting: "a non-empty string")
      let id = try idNode.string("a non-empty string")
      guard !id.isEmpty else { throw idNode.mismatch("a non-empty string") }
      if let first = seen[id] {
        throw idNode.mismatch("a unique id ('\(id)' is already occluders[\(first)])")
      }
      seen[id] = index
      let polar = m["azimuth_deg"] != nil || m["distance_m"] != nil
      let cartesian = m["x_m"] != nil || m["y_m"] != nil
      guard polar != cartesian else {
        throw element.error(
          "expected either polar coordinates (azimuth_deg and distance_m) or cartesian ones (x_m and y_m), got "
            + (polar ? "both" : "neither"))
      }
      let position: WaypointPosition
      if polar {
        position = .polar(
          azimuth: Angle.radians(degrees: try m.number("azimuth_deg", WaypointSchema.azimuth)),
          distance: try m.number("distance_m", WaypointSchema.distance), height: 0)
      } else {
        let x = try m.number("x_m", WaypointSchema.coordinate)
        let y = try m.number("y_m", WaypointSchema.coordinate)
        guard x != 0 || y != 0 else {
          throw element.error("expected a point off the pan axis, got x_m: 0, y_m: 0")
        }
        position = .cartesian(x: x, y: y, height: 0)
      }
      out.append(
        Occluder(
          id: id, position: position, width: try m.number("width_m", size),
          bottom: try m.number("bottom_m", bottom),
          height: try m.number("height_m", size)))
    }
    return out
  }
}
