import DockSimCore
import Foundation

/// Paths from data (`docs/scenarios.md`, "Paths from data"): a subject's `trajectory:` (one walker's
/// CSV file) and the top-level `crowd:` (every person of a pedestrian recording within a time window).
/// File paths are relative to the scenario file.
enum TrajectorySchema {
  /// `stand: { x_m, y_m, heading_deg }`: the stand's pivot in the file's ground frame (x east, y north)
  /// and its forward direction, degrees counter-clockwise from the file's +x axis (`StandPose`).
  static let standSpec = SectionSpec([
    FieldSpec("x_m", .number(WaypointSchema.coordinate), required: true),
    FieldSpec("y_m", .number(WaypointSchema.coordinate), required: true),
    FieldSpec("heading_deg", .number(heading), required: true),
  ])
  static let heading = NumberBounds.closed(
    -TrajectoryLimits.maximumHeadingDegrees, TrajectoryLimits.maximumHeadingDegrees)

  static var trajectoryFields: [String] { trajectorySpec.names }
  static let trajectorySpec = SectionSpec([
    FieldSpec("file", .text(minLength: 1), required: true),
    FieldSpec("stand", .section(standSpec)),
    // The centre's height above the pivot when the file has no z_m column.
    FieldSpec("height_m", .number(WaypointSchema.height)),
  ])

  static var crowdFields: [String] { crowdSpec.names }
  static let crowdSpec = SectionSpec([
    FieldSpec("file", .text(minLength: 1), required: true),
    FieldSpec("format", .choice(PedestrianRecording.Format.allCases.map(\.rawValue))),
    FieldSpec("fps", .number(frameRate), required: true),
    FieldSpec("window_s", .interval(WaypointSchema.time), required: true),
    FieldSpec("stand", .section(standSpec), required: true),
    FieldSpec("height_m", .number(pivotHeight)),
    FieldSpec("width_m", .number(bodyWidth)),
    FieldSpec("body_height_m", .number(bodyHeight)),
    FieldSpec("interpolation", .choice(PathInterpolation.allCases.map(\.rawValue))),
  ])
  static let frameRate = NumberBounds.closed(
    TrajectoryLimits.frameRate.lowerBound, TrajectoryLimits.frameRate.upperBound)
  static let pivotHeight = NumberBounds.closed(
    TrajectoryLimits.pivotHeight.lowerBound, TrajectoryLimits.pivotHeight.upperBound)
  static let bodyWidth = NumberBounds.closed(
    TrajectoryLimits.bodyWidth.lowerBound, TrajectoryLimits.bodyWidth.upperBound)
  static let bodyHeight = NumberBounds.closed(
    TrajectoryLimits.bodyHeight.lowerBound, TrajectoryLimits.bodyHeight.upperBound)
  /// A crowd person's defaults: an adult's shoulders and height, and a stand on a table.
  static let defaultWidth = 0.5
  static let defaultBodyHeight = 1.7
  static let defaultPivotHeight = 1.0

  static func readStand(_ node: NodeReader) throws(InputError) -> StandPose {
    let m = try node.mapping(allowed: standSpec.names)
    return StandPose(
      x: try m.number("x_m", WaypointSchema.coordinate), y: try m.number("y_m", WaypointSchema.coordinate),
      heading: Angle.radians(degrees: try m.number("heading_deg", heading)))
  }

