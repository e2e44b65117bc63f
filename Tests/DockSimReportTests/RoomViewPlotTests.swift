import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimReport

struct RoomViewPlotTests {
  /// Two people standing still: `right` at azimuth +60° (to the stand's right), `left` at −45°, and a
  /// pillar straight ahead; the camera pans from yaw 0 to +0.9 rad over 12 s.
  static let scenario = Scenario(
    name: "room<&>", seed: 1, duration: SimDuration(seconds: 12),
    subjects: [
      Subject(
        id: "right", kind: .humanBody, width: 0.5, height: 1.7,
        path: SubjectPath(waypoints: [
          Waypoint(time: .zero, position: .polar(azimuth: .pi / 3, distance: 3, height: 0)),
          Waypoint(
            time: SimTime(seconds: 6), position: .polar(azimuth: .pi / 3 + 0.2, distance: 3.5, height: 0)),
        ])),
      Subject(
        id: "left", kind: .humanFace, width: 0.2, height: 0.3,
        path: SubjectPath(waypoints: [
          Waypoint(time: .zero, position: .polar(azimuth: -.pi / 4, distance: 2, height: 0))
        ])),
    ],
    occluders: [
      Occluder(
        id: "pillar", position: .cartesian(x: 1.5, y: 0, height: 0), width: 0.4, bottom: -1, height: 2.5)
    ])

  static func traceCSV() -> String {
    var lines = ["frame,t_s,subject_az_rad,camera_yaw_rad,camera_pitch_rad"]
    for f in 0...360 {
      let t = Double(f) / 30
      lines.append("\(f),\(t),0.0,\(0.9 * t / 12),0.0")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func render(_ trace: String = traceCSV()) throws -> String {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try write(trace, "room.csv", in: directory)
    return try RoomViewPlot.svg(scenario: scenario, traceCSV: path, width: 640)
  }

  /// The `x,y` pairs of a `points` attribute.
  static func points(_ attribute: String?) -> [(x: Double, y: Double)] {
    (attribute ?? "").split(separator: " ").compactMap { pair in
      let xy = pair.split(separator: ",").compactMap { Double($0) }
      return xy.count == 2 ? (xy[0], xy[1]) : nil
    }
  }

  @Test func isWellFormedWithSizeAndViewBox() throws {
    let elements = try #require(parseSVG(try Self.render()))
    let root = try #require(elements.first)
    #expect(root.name == "svg")
    #expect(root.attributes["width"] == "640")
    #expect(root.attributes["viewBox"]?.hasPrefix("0 0 640 ") == true)
    // The scenario's name is escaped, and reads back as written.
    #expect(elements.contains { $0.name == "title" && $0.text.contains("room<&>") })
  }

  /// No external references: the only "http" allowed is the SVG namespace URI
  /// `http://www.w3.org/2000/svg` of the root element, which is a name, not something fetched.
  @Test func hasNoExternalReferences() throws {
    let svg = try Self.render()
    #expect(!svg.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"))
    #expect(!svg.contains("href"))
  }

  /// Forward is up and positive azimuth is right: a subject at +60° is drawn right of and above the
  /// stand, one at −45° left of and above it.
  @Test func isNotMirrored() throws {
    let elements = try #require(parseSVG(try Self.render()))
    let stand = try #require(elements.first { $0.attributes["class"] == "stand" })
    let cx = try #require(stand.attributes["cx"].flatMap(Double.init))
    let cy = try #require(stand.attributes["cy"].flatMap(Double.init))
    let paths = elements.filter { $0.attributes["class"] == "subject-path" }
    #expect(paths.count == 2)
    let right = Self.points(paths.first?.attributes["points"])
    let left = Self.points(paths.last?.attributes["points"])
    #expect(!right.isEmpty && !left.isEmpty)
    #expect(right.allSatisfy { $0.x > cx && $0.y < cy })
    #expect(left.allSatisfy { $0.x < cx && $0.y < cy })
  }

  @Test func drawsTheFieldOfViewAtFourLabelledTimes() throws {
    let elements = try #require(parseSVG(try Self.render()))
    let wedges = elements.filter { $0.attributes["class"] == "fov" }
    #expect(wedges.compactMap { $0.attributes["data-t"] } == ["0", "4", "8", "12"])
    #expect(
      elements.filter { $0.name == "text" && $0.text.hasPrefix("t = ") }.map(\.text)
        == ["t = 0 s", "t = 4 s", "t = 8 s", "t = 12 s"])
  }

  @Test func hasScaleBarAxisLabelsLegendAndOccluder() throws {
    let elements = try #require(parseSVG(try Self.render()))
    let texts = elements.filter { $0.name == "text" }.map(\.text)
    #expect(texts.contains("right (m)"))
    #expect(texts.contains("forward (m)"))
    #expect(texts.contains { $0.hasSuffix(" m") })
    #expect(elements.contains { $0.attributes["class"] == "scale-bar" })
    #expect(elements.contains { $0.attributes["class"] == "legend" })
    #expect(elements.filter { $0.attributes["class"] == "occluder" }.count == 1)
    #expect(texts.contains("pillar"))
  }

  @Test func outputIsDeterministic() throws {
    #expect(Array(try Self.render().utf8) == Array(try Self.render().utf8))
  }

  @Test func aMissingTraceIsNamed() throws {
    let path = "/nonexistent/traces/room.csv"
    let error = try #require(throws: InputError.self) {
      try RoomViewPlot.svg(scenario: Self.scenario, traceCSV: path, width: 640)
    }
    #expect(error.description.hasPrefix(path))
  }

  @Test func aMalformedLineIsNamed() throws {
    let trace = "frame,t_s,camera_yaw_rad\n0,0.0,0.1\n1,0.033,yaw\n"
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try write(trace, "bad.csv", in: directory)
    let error = try #require(throws: InputError.self) {
      try RoomViewPlot.svg(scenario: Self.scenario, traceCSV: path, width: 640)
    }
    #expect(error.description.hasPrefix("\(path):3:9: "))  // line and column of the cell
    #expect(error.line == 3)
  }

  @Test func wedgeTimesAreStartThirdsAndEnd() {
    let samples = (0...30).map { (t: Double($0) / 10, yaw: Double($0)) }
    #expect(RoomViewPlot.wedgeTimes(samples).map(\.t) == [0, 1, 2, 3])
  }
}
