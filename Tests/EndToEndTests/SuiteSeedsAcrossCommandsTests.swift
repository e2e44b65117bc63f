import Foundation
import Testing

/// One suite expansion for every command: `run`, `tune` and `report` see the same (scenario, seed)
/// list for a suite with a seed offset; `tune`'s messages and progress.
struct SuiteSeedsAcrossCommandsTests {
  static let files = [
    "a.yaml": CommandLineTests.scenario("a", seed: 5),
    "held-out.suite.yaml": "suite: held-out\nscenarios: [ a.yaml ]\nrepetitions: 2\nseed_offset: 40\n",
  ]

  static func column(_ name: String, of csv: String, row: Int = 0) throws -> String {
    let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let i = try #require(lines[0].firstIndex { $0 == name }, "\(name)")
    return String(lines[row + 1][i])
  }

  @Test("tune's baseline trial on a suite scores the seeds run ran, offset and repetitions alike")
  func runAndTuneSeeTheSameSeeds() throws {
    let dir = try CommandLineTests.directory(Self.files)
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try CLI.run(["run", "held-out.suite.yaml", "--out", "r", "--quiet"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let seeds = try String(contentsOf: dir.appendingPathComponent("r/seeds.csv"), encoding: .utf8)
    let ran = try (0..<2).map { try Self.column("seed", of: seeds, row: $0) }
    #expect(!ran.contains("5"), "the offset replaced the scenario's own seed: \(ran)")
    let plain = try CLI.run(["run", "a.yaml", "--repetitions", "2", "--out", "p", "--quiet"], in: dir)
    #expect(plain.status == 0, "\(plain.stderr)")
    let plainSeeds = try String(contentsOf: dir.appendingPathComponent("p/seeds.csv"), encoding: .utf8)
    #expect(try Self.column("seed", of: plainSeeds) == "5")

    let tune = try CLI.run(
      [
        "tune", "--train", "held-out.suite.yaml", "--validation", "held-out.suite.yaml", "--param",
        "tracker.gate=10:30", "--minimize", "framing_error_rms", "--initial-trials", "2", "--budget", "5",
        "--out", "t", "--quiet",
      ], in: dir)
    #expect(tune.status == 0, "\(tune.stderr)")
    let trials = try String(contentsOf: dir.appendingPathComponent("t/trials.csv"), encoding: .utf8)
    #expect(try Self.column("phase", of: trials) == "baseline")
    let summary = try String(contentsOf: dir.appendingPathComponent("r/summary.csv"), encoding: .utf8)
    // Trial 0 runs the scenarios as they are: the mean over the same two seeds as the run's.
    for metric in ["framing_error_rms", "estimation_error_rms_rad", "command_accel_rms_rad_s2"] {
      let tuned = try #require(Double(try Self.column(metric, of: trials)), "\(metric)")
      let ranMean = try #require(Double(try Self.column(metric, of: summary)), "\(metric)")
      #expect(
        abs(tuned - ranMean) <= 1e-12 * max(1, abs(ranMean)), "\(metric): tune \(tuned), run \(ranMean)")
    }

    // report --scenarios expands the suite the same way (its scenarios match the run's by name).
    let report = try CLI.run(["report", "r", "--scenarios", "held-out.suite.yaml"], in: dir)
    #expect(report.status == 0, "\(report.stderr)")
  }

  @Test("tune's flag errors carry one prefix, naming the flags as the specification")
  func tunePrefixOnce() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLI.run(["tune", "--budget", "5", "--out", "t"], in: dir)
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("docksim: tune (command-line flags): "), "\(r.stderr)")
    #expect(!r.stderr.contains("docksim: docksim"), "\(r.stderr)")
    // A range the tracker's parameter table refuses, found after the flags were read: named the same
    // way, never ": ".
    try Data(CommandLineTests.scenario("a", seed: 1).utf8).write(to: dir.appendingPathComponent("a.yaml"))
    let refused = try CLI.run(
      [
        "tune", "--train", "a.yaml", "--validation", "a.yaml", "--param", "tracker.gate=-5:3", "--minimize",
        "framing_error_rms", "--out", "t",
      ], in: dir)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.hasPrefix(
        "docksim: tune (command-line flags): parameters: tracker.gate: expected a number > 0, got -5.0"),
      "\(refused.stderr)")
  }

  @Test("tune's progress counts training trials against the budget and, on --resume, counts on")
  func tuneProgress() throws {
    let dir = try CommandLineTests.directory(["a.yaml": CommandLineTests.scenario("a", seed: 5)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = [
      "tune", "--train", "a.yaml", "--validation", "a.yaml", "--param", "tracker.gate=10:30", "--minimize",
      "framing_error_rms", "--initial-trials", "2", "--budget", "5", "--out", "t", "--progress-interval",
      "0.001",
    ]
    let first = try CLI.run(arguments, in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("docksim tune: 1/5 training trials (the budget; "), "\(first.stderr)")
    #expect(first.stderr.contains("rows (validation and sensitivity after the 5 training trials)"))
    let rows =
      try String(contentsOf: dir.appendingPathComponent("t/trials.csv"), encoding: .utf8)
      .split(separator: "\n").count - 1
    // Every row is read back: the count goes on from there rather than restarting at 1.
    let resumed = try CLI.run(arguments + ["--resume"], in: dir)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let lines = resumed.stderr.split(separator: "\n")
    #expect(
      lines.first?.hasPrefix("docksim tune: resumed: \(rows) trials read back from trials.csv, ") == true,
      "\(resumed.stderr)")
    #expect(!resumed.stderr.contains("docksim tune: 1/5"), "\(resumed.stderr)")
    #expect(rows > 0)
  }
}
