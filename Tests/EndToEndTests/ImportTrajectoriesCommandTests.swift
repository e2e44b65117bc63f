import Foundation
import Testing

/// `docksim import-trajectories`: writes a scenario that validates and runs; bad input exits 2 naming
/// the file, line and what was expected, and writes nothing.
@Suite struct ImportTrajectoriesCommandTests {
  /// Two people walking side by side north past a stand at (0, 3) facing east, and a third behind.
  static let recording = (0..<30).map { k -> String in
    let y = Double(k) * 0.4
    let frame = k * 10
    return "\(frame)\t1.0\t4.0\t\(y)\n\(frame)\t2.0\t4.8\t\(y)\n\(frame)\t3.0\t7.0\t\(12 - y)\n"
  }.joined()

  static func arguments(_ file: String, _ extra: [String] = []) -> [String] {
    [
      "import-trajectories", file, "--format", "ethucy", "--fps", "25", "--window", "0:11", "--stand",
      "0,3,0",
    ]
      + extra
  }

  @Test func writesAScenarioThatValidatesAndRuns() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("rec.txt")
    try Self.recording.write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("walk.yaml")
    let result = try CLI.run(Self.arguments(file.path, ["--out", out.path, "--seed", "5"]))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("primary p1"), "\(result.stderr)")
    #expect(result.stderr.contains("p2 walks within 1.2 m of them 100% of the time"), "\(result.stderr)")
    let written = try String(contentsOf: out, encoding: .utf8)
    // Without --out the same bytes go to standard output.
    let printed = try CLI.run(Self.arguments(file.path, ["--seed", "5"]))
    #expect(printed.stdout == written)
    #expect(try CLI.run(["validate", out.path]).status == 0)
    let run = try CLI.run(["run", out.path, "--out", dir.appendingPathComponent("run").path])
    #expect(run.status == 0, "\(run.stderr)")
  }

  /// `--detector-profile` writes `detector: { profile: … }`, resolved beside the written scenario: the
  /// scenario loads with the profile's values, and a profile that is not there is refused before anything
  /// is written.
  @Test func namesADetectorProfile() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("rec.txt")
    try Self.recording.write(to: file, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("detectors"), withIntermediateDirectories: true)
    try "detector:\n  center_noise: 0.011\n".write(
      to: dir.appendingPathComponent("detectors/real.yaml"), atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("walk.yaml")
    let result = try CLI.run(
      Self.arguments(file.path, ["--detector-profile", "detectors/real.yaml", "--out", out.path]))
    #expect(result.status == 0, "\(result.stderr)")
    let written = try String(contentsOf: out, encoding: .utf8)
    #expect(written.contains("detector:\n  profile: 'detectors/real.yaml'\n"))
    #expect(try CLI.run(["validate", out.path]).status == 0)
    let missing = dir.appendingPathComponent("missing.yaml")
    let refused = try CLI.run(
      Self.arguments(file.path, ["--detector-profile", "detectors/none.yaml", "--out", missing.path]))
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("detectors/none.yaml"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: missing.path))
  }

  @Test func placesTheStandWithStandAuto() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("rec.txt")
    try Self.recording.write(to: file, atomically: true, encoding: .utf8)
    var arguments = Self.arguments(file.path)
    arguments[arguments.firstIndex(of: "--stand")! + 1] = "auto"
    let result = try CLI.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("(--stand auto)"), "\(result.stderr)")
    #expect(result.stdout.contains("# The stand in the recording's frame"))
  }

  struct Bad: CustomTestStringConvertible, Sendable {
    var label: String
    var recording: String
    var extra: [String] = []
    var says: [String]
    var testDescription: String { label }
  }

  static let bad: [Bad] = [
    Bad(
      label: "non-finite number", recording: "0 1 4 0\n10 1 inf 1\n",
      says: ["rec.txt:2", "x: expected a finite number"]),
    Bad(
      label: "time going backwards", recording: "10 1 4 0\n0 1 4 1\n",
      says: ["rec.txt:2", "frame:", "time goes backwards"]),
    Bad(
      label: "a person twice in one frame", recording: "0 1 4 0\n0 1 4 1\n",
      says: ["rec.txt:2", "id:", "person 1 twice"]),
    Bad(
      label: "unknown format", recording: recording, extra: ["--format", "biwi"],
      says: ["--format", "one of ethucy, csv"]),
    Bad(
      label: "window outside the recording", recording: recording, extra: ["--window", "5:60"],
      says: ["rec.txt: --window", "within the recording's"]),
    Bad(
      label: "stand inside the crowd's path", recording: recording, extra: ["--stand", "4.2,5,0"],
      says: ["rec.txt:", "is in the crowd's path"]),
    Bad(
      label: "unknown primary", recording: recording, extra: ["--primary", "7"], says: ["--primary", "got 7"]),
    Bad(
      label: "a bad stand", recording: recording, extra: ["--stand", "1,2"],
      says: ["--stand", "X,Y,HEADING_DEG"]),
  ]

  @Test(arguments: bad)
  func refusesBadInputAndWritesNothing(_ bad: Bad) throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("rec.txt")
    try bad.recording.write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("walk.yaml")
    // Later options win in ArgumentParser only for arrays; give the bad ones in place of the good.
    var arguments = Self.arguments(file.path, ["--out", out.path])
    for pair in stride(from: 0, to: bad.extra.count, by: 2) {
      if let i = arguments.firstIndex(of: bad.extra[pair]) {
        arguments[i + 1] = bad.extra[pair + 1]
      } else {
        arguments += [bad.extra[pair], bad.extra[pair + 1]]
      }
    }
    let result = try CLI.run(arguments)
    #expect(result.status == 2, "\(result.stderr)")
    for fragment in bad.says { #expect(result.stderr.contains(fragment), "\(result.stderr)") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["rec.txt"], "nothing written")
  }

  @Test func refusesATooLargeFileAndWritingOverTheInput() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("rec.txt")
    try Self.recording.write(to: file, atomically: true, encoding: .utf8)
    let over = try CLI.run(Self.arguments(file.path, ["--out", file.path]))
    #expect(over.status == 2 && over.stderr.contains("is the recording"), "\(over.stderr)")
    #expect(try String(contentsOf: file, encoding: .utf8) == Self.recording)
    let big = dir.appendingPathComponent("big.txt")
    try Data(count: 17 << 20).write(to: big)
    let large = try CLI.run(Self.arguments(big.path, ["--out", dir.appendingPathComponent("o.yaml").path]))
    #expect(large.status == 2 && large.stderr.contains("bytes"), "\(large.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["big.txt", "rec.txt"])
  }
}
