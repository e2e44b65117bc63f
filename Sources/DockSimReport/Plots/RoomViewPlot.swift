import DockSimCore
import DockSimIO
import Foundation

/// The room seen from above, in metres: the stand at the origin, every subject's path, the occluders,
/// and the camera's horizontal field of view at a few times.
///
/// **Orientation: forward (the stand's base x axis, azimuth 0) is up; the stand's right (base y,
/// positive azimuth, positive yaw) is to the right.** Seen from above with forward up, a subject at a
/// positive azimuth is drawn right of the stand, as a person standing behind the stand would see the
/// room: the drawing is not mirrored.
///
/// * Paths are sampled from `SubjectPath.position(at:)` (the core's path evaluation, sway included) over
///   the scenario's duration, plus every waypoint time so that corners stay sharp; a circle marks where
///   a subject starts and a square where it ends. Random `motion_noise` is not drawn (it depends on the
///   run's seed and is not in the scenario's paths).
/// * Occluders are drawn as thick bars of their width, across the line of sight from the stand (they
///   are vertical rectangles facing the stand).
/// * The camera's field of view is a wedge of `scenario.camera.horizontalFOV` around the camera yaw
///   (`camera_yaw_rad` of the trace) at the start, one third, two thirds and the end of the trace,
///   each labelled with its time.
public enum RoomViewPlot {
  /// The plot as one self-contained `<svg>` element (XHTML-compatible, no external references).
  /// - Parameters:
  ///   - scenario: the scenario that was run (subjects, occluders, duration, camera).
  ///   - traceCSV: path of its `traces/<scenario>.csv` (for `t_s` and `camera_yaw_rad`).
  ///   - width: the SVG's width in CSS pixels (at least 320 is used); the height follows the room's
  ///     proportions, metres being equal in both directions.
  /// - Throws: `InputError` naming the file and line of a missing or malformed trace.
  public static func svg(scenario: Scenario, traceCSV: String, width: Double) throws -> String {
    // Two passes over the trace, keeping only the wedges: the first finds the time span (and checks
    // every row), the second the frames at the wedge times. The trace is never held whole.
    var first = try trace(traceCSV)
    var span: (t0: Double, t1: Double)?
    try forEachSample(&first) { t, _ in span = (span?.t0 ?? t, t) }
    guard let span else {
      throw InputError(file: first.file, line: nil, message: "no frames with t_s and camera_yaw_rad")
    }
    var second = try trace(traceCSV)
    var picker = WedgePicker(t0: span.t0, t1: span.t1)
    try forEachSample(&second) { t, yaw in picker.add((t, yaw)) }
    return render(scenario: scenario, wedges: picker.wedges, width: width)
  }

  private static func trace(_ path: String) throws(InputError) -> CSVTableReader {
    try CSVTableReader(path: path, expected: "a trace written by docksim run (docs/csv.md)")
  }

  /// Calls `body` with the time and camera yaw of every frame that has both, in file order.
  ///
  /// - Throws: `InputError` naming the line of a missing column, a bad number or a time going back.
  private static func forEachSample(_ csv: inout CSVTableReader, _ body: (Double, Double) -> Void)
    throws(InputError)
  {
    let c = try csv.columns(["t_s", "camera_yaw_rad"])
    var last: Double?
    while let row = try csv.next() {
      let t = try row.finite(c[0])
      // A cell is empty only if a later writer leaves the pose out; skip such a frame.
      guard let yaw = try row.finite(c[1], empty: "no pose") else { continue }
      if let last, t < last {
        throw row.error(c[0], "expected a time not earlier than the row before (\(last)), got \(row[c[0]])")
      }
      last = t
      body(t, yaw)
    }
  }

  /// Where the wedges are drawn: the last frame at or before the start, one third, two thirds and the
  /// end of the trace (`t0` … `t1`), each once, picked as the frames stream past.
  struct WedgePicker {
    let targets: [Double]
    private var picked: [(t: Double, yaw: Double)?]

