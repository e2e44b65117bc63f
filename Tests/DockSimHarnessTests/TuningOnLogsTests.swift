import DockSimCore
import DockSimIO
import DockSimTestSupport
import Foundation
import Testing

@testable import DockSimHarness

/// Tuning on recorded logs: the K1 fixture log, whose true measurement noise is known (0.004 for the
/// box centre), replayed with the candidates' tracker parameters.
@Suite(.serialized) struct TuningOnLogsTests {
  static func fixture(_ spec: String) throws -> TuningFixture {
    let f = try TuningFixture(spec: spec)
    for name in ["K1_log.csv", "K1_reference.csv"] {
      try FileManager.default.copyItem(
        at: Fixtures.directory.appendingPathComponent("replay/\(name)"),
        to: f.directory.appendingPathComponent(name))
    }
    return f
  }

  /// One parameter, on a tracker with constant noise (the log entry's `tracker`: the fixture's detector
  /// noise does not grow with the box, the default tracker's does): a mean NIS cannot tell too much process noise from too little measurement noise,
  /// so tuning both on consistency alone has no single answer (`docs/tuning.md`).
  static let logSpec = """
    tune: noise-from-a-log
    train:
      scenarios: [ a.yaml ]
      logs:
        - log: K1_log.csv
          reference: K1_reference.csv
          hfov_deg: 68.75493541569878
          tracker: { measurement_noise_center_slope: 0, measurement_noise_height_slope: 0 }
    validation:
      logs:
        - log: K1_log.csv
          hfov_deg: 68.75493541569878
          tracker: { measurement_noise_center_slope: 0, measurement_noise_height_slope: 0 }
    parameters:
      - { path: tracker.measurement_noise_center, min: 0.0005, max: 0.05, scale: log, start: 0.03 }
    objective:
      minimize: { log_nis_consistency: 1 }
    search: { seed: 2, initial_trials: 6, budget: 24, validate_top: 3, sensitivity_step: 0 }

    """

  func metric(_ r: TrialRecord, _ name: String) -> Double? {
    r.metrics[TuneSpec.metricNames.firstIndex(of: name)!]
  }

  @Test func tuningOnALogFindsItsMeasurementNoise() throws {
    let f = try Self.fixture(Self.logSpec)
    defer { f.remove() }
    let spec = try TuneSpecLoader.load(path: f.spec)
    guard
      case .finished(let o) = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("run"), jobs: 2))
    else { throw TuneError("expected a finished tuning") }
    let base = try #require(o.baseline.validation.score.objective)
    let chosen = try #require(o.chosen.validation.score.objective)
    #expect(chosen < 0.5 * base, "validation NIS consistency \(chosen) vs the start's \(base)")
    let values = try #require(o.chosen.train.values)
    let noise = try #require(Double(values[0]))
    #expect(noise > 0.002 && noise < 0.008, "chose a centre noise of \(noise); the log's is 0.004")
    // Training mixes a scenario and a log: each reports its own metrics, the row holds both.
    let train = o.chosen.train
    #expect(metric(train, "log_error_rms_rad").map { $0 > 0 && $0 < 0.02 } == true)
    #expect(metric(train, "log_coverage").map { $0 > 0.98 } == true)
    #expect(metric(train, "framing_error_rms") != nil)
    // The validation log has no reference: consistency only.
    #expect(metric(o.chosen.validation, "log_error_rms_rad") == nil)
    #expect(metric(o.chosen.validation, "log_nis_mean") != nil)
    let trials = try String(contentsOfFile: f.out("run") + "/trials.csv", encoding: .utf8)
    #expect(
      trials.split(separator: "\n")[0].contains(
        ",log_error_rms_rad,log_coverage,log_nis_mean,log_nis_consistency,"))
  }

  @Test func aReferenceForAnotherRecordingIsRefused() throws {
    let f = try Self.fixture(Self.logSpec)
    defer { f.remove() }
    try f.write("K1_reference.csv", "frame,az_rad,el_rad\n5000,0.1,0.1\n5001,0.1,0.1\n")
    let spec = try TuneSpecLoader.load(path: f.spec)
    #expect {
      try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("run"), jobs: 2))
    } throws: { error in
      let text = "\(error)"
      return text.contains("K1_reference.csv: frame: no frame in common with the log")
        && text.contains("K1_log.csv") && text.contains("reference frames 5000...5001, log frames 0...999")
    }
    #expect(!FileManager.default.fileExists(atPath: f.out("run") + "/trials.csv"))
  }

  @Test func aBrokenReferenceIsNamedWithItsLine() throws {
    let f = try Self.fixture(Self.logSpec)
    defer { f.remove() }
    try f.write("K1_reference.csv", "frame,az_rad,el_rad\n0,0.1,nan\n")
    let spec = try TuneSpecLoader.load(path: f.spec)
    #expect {
      try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("run"), jobs: 2))
    } throws: { error in
      "\(error)".contains("K1_reference.csv:2: el_rad: expected a finite angle in radians, got 'nan'")
    }
  }
}
