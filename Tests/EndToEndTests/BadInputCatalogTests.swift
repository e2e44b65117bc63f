import Foundation
import Testing

/// One malformed input given to the built `docksim`: the files it needs, the command, and a part of
/// the message it must print (docs/robustness.md, "Bad input").
///
/// Every case must exit 2 with one line on standard error that contains `says` (the file, the line or
/// field, and what was expected), no crash report, and nothing written into the `out` directory.
struct BadInput: Sendable, CustomTestStringConvertible {
  var name: String
  /// Files created in the case's directory before the command runs, by relative path.
  var files: [String: @Sendable () -> Data]
  /// The arguments; `out/` is the output directory, empty before and checked empty after.
  var arguments: [String]
  var says: [String]

  var testDescription: String { name }

  init(_ name: String, _ files: [String: @Sendable () -> Data], _ arguments: [String], says: String...) {
    self.name = name
    self.files = files
    self.arguments = arguments
    self.says = says
  }
}

/// Inputs for the catalogue, built from small valid ones.
enum BadInputs {
  static let scenario = """
    name: t
    seed: 1
    duration_s: 2
    subjects:
      - id: a
        kind: humanBody
        width_m: 0.5
        height_m: 1.7
        path:
          - { t_s: 0, azimuth_deg: 0, distance_m: 2, height_m: 0 }

    """
  static let logHeader = "frame,t_s,camera_yaw_rad,camera_pitch_rad,kind,center_u,center_v,width,height"
  static let logRow = "0,0.0,0.1,0.0,humanFace,0.5,0.5,0,0.1"

  static func text(_ s: String) -> @Sendable () -> Data { { Data(s.utf8) } }
  static func bytes(_ b: [UInt8]) -> @Sendable () -> Data { { Data(b) } }
  static func edited(_ from: String, _ to: String) -> @Sendable () -> Data {
    text(scenario.replacingOccurrences(of: from, with: to))
  }
  static func appended(_ tail: String) -> @Sendable () -> Data { text(scenario + tail) }
  /// `count` bytes of `byte`: a huge file made quickly.
  static func huge(_ count: Int, _ byte: UInt8 = UInt8(ascii: "a")) -> @Sendable () -> Data {
    { Data(repeating: byte, count: count) }
  }
  static let garbage: @Sendable () -> Data = {
    var g = SystemRandomNumberGenerator()
    // A fixed pattern would do; random bytes resemble a binary picked by mistake. 0xFF is never UTF-8.
    return Data([0xFF] + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &g) })
  }
  static func repository(_ path: String) -> @Sendable () -> Data {
    { FileManager.default.contents(atPath: CLI.repository.appendingPathComponent(path).path) ?? Data() }
  }
  static func tolerances(_ from: String, _ to: String) -> @Sendable () -> Data {
    {
      let t = String(decoding: repository("Scenarios/baseline/tolerances.yaml")(), as: UTF8.self)
      return Data(t.replacingOccurrences(of: from, with: to).utf8)
    }
  }
  /// The number of columns of the committed baseline summary (it grows with every new metric).
  static var summaryColumnCount: Int {
    let text = String(decoding: repository("Scenarios/baseline/summary.csv")(), as: UTF8.self)
    return text.prefix { $0 != "\n" }.split(separator: ",", omittingEmptySubsequences: false).count
  }

  static func summary(_ edit: @escaping @Sendable ([String]) -> [String]) -> @Sendable () -> Data {
    {
      let lines = String(decoding: repository("Scenarios/baseline/summary.csv")(), as: UTF8.self)
        .split(separator: "\n").map(String.init)
      return Data((edit(lines).joined(separator: "\n") + "\n").utf8)
    }
  }
  static func many(_ count: Int, _ line: (Int) -> String) -> String {
    (0..<count).map(line).joined(separator: "\n") + "\n"
  }

  static let run = ["run", "s.yaml", "--out", "out", "--quiet"]
  static let good: [String: @Sendable () -> Data] = ["s.yaml": text(scenario)]
  static func gate(baseline: String = "b.csv", tolerances: String = "t.yaml") -> [String] {
    [
      "gate", "--summary", "now.csv", "--baseline", baseline, "--tolerances", tolerances, "--markdown",
      "out/gate.md", "--junit", "out/gate.xml",
    ]
  }
  static let gateFiles: [String: @Sendable () -> Data] = [
    "now.csv": repository("Scenarios/baseline/summary.csv"),
    "t.yaml": repository("Scenarios/baseline/tolerances.yaml"),
  ]
  static func with(_ a: [String: @Sendable () -> Data], _ b: [String: @Sendable () -> Data])
    -> [String: @Sendable () -> Data]
  {
    a.merging(b) { _, new in new }
  }
  static let replay = ["replay", "log.csv", "-o", "out/estimates.csv"]
}

