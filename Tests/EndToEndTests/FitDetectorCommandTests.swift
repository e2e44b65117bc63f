import Foundation
import Testing

/// `docksim fit-detector`: the overlay and the report written, the overlay usable as --params, and bad
/// input refused with exit 2 and nothing written.
struct FitDetectorCommandTests {
  /// Three people over 60 frames and a detector that sees them with a little noise, misses one now
  /// and then and adds a false box: enough for every estimator to have data.
  static func writeInputs(in dir: URL) throws -> (truth: String, detections: String) {
    var truth: [String] = []
    var detections: [String] = []
    for f in 1...60 {
      for i in 0..<3 {
        let x = 50 + 150 * i + f
        let y = 100 + 20 * i
        let h = 150 + 40 * i
        truth.append("\(f),\(i + 1),\(x),\(y),\(h / 3),\(h),1,-1,-1,-1")
        if (f + i) % 9 != 0 {
          let jitter = (f * 7 + i * 3) % 5 - 2
          detections.append(
            "\(f),-1,\(x + jitter),\(y - jitter),\(h / 3 + jitter),\(h + jitter),0.9,-1,-1,-1")
        }
      }
      if f % 6 == 0 { detections.append("\(f),-1,\(20 + f),300,30,80,0.55,-1,-1,-1") }
    }
    let t = dir.appendingPathComponent("gt.txt")
    let d = dir.appendingPathComponent("det.txt")
    try (truth.joined(separator: "\n") + "\n").write(to: t, atomically: true, encoding: .utf8)
    try (detections.joined(separator: "\n") + "\n").write(to: d, atomically: true, encoding: .utf8)
    return (t.path, d.path)
  }

