import DockSimCore
import DockSimIO
import DockSimTestSupport
import Foundation
import Testing

@testable import DockSimHarness

/// Scoring a recorded log: the K1 fixture log (one subject, 1000 frames) against its ground truth, and
/// the reference oracle EKF (`Tests/Fixtures/ekf/K1_ekf.csv`) as the known answer.
struct LogScoreTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9)
  /// The oracle's noise model (`Tests/Fixtures/README.md`).
  static var oracleParameters: TrackerParameters { Fixtures.oracleTrackerParameters }
  static func path(_ relative: String) -> String { Fixtures.directory.appendingPathComponent(relative).path }
  static let log = Result { try ObservationLog.read(path: path("replay/K1_log.csv")) }
  static let reference = Result { try ReferenceTrack.read(path: path("replay/K1_reference.csv")) }

  func score(_ p: TrackerParameters, reference: [ReferencePoint]? = nil) throws -> LogScore {
    LogScore.score(log: try Self.log.get(), camera: Self.camera, parameters: p, reference: reference)
  }

  @Test func errorAgainstTheReferenceIsTheOracleFiltersError() throws {
    let s = try score(Self.oracleParameters, reference: try Self.reference.get())
    #expect(s.frames == 1000 && s.referenceFrames == 1000)
    // The primary exists from confirmation (a few frames) to the end.
    #expect(s.estimatedFrames >= 990 && s.estimatedFrames < 1000)
    let ekf = try Fixtures.csv("ekf/K1_ekf.csv")
    let truth = try Fixtures.csv("ekf/K1_truth.csv")
    var squares = 0.0
    for (e, t) in zip(ekf, truth).suffix(s.estimatedFrames) {
      let a = Direction(azimuth: Fixtures.number(e, "az"), elevation: Fixtures.number(e, "el"))
      let b = Direction(azimuth: Fixtures.number(t, "az"), elevation: Fixtures.number(t, "el"))
      let d = Direction.angleBetween(a, b)
      squares += d * d
    }
    let want = (squares / Double(s.estimatedFrames)).squareRoot()
    let got = try #require(s.value(of: .logErrorRMS))
    #expect(abs(got - want) <= 1e-9 * want, "got \(got), oracle \(want)")
    #expect(s.value(of: .logCoverage) == Double(s.estimatedFrames) / 1000)
  }

  @Test func nisMeanIsTheOracles() throws {
    let s = try score(Self.oracleParameters)
    let nis = try Fixtures.csv("ekf/K1_ekf.csv").map { Fixtures.number($0, "nis") }.filter(\.isFinite)
    let want = nis.reduce(0, +) / Double(nis.count)
    #expect(s.updates == nis.count)
    let got = try #require(s.value(of: .logNISMean))
    #expect(abs(got - want) <= 1e-9 * want, "got \(got), oracle \(want)")
    #expect(s.value(of: .logNISConsistency) == abs(got / 3 - 1))
    // Without a reference only the consistency metrics apply.
    #expect(s.value(of: .logErrorRMS) == nil && s.value(of: .logCoverage) == nil)
    #expect(s.value(of: MetricKey("no_such_metric")) == nil)
  }

  @Test func theTrueMeasurementNoiseIsTheMostConsistent() throws {
    let reference = try Self.reference.get()
    let right = try score(Self.oracleParameters, reference: reference)
    for factor in [0.1, 0.25, 2.5, 10.0] {
      var p = Self.oracleParameters
      p.measurementNoiseCenter *= factor
      p.measurementNoiseHeight *= factor
      let wrong = try score(p, reference: reference)
      #expect(wrong.nisConsistency! > right.nisConsistency! + 0.4, "R × \(factor)")
      // Too little noise makes the NIS large; too much makes it small.
      #expect(factor < 1 ? wrong.nisMean! > 3 : wrong.nisMean! < 3, "R × \(factor)")
    }
    var sluggish = Self.oracleParameters
    sluggish.processNoiseAngle = 0.0005
    #expect(try score(sluggish, reference: reference).errorRMS! > 1.5 * right.errorRMS!)
  }

  @Test func onlyFramesWithAReferenceCount() throws {
    let every = try Self.reference.get()
    let even = every.filter { $0.frame % 2 == 0 } + [ReferencePoint(frame: 5000, azimuth: 0, elevation: 0)]
    let s = try score(Self.oracleParameters, reference: even)
    #expect(s.referenceFrames == 500, "the point past the log is ignored")
    #expect(s.estimatedFrames >= 495 && s.estimatedFrames <= 500)
  }

  @Test func trackerParametersComeFromTheTrackerOverridesAlone() throws {
    var o = ScenarioOverrides()
    try o.addAssignment("tracker.gate=30")
    try o.addAssignment("tracker.max_coast_s=0.4")
    try o.addAssignment("controller.gain_per_s=4")
    let p = try ScenarioLoader.trackerParameters(overrides: o)
    #expect(p.gate == 30 && p.maxCoastTime == 0.4)
    #expect(p.processNoiseAngle == TrackerParameters().processNoiseAngle)
    #expect(try ScenarioLoader.trackerParameters(overrides: ScenarioOverrides()) == TrackerParameters())
    for (assignment, needle) in [
      ("tracker.gate=-1", "tracker.gate"), ("tracker.gaet=3", "gaet"),
      ("tracker.confirm_hits=2.5", "integer"),
      ("tracker=3", "tracker"),
    ] {
      var bad = ScenarioOverrides()
      try bad.addAssignment(assignment)
      #expect(throws: InputError.self) { try ScenarioLoader.trackerParameters(overrides: bad) }
      do { _ = try ScenarioLoader.trackerParameters(overrides: bad) } catch {
        #expect("\(error)".contains(needle) && "\(error)".contains("--set \(assignment)"), "\(error)")
      }
    }
  }
}

