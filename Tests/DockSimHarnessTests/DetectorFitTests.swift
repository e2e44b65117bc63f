import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation
import Testing

/// `DetectorFit`: parameters of a simulated detector recovered from MOTChallenge text within their
/// intervals, a different detector refused by them, and every bad input named.
struct DetectorFitTests {
  static let image = ImageSize(width: 640, height: 480)!

  /// People walking to and fro at several depths (nearer ones taller, lower in the image), crossing each
  /// other and the image edges, as MOTChallenge ground truth in pixels.
  static func truthText(people: Int = 10, frames: Int = 200) -> String {
    var lines: [String] = []
    let w = Double(image.width)
    let h = Double(image.height)
    for f in 1...frames {
      for i in 0..<people {
        let height = 0.22 + 0.38 * Double(i) / Double(people - 1)
        let bottom = 0.45 - 0.6 * (height - 0.22)
        let width = 0.3 * height
        // A triangle wave over [0.12, 0.88]: inside the image, crossing the others. (At the image edge a
        // clipped sliver of a box misses the IoU criterion for many frames in a row through noise alone,
        // which the fit cannot tell from a burst.)
        let phase = (Double(f) * (0.006 + 0.0015 * Double(i)) + 0.17 * Double(i)).truncatingRemainder(
          dividingBy: 2)
        let centre = 0.12 + 0.76 * (phase < 1 ? phase : 2 - phase)
        let box = MOTBox(
          x: (centre - width / 2) * w, y: (1 - bottom - height) * h, width: width * w, height: height * h)
        lines.append(MOTChallengeFile.line(frame: f, id: i + 1, box: box, confidence: 1, classID: -1))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static let truth = DetectorParameters(
    centerNoise: 0.003, sizeNoise: 0.004, detectionProbability: 0.9, latencyFrames: 0,
    minimumVisibleFraction: 0.3,
    clutterRate: 0.1, centerNoiseSlope: 0.02, sizeNoiseSlope: 0.04, aspectNoise: 0.05, noiseCorrelation: 0.6,
    missVisibilitySlope: 3,
    missSizeSlope: 1, sizeReference: 0.3, burstRate: 0.02, burstLength: 5, nearFalsePositiveRate: 0.05,
    nearFalsePositiveOffset: 0.15, nearFalsePositiveLogScale: -0.4, nearFalsePositiveLogScaleNoise: 0.3,
    scoreTrue: 0.8, scoreVisibilitySlope: 0.2, scoreSizeSlope: 0.05, scoreFalse: 0.4, scoreNoise: 0.05,
    fullExtentShare: 0.9)

  /// Detections of `parameters` on `truthText`'s truth as MOTChallenge text (ids −1, as detectors write).
  static func detectionsText(_ truthText: String, parameters: DetectorParameters, seed: UInt64) throws
    -> String
  {
    let sequence = try DetectorFitSequence(
      truthText: truthText, truthFile: "gt.txt", detectionsText: "1,-1,1,1,10,10,0.5\n",
      detectionsFile: "det.txt",
      imageSize: image)
    let w = Double(image.width)
    let h = Double(image.height)
    var lines: [String] = []
    for (k, frame) in DetectorFit.simulate(sequence, parameters: parameters, seed: seed).enumerated() {
      for d in frame {
        let b = d.box
        let box = MOTBox(x: b.x * w, y: (1 - b.y - b.height) * h, width: b.width * w, height: b.height * h)
        lines.append(
          MOTChallengeFile.line(
            frame: sequence.firstFrame + k, id: -1, box: box, confidence: d.confidence, classID: -1))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func fit(seed: UInt64, parameters: DetectorParameters = truth) throws -> DetectorFit {
    let gt = truthText()
    let sequence = try DetectorFitSequence(
      truthText: gt, truthFile: "gt.txt",
      detectionsText: try detectionsText(gt, parameters: parameters, seed: seed),
      detectionsFile: "det.txt", imageSize: image)
    return DetectorFit.fit(
      [sequence],
      options: DetectorFitOptions(bootstrapSamples: 30, seed: seed, simulationRuns: 1, sizeReference: 0.3))
  }

  static func value(_ p: DetectorParameters, _ field: String) -> Double {
    switch field {
    case "center_noise": return p.centerNoise
    case "center_noise_slope": return p.centerNoiseSlope
    case "size_noise": return p.sizeNoise
    case "size_noise_slope": return p.sizeNoiseSlope
    case "aspect_noise": return p.aspectNoise
    case "noise_correlation": return p.noiseCorrelation
    case "detection_probability": return p.detectionProbability
    case "miss_visibility_slope": return p.missVisibilitySlope
    case "miss_size_slope": return p.missSizeSlope
    case "burst_rate": return p.burstRate
    case "burst_length": return p.burstLength
    case "clutter_rate": return p.clutterRate
    case "near_fp_rate": return p.nearFalsePositiveRate
    case "near_fp_offset": return p.nearFalsePositiveOffset
    case "near_fp_log_scale": return p.nearFalsePositiveLogScale
    case "near_fp_log_scale_noise": return p.nearFalsePositiveLogScaleNoise
    case "full_extent_share": return p.fullExtentShare
    case "score_true": return p.scoreTrue
    case "score_visibility_slope": return p.scoreVisibilitySlope
    case "score_size_slope": return p.scoreSizeSlope
    case "score_false": return p.scoreFalse
    case "score_noise": return p.scoreNoise
    default: return .nan
    }
  }

  static let seeds: [UInt64] = [1, 2, 3]

  /// The fits of the three seeds, made once for the tests that read them.
  static let referenceFits = Result { () throws -> [DetectorFit] in try seeds.map { try fit(seed: $0) } }

  /// Three detectors simulated from one parameter set, each fitted: a 95 % interval misses the truth
  /// now and then (about 3 of the 63 checks by chance alone; more here, as a bootstrap over ten tracks
  /// under-covers and the burst chain is weakly determined by 2000 box-frames), so the test asks for at
  /// least 85 % of all checks covered, every parameter covered in at least one of the three fits, and
  /// every interval holding its own estimate.
  @Test func recoversTheSimulatedDetectorWithinItsIntervals() throws {
    var covered: [String: Int] = [:]
    var total = 0
    var hits = 0
    var misses: [String] = []
    for (seed, fit) in zip(Self.seeds, try Self.referenceFits.get()) {
      #expect(fit.fitted.map(\.field) == DetectorFit.fittedFields)
      for f in fit.fitted {
        #expect(
          f.lower <= f.value && f.value <= f.upper, "\(f.field): \(f.value) outside [\(f.lower), \(f.upper)]")
        let truth = Self.value(Self.truth, f.field)
        total += 1
        if f.covers(truth) {
          hits += 1
          covered[f.field, default: 0] += 1
        } else {
          misses.append("seed \(seed) \(f.field): \(truth) not in [\(f.lower), \(f.upper)]")
        }
      }
    }
    #expect(Double(hits) >= 0.85 * Double(total), "\(hits) of \(total) covered; \(misses)")
    for field in DetectorFit.fittedFields {
      #expect(
        covered[field, default: 0] >= 1, "\(field) covered in \(covered[field, default: 0]) of 3; \(misses)")
    }
  }

  /// docksim-fuzz (target `detections`, seed 1, iteration 793): one false positive near one truth box
  /// gives the false-positive EM a single pair, whose log-scale variance E[x²] − E[x]² rounded below 0;
  /// its root, NaN, became `near_fp_log_scale_noise`, and `fit-detector` refused its own overlay ("the
  /// fitted values do not form a valid profile"). The variance is now kept ≥ 0.
  @Test func aSingleNearFalsePositiveFitsALoadableProfile() throws {
    let truth = """
      1, 1, 100, 100, 40, 100, 1, 1, 1
      1, 2, 110, 120, 40, 100, 1, 1, 0.4
      2, 1, 104, 100, 40, 100, 1, 1, 1
      2, 2, 112, 121, 40, 100, 0, 7, 0.2
      3, 1, 108.5, 99.5, 40, 100, 1, 1, 1
      """
    let detections = """
      3,-1,109,2.2250738585072014e-308,39,102,0.98
      3,-1,500.25,10,12.5,30,0.05
      """
    let sequence = try DetectorFitSequence(
      truthText: truth, truthFile: "gt.txt", detectionsText: detections, detectionsFile: "det.txt",
      imageSize: Self.image)
    let fit = DetectorFit.fit([sequence], options: DetectorFitOptions(bootstrapSamples: 0, simulationRuns: 1))
    #expect(fit.parameters.nearFalsePositiveLogScaleNoise.isFinite)
    #expect(fit.parameters.nearFalsePositiveLogScaleNoise >= 0)
    _ = try DetectorProfile.parse(yaml: fit.yaml(), file: "fitted.yaml")
  }

  /// The intervals are narrow enough to tell detectors apart: data from a detector with three times the
  /// centre-noise growth and the aspect jitter, a lower detection probability and three times the near
  /// false positives fall outside the intervals fitted to the reference detector, and the reference
  /// values outside theirs.
  @Test func aDifferentDetectorFallsOutsideTheIntervals() throws {
    var other = Self.truth
    other.centerNoiseSlope = 0.06
    other.aspectNoise = 0.15
    other.detectionProbability = 0.75
    other.nearFalsePositiveRate = 0.15
    let reference = try Self.referenceFits.get()[0]
    let different = try Self.fit(seed: 1, parameters: other)
    for field in ["center_noise_slope", "aspect_noise", "detection_probability", "near_fp_rate"] {
      let r = try #require(reference.fitted.first { $0.field == field })
      let d = try #require(different.fitted.first { $0.field == field })
      #expect(
        !r.covers(Self.value(other, field)),
        "\(field): \(Self.value(other, field)) in [\(r.lower), \(r.upper)]")
      #expect(
        !d.covers(Self.value(Self.truth, field)),
        "\(field): \(Self.value(Self.truth, field)) in [\(d.lower), \(d.upper)]")
    }
  }
}
