import DockSimCore
import Foundation
import Testing

@testable import DockSimIO

/// Paths from data: a subject's trajectory file, the top-level crowd, and the importer behind
/// `docksim import-trajectories`.
@Suite struct TrajectoryTests {
  /// A walker in a recording's frame (x east, y north) sampled at 2.5 Hz, turning as they go.
  static let walk = """
    t_s,x_m,y_m
    0,2,6
    0.4,2.5,6.1
    0.8,3.1,6.4
    1.2,3.6,6.9
    1.6,3.9,7.5
    2.0,4.0,8.2
    """
  /// The stand at (3, 3) facing north (90° counter-clockwise from east).
  static let stand = StandPose(x: 3, y: 3, heading: .pi / 2)

  static func scenario(_ subject: String, extra: String = "") -> String {
    """
    name: t
    seed: 1
    duration_s: 5
    subjects:
      - id: a
        kind: humanBody
        width_m: 0.5
        height_m: 1.7
    \(subject)
    \(extra)
    """
  }

  static func load(_ files: [String: String], _ yaml: String) throws -> Scenario {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    for (name, text) in files { try dir.write(name, text) }
    let path = try dir.write("s.yaml", yaml)
    return try ScenarioLoader.load(path: path)
  }

  static func loadError(_ files: [String: String], _ yaml: String) throws -> InputError {
    try #require(throws: InputError.self) { _ = try load(files, yaml) }
  }

  static let trajectory = """
        trajectory: { file: walk.csv, stand: { x_m: 3, y_m: 3, heading_deg: 90 }, height_m: -0.15 }
    """

  @Test func standTransformFollowsTheDocumentedFrames() {
    // Facing north: a point north of the stand is ahead, one east of it to the right.
    let ahead = Self.stand.base(x: 3, y: 5)
    #expect(abs(ahead.x - 2) < 1e-12 && abs(ahead.y) < 1e-12)
    let right = Self.stand.base(x: 4, y: 3)
    #expect(abs(right.x) < 1e-12 && abs(right.y - 1) < 1e-12)
  }

  @Test func trajectoryPassesThroughEverySampleAfterTheStandTransform() throws {
    let scenario = try Self.load(["walk.csv": Self.walk], Self.scenario(Self.trajectory))
    let path = scenario.subjects[0].path
    #expect(path.interpolation == .cubic, "files default to cubic")
    let samples = try TrajectoryCSV.parse(Self.walk, file: "walk.csv")
    for s in samples {
      let p = path.position(at: SimTime(seconds: s.time))
      let expected = Self.stand.base(x: s.x, y: s.y)
      #expect(abs(p.x - expected.x) < 1e-9 && abs(p.y - expected.y) < 1e-9, "at \(s.time) s: \(p)")
      #expect(abs(p.z + 0.15) < 1e-9)
    }
  }

  /// Left and right slopes over `dt` at each inner knot: equal up to the acceleration's share.
  static func velocityJumps(_ path: SubjectPath, at times: [Double], dt: Double = 1e-3) -> [Double] {
    times.map { t in
      let before = path.position(at: SimTime(seconds: t - dt))
      let at = path.position(at: SimTime(seconds: t))
      let after = path.position(at: SimTime(seconds: t + dt))
      let left = ((at.x - before.x) / dt, (at.y - before.y) / dt)
      let right = ((after.x - at.x) / dt, (after.y - at.y) / dt)
      return ((right.0 - left.0) * (right.0 - left.0) + (right.1 - left.1) * (right.1 - left.1)).squareRoot()
    }
  }

