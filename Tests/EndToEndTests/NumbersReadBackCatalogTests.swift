import Foundation
import Testing

/// A table `docksim` wrote, edited to hold a number it never writes, given back to the command that
/// reads it (docs/robustness.md, "Numbers read back"): `gate`, `baseline update`, `merge`,
/// `tune --resume`.
///
/// As in `BadInputCatalogTests`: exit 2, one line on standard error containing `says` (the file, the
/// line, the column and what was expected), no crash report; and nothing written or changed anywhere
/// in the case's directory (`out/` stays empty, a resumed tuning's files stay as they were).
struct ReadBack: Sendable, CustomTestStringConvertible {
  /// A copy of a file with one edit: `from` (written by the setup, or by `files`) to `to`.
  struct Edit: Sendable {
    var from: String
    var to: String
    var change: @Sendable (String) -> String
  }

  var name: String
  /// Files created before the setup, by relative path.
  var files: [String: @Sendable () -> Data]
  /// Commands run first, in the case's directory, each of which must exit 0: they write the tables.
  var setup: [[String]]
  var edits: [Edit]
  var arguments: [String]
  var says: [String]

  var testDescription: String { name }

  init(
    _ name: String, files: [String: @Sendable () -> Data] = [:], setup: [[String]] = [], _ edits: [Edit],
    _ arguments: [String], says: String...
  ) {
    self.name = name
    self.files = files
    self.setup = setup
    self.edits = edits
    self.arguments = arguments
    self.says = says
  }
}

/// Inputs: the committed baseline and tolerances, two one-second scenarios, and the tables `run` and
/// `tune` write for them.
enum ReadBacks {
  typealias B = BadInputs

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
    expect:
      framing_error_rms: { max: 0.5 }

