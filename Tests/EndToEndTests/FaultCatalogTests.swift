import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Faults and hostile outputs given to the built `docksim` (docs/robustness.md, "Outputs and faults"):
/// trace names that collide, outputs naming inputs, a second command into a held directory, a full
/// disk, a read-only file system, `--out` naming a file, and a run killed with SIGKILL.
enum Faults {
  static func scenario(_ name: String, duration: Int = 2) -> String {
    """
    name: \(name)
    seed: 1
    duration_s: \(duration)
    subjects:
      - id: a
        kind: humanBody
        width_m: 0.5
        height_m: 1.7
        path:
          - { t_s: 0, azimuth_deg: 0, distance_m: 2, height_m: 0 }

    """
  }

  /// Writes `files` (relative path → text) into a new temporary directory.
  static func directory(_ files: [String: String]) throws -> URL {
    let dir = try CLI.temporaryDirectory()
    for (path, text) in files {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return dir
  }

  /// Every file and directory under `dir`, hidden ones included, relative, sorted.
  static func entries(_ dir: URL) -> [String] {
    ((FileManager.default.subpaths(atPath: dir.path)) ?? []).sorted()
  }

  /// Names of files DockSim uses while writing: staging directories, temporary files, the lock.
  static func isScratch(_ path: String) -> Bool {
    let name = (path as NSString).lastPathComponent
    return name.hasPrefix(".docksim-staging-") || name.contains(".tmp-") || name == ".docksim.lock"
  }

  /// The checks every refused command shares: the exit code, one line, the parts of the message.
  static func expectRefused(_ r: CLI.Result, code: Int32, says parts: [String]) {
    #expect(r.status == code, "exit \(r.status): \(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1, "expected one line: \(r.stderr)")
    for part in parts { #expect(r.stderr.contains(part), "expected \(part.debugDescription) in \(r.stderr)") }
    for noise in ["NSCocoaErrorDomain", "Error Domain", "Fatal error", "Code="] {
      #expect(!r.stderr.contains(noise), "\(r.stderr)")
    }
  }

  /// Starts `docksim` with `arguments` without waiting for it.
  static func start(_ arguments: [String], in directory: URL) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = try CLI.binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    for name in CLI.shardVariables { env[name] = nil }
    env["OPENBLAS_NUM_THREADS"] = "1"
    process.environment = env
    let err = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    return (process, err)
  }

  /// Waits until `condition` holds (or `seconds` pass); returns whether it held.
  static func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
  }
}

/// A small tmpfs, mounted for one test (root only; the tests that need one are skipped, with the
/// reason, where `mount` is refused).
struct Tmpfs {
  let url: URL

  /// Whether this process may mount a tmpfs (tried once).
  static let available: Bool = {
    guard let t = try? Tmpfs(kilobytes: 64) else { return false }
    t.unmount()
    return true
  }()

  init(kilobytes: Int) throws {
    url = try CLI.temporaryDirectory()
    guard Self.sh(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", url.path]) else {
      try? FileManager.default.removeItem(at: url)
      throw CLIError("mount -t tmpfs failed")
    }
  }

  func remountReadOnly() -> Bool { Self.sh(["mount", "-o", "remount,ro", url.path]) }

  func unmount() {
    _ = Self.sh(["umount", url.path])
    try? FileManager.default.removeItem(at: url)
  }

  @discardableResult
  static func sh(_ arguments: [String]) -> Bool {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = arguments
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return false }
    p.waitUntilExit()
    return p.terminationStatus == 0
  }
}

struct FaultCatalogTests {
  // MARK: Trace names

