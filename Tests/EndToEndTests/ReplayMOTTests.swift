import Foundation
import Testing

/// `docksim replay` on MOTChallenge detections and with `--output-format mot` (docs/csv.md,
/// "MOTChallenge in and out").
struct ReplayMOTTests {
  /// Two people walking apart across a 640×480 image for `frames` frames, one box each a frame, scores
  /// `left` and `right` (confident by default: at least `high_score`); the right-hand person is not
  /// detected in frames listed in `gaps`.
  static func detections(
    frames: Int = 40, gaps: Set<Int> = [], left: Double = 0.97, right: Double = 0.95
  ) -> String {
    var text = ""
    for f in 1...frames {
      let x = Double(f)
      text += "\(f),-1,\(100 + 2 * x),200,60,150,\(left),-1,-1,-1\n"
      if !gaps.contains(f) { text += "\(f),-1,\(400 + 2 * x),180,66,165,\(right),-1,-1,-1\n" }
    }
    return text
  }

  struct Row {
    var frame: Int
    var id: Int
    var box: (x: Double, y: Double, w: Double, h: Double)
    var conf: Double
  }

  static func rows(_ url: URL) throws -> [Row] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
      let c = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      #expect(c.count == 10 && c[7] == "-1" && c[8] == "-1" && c[9] == "-1", "\(line)")
      return Row(
        frame: Int(c[0])!, id: Int(c[1])!, box: (Double(c[2])!, Double(c[3])!, Double(c[4])!, Double(c[5])!),
        conf: Double(c[6])!)
    }
  }

  static func replay(_ text: String, _ extra: [String], in tmp: URL, name: String = "det.txt") throws -> (
    status: Int32, stderr: String, out: URL
  ) {
    let det = tmp.appendingPathComponent(name)
    try text.write(to: det, atomically: true, encoding: .utf8)
    let out = tmp.appendingPathComponent("\(name).tracks.txt")
    let r = try CLI.run(["replay", det.path, "--output", out.path] + extra)
    return (r.status, r.stderr, out)
  }

  static let mot = ["--image-size", "640x480", "--fps", "25", "--output-format", "mot"]

  @Test func detectionsInTracksOutInPixels() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let r = try Self.replay(Self.detections(), Self.mot, in: tmp)
    #expect(r.status == 0, "\(r.stderr)")
    let rows = try Self.rows(r.out)
    // Two people, two identities, each reported from its confirmation on (3 hits) in every frame.
    #expect(Set(rows.map(\.id)).count == 2)
    #expect(rows.count == 2 * (40 - 2))
    for row in rows {
      // The estimate sits on the person's detection of that frame (MOTChallenge's 1-based pixels).
      let x = Double(row.frame)
      let left = row.conf == 0.97 ? 100 + 2 * x : 400 + 2 * x
      #expect(abs(row.box.x - left) < 6, "frame \(row.frame): left \(row.box.x), detection \(left)")
      #expect(abs(row.box.h - (row.conf == 0.97 ? 150 : 165)) < 6)
      #expect(row.conf == 0.97 || row.conf == 0.95, "conf is the updating detection's score")
    }
  }

  /// `reconfirmed`: after a lapse a track is reported again from its third update in a row
  /// (`confirm_hits`), as SORT's hit streak; `updated`, the default and the control, reports it from the
  /// first.
  @Test func aTrackThatLapsedIsReportedAgainOnceReconfirmed() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let text = Self.detections(gaps: [20])
    let reconfirmed = ["--report-tracks", "reconfirmed"]
    let heldBack = try Self.rows(Self.replay(text, Self.mot + reconfirmed, in: tmp, name: "a.txt").out)
    let updated = try Self.rows(Self.replay(text, Self.mot, in: tmp, name: "b.txt").out)
    #expect(
      updated.map(\.frame)
        == (try Self.rows(
          Self.replay(text, Self.mot + ["--report-tracks", "updated"], in: tmp, name: "d.txt").out)).map(
          \.frame),
      "updated is the default")
    func rightFrames(_ rows: [Row]) -> [Int] { rows.filter { $0.conf == 0.95 }.map(\.frame) }
    #expect(Set(heldBack.filter { $0.conf == 0.95 }.map(\.id)).count == 1, "one identity throughout")
    #expect(rightFrames(updated) == Array(3...19) + Array(21...40))
    #expect(rightFrames(heldBack) == Array(3...19) + Array(23...40), "frames 21 and 22 held back")
    // The person never missed is reported alike; with confirm-hits 2 the lapse holds back one frame.
    #expect(heldBack.filter { $0.conf == 0.97 }.count == updated.filter { $0.conf == 0.97 }.count)
    let two = try Self.rows(
      Self.replay(text, Self.mot + reconfirmed + ["--confirm-hits", "2"], in: tmp, name: "c.txt").out)
    #expect(rightFrames(two) == Array(2...19) + Array(22...40))
  }

  @Test func coastingTracksAreReportedOnlyWhenAsked() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let gaps: Set<Int> = [20, 21, 22]
    let text = Self.detections(gaps: gaps)
    let updated = try Self.rows(
      Self.replay(text, Self.mot + ["--report-tracks", "updated"], in: tmp, name: "a.txt").out)
    let confirmed = try Self.rows(
      Self.replay(text, Self.mot + ["--report-tracks", "confirmed"], in: tmp, name: "b.txt").out)
    let all = try Self.rows(
      Self.replay(text, Self.mot + ["--report-tracks", "all"], in: tmp, name: "c.txt").out)
    for f in gaps {
      #expect(updated.filter { $0.frame == f }.count == 1, "frame \(f): only the detected person")
      #expect(confirmed.filter { $0.frame == f }.count == 2, "frame \(f): the coasting track too")
    }
    // The same identity carries on after the gap.
    let right = Set(updated.filter { $0.conf == 0.95 }.map(\.id))
    #expect(right.count == 1)
    // Tentative tracks too: the first two frames of each person.
    #expect(all.count == confirmed.count + 4)
  }

  /// A detector whose people score below `high_score` (0.9): its boxes are all weak, continue tracks
  /// but never confirm one, and replay says so and how to set the scale; the control, `--high-score`
  /// at the detector's scale, tracks both people without a warning.
  @Test func aDetectorScoringBelowTheHighScoreIsWarnedOf() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let text = Self.detections(left: 0.7, right: 0.6)
    let r = try Self.replay(text, Self.mot, in: tmp, name: "a.txt")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("warning") && r.stderr.contains("--high-score"), "\(r.stderr)")
    #expect(r.stderr.contains("0 % of the 80 boxes"), "\(r.stderr)")
    #expect(try Self.rows(r.out).isEmpty, "weak boxes confirm no track")
    let control = try Self.replay(text, Self.mot + ["--high-score", "0.5"], in: tmp, name: "b.txt")
    #expect(control.status == 0 && !control.stderr.contains("warning"), "\(control.stderr)")
    #expect(Set(try Self.rows(control.out).map(\.id)).count == 2)
    // A confident detector: no warning.
    let confident = try Self.replay(Self.detections(), Self.mot, in: tmp, name: "c.txt")
    #expect(!confident.stderr.contains("warning"), "\(confident.stderr)")
  }

  @Test func aLogsScoreColumnIsTheWrittenConfidence() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    var log = "frame,t_s,camera_yaw_rad,camera_pitch_rad,kind,center_u,center_v,width,height,score\n"
    for f in 0..<10 { log += "\(f),\(Double(f) / 30),0,0,humanBody,0.5,0.5,0.1,0.3,0.925\n" }
    let r = try Self.replay(
      log, ["--image-size", "640x480", "--output-format", "mot"], in: tmp, name: "log.csv")
    #expect(r.status == 0, "\(r.stderr)")
    let rows = try Self.rows(r.out)
    #expect(rows.count == 8 && rows.allSatisfy { $0.conf == 0.925 && $0.frame >= 2 })
    // Normalized (0.5, 0.5, 0.1 × 0.3) is 64 × 144 pixels centred at (320, 240): left 288 + 1.
    #expect(abs(rows[0].box.x - 289) < 1e-6 && abs(rows[0].box.h - 144) < 1e-6, "\(rows[0].box)")
  }

  @Test func badInputExitsTwoNamingWhatIsWrong() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let good = Self.detections(frames: 5)
    let header = "frame,t_s,camera_yaw_rad,camera_pitch_rad,kind,center_u,center_v,width,height,score\n"
    let cases: [(name: String, text: String, args: [String], needle: String)] = [
      ("nosize", good, ["--fps", "25"], "--image-size"),
      ("nofps", good, ["--image-size", "640x480"], "--fps"),
      ("zerofps", good, ["--image-size", "640x480", "--fps", "0"], "--fps"),
      ("nanfps", good, ["--image-size", "640x480", "--fps", "nan"], "--fps"),
      ("badsize", good, ["--image-size", "640x0", "--fps", "25"], "--image-size"),
      ("motneedssize", good, ["--fps", "25", "--output-format", "mot"], "--image-size"),
      ("negwidth", "1,-1,10,10,-5,20,0.9\n", Self.mot, ":1: bb_width"),
      ("zeroheight", "1,-1,10,10,5,0,0.9\n", Self.mot, ":1: bb_height"),
      ("infinite", "1,-1,10,10,5,inf,0.9\n", Self.mot, ":1: bb_height"),
      ("frame0", "0,-1,10,10,5,5,0.9\n", Self.mot, ":1: frame"),
      ("cells", "1,-1,10,10,5\n", Self.mot, ":1: expected 7 to 10 cells"),
      ("logfps", header + "0,0,0,0,humanBody,0.5,0.5,0.1,0.3,0.5\n", ["--fps", "25"], "--fps"),
      ("score", header + "0,0,0,0,humanBody,0.5,0.5,0.1,0.3,1.5\n", [], ":2: score"),
      (
        "reportcsv", good, ["--image-size", "640x480", "--fps", "25", "--report-tracks", "all"],
        "--report-tracks"
      ),
      ("truthmot", good, Self.mot + ["--score-truth", "x.csv"], "--score-truth"),
    ]
    for c in cases {
      let r = try Self.replay(c.text, c.args, in: tmp, name: "\(c.name).txt")
      #expect(r.status == 2, "\(c.name): exit \(r.status) \(r.stderr)")
      #expect(r.stderr.contains(c.needle), "\(c.name): \(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: r.out.path), "\(c.name) wrote output")
    }
  }
}