    init(t0: Double, t1: Double) {
      targets = (0...3).map { t0 + (t1 - t0) * Double($0) / 3 }
      picked = Array(repeating: nil, count: targets.count)
    }

    /// Offers the next frame; times do not decrease, so the last one at or before a target wins.
    mutating func add(_ sample: (t: Double, yaw: Double)) {
      for k in targets.indices where sample.t <= targets[k] + 1e-9 { picked[k] = sample }
    }

    var wedges: [(t: Double, yaw: Double)] {
      var result: [(t: Double, yaw: Double)] = []
      for case let sample? in picked where result.last.map({ $0.t == sample.t }) != true {
        result.append(sample)
      }
      return result
    }
  }

  /// Where the wedges are drawn for `samples` held whole (times not decreasing): as `WedgePicker`.
  static func wedgeTimes(_ samples: [(t: Double, yaw: Double)]) -> [(t: Double, yaw: Double)] {
    var picker = WedgePicker(t0: samples[0].t, t1: samples[samples.count - 1].t)
    for sample in samples { picker.add(sample) }
    return picker.wedges
  }

  // MARK: Rendering

  private static let margin = (left: 52.0, right: 16.0, top: 30.0, bottom: 44.0)
  private static let wedgeFills = ["#0072B2", "#009E73", "#D55E00", "#CC79A7"]