  @Test func cubicVelocityIsContinuousAtTheKnotsAndLinearIsNot() throws {
    let cubic = try Self.load(["walk.csv": Self.walk], Self.scenario(Self.trajectory)).subjects[0].path
    var linear = cubic
    linear.interpolation = .linear
    let knots = [0.4, 0.8, 1.2, 1.6]
    // Over 1 ms the slopes of a C1 path differ by about |a|·dt (a few mm/s); a corner of linear
    // interpolation by the full change of velocity (tenths of a metre per second).
    for jump in Self.velocityJumps(cubic, at: knots) { #expect(jump < 0.02, "cubic jump \(jump) m/s") }
    for jump in Self.velocityJumps(linear, at: knots) { #expect(jump > 0.1, "linear jump \(jump) m/s") }
    // And the acceleration is continuous too: second differences either side of a knot agree.
    let dt = 1e-2
    for t in knots {
      func acceleration(_ c: Double) -> Double {
        let a = cubic.position(at: SimTime(seconds: c - dt)).x
        let b = cubic.position(at: SimTime(seconds: c)).x
        let d = cubic.position(at: SimTime(seconds: c + dt)).x
        return (a - 2 * b + d) / (dt * dt)
      }
      #expect(abs(acceleration(t - 2 * dt) - acceleration(t + 2 * dt)) < 0.5, "at \(t) s")
    }
  }

  @Test func heightFromTheFileAndInterpolationChoice() throws {
    let file = "t_s,x_m,y_m,z_m\n0,3,1,-0.2\n1,3,2,-0.1\n2,3,3,0\n"
    let s = try Self.load(
      ["w.csv": file],
      Self.scenario("    trajectory: { file: w.csv }\n    interpolation: linear")
    ).subjects[0]
    #expect(s.path.interpolation == .linear)
    let p = s.path.position(at: SimTime(seconds: 0.5))
    #expect(abs(p.y - 1.5) < 1e-12 && abs(p.z + 0.15) < 1e-12)
  }

  @Test func appearAndLeaveAreRead() throws {
    let yaml = ScenarioSamplesForPresence.yaml(appear: "1.5", leave: "3")
    let s = try ScenarioLoader.parse(yaml: yaml, file: "p.yaml").subjects[0]
    #expect(s.appear == SimTime(seconds: 1.5))
    #expect(s.leave == SimTime(seconds: 3))
  }

  // MARK: Bad trajectory files

  struct BadFile: CustomTestStringConvertible, Sendable {
    var label: String
    var text: String
    var line: Int?
    var field: String?
    var says: String
    var testDescription: String { label }
  }

  static let badFiles: [BadFile] = [
    BadFile(
      label: "wrong header", text: "t,x,y\n0,1,1\n", line: 1, field: nil,
      says: "expected the header t_s,x_m,y_m"),
    BadFile(
      label: "non-finite number", text: "t_s,x_m,y_m\n0,3,1\n0.4,nan,1\n", line: 3, field: "x_m",
      says: "non-finite"),
    BadFile(
      label: "infinite time", text: "t_s,x_m,y_m\ninf,3,1\n", line: 2, field: "t_s", says: "non-finite"),
    BadFile(
      label: "time going backwards", text: "t_s,x_m,y_m\n0,3,1\n1,3,2\n0.5,3,3\n", line: 4, field: "t_s",
      says: "expected a time after the previous row's 1 s"),
    BadFile(label: "missing cell", text: "t_s,x_m,y_m\n0,3\n", line: 2, field: nil, says: "expected 3 cells"),
    BadFile(
      label: "no samples", text: "t_s,x_m,y_m\n", line: nil, field: nil, says: "expected at least one row"),
    BadFile(
      label: "coordinate out of range", text: "t_s,x_m,y_m\n0,3000,1\n", line: 2, field: "x_m",
      says: "expected a number in [-1000, 1000]"),
    BadFile(
      label: "stand inside the path", text: "t_s,x_m,y_m\n0,3,4\n1,3.2,3\n", line: 3, field: nil,
      says: "at least 0.5 m from the stand's pivot"),
  ]

  @Test(arguments: badFiles)
  func refusesABadTrajectoryFile(_ bad: BadFile) throws {
    let error = try Self.loadError(["walk.csv": bad.text], Self.scenario(Self.trajectory))
    #expect(error.file.hasSuffix("walk.csv"), "\(error)")
    #expect(error.line == bad.line, "\(error)")
    #expect(error.field == bad.field, "\(error)")
    #expect(error.message.contains(bad.says), "\(error)")
  }

  @Test func refusesATooLargeTrajectoryFile() throws {
    let big =
      "t_s,x_m,y_m\n"
      + String(repeating: "#" + String(repeating: " ", count: 1023) + "\n", count: 16 * 1024 + 1)
    let error = try Self.loadError(["walk.csv": big], Self.scenario(Self.trajectory))
    #expect(error.message.contains("of at most \(TrajectoryLimits.maximumBytes) bytes"), "\(error)")
  }

  /// docksim-fuzz (target `trajectory`, seed 1, iteration 10486): a line of 32,000 empty cells after a
  /// non-ASCII character took 1–2 s, because each cell's column was counted from the line's start; at
  /// the 16 MB limit it would never end. Now the count goes on from the previous cell.
  @Test func aLongLineOfCellsAfterANonASCIICharacterIsRefusedQuickly() throws {
    let cells = 200_000
    let text = "t_s,x_m,y_m\n0,6,-3\n\u{E9}" + String(repeating: ",", count: cells - 1) + "\n"
    let start = ContinuousClock.now
    let error = try #require(throws: InputError.self) {
      _ = try TrajectoryCSV.parse(text, file: "walk.csv")
    }
    let took = ContinuousClock.now - start
    #expect(error.file == "walk.csv" && error.line == 3, "\(error)")
    #expect(error.message.contains("expected 3 cells (t_s,x_m,y_m), got \(cells)"), "\(error)")
    // Linear: milliseconds. Counting from the line's start took minutes for these 200,000 cells.
    #expect(took < .seconds(2), "took \(took)")
  }

  /// Columns after a non-ASCII character are still counted in characters from the line's start,
  /// also past combining marks and a flag (two scalars each) in earlier cells.
  @Test func columnsAfterNonASCIICellsCountCharacters() throws {
    let text = "t_s,x_m,y_m\n\u{E9},e\u{301},\u{1F1EB}\u{1F1F7},1,\"x\"y\n"
    let error = try #require(throws: InputError.self) {
      _ = try TrajectoryCSV.parse(text, file: "walk.csv")
    }
    // é , é , 🇫🇷 , 1 , " x " y: the y after the closing quote is the 12th character.
    #expect(error.line == 2 && error.column == 12, "\(error)")
    #expect(error.message.contains("after a closing quote"), "\(error)")
  }

