import Foundation
import Testing

/// `docksim tune` end to end: flags, errors, progress lines, Ctrl-C and --resume.
@Suite(.serialized) struct TuneCommandTests {
  static func scenario(_ name: String, seed: Int) -> String {
    """
    name: \(name)
    seed: \(seed)
    duration_s: 3
    subjects:
      - id: p
        kind: humanFace
        width_m: 0.16
        height_m: 0.22
        path:
          - { t_s: 0, azimuth_deg: 0, distance_m: 1.5, height_m: 0 }
          - { t_s: 2.5, azimuth_deg: 25, distance_m: 1.5, height_m: 0 }

    """
  }

  func setUp() throws -> URL {
    let dir = try CLI.temporaryDirectory()
    try Data(Self.scenario("a", seed: 1).utf8).write(to: dir.appendingPathComponent("a.yaml"))
    try Data(Self.scenario("b", seed: 2).utf8).write(to: dir.appendingPathComponent("b.yaml"))
    return dir
  }

  func arguments(_ dir: URL, out: String, budget: Int = 8) -> [String] {
    [
      "tune", "--train", dir.appendingPathComponent("a.yaml").path, "--validation",
      dir.appendingPathComponent("b.yaml").path, "--param", "tracker.process_noise_angle=0.01:3:log",
      "--param",
      "controller.gain_per_s=1:10", "--param", "controller.feedforward=true|false", "--minimize",
      "framing_error_rms", "--maximize", "idf1=0.1", "--constraint", "primary_switches<=0", "--budget",
      "\(budget)",
      "--initial-trials", "4", "--out", dir.appendingPathComponent(out).path,
    ]
  }