struct ReferenceTrackTests {
  static let header = "frame,az_rad,el_rad\n"

  @Test func readsCommentsGapsAndWindingAzimuths() throws {
    let points = try ReferenceTrack.parse(
      "# from the mocap rig\r\n" + Self.header + "0,0.1,-0.2\n7,7.5,1.5\n\n", file: "ref.csv")
    #expect(
      points == [
        ReferencePoint(frame: 0, azimuth: 0.1, elevation: -0.2),
        ReferencePoint(frame: 7, azimuth: 7.5, elevation: 1.5),
      ])
  }

  @Test func everyBadFileIsNamedWithItsLineAndColumn() {
    let cases: [(String, String)] = [
      ("", "ref.csv: empty reference"),
      ("# nothing\n", "ref.csv: empty reference"),
      (Self.header, "ref.csv: no reference rows"),
      ("frame,az,el\n0,0,0\n", "ref.csv:1: expected the header frame,az_rad,el_rad"),
      (Self.header + "0,0\n", "ref.csv:2: expected 3 cells, got 2"),
      (Self.header + "-1,0,0\n", "ref.csv:2: frame: expected a non-negative integer"),
      (Self.header + "1.5,0,0\n", "ref.csv:2: frame: expected a non-negative integer"),
      (
        Self.header + "3,0,0\n3,0,0\n", "ref.csv:3: frame: expected frames in increasing order, got 3 after 3"
      ),
      (Self.header + "0,nan,0\n", "ref.csv:2: az_rad: expected a finite angle"),
      (Self.header + "0,0,inf\n", "ref.csv:2: el_rad: expected a finite angle"),
      (Self.header + "0,0,1.6\n", "ref.csv:2: el_rad: expected an elevation within ±π/2 rad, got 1.6"),
      (Self.header + "0,1e5,0\n", "ref.csv:2: az_rad: expected an azimuth within ±10000 rad"),
      (Self.header + "0,x,0\n", "az_rad: expected a finite angle in radians, got 'x'"),
    ]
    for (text, needle) in cases {
      do {
        _ = try ReferenceTrack.parse(text, file: "ref.csv")
        Issue.record("accepted \(text.debugDescription)")
      } catch {
        #expect("\(error)".contains(needle), "\(error)")
      }
    }
  }

  @Test func missingFilesAndDirectoriesAreNamed() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-ref-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let missing = dir.appendingPathComponent("nope.csv").path
    #expect(throws: InputError(file: missing, line: nil, column: nil, message: "no such file")) {
      try ReferenceTrack.read(path: missing)
    }
    #expect(
      throws: InputError(
        file: dir.path, line: nil, column: nil, message: "is a directory, expected a CSV file")
    ) { try ReferenceTrack.read(path: dir.path) }
    let binary = dir.appendingPathComponent("bin.csv")
    try Data([0xFF, 0xFE, 0x00]).write(to: binary)
    #expect(throws: InputError.self) { try ReferenceTrack.read(path: binary.path) }
  }
}