  @Test func refusesAMissingFileBothFormsAndAMissingHeight() throws {
    let missing = try Self.loadError([:], Self.scenario(Self.trajectory))
    #expect(missing.file.hasSuffix("walk.csv") && missing.message.contains("no such file"), "\(missing)")
    let both = try Self.loadError(
      ["walk.csv": Self.walk],
      Self.scenario(Self.trajectory + "\n    path: [{ t_s: 0, x_m: 1, y_m: 0, height_m: 0 }]"))
    #expect(both.field == "subjects[0].path" && both.message.contains("not both"), "\(both)")
    let noHeight = try Self.loadError(
      ["walk.csv": Self.walk],
      Self.scenario("    trajectory: { file: walk.csv, stand: { x_m: 3, y_m: 3, heading_deg: 90 } }"))
    #expect(
      noHeight.field == "subjects[0].trajectory" && noHeight.message.contains("height_m"), "\(noHeight)")
    let badInterpolation = try Self.loadError(
      ["walk.csv": Self.walk], Self.scenario(Self.trajectory + "\n    interpolation: spline"))
    #expect(badInterpolation.field == "subjects[0].interpolation", "\(badInterpolation)")
  }

  // MARK: Crowds

  /// Three people at 2.5 Hz (frames step 10 at 25 fps): 1 and 2 walk side by side north along x = 4
  /// and 5, person 3 crosses later; the stand at (2, 0) faces north.
  static let recording = """
    0\t1.0\t4.0\t1.0
    0\t2.0\t5.0\t1.0
    10\t1.0\t4.0\t2.0
    10\t2.0\t5.0\t2.0
    20\t1.0\t4.0\t3.0
    20\t2.0\t5.0\t3.0
    20\t3.0\t8.0\t6.0
    30\t1.0\t4.0\t4.0
    30\t2.0\t5.0\t4.0
    30\t3.0\t7.0\t6.0
    40\t3.0\t6.0\t6.0
    50\t1.0\t4.0\t9.0
    """

  static func crowd(
    window: String = "[0, 2]", stand: String = "{ x_m: 2, y_m: 0, heading_deg: 90 }", _ fields: String = ""
  ) -> String {
    """
    name: c
    seed: 1
    duration_s: 2
    crowd: { file: rec.txt, fps: 25, window_s: \(window), stand: \(stand)\(fields) }
    """
  }

  @Test func crowdAddsOnePersonPerPersonInTheWindow() throws {
    let scenario = try Self.load(["rec.txt": Self.recording], Self.crowd())
    #expect(scenario.subjects.map(\.id) == ["p1", "p2", "p3"])
    let p3 = scenario.subjects[2]
    #expect(p3.appear == SimTime(seconds: 0.8) && p3.leave == SimTime(seconds: 1.6))
    #expect(p3.height == 1.7 && p3.width == 0.5)
    // Person 1 at frame 10 (0.4 s), x = 4, y = 2: 2 m ahead and 2 m right of the stand at (2, 0).
    let p = scenario.subjects[0].path.position(at: SimTime(seconds: 0.4))
    #expect(abs(p.x - 2) < 1e-9 && abs(p.y - 2) < 1e-9 && abs(p.z - (0.85 - 1)) < 1e-9)
    // Person 1's sample at 2 s is the window's end: included; nobody after it.
    #expect(scenario.subjects[0].leave == SimTime(seconds: 2))
    #expect(scenario.subjects[0].path.interpolation == .cubic)
  }

  struct BadCrowd: CustomTestStringConvertible, Sendable {
    var label: String
    var recording: String
    var fields: String = ""
    var window = "[0, 2]"
    var stand = "{ x_m: 2, y_m: 0, heading_deg: 90 }"
    var file: String
    var line: Int?
    var field: String?
    var says: String
    var testDescription: String { label }
  }

  static let badCrowds: [BadCrowd] = [
    BadCrowd(
      label: "non-finite coordinate", recording: "0 1 4 1\n10 1 nan 2\n", file: "rec.txt", line: 2,
      field: "x",
      says: "non-finite"),
    BadCrowd(
      label: "frames going backwards", recording: "10 1 4 1\n0 1 4 2\n", file: "rec.txt", line: 2,
      field: "frame",
      says: "time goes backwards"),
    BadCrowd(
      label: "a person twice in one frame", recording: "0 1 4 1\n0 2 5 1\n0 1 4 2\n", file: "rec.txt",
      line: 3,
      field: "id", says: "person 1 twice in frame 0"),
    BadCrowd(
      label: "fractional id", recording: "0 1.5 4 1\n", file: "rec.txt", line: 1, field: "id",
      says: "expected a whole number"),
    BadCrowd(
      label: "three cells", recording: "0 1 4\n", file: "rec.txt", line: 1, field: nil,
      says: "expected 4 cells"),
    BadCrowd(
      label: "unknown format", recording: recording, fields: ", format: biwi", file: "s.yaml", line: 4,
      field: "crowd.format", says: "one of ethucy, csv"),
    BadCrowd(
      label: "window outside the recording", recording: recording, window: "[0, 30]", file: "s.yaml",
      line: 4, field: "crowd.window_s", says: "within the recording's 0…2 s"),
    BadCrowd(
      label: "stand inside the crowd's path", recording: recording,
      stand: "{ x_m: 4, y_m: 3.2, heading_deg: 0 }", file: "rec.txt", line: 5, field: nil,
      says: "is in the crowd's path: person 1 passes 0.2 m"),
    BadCrowd(
      label: "body too narrow", recording: recording, fields: ", width_m: 0.1", file: "s.yaml", line: 4,
      field: "crowd.width_m", says: "expected a number >= 0.25"),
    BadCrowd(
      label: "body too tall", recording: recording, fields: ", body_height_m: 2.5", file: "s.yaml", line: 4,
      field: "crowd.body_height_m", says: "expected a number <= 2.3"),
  ]

  @Test(arguments: badCrowds)
  func refusesABadCrowd(_ bad: BadCrowd) throws {
    let yaml = Self.crowd(window: bad.window, stand: bad.stand, bad.fields)
    let error = try Self.loadError(["rec.txt": bad.recording], yaml)
    #expect(error.file.hasSuffix(bad.file), "\(error)")
    #expect(error.line == bad.line, "\(error)")
    #expect(error.field == bad.field, "\(error)")
    #expect(error.message.contains(bad.says), "\(error)")
  }

  @Test func csvRecordingsReadAsTheWhitespaceOnes() throws {
    let tabs = try PedestrianRecording.parse(Self.recording, file: "rec.txt", format: .ethucy, fps: 25)
    let csv =
      "frame,id,x,y\n"
      + Self.recording.split(separator: "\n").map { $0.split(separator: "\t").joined(separator: ",") }
      .joined(separator: "\n")
    let commas = try PedestrianRecording.parse(csv, file: "rec.csv", format: .csv, fps: 25)
    #expect(commas.map(\.id) == tabs.map(\.id))
    #expect(commas.map { $0.samples.map(\.time) } == tabs.map { $0.samples.map(\.time) })
    let header = try #require(throws: InputError.self) {
      _ = try PedestrianRecording.parse("frame id x y\n0,1,2,3\n", file: "rec.csv", format: .csv, fps: 25)
    }
    #expect(header.line == 1 && header.message.contains("expected the header frame,id,x,y"), "\(header)")
  }

  /// A whitespace recording with Windows line ends (found by the fuzzer's own seed): "\r\n" is one
  /// Character, so splitting at "\n" ran all lines together and refused the file as "expected 4
  /// cells, got 7" on its first CRLF line. It reads as the same file with "\n", and so does "\r".
  @Test func whitespaceRecordingsWithCRLFOrCRLineEndsRead() throws {
    let lf = try PedestrianRecording.parse(Self.recording, file: "rec.txt", format: .ethucy, fps: 25)
    for end in ["\r\n", "\r"] {
      let text = Self.recording.replacingOccurrences(of: "\n", with: end)
      let read = try PedestrianRecording.parse(text, file: "rec.txt", format: .ethucy, fps: 25)
      #expect(read == lf, "line end \(end.unicodeScalars.map { $0.value })")
    }
    // Lines are still counted: a bad row after CRLF lines is named by its own line.
    let error = try #require(throws: InputError.self) {
      _ = try PedestrianRecording.parse(
        "0 1 2 3\r\n# comment\r\n10 1 2\r\n", file: "rec.txt", format: .ethucy, fps: 25)
    }
    #expect(error.line == 3 && error.message.contains("expected 4 cells (frame id x y), got 3"), "\(error)")
  }

  /// docksim-fuzz (target `recording`, by hand from its finding's shape): frames up to 10^12 passed
  /// the reader, and at 0.1 Hz a frame of 999,999,999,990 is 10^13 s, whose microseconds overflow
  /// Int64: `import-trajectories --fps 0.1 --window 0:1e13` trapped in `PrimaryChoice`. The reader now
  /// refuses a time beyond `TrajectoryLimits.maximumRecordingTime`, naming the line and the frame.
  @Test func refusesAFrameWhoseTimeIsBeyondTheLimit() throws {
    let text = "0 1 8 3\n0 2 9 3\n10 1 7 3\n10 2 8 3\n999999999990 1 5 3\n999999999990 2 6 3\n"
    let error = try #require(throws: InputError.self) {
      _ = try PedestrianRecording.parse(text, file: "rec.txt", format: .ethucy, fps: 0.1)
    }
    #expect(error.file == "rec.txt" && error.line == 5 && error.field == "frame", "\(error)")
    #expect(error.message.contains("expected a frame whose time (frame / 0.1 fps) is at most 1000000000 s"))
    #expect(error.message.contains("got 999999999990"), "\(error)")
    // At the limit it still reads, and the import over the whole span runs.
    let atLimit = "0 1 8 3\n0 2 9 3\n100000000 1 7 3\n100000000 2 8 3\n"
    let people = try PedestrianRecording.parse(atLimit, file: "rec.txt", format: .ethucy, fps: 0.1)
    #expect(people.map { $0.samples.last?.time } == [1e9, 1e9])
    let request = TrajectoryImport.Request(
      file: "rec.txt", format: .ethucy, fps: 0.1, window: 0...1e9, stand: StandPose(x: 0, y: 0, heading: 0))
    _ = try TrajectoryImport.run(request, recording: people, fail: Self.optionError)
  }

  @Test func refusesATooLargeRecording() throws {
    let big = String(repeating: "#" + String(repeating: " ", count: 1023) + "\n", count: 16 * 1024 + 1)
    let error = try Self.loadError(["rec.txt": big], Self.crowd())
    #expect(error.file.hasSuffix("rec.txt"))
    #expect(error.message.contains("of at most \(TrajectoryLimits.maximumBytes) bytes"), "\(error)")
  }

  // MARK: The importer

  static func request(_ file: String, primary: Int? = nil, window: ClosedRange<Double> = 0...2)
    -> TrajectoryImport.Request
  {
    TrajectoryImport.Request(
      file: file, format: .ethucy, fps: 25, window: window, stand: StandPose(x: 2, y: 0, heading: .pi / 2),
      primary: primary, seed: 3)
  }

  static func optionError(_ option: String, _ message: String) -> InputError {
    InputError(file: "rec.txt", field: option, message: message)
  }

  @Test func importWritesALoadableDeterministicScenario() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let file = try dir.write("rec.txt", Self.recording)
    let a = try TrajectoryImport.run(Self.request(file), fail: Self.optionError)
    let b = try TrajectoryImport.run(Self.request(file), fail: Self.optionError)
    #expect(a.yaml == b.yaml, "same input and seed, same bytes")
    let scenario = try ScenarioLoader.parse(yaml: a.yaml, file: "imported.yaml")
    #expect(scenario.subjects.map(\.id) == ["p1", "p2", "p3"])
    for s in scenario.subjects {
      #expect(TrajectoryLimits.bodyWidth.contains(s.width) && TrajectoryLimits.bodyHeight.contains(s.height))
      #expect(s.path.interpolation == .cubic)
    }
    // Nobody is there the 4 s of a walk-through; persons 1 and 2 walk side by side, and of the pair
    // the longer presence, then the lower id, wins.
    #expect(a.primary == 1)
    #expect(a.reason.contains("p2 walks within 1.2 m of them 80% of the time"), "\(a.reason)")
    #expect(a.reason.contains("best available"), "\(a.reason)")
    #expect(scenario.subjects[scenario.primarySubject].id == "p1")
    #expect(scenario.events.count == 1)
    #expect(
      a.yaml.contains(
        "# The stand in the recording's frame (x east, y north, metres): x 2, y 0, facing 90 deg"))
    let c = try TrajectoryImport.run(
      TrajectoryImport.Request(
        file: file, format: .ethucy, fps: 25, window: 0...2, stand: StandPose(x: 2, y: 0, heading: .pi / 2),
        seed: 4),
      fail: Self.optionError)
    #expect(c.yaml != a.yaml, "another seed draws other body sizes")
  }

  @Test func standAutoPlacesTheStandBesideThePrimarysWalkOutOfEverybodysWay() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let file = try dir.write("rec.txt", Self.recording)
    var request = Self.request(file)
    request.stand = nil
    let out = try TrajectoryImport.run(request, fail: Self.optionError)
    #expect(out.reason.contains("--stand auto"), "\(out.reason)")
    let scenario = try ScenarioLoader.parse(yaml: out.yaml, file: "auto.yaml")
    for s in scenario.subjects {
      for w in s.path.waypoints {
        let p = w.position.point
        #expect(
          (p.x * p.x + p.y * p.y).squareRoot() >= StandPlacement.clearance - 1e-4, "\(s.id) at \(w.time)")
      }
    }
    // Person 1 walks north along x = 4 from y = 1 to 9 (the middle of its five samples at y = 3): the
    // stand stands 4 m to the west (the walk's left, 4 m from anyone; the east side is 3 m from
    // person 3), facing east.
    let recorded = try PedestrianRecording.parse(Self.recording, file: "rec.txt", format: .ethucy, fps: 25)
    let stand = try #require(StandPlacement.place(primary: recorded[0], everyone: recorded))
    #expect(abs(stand.x - 0) < 1e-12 && abs(stand.y - 3) < 1e-12 && abs(stand.heading) < 1e-12, "\(stand)")
  }

  @Test func standAutoFailsWhenEveryPlaceIsTaken() throws {
    // The primary walks east along y = 0 with its middle at x = 0; somebody stands at every place tried.
    var rows = ["0 1 -1 0", "10 1 0 0", "20 1 1 0"]
    var id = 2
    for d in StandPlacement.distances {
      for y in [d, -d] {
        rows += ["0 \(id) 0 \(y)", "10 \(id) 0 \(y)"]
        id += 1
      }
    }
    let recorded = try PedestrianRecording.parse(
      rows.sorted { Int($0.split(separator: " ")[0])! < Int($1.split(separator: " ")[0])! }.joined(
        separator: "\n"),
      file: "rec.txt", format: .ethucy, fps: 25)
    #expect(StandPlacement.place(primary: recorded[0], everyone: recorded) == nil)
  }

  @Test func importRefusesAnUnknownPrimaryAndABadWindow() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let file = try dir.write("rec.txt", Self.recording)
    let unknown = try #require(throws: InputError.self) {
      _ = try TrajectoryImport.run(Self.request(file, primary: 9), fail: Self.optionError)
    }
    #expect(unknown.field == "--primary" && unknown.message.contains("(1, 2, 3)"), "\(unknown)")
    let outside = try #require(throws: InputError.self) {
      _ = try TrajectoryImport.run(Self.request(file, window: 1...9), fail: Self.optionError)
    }
    #expect(outside.field == "--window", "\(outside)")
  }
}

/// A one-subject scenario with `appear_s`/`leave_s`.
enum ScenarioSamplesForPresence {
  static func yaml(appear: String, leave: String) -> String {
    """
    name: t
    seed: 1
    duration_s: 5
    subjects:
      - id: a
        kind: humanBody
        width_m: 0.5
        height_m: 1.7
        appear_s: \(appear)
        leave_s: \(leave)
        path:
          - { t_s: 0, azimuth_deg: 0, distance_m: 2, height_m: 0 }
    """
  }
}