  /// A subject's `trajectory:`: the file's samples as waypoints in the base frame.
  static func readTrajectory(_ node: NodeReader) throws(InputError) -> [Waypoint] {
    let m = try node.mapping(allowed: trajectoryFields)
    let fileNode = try m.required("file", expecting: "the path of a CSV file t_s,x_m,y_m[,z_m]")
    let path = RelativePath.resolve(try fileNode.string("a file path"), besideFile: node.file)
    let stand = try m["stand"].map { n throws(InputError) in try readStand(n) }
    let height = try m["height_m"].map { n throws(InputError) in try n.number(WaypointSchema.height) }
    let samples = try TrajectoryCSV.read(path: path)
    let hasZ = samples[0].z != nil
    if hasZ, let h = m["height_m"] {
      throw h.mismatch("no height_m: the file's z_m column gives the height")
    }
    guard hasZ || height != nil else {
      throw m.reader.error(
        "expected height_m (the centre's height above the pivot): \(path) has no z_m column")
    }
    guard samples.count <= ScenarioLimits.maximumWaypoints else {
      throw fileNode.error(
        "expected at most \(ScenarioLimits.formatted(ScenarioLimits.maximumWaypoints)) samples")
    }
    var base: [TrajectorySample] = []
    for s in samples {
      let p = stand?.base(x: s.x, y: s.y) ?? (x: s.x, y: s.y)
      let distance = (p.x * p.x + p.y * p.y).squareRoot()
      guard distance >= TrajectoryLimits.minimumStandClearance else {
        throw InputError(
          file: path, line: s.line,
          message:
            "expected every sample at least \(NumberBounds.format(TrajectoryLimits.minimumStandClearance)) m "
            + "from the stand's pivot, got \(TrajectoryFormat.number(distance, digits: 3)) m: the path runs through the stand"
        )
      }
      base.append(TrajectorySample(time: s.time, x: p.x, y: p.y, z: s.z, line: s.line))
    }
    return CrowdImport.waypoints(base, height: height ?? 0)
  }

  /// The top-level `crowd:`: one humanBody subject `p<id>` per person with at least two samples in the
  /// window, present from their first to their last sample there, on a cubic path by default.
  static func readCrowd(_ node: NodeReader) throws(InputError) -> [Subject] {
    let m = try node.mapping(allowed: crowdFields)
    // The fields' own bounds first, the file last: a bad number is reported as such, not hidden behind
    // a file problem.
    let fps = try m.number("fps", frameRate)
    let pivot = try m.number("height_m", pivotHeight, default: defaultPivotHeight)
    let width = try m.number("width_m", bodyWidth, default: defaultWidth)
    let bodyHeight = try m.number("body_height_m", bodyHeight, default: defaultBodyHeight)
    let interpolation = try readInterpolation(m, default: .cubic)
    let formats = PedestrianRecording.Format.allCases.map(\.rawValue)
    var format = PedestrianRecording.Format.ethucy
    if let f = m["format"] {
      let name = try f.string("one of \(formats.joined(separator: ", "))")
      guard let known = PedestrianRecording.Format(rawValue: name) else {
        throw f.mismatch("one of \(formats.joined(separator: ", "))")
      }
      format = known
    }
    let stand = try readStand(try m.required("stand", expecting: "a mapping with x_m, y_m and heading_deg"))
    let windowNode = try m.required("window_s", expecting: "[start, end] in the recording's seconds")
    let ends = try windowNode.sequence("[start, end] in the recording's seconds")
    guard ends.count == 2 else { throw windowNode.error("expected [start, end], got \(ends.count) values") }
    let start = try ends[0].number(WaypointSchema.time)
    let end = try ends[1].number(WaypointSchema.time)
    guard start < end else {
      throw windowNode.error(
        "expected start < end, got [\(NumberBounds.format(start)), \(NumberBounds.format(end))]")
    }
    let fileNode = try m.required("file", expecting: "the path of a pedestrian recording (frame id x y)")
    let path = RelativePath.resolve(try fileNode.string("a file path"), besideFile: node.file)
    let recording = try PedestrianRecording.read(path: path, format: format, fps: fps)
    let people = try CrowdImport.people(
      recording, file: path, window: start...end, stand: stand,
      windowError: { windowNode.error($0 + " (\(path))") })
    return people.map { person in
      let waypoints = CrowdImport.waypoints(person.samples, height: bodyHeight / 2 - pivot)
      return Subject(
        id: "p\(person.id)", kind: .humanBody, width: width, height: bodyHeight,
        path: SubjectPath(waypoints: waypoints, interpolation: interpolation),
        appear: waypoints.first!.time, leave: waypoints.last!.time)
    }
  }

  static func readInterpolation(_ m: MappingReader, default value: PathInterpolation) throws(InputError)
    -> PathInterpolation
  {
    guard let node = m["interpolation"] else { return value }
    let names = PathInterpolation.allCases.map(\.rawValue)
    let name = try node.string("one of \(names.joined(separator: ", "))")
    guard let known = PathInterpolation(rawValue: name) else {
      throw node.mismatch("one of \(names.joined(separator: ", "))")
    }
    return known
  }
}