/// The catalogue. Scenario rules one by one are `BadScenarioCatalog`'s (DockSimIOTests); here each
/// kind of input reaches the CLI at least once, with the files and arguments a user would give.
enum BadInputCatalog {
  typealias B = BadInputs
  static let all: [BadInput] = scenarioFiles + limits + suites + overrides + baselines + tolerances + logs

  static let scenarioFiles: [BadInput] = [
    BadInput(
      "scenario: YAML syntax error", ["s.yaml": B.edited("kind: humanBody", "kind: [humanBody")], B.run,
      says: "s.yaml:7: invalid YAML"),
    BadInput(
      "scenario: string for a number", ["s.yaml": B.edited("duration_s: 2", "duration_s: two")], B.run,
      says: "s.yaml:3: duration_s: expected a number in (0, 86400], got the string \"two\""),
    BadInput(
      "scenario: unknown field", ["s.yaml": B.appended("colour: red\n")], B.run,
      says: "s.yaml:11: colour: unknown field 'colour'"),
    BadInput(
      "scenario: missing field", ["s.yaml": B.edited("seed: 1\n", "")], B.run,
      says: "s.yaml:1: seed: missing required field"),
    BadInput(
      "scenario: NaN", ["s.yaml": B.edited("width_m: 0.5", "width_m: .nan")], B.run,
      says: "s.yaml:7: subjects[0].width_m: expected a finite number"),
    BadInput(
      "scenario: infinity", ["s.yaml": B.appended("physics_rate_hz: .inf\n")], B.run,
      says: "s.yaml:11: physics_rate_hz: expected an integer in 100 ... 100000, got .inf"),
    BadInput(
      "scenario: negative duration", ["s.yaml": B.edited("duration_s: 2", "duration_s: -2")], B.run,
      says: "s.yaml:3: duration_s: expected a number > 0, got -2"),
    BadInput(
      "scenario: zero frame rate", ["s.yaml": B.appended("frame_rate_hz: 0\n")], B.run,
      says: "s.yaml:11: frame_rate_hz: expected a number > 0, got 0"),
    BadInput(
      "scenario: inverted range", ["s.yaml": B.appended("dock: { yaw: { range_deg: [90, -90] } }\n")], B.run,
      says: "s.yaml:11: dock.yaw.range_deg: expected lower < upper, got [90, -90]"),
    BadInput(
      "scenario: duplicate subject id",
      [
        "s.yaml": B.appended(
          "  - { id: a, kind: object, width_m: 0.2, height_m: 0.2, path: [{ t_s: 0, x_m: 1, y_m: 0, height_m: 0 }] }\n"
        )
      ], B.run, says: "s.yaml:11: subjects[1].id: expected a unique id, got 'a'"),
    BadInput(
      "scenario: two files with one name", ["s.yaml": B.text(B.scenario), "u.yaml": B.text(B.scenario)],
      ["run", "s.yaml", "u.yaml", "--out", "out"],
      says: "u.yaml: name: scenario name 't' is already used by s.yaml"),
    BadInput("scenario: empty file", ["s.yaml": B.text("")], B.run, says: "s.yaml: the file is empty"),
    BadInput(
      "scenario: binary garbage", ["s.yaml": B.garbage], B.run,
      says: "s.yaml:1: byte 0xFF at offset 0 is not valid UTF-8; expected a UTF-8 text file"),
    BadInput(
      "scenario: non-UTF-8 byte in a name",
      ["s.yaml": B.bytes(Array("name: t\u{E9}".utf8.dropLast(2)) + [0xE9])],
      B.run, says: "s.yaml:1: byte 0xE9 at offset 7 is not valid UTF-8"),
    BadInput(
      "scenario: 50 MB file", ["s.yaml": B.huge(50 << 20)], B.run,
      says: "s.yaml: file is 52428800 bytes; expected a scenario file of at most 4194304 bytes"),
    BadInput(
      "scenario: a megabyte-long value is quoted short",
      ["s.yaml": B.edited("duration_s: 2", "duration_s: \"" + String(repeating: "x", count: 1 << 20) + "\"")],
      B.run, says: "s.yaml:3: duration_s: expected a number in (0, 86400], got the string \"xxx",
      "… (1048576 bytes)"),
    BadInput(
      "scenario: no such file", [:], B.run,
      says: "s.yaml: no such file or directory; expected a scenario file or a directory"),
    BadInput(
      "scenario: directory without scenarios", ["d/readme.txt": B.text("x")],
      ["run", "d", "--out", "out"], says: "d: no .yaml or .yml files in this directory"),
    BadInput(
      "scenario: top level is a list", ["s.yaml": B.text("- name: t\n- seed: 1\n")], B.run,
      says: "s.yaml:1: expected a mapping at the top level"),
  ]