    """
  }
  static let scenarios: [String: @Sendable () -> Data] = [
    "a.yaml": B.text(scenario("a", seed: 1)), "b.yaml": B.text(scenario("b", seed: 2)),
    "t.yaml": B.repository("Scenarios/baseline/tolerances.yaml"),
    "base.csv": B.repository("Scenarios/baseline/summary.csv"),
  ]

  /// `text` with the cell of `column` (by the header's name) on `line` (1-based) replaced by `value`.
  /// The edited lines hold no quoted cell.
  static func cell(_ line: Int, _ column: String, _ value: String) -> @Sendable (String) -> String {
    { text in
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let header = lines[0].split(separator: ",", omittingEmptySubsequences: false)
      guard let i = header.firstIndex(where: { $0 == column }) else { return text + "no column \(column)" }
      var cells = lines[line - 1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      cells[i] = value
      lines[line - 1] = cells.joined(separator: ",")
      return lines.joined(separator: "\n")
    }
  }
  /// The lines of `text`, `line` (1-based) appended again at the end.
  static func repeated(_ line: Int) -> @Sendable (String) -> String {
    { text in
      let lines = text.split(separator: "\n").map(String.init)
      return (lines + [lines[line - 1]]).joined(separator: "\n") + "\n"
    }
  }
  static func edit(_ path: String, to: String? = nil, _ change: @escaping @Sendable (String) -> String)
    -> ReadBack.Edit
  {
    ReadBack.Edit(from: path, to: to ?? path, change: change)
  }

  // MARK: Commands

  static func gate(summary: String = "now.csv", baseline: String = "base.csv") -> [String] {
    [
      "gate", "--summary", summary, "--baseline", baseline, "--tolerances", "t.yaml", "--markdown",
      "out/gate.md", "--junit", "out/gate.xml",
    ]
  }
  static func update(_ summary: String) -> [String] {
    ["baseline", "update", "--summary", summary, "--out", "out/baseline.csv"]
  }
  static let runSeeds = ["run", "a.yaml", "b.yaml", "--repetitions", "2", "--out", "r", "--quiet"]
  static let shards = (0..<2).map {
    [
      "run", "a.yaml", "b.yaml", "--repetitions", "2", "--timing", "--out", "s\($0)", "--shard", "\($0)/2",
      "--quiet",
    ]
  }
  static let merge = ["merge", "s0", "s1", "--out", "out/merged"]
  static let tune = [
    "tune", "--train", "a.yaml", "--validation", "b.yaml", "--param", "controller.gain_per_s=1:10",
    "--minimize", "framing_error_rms", "--budget", "3", "--initial-trials", "2", "--out", "t",
  ]
  static let resume = tune + ["--resume"]
}

enum NumbersReadBackCatalog {
  typealias R = ReadBacks
  static let all = gate + baselineUpdate + merge + tune

  static let gate: [ReadBack] = [
    ReadBack(
      "gate: inf in the summary", files: R.scenarios,
      [R.edit("base.csv", to: "now.csv", R.cell(2, "framing_error_rms", "inf"))], R.gate(),
      says:
        "now.csv:2:29: framing_error_rms: expected a finite number or an empty cell (not applicable), got 'inf'"
    ),
    ReadBack(
      "gate: nan in the summary", files: R.scenarios,
      [R.edit("base.csv", to: "now.csv", R.cell(3, "mota", "nan"))], R.gate(),
      says: "now.csv:3:", "mota: expected a finite number or an empty cell (not applicable), got 'nan'"),
    ReadBack(
      "gate: an overflow to infinity in the summary", files: R.scenarios,
      [R.edit("base.csv", to: "now.csv", R.cell(2, "idf1", "1e309"))], R.gate(),
      says: "now.csv:2:", "idf1: expected a finite number", "got '1e309'"),
    ReadBack(
      "gate: inf in the baseline", files: R.scenarios,
      [R.edit("base.csv", to: "now.csv", { $0 }), R.edit("base.csv", R.cell(2, "framing_error_rms", "inf"))],
      R.gate(), says: "base.csv:2:29: framing_error_rms: expected a finite number", "got 'inf'"),
    ReadBack(
      "gate: -inf in the baseline", files: R.scenarios,
      [R.edit("base.csv", to: "now.csv", { $0 }), R.edit("base.csv", R.cell(2, "in_frame_ratio", "-inf"))],
      R.gate(), says: "base.csv:2:", "in_frame_ratio: expected a finite number", "got '-inf'"),
    ReadBack(
      "gate: negative expectations_failed", files: R.scenarios,
      [R.edit("base.csv", to: "now.csv", R.cell(2, "expectations_failed", "-1"))], R.gate(),
      says: "now.csv:2:",
      "expectations_failed: expected a whole number ≥ 0 or an empty cell (a failed run), got '-1'"
    ),
    ReadBack(
      "gate: a fraction of a failed expectation", files: R.scenarios,
      [R.edit("base.csv", to: "now.csv", R.cell(2, "expectations_failed", "0.5"))], R.gate(),
      says: "now.csv:2:", "expectations_failed: expected a whole number ≥ 0", "got '0.5'"),
    ReadBack(
      "gate: negative frames", files: R.scenarios,
      [R.edit("base.csv", to: "now.csv", R.cell(2, "frames", "-300"))], R.gate(),
      says: "now.csv:2:25: frames: expected a whole number ≥ 0 or an empty cell (a failed run), got '-300'"),
    ReadBack(
      "gate: a negative count of violations in the baseline", files: R.scenarios,
      [
        R.edit("base.csv", to: "now.csv", { $0 }),
        R.edit("base.csv", R.cell(2, "speed_cap_violations", "-1.0")),
      ],
      R.gate(), says: "base.csv:2:", "speed_cap_violations: expected a finite number ≥ 0", "got '-1.0'"),
    ReadBack(
      "gate: nan in the run's seeds.csv", files: R.scenarios, setup: [R.runSeeds],
      [
        R.edit("r/seeds.csv", to: "base-seeds.csv", { $0 }),
        R.edit("r/seeds.csv", R.cell(3, "framing_error_rms", "nan")),
      ],
      R.gate(summary: "r/seeds.csv", baseline: "base-seeds.csv"),
      says: "r/seeds.csv:3:", "framing_error_rms: expected a finite number", "got 'nan'"),
    ReadBack(
      "gate: inf in a seeds.csv baseline, beside the summary", files: R.scenarios, setup: [R.runSeeds],
      [R.edit("r/seeds.csv", to: "base-seeds.csv", R.cell(2, "idf1", "inf"))],
      R.gate(summary: "r/summary.csv", baseline: "base-seeds.csv"),
      says: "base-seeds.csv:2:", "idf1: expected a finite number", "got 'inf'"),
    ReadBack(
      "gate: a negative seed in seeds.csv", files: R.scenarios, setup: [R.runSeeds],
      [R.edit("r/seeds.csv", to: "base-seeds.csv", R.cell(2, "seed", "-1"))],
      R.gate(summary: "r/seeds.csv", baseline: "base-seeds.csv"),
      says: "base-seeds.csv:2:",
      "seed: expected a number that is a seed (a whole number ≥ 0) or an empty cell (a failed run), got '-1'"),
  ]

  static let baselineUpdate: [ReadBack] = [
    ReadBack(
      "baseline update: inf in the summary", files: R.scenarios,
      [R.edit("base.csv", to: "now.csv", R.cell(2, "framing_error_rms", "inf"))], R.update("now.csv"),
      says: "now.csv:2:29: framing_error_rms: expected a finite number", "got 'inf'"),
    ReadBack(
      "baseline update: nan in a seeds.csv", files: R.scenarios, setup: [R.runSeeds],
      [R.edit("r/seeds.csv", R.cell(3, "mota", "nan"))], R.update("r/seeds.csv"),
      says: "r/seeds.csv:3:", "mota: expected a finite number", "got 'nan'"),
    ReadBack(
      "baseline update: negative frames", files: R.scenarios,
      [R.edit("base.csv", to: "now.csv", R.cell(4, "frames", "-1"))], R.update("now.csv"),
      says: "now.csv:4:", "frames: expected a whole number ≥ 0", "got '-1'"),
  ]

  static let merge: [ReadBack] = [
    ReadBack(
      "merge: nan in a shard's summary.csv", files: R.scenarios, setup: R.shards,
      [R.edit("s0/summary.csv", R.cell(2, "framing_error_rms", "nan"))], R.merge,
      says: "s0/summary.csv:2:", "framing_error_rms: expected a finite number", "got 'nan'"),
    ReadBack(
      "merge: negative expectations_failed in a shard's summary.csv", files: R.scenarios, setup: R.shards,
      [R.edit("s0/summary.csv", R.cell(2, "expectations_failed", "-1"))], R.merge,
      says: "s0/summary.csv:2:", "expectations_failed: expected a whole number ≥ 0", "got '-1'"),
    ReadBack(
      "merge: inf in a shard's seeds.csv", files: R.scenarios, setup: R.shards,
      [R.edit("s0/seeds.csv", R.cell(3, "idf1", "inf"))], R.merge,
      says: "s0/seeds.csv:3:", "idf1: expected a finite number", "got 'inf'"),
    ReadBack(
      "merge: negative frames in a shard's seeds.csv", files: R.scenarios, setup: R.shards,
      [R.edit("s0/seeds.csv", R.cell(2, "frames", "-30"))], R.merge,
      says: "s0/seeds.csv:2:", "frames: expected a whole number ≥ 0", "got '-30'"),
    ReadBack(
      "merge: nan in a shard's montecarlo.csv", files: R.scenarios, setup: R.shards,
      [R.edit("s0/montecarlo.csv", R.cell(2, "mean", "nan"))], R.merge,
      says: "s0/montecarlo.csv:2:",
      "mean: expected a finite number or an empty cell (not applicable), got 'nan'"),
    ReadBack(
      "merge: inf in a shard's expectations.csv", files: R.scenarios, setup: R.shards,
      [R.edit("s0/expectations.csv", R.cell(2, "value", "inf"))], R.merge,
      says: "s0/expectations.csv:2:", "value: expected a finite number", "got 'inf'"),
    ReadBack(
      "merge: a negative share in a shard's expectations.csv", files: R.scenarios, setup: R.shards,
      [R.edit("s0/expectations.csv", R.cell(2, "share", "-0.5"))], R.merge,
      says: "s0/expectations.csv:2:", "share: expected a finite number ≥ 0", "got '-0.5'"),
    ReadBack(
      "merge: a negative count in a shard's timing.csv", files: R.scenarios, setup: R.shards,
      [R.edit("s0/timing.csv", R.cell(2, "tracker_calls", "-28"))], R.merge,
      says: "s0/timing.csv:2:", "tracker_calls: expected a whole number ≥ 0", "got '-28'"),
  ]

  static let tune: [ReadBack] = [
    ReadBack(
      "tune --resume: nan objective", files: R.scenarios, setup: [R.tune],
      [R.edit("t/trials.csv", R.cell(3, "objective", "nan"))], R.resume,
      says: "t/trials.csv:3:", "objective: expected a finite number, got 'nan'"),
    ReadBack(
      "tune --resume: inf metric", files: R.scenarios, setup: [R.tune],
      [R.edit("t/trials.csv", R.cell(4, "idf1", "inf"))], R.resume,
      says: "t/trials.csv:4:", "idf1: expected a finite number or an empty cell (not applicable), got 'inf'"),
    ReadBack(
      "tune --resume: negative violation", files: R.scenarios, setup: [R.tune],
      [R.edit("t/trials.csv", R.cell(2, "violation", "-1"))], R.resume,
      says: "t/trials.csv:2:", "violation: expected a finite number ≥ 0, got '-1'"),
    ReadBack(
      "tune --resume: a fractional trial number", files: R.scenarios, setup: [R.tune],
      [R.edit("t/trials.csv", R.cell(3, "trial", "1.5"))], R.resume,
      says: "t/trials.csv:3:1: trial: expected a whole number ≥ 0, got '1.5'"),
    ReadBack(
      "tune --resume: a trial written twice", files: R.scenarios, setup: [R.tune],
      [R.edit("t/trials.csv", R.repeated(3))], R.resume,
      says: "t/trials.csv:10: trial: trial 1 (train) appears again (first on line 3)"),
  ]
}

/// Every case, end to end.
@Suite(.serialized) struct NumbersReadBackCatalogTests {
  /// Every file and directory under `dir` with its bytes (nil for a directory).
  static func snapshot(_ dir: URL) -> [String: Data?] {
    var out: [String: Data?] = [:]
    for case let path as String in FileManager.default.enumerator(atPath: dir.path)?.allObjects ?? [] {
      var isDirectory: ObjCBool = false
      let url = dir.appendingPathComponent(path)
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      out.updateValue(
        isDirectory.boolValue ? nil : (FileManager.default.contents(atPath: url.path) ?? Data()), forKey: path
      )
    }
    return out
  }

  @Test(arguments: NumbersReadBackCatalog.all)
  func refusedWithOneLineAndNothingWritten(_ input: ReadBack) throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (path, content) in input.files {
      try content().write(to: dir.appendingPathComponent(path))
    }
    for command in input.setup {
      let r = try CLI.run(command, in: dir)
      try #require(r.status == 0, "setup \(command): exit \(r.status): \(r.stderr)")
    }
    for edit in input.edits {
      let text = try String(contentsOf: dir.appendingPathComponent(edit.from), encoding: .utf8)
      let changed = edit.change(text)
      try #require(changed != text || edit.from != edit.to, "the edit changed nothing in \(edit.from)")
      try Data(changed.utf8).write(to: dir.appendingPathComponent(edit.to))
    }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
    let before = Self.snapshot(dir)
    let r = try CLI.run(input.arguments, in: dir)
    #expect(r.status == 2, "exit \(r.status): \(r.stderr)")
    for part in input.says {
      #expect(r.stderr.contains(part), "expected \(part.debugDescription) in: \(r.stderr.prefix(2_000))")
    }
    for crash in ["Fatal error", "Stack dump", "Backtrace", "fatalError", "SIGSEGV"] {
      #expect(!r.stderr.contains(crash))
    }
    let lines = r.stderr.split(separator: "\n")
    #expect(lines.count == 1, "expected one line, got \(lines.count): \(r.stderr.prefix(2_000))")
    let after = Self.snapshot(dir)
    #expect(after.keys.sorted() == before.keys.sorted(), "files added or removed")
    for (path, data) in before where after[path] != data {
      Issue.record("\(path) changed")
    }
  }

  @Test func catalogueCoversEveryReader() {
    #expect(Set(NumbersReadBackCatalog.all.map(\.name)).count == NumbersReadBackCatalog.all.count)
    let kinds = Set(NumbersReadBackCatalog.all.map { String($0.name.prefix { $0 != ":" }) })
    #expect(kinds == ["gate", "baseline update", "merge", "tune --resume"])
  }

  /// A `trials.csv` saved with CRLF line ends (a Windows editor) is read as it was written: the
  /// resumed tuning finishes exactly as an uninterrupted one, its file LF again.
  @Test func resumeReadsACRLFTrialsFile() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (path, content) in ReadBacks.scenarios { try content().write(to: dir.appendingPathComponent(path)) }
    let whole = try CLI.run(ReadBacks.tune, in: dir)
    try #require(whole.status == 0, "\(whole.stderr)")
    var cut = ReadBacks.tune
    cut[cut.count - 1] = "cut"
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("cut"), withIntermediateDirectories: true)
    let trials = try String(contentsOf: dir.appendingPathComponent("t/trials.csv"), encoding: .utf8)
    let firstRows = trials.split(separator: "\n").prefix(4).map { $0 + "\r\n" }.joined()
    try Data(firstRows.utf8).write(to: dir.appendingPathComponent("cut/trials.csv"))
    let resumed = try CLI.run(cut + ["--resume"], in: dir)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    for file in ["trials.csv", "best.yaml", "sensitivity.csv"] {
      #expect(
        FileManager.default.contents(atPath: dir.appendingPathComponent("cut/\(file)").path)
          == FileManager.default.contents(atPath: dir.appendingPathComponent("t/\(file)").path),
        "\(file) differs")
    }
  }
}
