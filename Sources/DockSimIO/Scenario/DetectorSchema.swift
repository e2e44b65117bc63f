import DockSimCore
import Foundation
import Yams

/// The `detector` section: noise, misses, bursts, false positives, confidences and latency of the
/// built-in detector (docs/scenarios.md "detector", docs/sensors.md "Detector model"), optionally on
/// top of a profile file.
enum DetectorSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec(profileFields + [FieldSpec("profile", .text(minLength: 1))])
  /// The fields a profile file's `detector` section may hold: all but `profile` (a profile does not
  /// name another, so there is no chain to follow or cycle to refuse).
  static var profileFields: [FieldSpec] { parameters.map(\.spec) }

  /// One declaration per parameter: its YAML name, bounds and the `DetectorParameters` property it
  /// sets, in documentation order; the schema and the reader both come from here.
  struct Parameter: Sendable {
    enum Value: Sendable {
      case number(NumberBounds, WritableKeyPath<DetectorParameters, Double> & Sendable)
      case integer(ClosedRange<Int>, WritableKeyPath<DetectorParameters, Int> & Sendable)
    }
    var name: String
    var value: Value

    init(
      _ name: String, _ bounds: NumberBounds, _ key: WritableKeyPath<DetectorParameters, Double> & Sendable
    ) {
      self.name = name
      value = .number(bounds, key)
    }

    init(
      _ name: String, _ range: ClosedRange<Int>, _ key: WritableKeyPath<DetectorParameters, Int> & Sendable
    ) {
      self.name = name
      value = .integer(range, key)
    }

    var spec: FieldSpec {
      switch value {
      case .number(let bounds, _): FieldSpec(name, .number(bounds))
      case .integer(let range, _): FieldSpec(name, .integer(range))
      }
    }

    /// Sets the property from `m`'s field of this name, or leaves it (absent field).
    func read(_ m: MappingReader, into p: inout DetectorParameters) throws(InputError) {
      switch value {
      case .number(let bounds, let key):
        p[keyPath: key] = try m.number(name, bounds, default: p[keyPath: key])
      case .integer(let range, let key):
        p[keyPath: key] = try m.integer(name, range, default: p[keyPath: key])
      }
    }
  }

  static let parameters: [Parameter] = [
    Parameter("center_noise", noise, \.centerNoise),
    Parameter("center_noise_slope", noiseSlope, \.centerNoiseSlope),
    Parameter("size_noise", noise, \.sizeNoise),
    Parameter("size_noise_slope", noiseSlope, \.sizeNoiseSlope),
    Parameter("aspect_noise", logNoise, \.aspectNoise),
    Parameter("noise_correlation", correlation, \.noiseCorrelation),
    Parameter("detection_probability", probability, \.detectionProbability),
    Parameter("miss_visibility_slope", logOddsSlope, \.missVisibilitySlope),
    Parameter("miss_size_slope", logOddsSlope, \.missSizeSlope),
    Parameter("size_reference", sizeReference, \.sizeReference),
    Parameter("burst_rate", probability, \.burstRate),
    Parameter("burst_length", burstLength, \.burstLength),
    Parameter("latency_frames", latencyFrames, \.latencyFrames),
    Parameter("min_visible_fraction", probability, \.minimumVisibleFraction),
    Parameter("clutter_rate", clutterRate, \.clutterRate),
    Parameter("full_extent_share", probability, \.fullExtentShare),
    Parameter("near_fp_rate", probability, \.nearFalsePositiveRate),
    Parameter("near_fp_offset", nearOffset, \.nearFalsePositiveOffset),
    Parameter("near_fp_log_scale", logScale, \.nearFalsePositiveLogScale),
    Parameter("near_fp_log_scale_noise", logNoise, \.nearFalsePositiveLogScaleNoise),
    Parameter("score_true", scoreMean, \.scoreTrue),
    Parameter("score_visibility_slope", scoreSlope, \.scoreVisibilitySlope),
    Parameter("score_size_slope", scoreSlope, \.scoreSizeSlope),
    Parameter("score_false", scoreMean, \.scoreFalse),
    Parameter("score_noise", scoreNoise, \.scoreNoise),
  ]
  /// Standard deviations in normalized image units: half the image is already no detection at all.
  static let noise = NumberBounds.nonNegative(max: 0.5)
  /// Noise per unit of box height: 2 would put the centre two box heights off, no detection any more.
  static let noiseSlope = NumberBounds.nonNegative(max: 2)
  /// Natural-log standard deviations: 3 is a factor of 20 at one σ, far beyond any detector.
  static let logNoise = NumberBounds.nonNegative(max: 3)
  static let probability = NumberBounds.closed(0, 1)
  /// A frame-to-frame correlation below 1: at 1 the noise would never change again.
  static let correlation = NumberBounds.closed(0, 0.999)
  /// Log-odds per unit: 50 is already a step function, and a fit that goes further has no data.
  static let logOddsSlope = NumberBounds.closed(-50, 50)
  /// A box height in normalized units, at most the image.
  static let sizeReference = NumberBounds.positive(max: 1)
  /// Frames: at least one (a burst lasts its first frame); a million frames is 9 hours at 30 fps.
  static let burstLength = NumberBounds.closed(1, 1_000_000)
  /// One second of frames at 30 fps: longer inference latency is not a tracking problem any more.
  static let latencyFrames = 0...30
  /// False positives per frame: beyond 50 a frame is all clutter.
  static let clutterRate = NumberBounds.nonNegative(max: 50)
  /// In heights of the true box: 10 heights away is not "near" any more.
  static let nearOffset = NumberBounds.nonNegative(max: 10)
  /// ln of a size ratio: e^±5 ≈ 150 times smaller or larger.
  static let logScale = NumberBounds.closed(-5, 5)
  /// A mean confidence before clamping to [0, 1]; a little beyond either end lets a fit saturate.
  static let scoreMean = NumberBounds.closed(-1, 2)
  /// Confidence per unit of visible fraction or of ln height.
  static let scoreSlope = NumberBounds.closed(-10, 10)
  static let scoreNoise = NumberBounds.nonNegative(max: 1)

  /// The parameters of `m`, with unset fields taken from the profile it names, else from `defaults`.
  static func read(_ m: MappingReader, defaults: DetectorParameters = DetectorParameters())
    throws(InputError) -> DetectorParameters
  {
    var base = defaults
    if let node = m["profile"] { base = try readProfile(node) }
    return try readFields(m, defaults: base)
  }

  /// The fields themselves, each absent one keeping its value in `d`.
  static func readFields(_ m: MappingReader, defaults d: DetectorParameters) throws(InputError)
    -> DetectorParameters
  {
    var p = d
    for parameter in parameters { try parameter.read(m, into: &p) }
    return p
  }

  /// A profile is at most a page of YAML, as a scenario.
  static let maximumProfileSize = ScenarioFiles.maximumSize

  /// The parameters of the profile file `node` names, relative to the file `node` is in; errors inside
  /// the profile name the profile file and its line.
  static func readProfile(_ node: NodeReader) throws(InputError) -> DetectorParameters {
    let expected = "the path of a detector profile (a YAML file with a detector section)"
    let name = try node.string(expected)
    let path =
      name.hasPrefix("/")
      ? name : ((node.file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    let text: String
    switch InputFile.check(path: path, maximumSize: maximumProfileSize) {
    case .success(let t): text = t
    case .failure(.missing): throw node.error("no such file \(path); expected \(expected)")
    case .failure(let problem):
      throw InputFile.error(
        problem, path: path, expected: "a detector profile", maximumSize: maximumProfileSize)
    }
    return try parseProfile(yaml: text, file: path)
  }

  /// The parameters of a profile's text (a mapping whose one field is `detector`); `file` names it in
  /// errors.
  static func parseProfile(yaml: String, file: String) throws(InputError) -> DetectorParameters {
    let root = try YAMLShape.compose(yaml, file: file)
    guard let root else {
      throw InputError(file: file, message: "the file is empty; expected a mapping with a detector section")
    }
    let top = try NodeReader(node: root, path: "", file: file).mapping(allowed: ["detector"])
    let section = try top.required("detector", expecting: "a mapping of detector fields")
    let fields = try section.mapping(allowed: profileFields.map(\.name))
    return try readFields(fields, defaults: DetectorParameters())
  }
}
