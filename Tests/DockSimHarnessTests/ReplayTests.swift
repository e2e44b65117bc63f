import DockSimCore
import DockSimIO
import Testing

@testable import DockSimHarness

struct ReplayTests {
  static let header = "frame,t_s,camera_yaw_rad,camera_pitch_rad,kind,center_u,center_v,width,height\n"

  @Test func coastsThroughEmptyFramesAndKeepsColumns() throws {
    let log =
      Self.header + """
        0,0.0,0.1,0.0,humanFace,0.5,0.5,0.05,0.1
        1,0.0333,0.1,0.0,humanFace,0.51,0.5,0.05,0.1
        2,0.0667,0.1,0.0,,,,,
        3,0.1,0.1,0.0,humanFace,0.52,0.5,0.05,0.1
        3,0.1,0.1,0.0,object,0.9,0.9,0.05,0.05

        """
    let frames = try ObservationLog.parse(log, file: "log.csv")
    #expect(frames.count == 4)
    #expect(frames[2].observations.isEmpty)
    #expect(frames[3].observations.count == 2)
    let out = Replay.run(
      log: frames, camera: PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9),
      parameters: TrackerParameters())
    let rows = out.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    #expect(rows.allSatisfy { $0.count == Replay.columns.count })
    #expect(
      rows[1][2] == "1" && rows[1][3] == "tentative" && rows[1].last == "",
      "no NIS before an update: an empty cell")
    #expect(rows[3][2] == "1" && rows[3].last == "", "an empty frame predicts only")
    // Frame 3: the near face updates track 1; the far object starts track 2 (no identities in logs).
    let frame3 = rows.filter { $0[0] == "3" }
    #expect(frame3.count == 2)
    #expect(frame3[0][2] == "1" && !(frame3[0].last ?? "").isEmpty)
    #expect(frame3[1][2] == "2" && frame3[1][5] == "object")
  }

  @Test func windowsLineEndingsReadAsUnix() throws {
    let unix = Self.header + "0,0.0,0.1,0.0,humanFace,0.5,0.5,0.05,0.1\n1,0.0333,0.1,0.0,,,,,\n"
    let windows = unix.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(try ObservationLog.parse(windows, file: "log.csv") == ObservationLog.parse(unix, file: "log.csv"))
    #expect(try ObservationLog.parse(windows, file: "log.csv").count == 2)
  }

  @Test func logErrorsNameLineAndColumn() {
    let cases: [(String, String)] = [
      (Self.header + "0,0,0,0,humanFace,0.5,0.5,0.1,inf\n", "log.csv:2: height"),
      (Self.header + "x,0,0,0,humanFace,0.5,0.5,0.1,0.1\n", "log.csv:2: frame"),
      (Self.header + "0,0,0,2,humanFace,0.5,0.5,0.1,0.1\n", "log.csv:2: camera_pitch_rad"),
      (Self.header + "0,0,0,0,humanFace,0.5,0.5,0.1,0.1\n0,0,0.1,0,humanFace,0.5,0.5,0.1,0.1\n", "disagree"),
      (Self.header + "0,1,0,0,,,,,\n1,1,0,0,,,,,\n", "log.csv:3: t_s"),
      ("# only a comment\n", "empty log"),
    ]
    for (text, needle) in cases {
      #expect(throws: InputError.self) { try ObservationLog.parse(text, file: "log.csv") }
      do {
        _ = try ObservationLog.parse(text, file: "log.csv")
      } catch {
        #expect("\(error)".contains(needle), "\(error)")
      }
    }
  }
}