  @Test func writesTheOverlayAndReportAndTheOverlayLoadsAsParams() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let (truth, detections) = try Self.writeInputs(in: tmp)
    let out = tmp.appendingPathComponent("detector.yaml").path
    let report = tmp.appendingPathComponent("fit.txt").path
    let r = try CLI.run([
      "fit-detector", "--truth", truth, "--detections", detections, "--image-size", "640x480", "--fps", "25",
      "--bootstrap", "20", "--out", out, "--report", report,
    ])
    #expect(r.status == 0, "stderr: \(r.stderr)")
    #expect(r.stdout.isEmpty && r.stderr.isEmpty)
    let yaml = try String(contentsOfFile: out, encoding: .utf8)
    #expect(yaml.contains("\ndetector:\n  min_visible_fraction: 0.3\n"))
    #expect(yaml.contains("  center_noise_slope: ") && yaml.contains("  burst_length: "))
    let text = try String(contentsOfFile: report, encoding: .utf8)
    #expect(
      text.contains("detection_probability") && text.contains("miss data") && text.contains("at 25 fps"))
    let scenario = CLI.repository.appendingPathComponent("Scenarios/walk-across.yaml").path
    let v = try CLI.run(["validate", scenario, "--params", out])
    #expect(v.status == 0, "stderr: \(v.stderr)")
    // Without --out and --report: the overlay on stdout, the report on stderr, the same bytes.
    let s = try CLI.run([
      "fit-detector", "--truth", truth, "--detections", detections, "--image-size", "640x480", "--fps", "25",
      "--bootstrap", "20",
    ])
    #expect(s.status == 0)
    #expect(s.stdout == yaml)
    #expect(s.stderr == text + "\n")
  }

  static let badArguments: [(arguments: [String], says: String)] = [
    (["--image-size", "640x"], "--image-size: expected WxH"),
    (["--image-size", "640x480", "--image-size", "320x240", "--image-size", "1x1"], "one WxH for all pairs"),
    (["--image-size", "640x480", "--fps", "0"], "--fps: expected a number in (0"),
    (["--image-size", "640x480", "--min-visible-fraction", "1.5"], "--min-visible-fraction"),
    (["--image-size", "640x480", "--bootstrap", "-1"], "--bootstrap"),
    (["--image-size", "640x480", "--out", ""], "--out: expected a path"),
    (["--image-size", "640x480", "--out", "TRUTH"], "is the --truth"),
    (["--image-size", "640x480", "--report", "DETECTIONS"], "is the --detections"),
    (["--image-size", "640x480", "--out", "SAME", "--report", "SAME"], "two files"),
    (["--image-size", "640x480", "--truth", "TRUTH"], "pairs"),
    (["--image-size", "640x480", "--check", "MISSING"], "missing.yaml"),
    (["--image-size", "640x480", "--check", "TRUTH"], "expected a mapping"),
    (["--image-size", "640x480", "--check", "PROFILE", "--out", "SAME"], "nothing is fitted with --check"),
    (["--image-size", "640x480", "--check", "PROFILE", "--report", "PROFILE"], "is the --check"),
  ]

  @Test(arguments: badArguments.indices)
  func badArgumentsExit2AndWriteNothing(_ k: Int) throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let (truth, detections) = try Self.writeInputs(in: tmp)
    let before = try String(contentsOfFile: truth, encoding: .utf8)
    let same = tmp.appendingPathComponent("same.yaml").path
    let profile = tmp.appendingPathComponent("profile.yaml").path
    try "detector:\n  center_noise: 0.01\n".write(toFile: profile, atomically: true, encoding: .utf8)
    let missing = tmp.appendingPathComponent("missing.yaml").path
    let arguments = Self.badArguments[k].arguments.map {
      $0 == "TRUTH"
        ? truth
        : $0 == "DETECTIONS"
          ? detections : $0 == "SAME" ? same : $0 == "PROFILE" ? profile : $0 == "MISSING" ? missing : $0
    }
    let r = try CLI.run(["fit-detector", "--truth", truth, "--detections", detections] + arguments)
    #expect(r.status == 2, "stderr: \(r.stderr)")
    #expect(r.stderr.contains(Self.badArguments[k].says), "stderr: \(r.stderr)")
    #expect(r.stdout.isEmpty)
    #expect(try String(contentsOfFile: truth, encoding: .utf8) == before)
    #expect(!FileManager.default.fileExists(atPath: same))
  }

  /// `--check PROFILE` fits nothing: the report sets the data beside the profile's detector on the same
  /// truth, on standard output (or `--report`); a profile far from the data shows in the table.
  @Test func checkComparesTheDataWithAProfile() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let (truth, detections) = try Self.writeInputs(in: tmp)
    let profile = tmp.appendingPathComponent("noisy.yaml").path
    try "detector:\n  center_noise: 0.05\n  near_fp_rate: 0.5\n".write(
      toFile: profile, atomically: true, encoding: .utf8)
    let r = try CLI.run([
      "fit-detector", "--truth", truth, "--detections", detections, "--image-size", "640x480", "--check",
      profile,
    ])
    #expect(r.status == 0, "stderr: \(r.stderr)")
    #expect(r.stderr.isEmpty)
    #expect(r.stdout.hasPrefix("fit-detector --check: 1 sequence(s), 60 frames"))
    #expect(r.stdout.contains("the profile's NoisyDetector on the same truth"))
    #expect(!r.stdout.contains("parameter        "), "no fitted parameters")
    // The near false positives per frame: the data's few against the profile's many.
    let near = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("near false positives") })
    let cells = near.split(separator: " ").compactMap { Double($0) }
    try #require(cells.count == 2)
    #expect(cells[1] > 3 * cells[0], "\(near)")
    let report = tmp.appendingPathComponent("check.txt").path
    let w = try CLI.run([
      "fit-detector", "--truth", truth, "--detections", detections, "--image-size", "640x480", "--check",
      profile,
      "--report", report,
    ])
    #expect(w.status == 0 && w.stdout.isEmpty)
    #expect(try String(contentsOfFile: report, encoding: .utf8) == r.stdout)
  }

  @Test func aBadLineIsNamedWithFileLineAndField() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let (truth, _) = try Self.writeInputs(in: tmp)
    let bad = tmp.appendingPathComponent("bad.txt")
    try "1,-1,10,10,30,80,0.9\n1,-1,10,x,30,80,0.9\n".write(to: bad, atomically: true, encoding: .utf8)
    let out = tmp.appendingPathComponent("detector.yaml").path
    let r = try CLI.run([
      "fit-detector", "--truth", truth, "--detections", bad.path, "--image-size", "640x480", "--out", out,
    ])
    #expect(r.status == 2)
    #expect(
      r.stderr.contains("bad.txt:2") && r.stderr.contains("bb_top: expected a finite number"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