  static func render(scenario: Scenario, wedges: [(t: Double, yaw: Double)], width requested: Double)
    -> String
  {
    let width = requested.isFinite ? max(320, requested) : 320
    let hfov = scenario.camera.horizontalFOV
    let duration = scenario.duration.seconds

    // Paths in the base frame (x forward, y right), metres.
    var paths: [[Point3]] = []
    for subject in scenario.subjects {
      var times: [Double] = (0...240).map { duration * Double($0) / 240 }
      for waypoint in subject.path.waypoints
      where waypoint.time.seconds > 0 && waypoint.time.seconds < duration {
        times.append(waypoint.time.seconds)
      }
      times.sort()
      // Only while the subject is in the scene (`appear_s` to `leave_s`).
      paths.append(
        times.map { SimTime(seconds: $0) }.filter { subject.isPresent(at: $0) }.map {
          subject.path.position(at: $0)
        })
    }
    let occluders = scenario.occluders.map { occluder -> (Point3, Point3) in
      let c = occluder.position.point
      let r = max((c.x * c.x + c.y * c.y).squareRoot(), 1e-9)
      // Across the line of sight: perpendicular to the direction from the stand.
      let (sx, sy) = (-c.y / r * occluder.width / 2, c.x / r * occluder.width / 2)
      return (Point3(x: c.x - sx, y: c.y - sy, z: 0), Point3(x: c.x + sx, y: c.y + sy, z: 0))
    }
    var reach = 1.0
    for p in paths.joined() { reach = max(reach, (p.x * p.x + p.y * p.y).squareRoot()) }
    for (a, b) in occluders {
      reach = max(reach, (a.x * a.x + a.y * a.y).squareRoot(), (b.x * b.x + b.y * b.y).squareRoot())
    }
    let radius = reach * 1.08

    // Extent: everything drawn, wedges included, plus a little room for labels.
    var minX = 0.0, maxX = 0.0, minY = 0.0, maxY = 0.0  // base x (up) and y (right)
    func include(_ x: Double, _ y: Double) {
      minX = min(minX, x)
      maxX = max(maxX, x)
      minY = min(minY, y)
      maxY = max(maxY, y)
    }
    for p in paths.joined() { include(p.x, p.y) }
    for (a, b) in occluders {
      include(a.x, a.y)
      include(b.x, b.y)
    }
    for wedge in wedges {
      for k in 0...8 {
        let angle = wedge.yaw - hfov / 2 + hfov * Double(k) / 8
        include(radius * cos(angle), radius * sin(angle))
      }
      include(radius * 1.12 * cos(wedge.yaw), radius * 1.12 * sin(wedge.yaw))
    }
    let pad = 0.04 * max(maxX - minX, maxY - minY)
    minX -= pad
    maxX += pad
    minY -= pad
    maxY += pad
    // A room much deeper than wide is widened, so the plot stays at most 1.5 times as tall as wide.
    if maxX - minX > 1.5 * (maxY - minY) {
      let grow = ((maxX - minX) / 1.5 - (maxY - minY)) / 2
      minY -= grow
      maxY += grow
    }
    let plotWidth = width - margin.left - margin.right
    let scale = plotWidth / (maxY - minY)  // pixels per metre, equal in both directions
    let plotHeight = (maxX - minX) * scale
    let legendTop = margin.top + plotHeight + margin.bottom

    // Base frame to SVG: right (y) → +x, forward (x) → up (−y in SVG).
    func sx(_ y: Double) -> Double { margin.left + (y - minY) * scale }
    func sy(_ x: Double) -> Double { margin.top + (maxX - x) * scale }
    func point(_ p: Point3) -> String { "\(SVG.n(sx(p.y))),\(SVG.n(sy(p.x)))" }

    // The body first: the height depends on how the legend wraps.
    var out = "<title>\(SVG.escape("Room seen from above, forward up: \(scenario.name)"))</title>"
    out += "<text x=\"\(SVG.n(margin.left))\" y=\"16\" font-size=\"12\" font-weight=\"bold\">"
    out += "\(SVG.escape("Room from above (forward up) — \(scenario.name)"))</text>"
    out += "<rect x=\"\(SVG.n(margin.left))\" y=\"\(SVG.n(margin.top))\" width=\"\(SVG.n(plotWidth))\" "
    out += "height=\"\(SVG.n(plotHeight))\" fill=\"#FFFFFF\" stroke=\"#CCCCCC\"/>"

    // Grid and axes in metres.
    let tickCount = max(2, Int(plotWidth / 70))
    let across = SVG.ticks(from: minY, to: maxY, count: tickCount)
    let along = SVG.ticks(from: minX, to: maxX, count: max(2, Int(plotHeight / 70)))
    out += "<g class=\"grid\" stroke=\"#EEEEEE\">"
    for value in across.values {
      out += "<line x1=\"\(SVG.n(sx(value)))\" y1=\"\(SVG.n(margin.top))\" x2=\"\(SVG.n(sx(value)))\" "
      out += "y2=\"\(SVG.n(margin.top + plotHeight))\"/>"
    }
    for value in along.values {
      out +=
        "<line x1=\"\(SVG.n(margin.left))\" y1=\"\(SVG.n(sy(value)))\" x2=\"\(SVG.n(margin.left + plotWidth))\" "
      out += "y2=\"\(SVG.n(sy(value)))\"/>"
    }
    out += "</g><g class=\"axis\" fill=\"#444444\">"
    for value in across.values {
      out +=
        "<text x=\"\(SVG.n(sx(value)))\" y=\"\(SVG.n(margin.top + plotHeight + 13))\" text-anchor=\"middle\">"
      out += "\(SVG.label(value, step: across.step))</text>"
    }
    for value in along.values {
      out += "<text x=\"\(SVG.n(margin.left - 4))\" y=\"\(SVG.n(sy(value) + 4))\" text-anchor=\"end\">"
      out += "\(SVG.label(value, step: along.step))</text>"
    }
    out += "<text x=\"\(SVG.n(margin.left + plotWidth / 2))\" y=\"\(SVG.n(margin.top + plotHeight + 28))\" "
    out += "text-anchor=\"middle\">right (m)</text>"
    let midY = margin.top + plotHeight / 2
    out += "<text x=\"12\" y=\"\(SVG.n(midY))\" text-anchor=\"middle\" "
    out += "transform=\"rotate(-90 12 \(SVG.n(midY)))\">forward (m)</text></g>"

    // Camera field of view at the chosen times, under everything else.
    let origin = (x: sx(0), y: sy(0))
    let r = radius * scale
    var placedLabels: [(x: Double, y: Double)] = []
    for (k, wedge) in wedges.enumerated() {
      let a0 = wedge.yaw - hfov / 2
      let a1 = wedge.yaw + hfov / 2
      let p0 = (x: sx(radius * sin(a0)), y: sy(radius * cos(a0)))
      let p1 = (x: sx(radius * sin(a1)), y: sy(radius * cos(a1)))
      let fill = wedgeFills[k % wedgeFills.count]
      // Azimuth grows clockwise on screen with forward up, which is SVG's positive sweep direction.
      out += "<g class=\"fov\" data-t=\"\(SVG.n(wedge.t))\">"
      out += "<path d=\"M\(SVG.n(origin.x)) \(SVG.n(origin.y))L\(SVG.n(p0.x)) \(SVG.n(p0.y))"
      out += "A\(SVG.n(r)) \(SVG.n(r)) 0 \(hfov > .pi ? 1 : 0) 1 \(SVG.n(p1.x)) \(SVG.n(p1.y))Z\" "
      out += "fill=\"\(fill)\" fill-opacity=\"0.1\" stroke=\"\(fill)\" stroke-opacity=\"0.6\"/>"
      let tip = (x: sx(radius * 1.06 * sin(wedge.yaw)), y: sy(radius * 1.06 * cos(wedge.yaw)))
      let label = "t = \(SVG.label(wedge.t, step: 0.1)) s"
      // Labels of wedges pointing the same way would overprint: stack them upwards.
      var labelY = tip.y + 4
      while placedLabels.contains(where: {
        abs($0.x - tip.x) < SVG.textWidth(label) && abs($0.y - labelY) < 12
      }) { labelY -= 12 }
      placedLabels.append((tip.x, labelY))
      out +=
        "<line x1=\"\(SVG.n(origin.x))\" y1=\"\(SVG.n(origin.y))\" x2=\"\(SVG.n(tip.x))\" y2=\"\(SVG.n(tip.y))\" "
      out += "stroke=\"\(fill)\" stroke-dasharray=\"4 3\"/>"
      out += "<text x=\"\(SVG.n(tip.x))\" y=\"\(SVG.n(labelY))\" text-anchor=\"middle\" fill=\"\(fill)\">"
      out += "\(label)</text></g>"
    }

    // Occluders.
    for (k, (a, b)) in occluders.enumerated() {
      out +=
        "<g class=\"occluder\"><line x1=\"\(SVG.n(sx(a.y)))\" y1=\"\(SVG.n(sy(a.x)))\" x2=\"\(SVG.n(sx(b.y)))\" "
      out += "y2=\"\(SVG.n(sy(b.x)))\" stroke=\"#666666\" stroke-width=\"5\" stroke-linecap=\"butt\"/>"
      let c = scenario.occluders[k].position.point
      out += "<text x=\"\(SVG.n(sx(c.y) + 6))\" y=\"\(SVG.n(sy(c.x) - 6))\" fill=\"#666666\">"
      out += "\(SVG.escape(scenario.occluders[k].id))</text></g>"
    }

    // Subject paths.
    for (k, path) in paths.enumerated() {
      let colour = SVG.okabeIto[k % SVG.okabeIto.count]
      let id = scenario.subjects[k].id
      out += "<g class=\"subject\" data-subject=\"\(SVG.escape(id))\">"
      out +=
        "<polyline class=\"subject-path\" points=\"\(path.map(point).joined(separator: " "))\" fill=\"none\" "
      out += "stroke=\"\(colour)\" stroke-width=\"2\" stroke-linejoin=\"round\"/>"
      if let first = path.first, let last = path.last {
        out +=
          "<circle cx=\"\(SVG.n(sx(first.y)))\" cy=\"\(SVG.n(sy(first.x)))\" r=\"4\" fill=\"\(colour)\"/>"
        out +=
          "<rect x=\"\(SVG.n(sx(last.y) - 3.5))\" y=\"\(SVG.n(sy(last.x) - 3.5))\" width=\"7\" height=\"7\" "
        out += "fill=\"#FFFFFF\" stroke=\"\(colour)\" stroke-width=\"2\"/>"
        out += "<text x=\"\(SVG.n(sx(first.y) + 6))\" y=\"\(SVG.n(sy(first.x) + 14))\" fill=\"\(colour)\">"
        out += "\(SVG.escape(id))</text>"
      }
      out += "</g>"
    }

    // The stand, with its forward direction.
    out +=
      "<g class=\"stand-mark\"><circle class=\"stand\" cx=\"\(SVG.n(origin.x))\" cy=\"\(SVG.n(origin.y))\" "
    out += "r=\"5\" fill=\"#000000\"/>"
    out +=
      "<path d=\"M\(SVG.n(origin.x)) \(SVG.n(origin.y - 6))L\(SVG.n(origin.x - 4)) \(SVG.n(origin.y - 2))"
    out += "L\(SVG.n(origin.x + 4)) \(SVG.n(origin.y - 2))Z\" fill=\"#000000\"/>"
    out += "<text x=\"\(SVG.n(origin.x + 8))\" y=\"\(SVG.n(origin.y + 14))\">stand</text></g>"

    // Scale bar: a 1-2-5 length about a fifth of the plot's width, bottom left inside the plot.
    let barMetres = SVG.niceStep((maxY - minY) / 6)
    let barX = margin.left + 10
    let barY = margin.top + plotHeight - 10
    out += "<g class=\"scale-bar\"><line x1=\"\(SVG.n(barX))\" y1=\"\(SVG.n(barY))\" "
    out +=
      "x2=\"\(SVG.n(barX + barMetres * scale))\" y2=\"\(SVG.n(barY))\" stroke=\"#000000\" stroke-width=\"2\"/>"
    out +=
      "<text x=\"\(SVG.n(barX + barMetres * scale / 2))\" y=\"\(SVG.n(barY - 4))\" text-anchor=\"middle\">"
    out += "\(SVG.label(barMetres, step: barMetres)) m</text></g>"

    // Legend: subjects, then the marks.
    out += "<g class=\"legend\">"
    var lx = margin.left
    var ly = legendTop
    func item(_ mark: String, _ text: String) {
      let itemWidth = 30 + SVG.textWidth(text)
      if lx + itemWidth > width - margin.right && lx > margin.left {
        lx = margin.left
        ly += 16
      }
      out += "<g transform=\"translate(\(SVG.n(lx)) \(SVG.n(ly)))\">\(mark)"
      out += "<text x=\"22\" y=\"10\">\(SVG.escape(text))</text></g>"
      lx += itemWidth
    }
    for (k, subject) in scenario.subjects.enumerated() {
      let colour = SVG.okabeIto[k % SVG.okabeIto.count]
      item("<line x1=\"0\" y1=\"7\" x2=\"16\" y2=\"7\" stroke=\"\(colour)\" stroke-width=\"2\"/>", subject.id)
    }
    item("<circle cx=\"4\" cy=\"7\" r=\"4\" fill=\"#777777\"/>", "start")
    item(
      "<rect x=\"1\" y=\"3.5\" width=\"7\" height=\"7\" fill=\"#FFFFFF\" stroke=\"#777777\" stroke-width=\"2\"/>",
      "end")
    if !occluders.isEmpty {
      item("<line x1=\"0\" y1=\"7\" x2=\"16\" y2=\"7\" stroke=\"#666666\" stroke-width=\"5\"/>", "occluder")
    }
    item(
      "<path d=\"M0 12L16 2L16 12Z\" fill=\"#0072B2\" fill-opacity=\"0.15\" stroke=\"#0072B2\"/>",
      "camera field of view at t")
    item("<circle cx=\"6\" cy=\"7\" r=\"5\" fill=\"#000000\"/>", "stand (origin)")
    out += "</g></svg>"
    let height = ly + 24
    return SVG.open(width: width, height: height, label: "Room seen from above: \(scenario.name)") + out
  }
}
