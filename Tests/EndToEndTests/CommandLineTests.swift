import DockSimCore
import Foundation
import Testing

/// The command line a newcomer meets: --version, completion scripts, help text, files given to the
/// wrong command, the gate from another directory, `run --report --baseline` and progress.
struct CommandLineTests {
  static let subcommands = [
    "run", "merge", "validate", "replay", "gate", "baseline", "tune", "report", "score", "export-mot",
    "fit-detector", "schema",
  ]

  /// A one-second scenario (30 frames): fast in a debug build.
  static func scenario(_ name: String, seed: Int) -> String {
    """
    name: \(name)
    seed: \(seed)
    duration_s: 1
    subjects:
      - id: p
        kind: humanFace
        width_m: 0.16
        height_m: 0.22
        path:
          - { t_s: 0, azimuth_deg: 0, distance_m: 1.5, height_m: 0 }
          - { t_s: 1, azimuth_deg: 10, distance_m: 1.5, height_m: 0 }

    """
  }

  /// A temporary directory holding `files`.
  static func directory(_ files: [String: String]) throws -> URL {
    let dir = try CLI.temporaryDirectory()
    for (name, text) in files {
      let url = dir.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return dir
  }

  @Test("--version prints the one version constant")
  func version() throws {
    let r = try CLI.run(["--version"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == DockSimVersion.current + "\n")
    #expect(DockSimVersion.current == "0.2.0", "the release of issue 18; the CHANGELOG names it too")
  }

  @Test("the completion scripts name every subcommand and complete run's inputs as YAML files")
  func completionScripts() throws {
    let bash = try CLI.run(["--generate-completion-script", "bash"])
    #expect(bash.status == 0, "\(bash.stderr)")
    for name in Self.subcommands { #expect(bash.stdout.contains("_docksim_\(name)()"), "\(name)") }
    let run = try #require(bash.stdout.components(separatedBy: "_docksim_run()").last)
    let body = try #require(run.components(separatedBy: "\n}\n").first)
    #expect(body.contains("!*.@(yaml|yml)"), "run's paths and --params complete YAML files")
    #expect(body.contains("'--out')\n        __docksim_add_completions -d"), "--out completes directories")
    for shell in ["zsh", "fish"] {
      let r = try CLI.run(["--generate-completion-script", shell])
      #expect(r.status == 0, "\(shell): \(r.stderr)")
      for name in Self.subcommands { #expect(r.stdout.contains(name), "\(shell): \(name)") }
    }
  }

  /// The discussion of `arguments`' help, between the OVERVIEW paragraph and USAGE, printed for a
  /// terminal 1000 columns wide: ArgumentParser then puts each paragraph on one line.
  static func discussion(_ arguments: [String]) throws -> [String] {
    let r = try CLI.run(arguments + ["--help"], environment: ["COLUMNS": "1000"])
    #expect(r.status == 0, "\(arguments): \(r.stderr)")
    let lines = r.stdout.components(separatedBy: "\n")
    let usage = try #require(lines.firstIndex { $0.hasPrefix("USAGE:") }, "\(arguments)")
    let start = try #require(lines.firstIndex(of: ""), "\(arguments)") + 1
    return start < usage ? Array(lines[start..<usage]) : []
  }

  @Test(
    "help paragraphs are wrapped by ArgumentParser to the terminal, never by hand",
    arguments: [[]] + subcommands.filter { $0 != "baseline" }.map { [$0] } + [["baseline", "update"]])
  func helpIsNotHardWrapped(_ command: [String]) throws {
    let lines = try Self.discussion(command)
    #expect(!lines.filter { !$0.isEmpty }.isEmpty, "\(command) explains itself")
    for (i, line) in lines.enumerated().dropLast() where !line.isEmpty {
      #expect(lines[i + 1].isEmpty, "\(command): a hard line break after: \(line)")
    }
  }

  @Test("validate takes a directory of suites and says what each suite holds")
  func validateDirectoryOfSuites() throws {
    let r = try CLI.run(["validate", "Scenarios/suites"])
    #expect(r.status == 0, "\(r.stderr)")
    let suites = r.stdout.split(separator: "\n").filter { $0.contains("(suite ") }
    #expect(suites.count >= 4)
    #expect(suites.contains("ok  Scenarios/suites/ci.suite.yaml  (suite ci: 23 scenarios)"))
  }

  @Test(
    "a DockSim file of another kind given to run or validate names what it is, and run writes nothing",
    arguments: [
      ("Scenarios/tuning", "Scenarios/tuning/default.tune.yaml: is a tuning specification", "`docksim tune`"),
      (
        "Scenarios/tuning/default.tune.yaml", "is a tuning specification (`tune:`)", "`docksim tune` takes it"
      ),
      ("Scenarios/baseline/tolerances.yaml", "is a gate tolerance file", "`docksim gate --tolerances`"),
      ("Scenarios/baseline/summary.csv", "is a CSV table", "`docksim gate`"),
      ("Tests/Fixtures/replay/K1_log.csv", "is an observation log", "`docksim replay` takes it"),
    ])
  func wrongKinds(path: String, what: String, command: String) throws {
    let out = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let results = out.appendingPathComponent("results")
    let run = try CLI.run(["run", path, "--out", results.path])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("docksim: \(path)"), "the file is named first: \(run.stderr)")
    #expect(run.stderr.contains(what) && run.stderr.contains(command), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: results.path))
    let validate = try CLI.run(["validate", path])
    #expect(validate.status == 2)
    #expect(validate.stderr.contains(what) && validate.stderr.contains(command), "\(validate.stderr)")
  }

  @Test("a parameter overlay given as a scenario is named, with --params")
  func parameterOverlay() throws {
    let dir = try Self.directory(["best.yaml": "tracker:\n  gate: 12\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLI.run(["validate", "best.yaml"], in: dir)
    #expect(r.status == 2)
    #expect(r.stderr.contains("best.yaml: is a parameter overlay"), "\(r.stderr)")
    #expect(r.stderr.contains("`docksim run --params`"), "\(r.stderr)")
  }

  @Test("gate run from another directory finds the tolerances beside the baseline")
  func gateFromAnotherDirectory() throws {
    let elsewhere = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let baseline = CLI.repository.appendingPathComponent("Scenarios/baseline/summary.csv").path
    let r = try CLI.run(["gate", "--baseline", baseline, "--summary", baseline], in: elsewhere)
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
  }

  /// Before issue 29 a baseline with no tolerances beside it, run outside the checkout, exited 2
  /// looking only for the relative Scenarios/baseline/tolerances.yaml.
  @Test("with none beside the baseline, the package docksim was built from is used, from any directory")
  func gateFindsTheBuiltFromPackage() throws {
    let elsewhere = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let baseline = CLI.repository.appendingPathComponent("Scenarios/baseline/summary.csv").path
    try FileManager.default.copyItem(atPath: baseline, toPath: elsewhere.appendingPathComponent("b.csv").path)
    let found = try CLI.run(["gate", "--baseline", "b.csv", "--summary", "b.csv"], in: elsewhere)
    #expect(found.status == 0, "\(found.stdout)\(found.stderr)")
    let packaged = CLI.repository.appendingPathComponent("Scenarios/baseline/tolerances.yaml").path
    #expect(found.stdout.contains("(tolerances: \(packaged)"), "\(found.stdout)")
  }

  @Test("DOCKSIM_TOLERANCES names the default; set to a missing file, the message names every place tried")
  func gateToleranceVariable() throws {
    let elsewhere = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let baseline = CLI.repository.appendingPathComponent("Scenarios/baseline/summary.csv").path
    try FileManager.default.copyItem(atPath: baseline, toPath: elsewhere.appendingPathComponent("b.csv").path)
    let packaged = CLI.repository.appendingPathComponent("Scenarios/baseline/tolerances.yaml").path
    try FileManager.default.copyItem(
      atPath: packaged, toPath: elsewhere.appendingPathComponent("t.yaml").path)
    let named = try CLI.run(
      ["gate", "--baseline", "b.csv", "--summary", "b.csv"], in: elsewhere,
      environment: ["DOCKSIM_TOLERANCES": "t.yaml"])
    #expect(named.status == 0, "\(named.stdout)\(named.stderr)")
    #expect(named.stdout.contains("(tolerances: t.yaml"), "\(named.stdout)")
    let lost = try CLI.run(
      ["gate", "--baseline", "b.csv", "--summary", "b.csv"], in: elsewhere,
      environment: ["DOCKSIM_TOLERANCES": "missing.yaml"])
    #expect(lost.status == 2)
    #expect(
      lost.stderr.contains(
        "gate: --tolerances: no tolerance file found; looked for tolerances.yaml (beside the baseline), "
          + "missing.yaml (named by DOCKSIM_TOLERANCES); expected --tolerances FILE, or DOCKSIM_TOLERANCES=FILE"
      ), "\(lost.stderr)")
  }

  @Test("run --report --baseline writes the report with the comparison and says so; gate links --report-url")
  func runReportWithBaseline() throws {
    let dir = try Self.directory(["a.yaml": Self.scenario("a", seed: 3)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = try CLI.run(["run", "a.yaml", "--out", "base", "--quiet"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    let tolerances = CLI.repository.appendingPathComponent("Scenarios/baseline/tolerances.yaml").path
    let r = try CLI.run(
      [
        "run", "a.yaml", "--out", "now", "--report", "--baseline", "base/summary.csv", "--tolerances",
        tolerances,
      ],
      in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("wrote now/report.html (compared with base/summary.csv)"), "\(r.stdout)")
    let page = try String(contentsOf: dir.appendingPathComponent("now/report.html"), encoding: .utf8)
    #expect(page.contains("Baseline base/summary.csv"), "the gate's comparison is on the page")
    let refused = try CLI.run(["run", "a.yaml", "--out", "x", "--baseline", "base/summary.csv"], in: dir)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("go with --report"), "\(refused.stderr)")
    // A bad baseline is found before anything runs, not after the run.
    try Data("scenario,seed\na,oops\n".utf8).write(to: dir.appendingPathComponent("bad.csv"))
    let bad = try CLI.run(
      ["run", "a.yaml", "--out", "y", "--report", "--baseline", "bad.csv", "--tolerances", tolerances],
      in: dir)
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("docksim: run --report --baseline: bad.csv"), "\(bad.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("y").path))
    let gate = try CLI.run(
      [
        "gate", "--baseline", "base/summary.csv", "--summary", "now/summary.csv", "--tolerances", tolerances,
        "--markdown", "gate.md", "--report-url", "https://ci.example/artifacts/report.html",
      ], in: dir)
    #expect(gate.status == 0, "\(gate.stdout)\(gate.stderr)")
    let markdown = try String(contentsOf: dir.appendingPathComponent("gate.md"), encoding: .utf8)
    #expect(markdown.contains("[report.html](https://ci.example/artifacts/report.html)"), "\(markdown)")
  }

  @Test("run's progress: plain lines on a pipe, none with --quiet, outputs byte-identical")
  func runProgress() throws {
    let dir = try Self.directory([
      "a.yaml": Self.scenario("a", seed: 1), "b.yaml": Self.scenario("b", seed: 2),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let shown = try CLI.run(
      [
        "run", "a.yaml", "b.yaml", "--out", "p", "--jobs", "1", "--repetitions", "3", "--progress-interval",
        "0.001",
      ],
      in: dir)
    #expect(shown.status == 0, "\(shown.stderr)")
    let lines = shown.stderr.split(separator: "\n")
    #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("docksim run: ") }, "\(shown.stderr)")
    #expect(lines.allSatisfy { $0.contains(" of 180 frames") }, "6 runs of 30 frames: \(shown.stderr)")
    #expect(!shown.stderr.contains("\r") && !shown.stdout.contains("docksim run: "))
    let quiet = try CLI.run(
      ["run", "a.yaml", "b.yaml", "--out", "q", "--jobs", "1", "--repetitions", "3", "--quiet"], in: dir)
    #expect(
      quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
    for file in [
      "summary.csv", "seeds.csv", "montecarlo.csv", "expectations.csv", "traces/a.csv", "traces/b.csv",
    ] {
      #expect(
        FileManager.default.contents(atPath: dir.appendingPathComponent("p/\(file)").path)
          == FileManager.default.contents(atPath: dir.appendingPathComponent("q/\(file)").path), "\(file)")
    }
    let bad = try CLI.run(["run", "a.yaml", "--out", "r", "--progress-interval", "0"], in: dir)
    #expect(bad.status == 2 && bad.stderr.contains("--progress-interval: expected a number of seconds > 0"))
  }
}