  @Test func scenariosWhoseTracesWouldCollideAreRefusedBeforeRunning() throws {
    let dir = try Faults.directory([
      "a.yaml": Faults.scenario("x"), "b.yaml": Faults.scenario("x.objects"),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLI.run(["run", "a.yaml", "b.yaml", "--out", "out", "--quiet"], in: dir)
    Faults.expectRefused(
      r, code: 2,
      says: ["b.yaml: name: scenario 'x.objects'", "scenario 'x' of a.yaml", "out/traces/x.objects.csv"])
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
  }

  @Test func eventsSuffixCollidesToo() throws {
    let dir = try Faults.directory([
      "a.yaml": Faults.scenario("walk.events"), "b.yaml": Faults.scenario("walk"),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLI.run(["run", "a.yaml", "b.yaml", "--out", "out", "--quiet"], in: dir)
    Faults.expectRefused(r, code: 2, says: ["out/traces/walk.events.csv", "a.yaml", "b.yaml"])
  }

  // MARK: Outputs never replace inputs

  struct Overlap: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: [String]
    /// The input that must be unchanged afterwards.
    var input: String
    var says: [String]
    var testDescription: String { name }
  }

  static let overlaps: [Overlap] = [
    Overlap(
      name: "gate --markdown is the summary",
      arguments: [
        "gate", "--baseline", "base.csv", "--summary", "r/summary.csv", "--markdown", "r/summary.csv",
      ],
      input: "r/summary.csv", says: ["--markdown r/summary.csv is the summary r/summary.csv"]),
    Overlap(
      name: "gate --junit is the baseline",
      arguments: ["gate", "--baseline", "base.csv", "--summary", "r/summary.csv", "--junit", "base.csv"],
      input: "base.csv", says: ["--junit base.csv is the baseline base.csv"]),
    Overlap(
      name: "gate --junit is the tolerance file through a symlink",
      arguments: [
        "gate", "--baseline", "base.csv", "--summary", "r/summary.csv", "--tolerances", "t.yaml", "--junit",
        "link.yaml",
      ], input: "t.yaml", says: ["--junit link.yaml is the tolerance file t.yaml"]),
    Overlap(
      name: "report --out is the run's summary",
      arguments: ["report", "r", "--out", "r/summary.csv"], input: "r/summary.csv",
      says: ["report: --out r/summary.csv is the run's summary r/summary.csv"]),
    Overlap(
      name: "report --out is a trace", arguments: ["report", "r", "--out", "r/traces/t.csv"],
      input: "r/traces/t.csv", says: ["is the trace r/traces/t.csv"]),
    Overlap(
      name: "report --out is a scenario",
      arguments: ["report", "r", "--scenarios", "s.yaml", "--out", "s.yaml"],
      input: "s.yaml", says: ["is the scenario file s.yaml"]),
    Overlap(
      name: "run --out is the scenario file", arguments: ["run", "s.yaml", "--out", "s.yaml", "--quiet"],
      input: "s.yaml", says: ["--out s.yaml is the scenario file s.yaml"]),
    Overlap(
      name: "run --out is a symlink to the scenario file",
      arguments: ["run", "s.yaml", "--out", "link.yaml", "--quiet"], input: "s.yaml",
      says: ["--out link.yaml is the scenario file s.yaml"]),
    Overlap(
      name: "run --params file is an output in --out",
      arguments: ["run", "s.yaml", "--params", "r/seeds.csv", "--out", "r", "--quiet"],
      input: "r/seeds.csv", says: ["output r/seeds.csv is the --params file r/seeds.csv"]),
    Overlap(
      name: "run --out \"\"", arguments: ["run", "s.yaml", "--out", "", "--quiet"], input: "s.yaml",
      says: ["--out: expected a path, got an empty string"]),
    Overlap(
      name: "tune --out \"\"", arguments: ["tune", "--train", "s.yaml", "--out", "", "--quiet"],
      input: "s.yaml",
      says: ["--out: expected a path, got an empty string"]),
    Overlap(
      name: "report --out \"\"", arguments: ["report", "r", "--out", ""], input: "r/summary.csv",
      says: ["report: --out: expected a path, got an empty string"]),
    Overlap(
      name: "baseline update --out is the summary",
      arguments: ["baseline", "update", "--summary", "r/summary.csv", "--out", "r/summary.csv"],
      input: "r/summary.csv", says: ["--out r/summary.csv is the --summary r/summary.csv"]),
  ]

  /// A results directory `r` (from a real run, its trace renamed `t`), a baseline, a tolerance file
  /// and a symlink `link.yaml` to it, the scenario `s.yaml`.
  static func overlapFixture() throws -> URL {
    let dir = try Faults.directory([
      "s.yaml": Faults.scenario("t"),
      "t.yaml": String(
        decoding: FileManager.default.contents(
          atPath: CLI.repository.appendingPathComponent("Scenarios/baseline/tolerances.yaml").path) ?? Data(),
        as: UTF8.self),
    ])
    let r = try CLI.run(["run", "s.yaml", "--out", "r", "--quiet"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    try FileManager.default.copyItem(
      at: dir.appendingPathComponent("r/summary.csv"), to: dir.appendingPathComponent("base.csv"))
    // An overlay kept where a Monte Carlo run writes its seed table (a plain run removes that table).
    try Data("tracker:\n  gate: 9\n".utf8).write(to: dir.appendingPathComponent("r/seeds.csv"))
    return dir
  }

  @Test(arguments: overlaps)
  func anOutputNamingAnInputIsRefused(_ c: Overlap) throws {
    let dir = try Self.overlapFixture()
    defer { try? FileManager.default.removeItem(at: dir) }
    let link = c.arguments.contains("link.yaml") && c.arguments.first == "run" ? "s.yaml" : "t.yaml"
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("link.yaml").path, withDestinationPath: link)
    let before = Faults.entries(dir)
    let input = try Data(contentsOf: dir.appendingPathComponent(c.input))
    let r = try CLI.run(c.arguments, in: dir)
    Faults.expectRefused(r, code: 2, says: c.says)
    #expect(try Data(contentsOf: dir.appendingPathComponent(c.input)) == input, "\(c.input) changed")
    #expect(Faults.entries(dir) == before, "files changed")
  }

  @Test func aPlainRunRemovesAnEarlierMonteCarloRunsTablesOnly() throws {
    let dir = try Faults.directory(["s.yaml": Faults.scenario("t"), "out/notes.csv": "mine\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let mc = try CLI.run(["run", "s.yaml", "--out", "out", "--repetitions", "3", "--quiet"], in: dir)
    #expect(mc.status == 0, "\(mc.stderr)")
    #expect(Faults.entries(dir.appendingPathComponent("out")).contains("montecarlo.csv"))
    let plain = try CLI.run(["run", "s.yaml", "--out", "out", "--quiet"], in: dir)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(
      Faults.entries(dir.appendingPathComponent("out")) == [
        "expectations.csv", "notes.csv", "summary.csv", "traces", "traces/t.csv", "traces/t.events.csv",
        "traces/t.objects.csv", "traces/t.observations.csv",
      ])
  }

  /// A scenario file named like the lock of the directory the run writes into would be truncated
  /// when the run takes the lock.
  @Test func anInputNamedLikeTheLockIsRefusedAndKept() throws {
    let dir = try Faults.directory(["out/.docksim.lock": Faults.scenario("t")])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLI.run(["run", "out/.docksim.lock", "--out", "out", "--quiet"], in: dir)
    Faults.expectRefused(
      r, code: 2, says: ["lock file out/.docksim.lock is the scenario file out/.docksim.lock"])
    #expect(
      try String(contentsOf: dir.appendingPathComponent("out/.docksim.lock"), encoding: .utf8)
        == Faults.scenario("t"))
  }

  /// One file of the new set cannot be put in place (a file where `traces/` is to be): the run fails
  /// with the environment code and the earlier run's set is left whole, not half replaced.
  @Test func aRunWhosePublicationFailsLeavesTheEarlierRunsSetWhole() throws {
    let dir = try Faults.directory(["s.yaml": Faults.scenario("t")])
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = try CLI.run(["run", "s.yaml", "--out", "out", "--repetitions", "2", "--quiet"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    let out = dir.appendingPathComponent("out")
    try FileManager.default.removeItem(at: out.appendingPathComponent("traces"))
    try Data("not a directory\n".utf8).write(to: out.appendingPathComponent("traces"))
    let before = Faults.entries(out)
    let tables = try before.filter { $0.hasSuffix(".csv") }.map {
      try Data(contentsOf: out.appendingPathComponent($0))
    }
    let second = try CLI.run(["run", "s.yaml", "--out", "out", "--quiet"], in: dir)
    Faults.expectRefused(second, code: 3, says: ["out/traces"])
    #expect(Faults.entries(out) == before, "files changed")
    let after = try before.filter { $0.hasSuffix(".csv") }.map {
      try Data(contentsOf: out.appendingPathComponent($0))
    }
    #expect(after == tables, "a table of the earlier run was replaced or removed")
  }

  // MARK: Locking

  @Test func aSecondRunIntoAHeldDirectoryIsRefusedAndTheFirstFinishes() throws {
    let dir = try Faults.directory(["s.yaml": Faults.scenario("t"), "u.yaml": Faults.scenario("u")])
    defer { try? FileManager.default.removeItem(at: dir) }
    let (first, firstErr) = try Faults.start(
      ["run", "s.yaml", "--repetitions", "300", "--jobs", "1", "--out", "out", "--quiet"], in: dir)
    let lock = dir.appendingPathComponent("out/.docksim.lock").path
    #expect(
      Faults.wait(30) {
        ((try? String(contentsOfFile: lock, encoding: .utf8)) ?? "").contains("docksim run")
      })
    #expect(first.isRunning, "the first run ended too soon")
    let started = Date()
    let second = try CLI.run(["run", "u.yaml", "--out", "out", "--quiet"], in: dir)
    #expect(Date().timeIntervalSince(started) < 5)
    Faults.expectRefused(
      second, code: 4,
      says: [
        "out: in use by another docksim (pid \(first.processIdentifier), docksim run, started 20", "lock: ",
      ])
    first.waitUntilExit()
    let firstStderr = String(decoding: firstErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(first.terminationStatus == 0, "\(firstStderr)")
    #expect(
      Faults.entries(dir.appendingPathComponent("out")) == [
        "expectations.csv", "montecarlo.csv", "seeds.csv", "summary.csv", "traces", "traces/t.csv",
        "traces/t.events.csv", "traces/t.objects.csv", "traces/t.observations.csv",
      ])
    // Released: the next run goes ahead.
    #expect(try CLI.run(["run", "u.yaml", "--out", "out", "--quiet"], in: dir).status == 0)
  }

  @Test func twoTuningsIntoOneDirectoryDoNotBothSucceed() throws {
    let dir = try Faults.directory(["s.yaml": Faults.scenario("t", duration: 3)])
    defer { try? FileManager.default.removeItem(at: dir) }
    // About ten seconds (400 design trials), so the second starts while the first runs.
    let tune = [
      "tune", "--train", "s.yaml", "--validation", "s.yaml", "--param", "tracker.gate=6:30", "--minimize",
      "framing_error_rms", "--budget", "401", "--initial-trials", "400", "--method", "none", "--jobs", "1",
      "--out", "out", "--quiet",
    ]
    let (first, firstErr) = try Faults.start(tune, in: dir)
    let lock = dir.appendingPathComponent("out/.docksim.lock").path
    #expect(
      Faults.wait(30) {
        ((try? String(contentsOfFile: lock, encoding: .utf8)) ?? "").contains("docksim tune")
      })
    #expect(first.isRunning, "the first tuning ended too soon")
    let second = try CLI.run(tune, in: dir)
    first.waitUntilExit()
    let firstStderr = String(decoding: firstErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(first.terminationStatus == 0, "\(firstStderr)")
    Faults.expectRefused(second, code: 4, says: ["in use by another docksim", "docksim tune"])
    let trials = try String(contentsOf: dir.appendingPathComponent("out/trials.csv"), encoding: .utf8)
    let rows = trials.split(separator: "\n")
    let keys = rows.dropFirst().map { $0.split(separator: ",").prefix(3).joined(separator: ",") }
    #expect(Set(keys).count == keys.count, "a trial twice: two tunings wrote the file")
  }

  @Test func aMergeIntoAHeldDirectoryIsRefusedAndReplacesAnEarlierRunsTablesWhenFree() throws {
    let dir = try Faults.directory(["s.yaml": Faults.scenario("t"), "u.yaml": Faults.scenario("u")])
    defer { try? FileManager.default.removeItem(at: dir) }
    for (i, shard) in ["a", "b"].enumerated() {
      let r = try CLI.run(
        ["run", "s.yaml", "u.yaml", "--shard", "\(i)/2", "--out", shard, "--quiet"], in: dir)
      #expect(r.status == 0, "\(r.stderr)")
    }
    let (first, _) = try Faults.start(
      ["run", "s.yaml", "--repetitions", "300", "--jobs", "1", "--out", "out", "--quiet"], in: dir)
    let lock = dir.appendingPathComponent("out/.docksim.lock").path
    #expect(
      Faults.wait(30) {
        ((try? String(contentsOfFile: lock, encoding: .utf8)) ?? "").contains("docksim run")
      })
    let refused = try CLI.run(["merge", "--out", "out", "a", "b", "--quiet"], in: dir)
    Faults.expectRefused(
      refused, code: 4, says: ["in use by another docksim (pid \(first.processIdentifier)"])
    first.waitUntilExit()
    #expect(first.terminationStatus == 0)
    let merged = try CLI.run(["merge", "--out", "out", "a", "b", "--quiet"], in: dir)
    #expect(merged.status == 0, "\(merged.stderr)")
    // The Monte Carlo run's montecarlo.csv and seeds.csv would be read as the merge's.
    #expect(
      Faults.entries(dir.appendingPathComponent("out")) == [
        "expectations.csv", "summary.csv", "traces", "traces/t.csv", "traces/t.events.csv",
        "traces/t.objects.csv", "traces/t.observations.csv", "traces/u.csv", "traces/u.events.csv",
        "traces/u.objects.csv", "traces/u.observations.csv",
      ])
  }

  // MARK: Killed runs

  @Test func aRunKilledWithSIGKILLLeavesScratchThatTheNextRunRemoves() throws {
    let dir = try Faults.directory([
      "s.yaml": Faults.scenario("t"),
      // Not DockSim's: names that look alike must survive.
      "out/.docksim-staging-notes/keep.txt": "mine\n", "out/.keep.tmp-file": "mine\n",
      "out/traces/.x.csv.tmp-1-not-a-uuid": "mine\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out")
    let (first, _) = try Faults.start(
      [
        "run", CLI.repository.appendingPathComponent("Scenarios/benchmarks/sixteen-people-1h.yaml").path,
        "--jobs", "1", "--out", "out", "--quiet",
      ], in: dir)
    // Killed while it writes its trace.
    #expect(
      Faults.wait(60) {
        Faults.entries(out).contains { $0.hasPrefix(".docksim-staging-\(first.processIdentifier)/traces/.") }
      })
    kill(first.processIdentifier, SIGKILL)
    first.waitUntilExit()
    let left = Faults.entries(out).filter(Faults.isScratch)
    #expect(left.contains(".docksim.lock"), "\(left)")
    #expect(left.contains(".docksim-staging-\(first.processIdentifier)"), "\(left)")
    let next = try CLI.run(["run", "s.yaml", "--out", "out", "--quiet"], in: dir)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(
      Faults.entries(out) == [
        ".docksim-staging-notes", ".docksim-staging-notes/keep.txt", ".keep.tmp-file", "expectations.csv",
        "summary.csv", "traces", "traces/.x.csv.tmp-1-not-a-uuid", "traces/t.csv", "traces/t.events.csv",
        "traces/t.objects.csv", "traces/t.observations.csv",
      ])
  }

  @Test func aTemporaryFileOfADeadProcessIsRemovedOneOfALiveOneIsNot() throws {
    let dir = try Faults.directory(["s.yaml": Faults.scenario("t")])
    defer { try? FileManager.default.removeItem(at: dir) }
    // pid 0x7FFFFFF0 cannot exist (above pid_max); this process is alive.
    let dead = "out/traces/.t.csv.tmp-2147483632-\(UUID().uuidString)"
    let alive = "out/.summary.csv.tmp-\(getpid())-\(UUID().uuidString)"
    for path in [dead, alive] {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("partial".utf8).write(to: url)
    }
    let r = try CLI.run(["run", "s.yaml", "--out", "out", "--quiet"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(dead).path))
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(alive).path))
  }

  // MARK: The environment refuses a write

  @Test func outNamingAFileFailsWithTheEnvironmentCode() throws {
    let dir = try Faults.directory(["s.yaml": Faults.scenario("t"), "out": "a file\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLI.run(["run", "s.yaml", "--out", "out", "--quiet"], in: dir)
    Faults.expectRefused(r, code: 3, says: ["out: cannot create the directory: a file of that name exists"])
    #expect(try String(contentsOf: dir.appendingPathComponent("out"), encoding: .utf8) == "a file\n")
  }

  /// With repetitions too: a Monte Carlo item's outcome is the mean of its seeds, and the file-system
  /// failure of its first seed (the one that writes traces) must still fail the run.
  @Test(
    .enabled(if: Tmpfs.available, "needs `mount -t tmpfs` (root); not permitted here"), arguments: [1, 3])
  func aFullDiskMidRunLeavesNothingOfTheRun(repetitions: Int) throws {
    let fs = try Tmpfs(kilobytes: 256)
    defer { fs.unmount() }
    let dir = try Faults.directory(["s.yaml": Faults.scenario("t", duration: 1)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = fs.url.appendingPathComponent("out")
    // Fits: one short scenario.
    let small = try CLI.run(["run", "s.yaml", "--out", out.path, "--quiet"], in: dir)
    #expect(small.status == 0, "\(small.stderr)")
    let before = try RunCommandTests.files(under: out)
    // Does not: a long one whose trace fills the disk mid-run.
    let r = try CLI.run(
      [
        "run", "s.yaml", CLI.repository.appendingPathComponent("Scenarios/walk-across.yaml").path, "--out",
        out.path, "--quiet", "--repetitions", "\(repetitions)",
      ], in: dir)
    Faults.expectRefused(
      r, code: 3, says: [out.path + "/traces/", ": cannot write: no space left on device"])
    // The earlier run's set, as it was: no summary of this run, no trace of it, no scratch.
    #expect(try RunCommandTests.files(under: out) == before)
    #expect(Faults.entries(out).filter(Faults.isScratch) == [])
  }

  @Test(.enabled(if: Tmpfs.available, "needs `mount -t tmpfs` (root); not permitted here"))
  func aReadOnlyFileSystemFailsWithTheEnvironmentCode() throws {
    let fs = try Tmpfs(kilobytes: 1024)
    defer { fs.unmount() }
    let dir = try Faults.directory(["s.yaml": Faults.scenario("t", duration: 1)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = fs.url.appendingPathComponent("out")
    #expect(try CLI.run(["run", "s.yaml", "--out", out.path, "--quiet"], in: dir).status == 0)
    let before = try RunCommandTests.files(under: out)
    try #require(fs.remountReadOnly(), "mount -o remount,ro failed")
    let r = try CLI.run(["run", "s.yaml", "--out", out.path, "--quiet"], in: dir)
    Faults.expectRefused(r, code: 3, says: [out.path, "read-only file system"])
    #expect(try RunCommandTests.files(under: out) == before)
    let gate = try CLI.run(
      [
        "gate", "--baseline", out.appendingPathComponent("summary.csv").path, "--summary",
        out.appendingPathComponent("summary.csv").path, "--markdown",
        out.appendingPathComponent("gate.md").path,
      ], in: CLI.repository)
    Faults.expectRefused(gate, code: 3, says: [out.path + "/gate.md", "read-only file system"])
  }

  @Test(.enabled(if: Tmpfs.available, "needs `mount -t tmpfs` (root); not permitted here"))
  func aFullDiskNeverLeavesATornTrialRow() throws {
    let fs = try Tmpfs(kilobytes: 64)
    defer { fs.unmount() }
    // Three free pages: the lock file's, trials.spec's and one for trials.csv, which fills mid-row.
    try Data(count: 52 * 1024).write(to: fs.url.appendingPathComponent("filler"))
    let dir = try Faults.directory(["s.yaml": Faults.scenario("t", duration: 1)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = fs.url.appendingPathComponent("t")
    let r = try CLI.run(
      [
        "tune", "--train", "s.yaml", "--validation", "s.yaml", "--param", "tracker.gate=6:30", "--param",
        "controller.gain_per_s=1:10", "--minimize", "framing_error_rms", "--budget", "40", "--initial-trials",
        "10", "--out", out.path, "--quiet",
      ], in: dir)
    Faults.expectRefused(r, code: 3, says: [out.path + "/trials.csv: cannot write: no space left on device"])
    let text = try String(contentsOf: out.appendingPathComponent("trials.csv"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(text.hasSuffix("\n"), "a torn last row")
    #expect(lines.count >= 2, "expected some whole rows before the disk filled")
    let columns = lines.first?.split(separator: ",", omittingEmptySubsequences: false).count
    for line in lines {
      #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == columns)
    }
    #expect(Faults.entries(out).filter(Faults.isScratch) == [])
  }
}