  static let limits: [BadInput] = [
    BadInput(
      "limit: physics ticks",
      ["s.yaml": B.edited("duration_s: 2", "duration_s: 86400\nphysics_rate_hz: 100000")],
      B.run, says: "s.yaml:3: duration_s: expected at most 1,000,000,000 physics ticks",
      "got 86400 s × 100000 Hz = 8,640,000,000"),
    BadInput(
      "limit: frames", ["s.yaml": B.edited("duration_s: 2", "duration_s: 86400\nframe_rate_hz: 240")], B.run,
      says: "s.yaml:3: duration_s: expected at most 10,000,000 frames"),
    BadInput(
      "limit: subjects",
      [
        "s.yaml": B.appended(
          B.many(256) {
            "  - { id: o\($0), kind: object, width_m: 0.2, height_m: 0.2, path: [{ t_s: 0, x_m: 1, y_m: 0, height_m: 0 }] }"
          })
      ], B.run, says: "s.yaml:5: subjects: expected at most 256 subjects (a resource limit", "got 257"),
    BadInput(
      "limit: waypoints",
      [
        "s.yaml": B.appended(
          "  - id: w\n    kind: object\n    width_m: 0.2\n    height_m: 0.2\n    path:\n"
            + B.many(100_001) { "      - [\($0)]" })
      ], B.run, says: "subjects[1].path: expected at most 100,000 waypoints", "got 100,001"),
    BadInput(
      "limit: events",
      ["s.yaml": B.appended("events:\n" + B.many(100_001) { _ in "  - { t_s: 1, pause: true }" })],
      B.run, says: "s.yaml:12: events: expected at most 100,000 events", "got 100,001"),
    BadInput(
      "limit: nested aliases (a billion elements) are refused before they are built",
      [
        "s.yaml": B.appended(
          "occluders: &o0 [{ id: a }, { id: a }, { id: a }, { id: a }, { id: a }, { id: a }, { id: a }]\n"
            + "expect:\n"
            + (1...9).map {
              "  m\($0): &o\($0) [" + Array(repeating: "*o\($0 - 1)", count: 10).joined(separator: ", ") + "]"
            }.joined(separator: "\n") + "\n")
      ], B.run, says: "s.yaml:16: aliases stand for more than 100000 nodes in all"),
  ]

