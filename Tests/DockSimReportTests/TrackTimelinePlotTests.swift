import DockSimIO
import Foundation
import Testing

@testable import DockSimReport

struct TrackTimelinePlotTests {
  static let header = "frame,capture_t_s,type,id,kind,u,v,h,visible_fraction,status,primary"

  /// A hand-made objects trace of `frames` frames at 30 fps:
  /// * alice (body, centre of the image) is matched by track 1 until frame 99, by nobody for frames
  ///   100–119 (a miss), then by track 2: one identity switch, at frame 120;
  /// * bob (face) is matched by track 3 throughout, but has no box in frames 200–249 (out of view) and
  ///   is occluded (10 % visible) in frames 50–59;
  /// * a tentative track 4 near alice is never scored.
  static func objectsCSV(frames: Int = 300) -> String {
    var lines = [header]
    for f in 0..<frames {
      let t = Double(f) / 30
      lines.append("\(f),\(t),gt,alice,humanBody,0.5,0.5,0.6,1.0,,")
      let bobVisible = (50..<60).contains(f) ? "0.1" : "1.0"
      if !(200..<250).contains(f) { lines.append("\(f),\(t),gt,bob,humanFace,0.2,0.7,0.1,\(bobVisible),,") }
      if f < 100 { lines.append("\(f),\(t),track,1,humanBody,0.51,0.5,0.6,,confirmed,1") }
      if f >= 120 { lines.append("\(f),\(t),track,2,humanBody,0.5,0.49,0.6,,confirmed,1") }
      lines.append("\(f),\(t),track,3,humanFace,0.21,0.7,0.1,,\(f < 150 ? "confirmed" : "coasting"),0")
      lines.append("\(f),\(t),track,4,humanBody,0.5,0.5,0.6,,tentative,0")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func render(_ csv: String, width: Double = 800) throws -> String {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try write(csv, "case.objects.csv", in: directory)
    return try TrackTimelinePlot.svg(objectsCSV: path, width: width)
  }

  @Test func isWellFormedWithSizeAndViewBox() throws {
    let svg = try Self.render(Self.objectsCSV())
    let elements = try #require(parseSVG(svg))
    let root = try #require(elements.first)
    #expect(root.name == "svg")
    #expect(root.attributes["width"] == "800")
    #expect(root.attributes["height"].flatMap(Double.init).map { $0 > 0 } == true)
    #expect(root.attributes["viewBox"]?.hasPrefix("0 0 800 ") == true)
    #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
  }

  /// No external references: the only "http" allowed is the SVG namespace URI
  /// `http://www.w3.org/2000/svg` of the root element, which is a name, not something fetched.
  @Test func hasNoExternalReferences() throws {
    let svg = try Self.render(Self.objectsCSV())
    let rest = svg.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
    #expect(!rest.contains("http"))
    #expect(!svg.contains("href"))
  }

  @Test func oneLanePerTrueSubject() throws {
    let elements = try #require(parseSVG(try Self.render(Self.objectsCSV())))
    let lanes = elements.filter { $0.attributes["class"] == "lane" }
    #expect(lanes.map { $0.attributes["data-subject"] ?? "" } == ["alice", "bob"])
    let labels = elements.filter { $0.attributes["class"] == "lane-label" }.map(\.text)
    #expect(labels == ["alice", "bob"])
  }

  @Test func anIdentitySwitchIsMarkedExactlyOnce() throws {
    let elements = try #require(parseSVG(try Self.render(Self.objectsCSV())))
    #expect(elements.filter { $0.attributes["class"] == "switch" }.count == 1)
    // And it is where track 2 takes over from track 1: frame 120, at 4 s.
    let timeline = try Timeline(
      csv: CSVTableReader(text: Self.objectsCSV(), file: "x", expected: "an objects trace"))
    #expect(timeline.switches(of: 0) == [120])
    #expect(timeline.switches(of: 1) == [])
  }

  @Test func aMissIsMarked() throws {
    let elements = try #require(parseSVG(try Self.render(Self.objectsCSV())))
    let misses = elements.filter { $0.attributes["class"] == "miss" }
    #expect(misses.count == 1)
    let timeline = try Timeline(
      csv: CSVTableReader(text: Self.objectsCSV(), file: "x", expected: "an objects trace"))
    #expect(
      timeline.runs(of: 0).contains(Timeline.Run(first: 100, last: 119, state: .missed(occluded: false))))
  }

  @Test func occlusionAndOutOfViewAreShaded() throws {
    let elements = try #require(parseSVG(try Self.render(Self.objectsCSV())))
    #expect(elements.filter { $0.attributes["class"] == "occluded" }.count == 1)
    #expect(elements.filter { $0.attributes["class"] == "out-of-view" }.count == 1)
  }

  @Test func barsAreRunLengthMergedAndLabelled() throws {
    let elements = try #require(parseSVG(try Self.render(Self.objectsCSV())))
    let bars = elements.filter { $0.attributes["class"] == "bar" }
    // alice: track 1, track 2; bob: track 3 before, during and after the occlusion, and after the
    // out-of-view span: six runs, not 600 frames.
    #expect(bars.compactMap { $0.attributes["data-track"] } == ["1", "2", "3", "3", "3", "3"])
    let labels = elements.filter { $0.attributes["class"] == "bar-label" }.map(\.text)
    #expect(labels == ["#1", "#2", "#3", "#3"])
    // Ten times as many frames, the same elements: the SVG does not grow with the run's length.
    let long = try #require(parseSVG(try Self.render(Self.objectsCSV(frames: 3000))))
    #expect(long.filter { $0.attributes["class"] == "bar" }.count == 6)
    #expect(long.count <= elements.count + 10)
    #expect(elements.count < 120)
  }

  @Test func tracksKeepTheirPaletteColour() throws {
    #expect(TrackTimelinePlot.colourIndex(1) == 0)
    #expect(TrackTimelinePlot.colourIndex(9) == 0)
    #expect(TrackTimelinePlot.colourIndex(8) == 7)
  }

  @Test func outputIsDeterministic() throws {
    let a = try Self.render(Self.objectsCSV())
    let b = try Self.render(Self.objectsCSV())
    #expect(Array(a.utf8) == Array(b.utf8))
  }

  @Test func aMissingFileIsNamed() throws {
    let path = "/nonexistent/dir/run.objects.csv"
    let error = try #require(throws: InputError.self) {
      try TrackTimelinePlot.svg(objectsCSV: path, width: 600)
    }
    #expect(error.file == path)
    #expect(error.description.contains(path))
  }

