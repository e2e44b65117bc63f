import DockSimCore
import Foundation
import Testing

@testable import DockSimIO

/// Reading a run's objects trace back for `docksim score`: which rows count, and bad rows refused.
struct ObjectsCSVFileTests {
  static let header = ObjectsCSVSink.columns.joined(separator: ",") + "\n"

  @Test func keepsTheRowsTheRunScored() throws {
    let text =
      Self.header
      + "0,0.0,gt,bob,humanBody,0.5,0.5,0.1,0.4,1.0,,,0.05\n"
      + "0,0.0,gt,bob,humanFace,0.5,0.7,0.05,0.1,1.0,,,0.05\n"
      + "0,0.0,gt,ann,humanBody,1.2,0.5,0.1,0.4,0.0,,,0.05\n"  // centre outside the image: not scored
      + "0,0.0,gt,cid,humanBody,,,,,0.0,,,0.05\n"  // behind the camera
      + "0,0.0,track,4,humanBody,0.51,0.5,0.1,0.4,,confirmed,1,0.05\n"
      + "0,0.0,track,5,humanBody,0.3,0.5,0.1,0.4,,tentative,0,0.05\n"  // tentative: not scored
      + "1,0.1,gt,ann,humanBody,0.4,0.5,0.1,0.4,1.0,,,0.05\n"
    let contents = try ObjectsCSVFile.parse(text, file: "o")
    // Subjects numbered in order of first appearance, each kind its own object (as the run's ids).
    #expect(contents.objects.map(\.row.id) == [0, 1, 3])
    #expect(contents.objects.map(\.frame) == [0, 0, 1])
    #expect(contents.objects.map(\.row.kind) == [.humanBody, .humanFace, .humanBody])
    #expect(contents.hypotheses.map(\.row.id) == [4])
    #expect(contents.matchThreshold == 0.05)
    #expect(contents.objects[0].row.box == MOTBox(centerX: 0.5, centerY: 0.5, width: 0.1, height: 0.4))
  }

  @Test(arguments: [
    ("0,0.0,gt,bob,cat,0.5,0.5,0.1,0.4,1.0,,,0.05\n", "o:2: kind: expected humanFace, humanBody or object"),
    ("0,0.0,box,bob,humanBody,0.5,0.5,0.1,0.4,1.0,,,0.05\n", "o:2: type: expected gt or track, got 'box'"),
    ("0,0.0,gt,bob,humanBody,0.5,0.5,-0.1,0.4,1.0,,,0.05\n", "o:2: w: expected a finite number ≥ 0"),
    ("0,0.0,gt,bob,humanBody,inf,0.5,0.1,0.4,1.0,,,0.05\n", "o:2: u: expected a finite number"),
    ("0,0.0,track,x,humanBody,0.5,0.5,0.1,0.4,,confirmed,0,0.05\n", "o:2: id: expected a track number"),
    ("0,0.0,track,4,humanBody,0.5,0.5,0.1,0.4,,lost,0,0.05\n", "o:2: status: expected tentative"),
    ("0,0.0,gt,bob,humanBody,0.5,0.5,0.1,0.4,1.0,,,0\n", "o:2: match_threshold: expected a number > 0"),
    (
      "0,0.0,gt,bob,humanBody,0.5,0.5,0.1,0.4,1.0,,,0.05\n0,0.0,gt,bob,humanBody,0.5,0.5,0.1,0.4,1.0,,,0.05\n",
      "o:3: id: gt bob humanBody listed twice in frame 0"
    ),
    (
      "1,0.0,gt,bob,humanBody,0.5,0.5,0.1,0.4,1.0,,,0.05\n0,0.0,gt,bob,humanBody,0.5,0.5,0.1,0.4,1.0,,,0.05\n",
      "o:3: frame: expected frames in non-decreasing order, got 0 after 1"
    ),
    (
      "0,0.0,gt,bob,humanBody,0.5,0.5,0.1,0.4,1.0,,,0.05\n1,0.0,gt,bob,humanBody,0.5,0.5,0.1,0.4,1.0,,,0.1\n",
      "o:3: match_threshold: expected the same value on every row (0.05), got 0.1"
    ),
  ])
  func badRowsAreRefusedNamingLineAndColumn(rows: String, message: String) {
    do {
      _ = try ObjectsCSVFile.parse(Self.header + rows, file: "o")
      Issue.record("accepted \(rows)")
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }
}