  static let suites: [BadInput] = [
    BadInput(
      "suite: unknown field",
      B.with(B.good, ["x.suite.yaml": B.text("suite: x\nscenarios: [s.yaml]\nrepeat: 3\n")]),
      ["run", "x.suite.yaml", "--out", "out"], says: "x.suite.yaml:3: repeat: unknown field 'repeat'"),
    BadInput(
      "suite: zero repetitions",
      B.with(B.good, ["x.suite.yaml": B.text("suite: x\nscenarios: [s.yaml]\nrepetitions: 0\n")]),
      ["run", "x.suite.yaml", "--out", "out"],
      says: "x.suite.yaml:3: repetitions: expected an integer in 1 ... 10000, got 0"),
    BadInput(
      "suite: absurd repetitions",
      B.with(B.good, ["x.suite.yaml": B.text("suite: x\nscenarios: [s.yaml]\nrepetitions: 1e12\n")]),
      ["run", "x.suite.yaml", "--out", "out"],
      says: "x.suite.yaml:3: repetitions: expected an integer in 1 ... 10000"),
    BadInput(
      "suite: missing scenario file", ["x.suite.yaml": B.text("suite: x\nscenarios: [gone.yaml]\n")],
      ["run", "x.suite.yaml", "--out", "out"],
      says: "x.suite.yaml:2: scenarios[0]: expected an existing scenario file, got the string \"gone.yaml\""),
    BadInput(
      "suite: scenarios not a list",
      B.with(B.good, ["x.suite.yaml": B.text("suite: x\nscenarios: s.yaml\n")]),
      ["run", "x.suite.yaml", "--out", "out"],
      says: "x.suite.yaml:2: scenarios: expected a list of scenario paths or globs"),
    BadInput(
      "suite: missing scenarios", ["x.suite.yaml": B.text("suite: x\n")],
      ["run", "x.suite.yaml", "--out", "out"],
      says: "x.suite.yaml:1: scenarios: missing required field"),
    BadInput(
      "suite: empty file", ["x.suite.yaml": B.text("")], ["run", "x.suite.yaml", "--out", "out"],
      says: "x.suite.yaml: the file is empty"),
  ]

  static let overrides: [BadInput] = [
    BadInput(
      "--params: a device", B.good, B.run + ["--params", "/dev/null"],
      says: "/dev/null: is a character device; expected a scenario file"),
    BadInput(
      "--set: a fractional list index", B.good, B.run + ["--set", "subjects[0.5].width_m=0.4"],
      says:
        "--set subjects[0.5].width_m=0.4: expected a non-negative integer list index in 'subjects[0.5]', got '0.5'"
    ),
    BadInput(
      "--set: a bracket left open", B.good, B.run + ["--set", "subjects[0.width_m=0.4"],
      says: "expected every '[' in 'subjects[0.width_m' closed by a ']' before the next field"),
    BadInput(
      "scenario: an expect bound with min > max",
      ["s.yaml": B.appended("expect:\n  in_frame_ratio: { min: 1.0, max: 0.0 }\n")], B.run,
      says: "s.yaml:12: expect.in_frame_ratio: expected min ≤ max, got min 1.0 > max 0.0\n"),
    BadInput(
      "--set: not PATH=VALUE", B.good, B.run + ["--set", "tracker.gate"],
      says: "--set tracker.gate: expected PATH=VALUE"),
    BadInput(
      "--set: NaN", B.good, B.run + ["--set", "tracker.gate=.nan"],
      says: "s.yaml: tracker.gate: expected a finite number", "--set tracker.gate=.nan"),
    BadInput(
      "--set: unknown field", B.good, B.run + ["--set", "tracker.gait=3"],
      says: "s.yaml: tracker.gait: unknown field 'gait' (did you mean 'gate'?)"),
    BadInput(
      "--set: list index out of range", B.good, B.run + ["--set", "subjects[3].width_m=1"],
      says: "--set subjects[3].width_m=1: no list element [3] there"),
    BadInput(
      "--params: value of the wrong type",
      B.with(B.good, ["p.yaml": B.text("# tuned\ntracker:\n  gate: high\n")]),
      B.run + ["--params", "p.yaml"],
      says: "p.yaml:3: tracker.gate: expected a number", "(--params p.yaml merged into s.yaml)"),
    BadInput(
      "--params: not a mapping", B.with(B.good, ["p.yaml": B.text("- 1\n")]), B.run + ["--params", "p.yaml"],
      says: "p.yaml: expected a mapping of scenario fields"),
    BadInput(
      "--params: is a directory", B.with(B.good, ["p/x.yaml": B.text("x: 1\n")]), B.run + ["--params", "p"],
      says: "p: is a directory"),
    BadInput(
      "--params: non-UTF-8", B.with(B.good, ["p.yaml": B.bytes([0x61, 0x3A, 0x20, 0xC3, 0x28])]),
      B.run + ["--params", "p.yaml"], says: "p.yaml:1: byte 0xC3 at offset 3 is not valid UTF-8"),
  ]

