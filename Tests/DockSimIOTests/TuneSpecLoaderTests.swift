import DockSimCore
import Foundation
import Testing

@testable import DockSimIO

struct TuneSpecLoaderTests {
  static let good = """
    tune: t
    train: [ a.yaml ]
    validation:
      scenarios: [ b.yaml ]
      logs:
        - { log: k1.csv, reference: k1-ref.csv, hfov_deg: 60, aspect: 1.5 }
    parameters:
      - { path: tracker.process_noise_angle, min: 0.01, max: 3, scale: log }
      - { path: tracker.confirm_hits, min: 2, max: 9, integer: true }
      - { path: controller.feedforward, values: [true, false] }
    objective:
      minimize: { framing_error_rms: 1 }
      maximize: { idf1: 0.5 }
      constraints: { primary_switches: { max: 0 }, in_frame_ratio: { min: 0.9 } }
    search: { seed: 3, initial: random, initial_trials: 5, method: none, budget: 6, validate_top: 1, sensitivity_step: 0 }

    """

  func load(_ text: String) throws -> TuneSpec {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    return try TuneSpecLoader.load(path: try dir.write("t.tune.yaml", text))
  }

  @Test func readsEveryField() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let spec = try TuneSpecLoader.load(path: try dir.write("t.tune.yaml", Self.good))
    let base = dir.url.standardized.path
    #expect(spec.name == "t")
    #expect(spec.train.scenarios == [base + "/a.yaml"])
    #expect(spec.validation.scenarios == [base + "/b.yaml"])
    #expect(
      spec.validation.logs == [
        TuneLog(
          log: base + "/k1.csv", reference: base + "/k1-ref.csv", horizontalFOV: Angle.radians(degrees: 60),
          aspect: 1.5)
      ])
    #expect(
      spec.parameters == [
        TuneParameter(
          path: "tracker.process_noise_angle", domain: .real(lower: 0.01, upper: 3, logarithmic: true)),
        TuneParameter(
          path: "tracker.confirm_hits", domain: .integer(lower: 2, upper: 9, logarithmic: false)),
        TuneParameter(path: "controller.feedforward", domain: .choice(["true", "false"])),
      ])
    #expect(
      spec.objective.terms == [
        .init(metric: .framingErrorRMS, weight: 1), .init(metric: .idf1, weight: -0.5),
      ])
    #expect(
      spec.objective.constraints == [
        Expectation(metric: .inFrameRatio, minimum: 0.9, maximum: nil),
        Expectation(metric: .primarySwitches, minimum: nil, maximum: 0),
      ])
    #expect(
      spec.search
        == TuneSearch(
          seed: 3, initial: .random, initialTrials: 5, method: .none, budget: 6, validateTop: 1,
          sensitivityStep: 0))
  }

  /// Each bad specification, the field its error must name, and what it must say.
  static let bad: [(String, String, String)] = [
    ("", "t.tune.yaml", "the file is empty"),
    ("tune: [", "t.tune.yaml", "invalid YAML"),
    (
      good.replacingOccurrences(of: "tune: t", with: "tunes: t"), "tunes",
      "unknown field 'tunes' (did you mean 'tune'?)"
    ),
    (good.replacingOccurrences(of: "train: [ a.yaml ]\n", with: ""), "train", "missing required field"),
    (
      good.replacingOccurrences(of: "train: [ a.yaml ]", with: "train: {}"), "train",
      "expected at least one scenario or log"
    ),
    (
      good.replacingOccurrences(of: "train: [ a.yaml ]", with: "train: { scenario: [a.yaml] }"),
      "train.scenario", "unknown field"
    ),
    (
      good.replacingOccurrences(of: "hfov_deg: 60", with: "hfov_deg: 0"), "validation.logs[0].hfov_deg",
      "expected"
    ),
    (
      good.replacingOccurrences(of: "log: k1.csv, ", with: ""), "validation.logs[0].log",
      "missing required field"
    ),
    (
      good.replacingOccurrences(of: "min: 0.01, max: 3", with: "min: 3, max: 0.01"), "parameters[0].max",
      "a max above min"
    ),
    (
      good.replacingOccurrences(of: "min: 0.01, max: 3", with: "min: 0, max: 3"), "parameters[0].scale",
      "a log scale needs min > 0"
    ),
    (
      good.replacingOccurrences(of: "min: 0.01, max: 3", with: "min: .nan, max: 3"), "parameters[0].min",
      "a finite number"
    ),
    (
      good.replacingOccurrences(of: "scale: log", with: "scale: exp"), "parameters[0].scale",
      "expected linear or log"
    ),
    (
      good.replacingOccurrences(of: "min: 2, max: 9", with: "min: 2.5, max: 9"), "parameters[1]",
      "whole min and max"
    ),
    (
      good.replacingOccurrences(of: "tracker.confirm_hits", with: "tracker.process_noise_angle"),
      "parameters[1].path", "already a parameter"
    ),
    (
      good.replacingOccurrences(of: "path: tracker.confirm_hits", with: "path: 'subjects[0].width_m'"),
      "parameters[1].path", "list elements cannot be tuned"
    ),
    (
      good.replacingOccurrences(of: "values: [true, false]", with: "values: [true]"), "parameters[2].values",
      "at least two values"
    ),
    (
      good.replacingOccurrences(of: "values: [true, false]", with: "values: [true, true]"),
      "parameters[2].values[1]", "listed twice"
    ),
    (
      good.replacingOccurrences(of: "values: [true, false]", with: "values: [true, false], min: 1"),
      "parameters[2]", "not both"
    ),
    (
      good.replacingOccurrences(of: ", max: 3, scale: log", with: ""), "parameters[0].max",
      "missing required field"
    ),
    (
      good.replacingOccurrences(of: "framing_error_rms: 1 }", with: "framing_eror_rms: 1 }"),
      "objective.minimize.framing_eror_rms", "did you mean 'framing_error_rms'"
    ),
    (
      good.replacingOccurrences(of: "framing_error_rms: 1 }", with: "framing_error_rms: -1 }"),
      "objective.minimize.framing_error_rms", "expected a number > 0"
    ),
    (
      good.replacingOccurrences(of: "maximize: { idf1: 0.5 }", with: "maximize: { framing_error_rms: 0.5 }"),
      "objective.maximize.framing_error_rms", "both minimized and maximized"
    ),
    (
      good.replacingOccurrences(of: "{ max: 0 }", with: "{ }"), "objective.constraints.primary_switches",
      "min, max or both"
    ),
    (
      good.replacingOccurrences(
        of: "minimize: { framing_error_rms: 1 }\n  maximize: { idf1: 0.5 }\n", with: ""), "objective",
      "at least one metric"
    ),
    (
      good.replacingOccurrences(of: "initial: random", with: "initial: sobol"), "search.initial",
      "latin-hypercube or random"
    ),
    (
      good.replacingOccurrences(of: "method: none", with: "method: cma"), "search.method",
      "nelder-mead or none"
    ),
    (
      good.replacingOccurrences(of: "budget: 6", with: "budget: 5"), "search.budget",
      "at least 6 (the baseline and 5 initial trials)"
    ),
    (good.replacingOccurrences(of: "budget: 6", with: "budget: -1"), "search.budget", "an integer in 1"),
    (good.replacingOccurrences(of: "seed: 3", with: "seed: -3"), "search.seed", "an integer"),
    (
      good.replacingOccurrences(of: "aspect: 1.5 }", with: "aspect: 1.5, tracker: { gat: 9 } }"),
      "validation.logs[0].tracker.gat", "did you mean 'gate'"
    ),
    (
      good.replacingOccurrences(of: "aspect: 1.5 }", with: "aspect: 1.5, tracker: { gate: -9 } }"),
      "validation.logs[0].tracker.gate", "expected"
    ),
    (
      good.replacingOccurrences(of: "sensitivity_step: 0", with: "sensitivity_step: 0.9"),
      "search.sensitivity_step", "expected"
    ),
  ]

  @Test(arguments: bad.indices)
  func badSpecificationsNameTheFieldAndWhatWasExpected(_ i: Int) throws {
    let (text, field, message) = Self.bad[i]
    do {
      _ = try load(text)
      Issue.record("case \(i) (\(field)) was accepted")
    } catch {
      let description = "\(error)"
      #expect(description.contains("t.tune.yaml"), "case \(i): \(description)")
      #expect(description.contains(field), "case \(i): \(description)")
      #expect(description.contains(message), "case \(i): \(description)")
    }
  }

  /// A log entry's `tracker` section is the tracker it is replayed with (before the candidate's values):
  /// the defaults with its fields, read as a scenario's `tracker` section.
  @Test func aLogEntryCarriesItsTracker() throws {
    let spec = try load(
      Self.good.replacingOccurrences(
        of: "aspect: 1.5 }", with: "aspect: 1.5, tracker: { measurement_noise_center_slope: 0, gate: 9 } }"))
    var expected = TrackerParameters()
    expected.measurementNoiseCenterSlope = 0
    expected.gate = 9
    #expect(spec.validation.logs.map(\.tracker) == [expected])
    #expect(try load(Self.good).validation.logs.map(\.tracker) == [TrackerParameters()])
  }

  @Test func aMissingFileIsNamed() {
    #expect {
      try TuneSpecLoader.load(path: "/nonexistent/t.tune.yaml")
    } throws: { "\($0)".contains("/nonexistent/t.tune.yaml") }
  }

  @Test func logMetricNamesAreKnownMetrics() {
    #expect(Set(TuneSpec.metricNames).count == TuneSpec.metricNames.count)
    #expect(TuneSpec.metricNames.starts(with: MetricCatalog.names))
  }
}
