import Foundation
import Testing

/// `docksim replay` on the K1 fixture log reproduces the reference EKF.
struct ReplayCommandTests {
  static func rows(_ url: URL) throws -> [[String]] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
  }

  @Test func replayMatchesTheOracle() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let out = tmp.appendingPathComponent("estimates.csv")
    let log = CLI.repository.appendingPathComponent("Tests/Fixtures/replay/K1_log.csv")
    let r = try CLI.run([
      "replay", log.path, "--hfov-rad", "1.2", "--process-noise-angle", "0.5", "--output", out.path,
    ])
    #expect(r.status == 0, "stderr: \(r.stderr)")
    let got = try Self.rows(out)
    let want = try Self.rows(CLI.repository.appendingPathComponent("Tests/Fixtures/ekf/K1_ekf.csv"))
    #expect(got.count == want.count)
    let gotHeader = got[0]
    let wantHeader = want[0]
    var worst = 0.0
    for (g, w) in zip(got.dropFirst(), want.dropFirst()) {
      #expect(g[0] == w[0], "frame numbers")
      for (ci, column) in wantHeader.enumerated() where column != "frame" && column != "subject" {
        let gi = try #require(gotHeader.firstIndex(of: column), "replay output lacks column \(column)")
        let (a, b) = (Double(g[gi])!, Double(w[ci])!)
        if b.isNaN {
          #expect(a.isNaN)
        } else if column == "nis" {
          #expect(abs(a - b) <= 1e-9 * abs(b))
        } else {
          worst = max(worst, abs(a - b))
        }
      }
    }
    #expect(worst < 1e-9, "largest difference \(worst)")
  }

  @Test func badLogsExitTwoWithoutOutput() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let header = "frame,t_s,camera_yaw_rad,camera_pitch_rad,kind,center_u,center_v,width,height\n"
    let cases: [(String, String, String)] = [
      ("empty", "", "empty log"),
      ("header", "frame,t\n0,0\n", "expected the header"),
      ("nan", header + "0,0,nan,0,humanFace,0.5,0.5,0.1,0.1\n", "camera_yaw_rad"),
      ("kind", header + "0,0,0,0,cat,0.5,0.5,0.1,0.1\n", "kind"),
      (
        "order", header + "1,0.1,0,0,humanFace,0.5,0.5,0.1,0.1\n0,0,0,0,humanFace,0.5,0.5,0.1,0.1\n",
        "increasing"
      ),
      ("cells", header + "0,0,0,0,humanFace,0.5\n", "expected 9 cells"),
      ("zeroheight", header + "0,0,0,0,humanFace,0.5,0.5,0.1,0\n", "height"),
    ]
    for (name, text, needle) in cases {
      let log = tmp.appendingPathComponent("\(name).csv")
      try text.write(to: log, atomically: true, encoding: .utf8)
      let out = tmp.appendingPathComponent("\(name)-out.csv")
      let r = try CLI.run(["replay", log.path, "--output", out.path])
      #expect(r.status == 2, "\(name): exit \(r.status)")
      #expect(r.stderr.contains(log.path) && r.stderr.contains(needle), "\(name): \(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out.path), "\(name) wrote output")
    }
    let missing = try CLI.run(["replay", tmp.appendingPathComponent("nope.csv").path, "--output", "x.csv"])
    #expect(missing.status == 2 && missing.stderr.contains("no such file"))
  }
}