  static let baselines: [BadInput] = [
    BadInput(
      "baseline: no such file", B.gateFiles, B.gate(baseline: "gone.csv"),
      says: "gone.csv: no such file; expected a summary CSV written by `docksim run`"),
    BadInput(
      "baseline: a directory", B.with(B.gateFiles, ["d/x": B.text("")]), B.gate(baseline: "d"),
      says: "d: is a directory; expected a summary CSV"),
    BadInput(
      "baseline: empty", B.with(B.gateFiles, ["b.csv": B.text("")]), B.gate(),
      says: "b.csv: the file is empty"),
    BadInput(
      "baseline: binary garbage", B.with(B.gateFiles, ["b.csv": B.garbage]), B.gate(),
      says: "b.csv:1: byte 0xFF at offset 0 is not valid UTF-8"),
    BadInput(
      "baseline: 70 MB", B.with(B.gateFiles, ["b.csv": B.huge(70 << 20)]), B.gate(),
      says:
        "b.csv: file is 73400320 bytes; expected a summary CSV written by `docksim run` of at most 67108864 bytes"
    ),
    BadInput(
      "baseline: short row", B.with(B.gateFiles, ["b.csv": B.summary { [$0[0], "walk-across,1,x"] }]),
      B.gate(),
      says: "b.csv:2: expected \(B.summaryColumnCount) cells as in the header, got 3"),
    BadInput(
      "baseline: text for a number",
      B.with(
        B.gateFiles,
        ["b.csv": B.summary { l in [l[0], l[1].replacingOccurrences(of: ",10.0,", with: ",ten,")] }]),
      B.gate(), says: "b.csv:2:20: duration_s: expected a number or an empty cell (not applicable), got 'ten'"
    ),
    BadInput(
      "baseline: duplicate scenario", B.with(B.gateFiles, ["b.csv": B.summary { [$0[0], $0[1], $0[1]] }]),
      B.gate(), says: "b.csv:3:1: scenario: scenario 'camera-switch' appears again (first on line 2)"),
  ]

  static let tolerances: [BadInput] = [
    BadInput(
      "tolerances: negative abs",
      B.with(
        B.gateFiles,
        [
          "b.csv": B.repository("Scenarios/baseline/summary.csv"),
          "t.yaml": B.tolerances(
            "mota: { better: higher, abs: 0.01 }", "mota: { better: higher, abs: -0.01 }"),
        ]),
      B.gate(), says: "t.yaml:32:32: metrics.mota.abs: expected a finite number ≥ 0, got -0.01"),
    BadInput(
      "tolerances: infinite rel",
      B.with(
        B.gateFiles,
        [
          "b.csv": B.repository("Scenarios/baseline/summary.csv"),
          "t.yaml": B.tolerances(
            "mota: { better: higher, abs: 0.01 }", "mota: { better: higher, abs: 0.01, rel: .inf }"),
        ]),
      B.gate(), says: "metrics.mota.rel: expected a finite number ≥ 0, got .inf"),
    BadInput(
      "tolerances: unknown direction",
      B.with(
        B.gateFiles,
        [
          "b.csv": B.repository("Scenarios/baseline/summary.csv"),
          "t.yaml": B.tolerances("mota: { better: higher", "mota: { better: up"),
        ]),
      B.gate(), says: "t.yaml:32:19: metrics.mota.better: expected one of lower, higher, zero, none, got 'up'"
    ),
    BadInput(
      "tolerances: missing metric",
      B.with(
        B.gateFiles,
        [
          "b.csv": B.repository("Scenarios/baseline/summary.csv"),
          "t.yaml": B.tolerances("  mota: { better: higher, abs: 0.01 }\n", ""),
        ]),
      B.gate(), says: "t.yaml:14:3: metrics: no tolerance for 'mota'"),
    BadInput(
      "tolerances: YAML syntax error",
      B.with(
        B.gateFiles,
        ["b.csv": B.repository("Scenarios/baseline/summary.csv"), "t.yaml": B.text("metrics: [\n")]),
      B.gate(), says: "t.yaml:2: invalid YAML"),
  ]

