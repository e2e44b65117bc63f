import DockSimCore
import DockSimIO
import Foundation
import Testing

/// `detector.profile`: a detector file's values as the scenario's defaults, fields beside it overriding
/// them, errors in the profile named in the profile; and the same file as a `--params` overlay.
struct DetectorProfileTests {
  static let profile = """
    # fitted somewhere
    detector:
      center_noise: 0.011
      center_noise_slope: 0.02
      burst_rate: 0.05
      burst_length: 4
      score_false: 0.7
    """

  static func scenario(detector: String) -> String {
    ScenarioSamples.minimal + "detector:\n" + detector
  }

  @Test func profileValuesAreDefaultsAndFieldsBesideItOverride() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("frcnn.yaml", Self.profile)
    let path = try dir.write("s.yaml", Self.scenario(detector: "  profile: frcnn.yaml\n  burst_length: 6\n"))
    let d = try ScenarioLoader.load(path: path).detector
    #expect(
      d.centerNoise == 0.011 && d.centerNoiseSlope == 0.02 && d.burstRate == 0.05 && d.scoreFalse == 0.7)
    #expect(d.burstLength == 6, "the scenario's own field wins")
    #expect(d.sizeNoise == DetectorParameters().sizeNoise, "a field neither sets keeps the built-in default")
  }

  @Test func theProfileIsFoundRelativeToTheScenario() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try FileManager.default.createDirectory(
      at: dir.url.appendingPathComponent("detectors"), withIntermediateDirectories: true)
    try dir.write("detectors/p.yaml", Self.profile)
    let path = try dir.write("s.yaml", Self.scenario(detector: "  profile: detectors/p.yaml\n"))
    #expect(try ScenarioLoader.load(path: path).detector.centerNoise == 0.011)
  }

  @Test func theSameFileWorksAsAParamsOverlay() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let overlay = try dir.write("frcnn.yaml", Self.profile)
    var overrides = ScenarioOverrides()
    try overrides.addOverlay(path: overlay)
    let d = try ScenarioLoader.parse(yaml: ScenarioSamples.minimal, file: "s.yaml", overrides: overrides)
      .detector
    #expect(d.centerNoise == 0.011 && d.burstLength == 4)
    #expect(try DetectorProfile.parse(yaml: Self.profile, file: overlay) == d)
  }

  /// Each bad profile (or bad `profile` value) and where its error must point.
  static let badProfiles:
    [(profile: String?, detector: String, file: String, line: Int?, field: String?, says: String)] = [
      (
        "detector:\n  center_noise: -1\n", "  profile: p.yaml\n", "p.yaml", 2, "detector.center_noise",
        "expected a number >= 0"
      ),
      (
        "detector:\n  centre_noise: 0.01\n", "  profile: p.yaml\n", "p.yaml", 2, "detector.centre_noise",
        "did you mean 'center_noise'"
      ),
      (
        "detector:\n  profile: other.yaml\n", "  profile: p.yaml\n", "p.yaml", 2, "detector.profile",
        "unknown field"
      ),
      ("tracker:\n  gate: 3\n", "  profile: p.yaml\n", "p.yaml", 1, "tracker", "unknown field"),
      ("# nothing\n", "  profile: p.yaml\n", "p.yaml", nil, nil, "the file is empty"),
      ("detector: [1, 2]\n", "  profile: p.yaml\n", "p.yaml", 1, "detector", "expected a mapping"),
      (
        "detector:\n  burst_length: 0.5\n", "  profile: p.yaml\n", "p.yaml", 2, "detector.burst_length",
        ">= 1"
      ),
      (nil, "  profile: missing.yaml\n", "s.yaml", 11, "detector.profile", "no such file"),
      (nil, "  profile: 3\n", "s.yaml", 11, "detector.profile", "no such file"),
      (nil, "  profile: [a]\n", "s.yaml", 11, "detector.profile", "expected the path of a detector profile"),
    ]

  @Test(arguments: badProfiles.indices)
  func errorsNameTheFileLineAndField(_ k: Int) throws {
    let bad = Self.badProfiles[k]
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    if let profile = bad.profile { try dir.write("p.yaml", profile) }
    let path = try dir.write("s.yaml", Self.scenario(detector: bad.detector))
    let error = #expect(throws: InputError.self) { try ScenarioLoader.load(path: path) }
    #expect(error?.file.hasSuffix(bad.file) == true, "\(String(describing: error))")
    #expect(error?.line == bad.line, "\(String(describing: error))")
    #expect(error?.field == bad.field, "\(String(describing: error))")
    #expect(error?.message.contains(bad.says) == true, "\(String(describing: error))")
  }

  /// A profile error is the profile's, even when an overlay also sets that field.
  @Test func aProfileErrorIsNotBlamedOnAnOverlay() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("p.yaml", "detector:\n  center_noise: -1\n")
    let overlay = try dir.write("o.yaml", "detector:\n  center_noise: 0.02\n")
    let path = try dir.write("s.yaml", Self.scenario(detector: "  profile: p.yaml\n"))
    var overrides = ScenarioOverrides()
    try overrides.addOverlay(path: overlay)
    let error = #expect(throws: InputError.self) { try ScenarioLoader.load(path: path, overrides: overrides) }
    #expect(error?.file.hasSuffix("p.yaml") == true && error?.line == 2, "\(String(describing: error))")
  }
}
