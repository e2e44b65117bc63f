import DockSimCore
import DockSimIO
import Testing

/// Reading identity truth (`docs/csv.md`): the true objects of a recorded log, to score its tracks.
struct IdentityTruthTests {
  static let header = "frame,subject,kind,az_rad,el_rad\n"

  @Test func readsRowsCommentsAndWindowsLineEnds() throws {
    let text =
      "# hand-labelled\r\n" + Self.header
      + "0,ann,humanFace,0.1,-0.2\n0,ann,humanBody,0.1,-0.4\n0,bob,humanFace,7.5,1.5\n2,bob,humanFace,7.6,1.4\n"
    let rows = try IdentityTruth.parse(text, file: "truth.csv")
    #expect(rows.count == 4)
    #expect(rows[0] == TruthObject(frame: 0, subject: "ann", kind: .humanFace, azimuth: 0.1, elevation: -0.2))
    #expect(rows[3] == TruthObject(frame: 2, subject: "bob", kind: .humanFace, azimuth: 7.6, elevation: 1.4))
  }

  @Test func everyBadFileIsNamedWithItsLineAndColumn() {
    let cases: [(String, String)] = [
      ("", "truth.csv: empty truth"),
      (Self.header, "truth.csv: no truth rows"),
      (
        "frame,subject,az_rad,el_rad\n0,a,0,0\n",
        "truth.csv:1: expected the header frame,subject,kind,az_rad,el_rad"
      ),
      (Self.header + "0,a,humanFace,0\n", "truth.csv:2: expected 5 cells, got 4"),
      (Self.header + "-1,a,humanFace,0,0\n", "truth.csv:2: frame: expected a non-negative integer"),
      (
        Self.header + "3,a,humanFace,0,0\n2,a,humanFace,0,0\n",
        "truth.csv:3: frame: expected frames in non-decreasing order, got 2 after 3"
      ),
      (Self.header + "0,,humanFace,0,0\n", "truth.csv:2: subject: expected a subject name"),
      (
        Self.header + "0,a,face,0,0\n",
        "truth.csv:2: kind: expected humanFace, humanBody or object, got 'face'"
      ),
      (Self.header + "0,a,humanFace,nan,0\n", "truth.csv:2: az_rad: expected a finite angle"),
      (
        Self.header + "0,a,humanFace,0,1.6\n",
        "truth.csv:2: el_rad: expected an elevation within ±π/2 rad, got 1.6"
      ),
      (Self.header + "0,a,humanFace,1e5,0\n", "truth.csv:2: az_rad: expected an azimuth within ±10000 rad"),
      (
        Self.header + "0,a,humanFace,0,0\n0,a,humanFace,1,0\n",
        "truth.csv:3: subject: a humanFace listed twice in frame 0"
      ),
    ]
    for (text, needle) in cases {
      do {
        _ = try IdentityTruth.parse(text, file: "truth.csv")
        Issue.record("accepted \(text.debugDescription)")
      } catch {
        #expect("\(error)".contains(needle), "\(error)")
      }
    }
  }

  @Test func aMissingFileIsNamed() {
    #expect(throws: InputError(file: "/no/such/truth.csv", line: nil, column: nil, message: "no such file")) {
      try IdentityTruth.read(path: "/no/such/truth.csv")
    }
  }
}