  @Test func aMalformedLineIsNamed() throws {
    let csv =
      Self.header
      + "\n0,0.0,gt,alice,humanBody,0.5,0.5,0.6,1.0,,\n1,0.033,gt,alice,humanBody,abc,0.5,0.6,1.0,,\n"
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try write(csv, "bad.objects.csv", in: directory)
    let error = try #require(throws: InputError.self) {
      try TrackTimelinePlot.svg(objectsCSV: path, width: 600)
    }
    #expect(error.line == 3)
    #expect(error.description.hasPrefix("\(path):3:28: "))  // line and column of the cell
    #expect(error.description.contains("abc"))
  }

  @Test func aMissingColumnIsNamed() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try write("frame,capture_t_s,type\n0,0,gt\n", "short.objects.csv", in: directory)
    let error = try #require(throws: InputError.self) {
      try TrackTimelinePlot.svg(objectsCSV: path, width: 600)
    }
    #expect(error.description.contains("short.objects.csv:1"))
    #expect(error.description.contains("visible_fraction"))
  }

  /// The writer leaves `capture_t_s` empty in frames without an estimate or track, and `u`, `v` empty for
  /// a box behind the camera: such frames still count, the box as out of view.
  @Test func emptyTimesAndPositionsAreAccepted() throws {
    let csv =
      Self.header + "\n2,,gt,alice,humanBody,,,,0.0,,\n3,,gt,alice,humanBody,,,,0.0,,\n"
      + "4,0.1,gt,alice,humanBody,0.5,0.5,0.6,1.0,,\n4,0.1,track,1,humanBody,0.5,0.5,0.6,,confirmed,1\n"
      + "6,0.2,gt,alice,humanBody,0.5,0.5,0.6,1.0,,\n6,0.2,track,1,humanBody,0.5,0.5,0.6,,confirmed,1\n"
    let timeline = try Timeline(csv: CSVTableReader(text: csv, file: "x", expected: "an objects trace"))
    #expect(timeline.times.count == 4)
    // Frames 2 and 3 take the period of the timed frames (0.05 s per frame) back from frame 4.
    #expect(abs(timeline.times[0] - 0.0) < 1e-12 && abs(timeline.times[1] - 0.05) < 1e-12)
    #expect(timeline.runs(of: 0).first == Timeline.Run(first: 0, last: 1, state: .outOfView))
    #expect(parseSVG(try Self.render(csv)) != nil)
  }

  /// The file's `match_threshold` decides the pairs: track 1 sits 0.03 from alice, matched at 0.05,
  /// missed at 0.02 (a scenario with a tighter threshold).
  @Test(arguments: [(threshold: "0.05", matched: true), (threshold: "0.02", matched: false)])
  func theRecordedMatchThresholdIsUsed(threshold: String, matched: Bool) throws {
    let csv =
      Self.header + ",match_threshold\n"
      + "0,0.0,gt,alice,humanBody,0.5,0.5,0.6,1.0,,,\(threshold)\n"
      + "0,0.0,track,1,humanBody,0.53,0.5,0.6,,confirmed,1,\(threshold)\n"
    let timeline = try Timeline(csv: CSVTableReader(text: csv, file: "x", expected: "an objects trace"))
    #expect(timeline.thresholdRecorded)
    #expect(timeline.matchThreshold == Double(threshold))
    #expect(
      timeline.runs(of: 0).first?.state == (matched ? .matched(1, occluded: false) : .missed(occluded: false))
    )
    let svg = try Self.render(csv)
    #expect(svg.contains("match threshold \(threshold)</text>"))
    // A file without the column (written before it existed) is drawn with the default, and says so.
    #expect(try Self.render(Self.objectsCSV()).contains("match threshold 0.05 (the default"))
  }

  @Test(arguments: [
    (
      "0,0.0,gt,alice,humanBody,0.5,nan,0.6,1.0,,,0.05",
      "v: expected a finite number or an empty cell (behind the camera), got 'nan'"
    ),
    (
      "0,0.0,gt,alice,humanBody,0.5,0.5,0.6,1.0,,,inf",
      "match_threshold: expected a finite number, got 'inf'"
    ),
    ("0,0.0,gt,alice,humanBody,0.5,0.5,0.6,1.0,,,0", "match_threshold: expected a positive number"),
    (
      "0,0.0,gt,alice,humanBody,0.5,0.5,0.6,1.0,,,0.05\n0,0.0,gt,bob,humanBody,0.5,0.5,0.6,1.0,,,0.1",
      "0.1 differs from the first row's"
    ),
    (
      "0,0.0,gt,alice,hand,0.5,0.5,0.6,1.0,,,0.05",
      "kind: expected humanBody, humanFace or object, got 'hand'"
    ),
    (
      "0,0.0,gt,alice,humanBody,0.5,0.5,0.6,1.0,,,0.05\n0,0.0,gt,alice,humanBody,0.4,0.5,0.6,1.0,,,0.05",
      "alice humanBody listed twice in frame 0"
    ),
    (
      "0,0.0,track,3,humanBody,0.5,0.5,0.6,,confirmed,1,0.05\n0,0.0,track,3,humanBody,0.4,0.5,0.6,,confirmed,0,0.05",
      "track 3 listed twice in frame 0"
    ),
  ])
  func aBadRowIsRefusedWithItsLine(rows: String, message: String) throws {
    let csv = Self.header + ",match_threshold\n" + rows + "\n"
    let error = try #require(throws: InputError.self) {
      try Timeline(csv: CSVTableReader(text: csv, file: "x", expected: "an objects trace"))
    }
    #expect(error.line == rows.split(separator: "\n").count + 1)
    #expect(error.description.contains(message), "\(error)")
  }

  @Test func textIsEscaped() throws {
    let csv = Self.header + "\n0,0.0,gt,\"a<b&c\",humanBody,0.5,0.5,0.6,1.0,,\n"
    let elements = try #require(parseSVG(try Self.render(csv)))
    #expect(elements.contains { $0.attributes["class"] == "lane-label" && $0.text == "a<b&c" })
  }
}