  static let logs: [BadInput] = [
    BadInput("replay: no such log", [:], B.replay, says: "log.csv: no such file"),
    BadInput(
      "replay: a frame of 1,025 boxes",
      [
        "log.csv": B.text(
          B.logHeader + "\n"
            + B.many(1_025) { i in "0,0.0,0.1,0.0,humanFace,\(Double(i % 100) / 100),0.5,0,0.05" })
      ], B.replay,
      says: "log.csv:1026: frame: expected at most 1024 observations a frame, got more in frame 0"),
    BadInput(
      "replay: a directory", ["log.csv/x": B.text("")], B.replay,
      says: "log.csv: is a directory, expected a CSV file"),
    BadInput(
      "replay: empty log", ["log.csv": B.text("")], B.replay,
      says: "log.csv: empty log, expected a header line"),
    BadInput(
      "replay: binary garbage", ["log.csv": B.garbage], B.replay,
      says: "log.csv: not UTF-8 text, expected a CSV file"),
    BadInput(
      "replay: wrong header", ["log.csv": B.text("frames,t\n")], B.replay,
      says: "log.csv:1: expected the header \(B.logHeader) (optionally followed by ,score), got frames,t"),
    BadInput(
      "replay: 50 MB single line", ["log.csv": B.huge(50 << 20)], B.replay,
      says: "log.csv:1: expected the header", "… (52428800 bytes)"),
    BadInput(
      "replay: NaN time", ["log.csv": B.text("\(B.logHeader)\n0,nan,0.1,0.0,humanFace,0.5,0.5,0,0.1\n")],
      B.replay,
      says: "log.csv:2: t_s: expected a finite number, got 'nan'"),
    BadInput(
      "replay: negative time", ["log.csv": B.text("\(B.logHeader)\n0,-1,0.1,0.0,humanFace,0.5,0.5,0,0.1\n")],
      B.replay, says: "log.csv:2: t_s: expected a value in 0.0...10000000.0, got -1.0"),
    BadInput(
      "replay: unknown kind", ["log.csv": B.text("\(B.logHeader)\n0,0,0.1,0.0,alien,0.5,0.5,0,0.1\n")],
      B.replay,
      says: "log.csv:2: kind: expected humanFace, humanBody or object, got 'alien'"),
    BadInput(
      "replay: extra cell", ["log.csv": B.text("\(B.logHeader)\n\(B.logRow),9\n")], B.replay,
      says: "log.csv:2: expected 9 cells, got 10"),
  ]
}

/// Every catalogue case, end to end: exit 2, one line naming the problem, no crash report, no output.
struct BadInputCatalogTests {
  /// Seconds after which a refusal counts as hung, s.
  static let hangSeconds = 180.0

  @Test(arguments: BadInputCatalog.all)
  func refusedWithOneLineAndNoOutput(_ input: BadInput) throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (path, content) in input.files {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try content().write(to: url)
    }
    let out = dir.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let started = Date()
    let r = try CLI.run(input.arguments, in: dir)
    // A guard against a hang (a reader gone quadratic on a huge file), not a speed claim: a fresh-clone
    // CI on a loaded 2-core machine took 48 s for the 50 MB line in a debug build, under 1 s alone.
    #expect(
      Date().timeIntervalSince(started) < Self.hangSeconds, "took \(Date().timeIntervalSince(started)) s")
    #expect(r.status == 2, "exit \(r.status): \(r.stderr)")
    for part in input.says {
      #expect(r.stderr.contains(part), "expected \(part.debugDescription) in: \(r.stderr.prefix(2_000))")
    }
    for crash in ["Fatal error", "Stack dump", "Backtrace", "fatalError", "SIGSEGV"] {
      #expect(!r.stderr.contains(crash))
    }
    let lines = r.stderr.split(separator: "\n")
    #expect(lines.count == 1, "expected one line, got \(lines.count): \(r.stderr.prefix(2_000))")
    #expect(r.stderr.utf8.count < 2_100, "message of \(r.stderr.utf8.count) bytes")
    let left = FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? []
    #expect(left.isEmpty, "files written: \(left)")
  }

  @Test func catalogueCoversEveryKindOfInput() {
    #expect(BadInputCatalog.all.count >= 40)
    #expect(Set(BadInputCatalog.all.map(\.name)).count == BadInputCatalog.all.count)
    let kinds = Set(BadInputCatalog.all.map { String($0.name.prefix { $0 != ":" }) })
    #expect(
      kinds.isSuperset(of: [
        "scenario", "limit", "suite", "--set", "--params", "baseline", "tolerances", "replay",
      ]))
  }
}