  func contents(_ dir: URL) throws -> [String: Data] {
    var out: [String: Data] = [:]
    for f in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
      out[f] = try Data(contentsOf: dir.appendingPathComponent(f))
    }
    return out
  }

  @Test func tunesFromFlagsAloneAndPrintsProgressLinesInLogs() throws {
    let dir = try setUp()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLI.run(arguments(dir, out: "out"))
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("docksim tune command-line: seed 1"))
    #expect(r.stdout.contains("training trials: 8 of a budget of 8"))
    // One validation run cannot show a gain beyond the noise (issue 29): said under the chosen set.
    #expect(
      r.stdout.contains(
        "not clearly better than the baseline on validation: -0.0018188 in the objective over 1 paired run, fewer than the 10 needed"
      ), "\(r.stdout)")
    // Not a terminal: plain lines, no carriage returns or escape codes.
    #expect(r.stderr.contains("docksim tune: 1/"))
    #expect(!r.stderr.contains("\r"))
    let files = try contents(dir.appendingPathComponent("out"))
    #expect(
      files.keys.sorted() == ["best.yaml", "sensitivity.csv", "summary.txt", "trials.csv", "trials.spec"])
    let best = String(decoding: files["best.yaml"]!, as: UTF8.self)
    #expect(best.contains("# use with: docksim run --params best.yaml"))
    #expect(best.contains("# not clearly better than the baseline on validation: "))
    // best.yaml is a valid overlay for run.
    let run = try CLI.run([
      "run", "--params", dir.appendingPathComponent("out/best.yaml").path, "--out",
      dir.appendingPathComponent("run").path, "--quiet", dir.appendingPathComponent("a.yaml").path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test(arguments: [
    (["--param", "tracker.gate"], "--param tracker.gate: expected PATH=MIN:MAX or PATH=A|B|C"),
    (["--param", "tracker.gate=9:3"], "expected MIN < MAX"),
    (["--param", "tracker.gate=0:3:log"], "a log scale needs MIN > 0"),
    (["--param", "tracker.gate=1:3:cubic"], "unknown option 'cubic'"),
    (["--param", "subjects[0].width_m=1:2"], "list elements cannot be tuned"),
    (["--param", "tracker.gaet=1:30"], "unknown field 'gaet' (did you mean 'gate'?)"),
    (["--minimize", "framing"], "--minimize framing: unknown metric 'framing'"),
    (["--minimize", "idf1=-2"], "expected a weight > 0"),
    (["--constraint", "idf1=0.5"], "expected METRIC<=X or METRIC>=X"),
    (
      ["--budget", "3"],
      "search.budget: expected a budget of at least 5 (the baseline and 4 initial trials), got 3; raise the budget (--budget) or lower search.initial_trials (--initial-trials)"
    ),
    (["--initial", "sobol"], "--initial: expected latin-hypercube or random"),
    (["--jobs", "0"], "--jobs: expected an integer ≥ 1"),
  ])
  func badFlagsExitTwoNamingTheFlag(_ extra: [String], _ message: String) throws {
    let dir = try setUp()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLI.run(arguments(dir, out: "out") + extra)
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains(message), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/trials.csv").path))
  }

  @Test func aMissingSpecificationExitsTwo() throws {
    let r = try CLI.run(["tune", "/nonexistent/x.tune.yaml"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("/nonexistent/x.tune.yaml"))
  }

  @Test func ctrlCKeepsWholeRowsAndResumeFinishesTheSameTuning() throws {
    let dir = try setUp()
    defer { try? FileManager.default.removeItem(at: dir) }
    let whole = try CLI.run(arguments(dir, out: "whole", budget: 30) + ["--jobs", "1"])
    #expect(whole.status == 0, "\(whole.stderr)")

    let process = Process()
    process.executableURL = try CLI.binary
    process.arguments = arguments(dir, out: "cut", budget: 30) + ["--jobs", "1"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let trials = dir.appendingPathComponent("cut/trials.csv").path
    // Interrupt once a few trials are written.
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let rows = (try? String(contentsOfFile: trials, encoding: .utf8))?.split(separator: "\n").count ?? 0
      if rows >= 4 || !process.isRunning { break }
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(process.isRunning, "the tuning finished before it could be interrupted")
    process.interrupt()
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    let partial = try contents(dir.appendingPathComponent("cut"))
    #expect(partial.keys.sorted() == ["trials.csv", "trials.spec"])
    #expect(partial["trials.csv"]!.last == UInt8(ascii: "\n"))

    let resumed = try CLI.run(arguments(dir, out: "cut", budget: 30) + ["--resume"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(try contents(dir.appendingPathComponent("cut")) == contents(dir.appendingPathComponent("whole")))
  }

  /// A whole tuning of budget 5 in `dir`/out.
  func finishedTuning(_ dir: URL) throws -> URL {
    let r = try CLI.run(arguments(dir, out: "out", budget: 5) + ["--quiet"])
    #expect(r.status == 0, "\(r.stderr)")
    return dir.appendingPathComponent("out")
  }

  /// trials.csv is written with trials.spec, the specification's parts in canonical text: a resume of
  /// the same specification continues, one of another training set, objective or search space is
  /// refused with exit 2 naming the part and both texts, and nothing is changed.
  @Test func resumeRefusesAnotherSpecificationNamingWhatDiffers() throws {
    let dir = try setUp()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = try finishedTuning(dir)
    let spec = try String(contentsOf: out.appendingPathComponent("trials.spec"), encoding: .utf8)
    #expect(spec.contains("objective: "), "\(spec)")
    let before = try contents(out)
    let same = try CLI.run(arguments(dir, out: "out", budget: 5) + ["--quiet", "--resume"])
    #expect(same.status == 0, "\(same.stderr)")
    #expect(try contents(out) == before, "a resume of a finished tuning writes the same files")
    let b = dir.appendingPathComponent("b.yaml").path
    for (extra, says) in [
      (["--minimize", "framing_error_p95"], "objective: was "),
      (["--train", b], "train: was "),
      (["--param", "controller.gain_per_s=1:20"], "parameters: was "),
      (["--seed", "2"], "search: was "),
    ] {
      let r = try CLI.run(arguments(dir, out: "out", budget: 5) + extra + ["--quiet", "--resume"])
      #expect(r.status == 2, "\(extra): \(r.stderr)")
      #expect(r.stderr.contains(says) && r.stderr.contains(", now "), "\(extra): \(r.stderr)")
      #expect(r.stderr.contains("trials.spec"), "\(extra): \(r.stderr)")
      #expect(try contents(out) == before, "\(extra): nothing changed")
    }
  }

  /// A directory of an earlier DockSim (trials.csv without trials.spec) is resumed as before, under
  /// the specification given, which is then recorded in trials.spec.
  @Test func resumeWithoutASpecificationFileRecordsTheGivenOne() throws {
    let dir = try setUp()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = try finishedTuning(dir)
    let specFile = out.appendingPathComponent("trials.spec")
    let spec = try Data(contentsOf: specFile)
    try FileManager.default.removeItem(at: specFile)
    let r = try CLI.run(arguments(dir, out: "out", budget: 5) + ["--quiet", "--resume"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try Data(contentsOf: specFile) == spec)
  }
}
