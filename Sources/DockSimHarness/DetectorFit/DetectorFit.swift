import DockSimCore
import Foundation

/// Options of a detector fit (`docksim fit-detector`).
public struct DetectorFitOptions: Equatable, Sendable {
  /// Truth boxes less visible than this are never detected (the model's `min_visible_fraction`) and
  /// are left out of the miss statistics.
  public var minimumVisibleFraction: Double
  /// Bootstrap replicates for the intervals; 0 leaves every interval NaN.
  public var bootstrapSamples: Int
  /// Central probability of the intervals.
  public var level: Double
  /// Seed of the bootstrap resampling and of the simulated detector.
  public var seed: UInt64
  /// Passes of the simulated detector over the truth, pooled in its statistics.
  public var simulationRuns: Int
  /// The box height, normalized units, at which detection probability and true score are stated; nil:
  /// the median eligible truth height rounded to 0.01.
  public var sizeReference: Double?
  /// The sequences' frame rate, for reporting burst lengths in seconds; nil leaves them in frames.
  public var framesPerSecond: Double?

  public init(
    minimumVisibleFraction: Double = DetectorParameters().minimumVisibleFraction, bootstrapSamples: Int = 200,
    level: Double = 0.95, seed: UInt64 = 1, simulationRuns: Int = 5, sizeReference: Double? = nil,
    framesPerSecond: Double? = nil
  ) {
    self.sizeReference = sizeReference
    self.minimumVisibleFraction = minimumVisibleFraction
    self.bootstrapSamples = bootstrapSamples
    self.level = level
    self.seed = seed
    self.simulationRuns = simulationRuns
    self.framesPerSecond = framesPerSecond
  }
}

/// A fitted parameter: its YAML field, the estimate and its bootstrap interval.
public struct FittedParameter: Equatable, Sendable {
  public var field: String
  public var value: Double
  public var lower: Double
  public var upper: Double
  /// Whether `x` lies in the interval (ends included).
  public func covers(_ x: Double) -> Bool { lower <= x && x <= upper }
}

/// The built-in detector's parameters fitted to detections and ground truth (docs/sensors.md,
/// "Fitting a detector"), with bootstrap intervals and the data's statistics beside those of the fitted
/// detector simulated on the same truth.
public struct DetectorFit: Sendable {
  public var parameters: DetectorParameters
  /// In `fittedFields` order.
  public var fitted: [FittedParameter]
  public var data: DetectorFitStatistics
  public var simulated: DetectorFitStatistics
  public var options: DetectorFitOptions
  /// Matched boxes, eligible truth boxes (observations of the miss model), frames, sequences.
  public var counts: (matches: Int, observations: Int, frames: Int, sequences: Int)
  /// A check of given parameters (`check(_:parameters:options:)`), not a fit: nothing fitted.
  public var isCheck = false

  /// The fitted fields in the order the overlay lists them.
  public static let fittedFields = [
    "center_noise", "center_noise_slope", "size_noise", "size_noise_slope", "aspect_noise",
    "noise_correlation",
    "detection_probability", "miss_visibility_slope", "miss_size_slope", "burst_rate", "burst_length",
    "clutter_rate", "near_fp_rate", "near_fp_offset", "near_fp_log_scale", "near_fp_log_scale_noise",
    "full_extent_share", "score_true", "score_visibility_slope", "score_size_slope", "score_false",
    "score_noise",
  ]

  static func values(_ p: DetectorParameters) -> [Double] {
    [
      p.centerNoise, p.centerNoiseSlope, p.sizeNoise, p.sizeNoiseSlope, p.aspectNoise, p.noiseCorrelation,
      p.detectionProbability,
      p.missVisibilitySlope, p.missSizeSlope, p.burstRate, p.burstLength, p.clutterRate,
      p.nearFalsePositiveRate,
      p.nearFalsePositiveOffset, p.nearFalsePositiveLogScale, p.nearFalsePositiveLogScaleNoise,
      p.fullExtentShare, p.scoreTrue,
      p.scoreVisibilitySlope, p.scoreSizeSlope, p.scoreFalse, p.scoreNoise,
    ]
  }

  /// Most EM iterations for the point estimate and for each bootstrap replicate (both start from the
  /// same values and stop when the parameters settle; this is only a bound).
  static let pointIterations = 1000
  static let replicateIterations = 300

  /// The size reference is the median eligible truth height rounded to 0.01, so detection probability
  /// and true score are stated at a typical size of the data and their intercepts are least correlated
  /// with the size slopes.
  static let sizeReferenceStep = 0.01
  /// Seeds of the simulated runs: run r of sequence i uses seed + r·stride + i, distinct for fewer
  /// than `runSeedStride` sequences (a prime, so no pattern of the seed lines up with it).
  static let runSeedStride: UInt64 = 1_000_003

  static func sizeReference(_ o: DetectorFitObservations) -> Double {
    var heights: [Double] = []
    for t in o.tracks {
      for (k, hit) in t.detected.enumerated() where hit != nil { heights.append(t.height[k]) }
    }
    guard !heights.isEmpty else { return DetectorParameters().sizeReference }
    heights.sort()
    return min(
      1,
      max(sizeReferenceStep, (heights[heights.count / 2] / sizeReferenceStep).rounded() * sizeReferenceStep))
  }

  /// Fits `sequences` pooled.
  public static func fit(
    _ sequences: [DetectorFitSequence], options: DetectorFitOptions = DetectorFitOptions()
  )
    -> DetectorFit
  {
    var o = observations(sequences, options: options)
    var base = DetectorParameters()
    base.minimumVisibleFraction = options.minimumVisibleFraction
    base.sizeReference = options.sizeReference ?? sizeReference(o)
    let allTracks = Array(o.tracks.indices)
    let allFrames = Array(o.frames.indices)
    // The pass shares need the noise, so the noise first; the replicates keep the point estimate's
    // shares (their noise differs by its sampling error only).
    var noise = base
    DetectorFitEstimators.noise(o, matches: Array(o.matches.indices), into: &noise)
    o.computePassShares(noise)
    let point = estimate(o, tracks: allTracks, frames: allFrames, start: base, iterations: pointIterations)

    var replicates: [[Double]] = []
    var stream = RandomStream(seed: options.seed, stream: "fit-detector.bootstrap")
    for _ in 0..<options.bootstrapSamples {
      let tracks = allTracks.map { _ in allTracks[Int(stream.next() % UInt64(allTracks.count))] }
      let frames = allFrames.map { _ in allFrames[Int(stream.next() % UInt64(allFrames.count))] }
      replicates.append(
        values(estimate(o, tracks: tracks, frames: frames, start: point, iterations: replicateIterations)))
    }
    let pointValues = values(point)
    var fitted: [FittedParameter] = []
    for (k, field) in fittedFields.enumerated() {
      var column = replicates.map { $0[k] }
      column.sort()
      let tail = (1 - options.level) / 2
      // Without replicates there is no interval: NaN, which covers nothing.
      let lower =
        column.isEmpty ? .nan : column[Int((Double(column.count - 1) * tail).rounded(.down))]
      let upper =
        column.isEmpty ? .nan : column[Int((Double(column.count - 1) * (1 - tail)).rounded(.up))]
      fitted.append(FittedParameter(field: field, value: pointValues[k], lower: lower, upper: upper))
    }

    return DetectorFit(
      parameters: point, fitted: fitted, data: DetectorFitStatistics(o),
      simulated: simulatedStatistics(sequences, parameters: point, options: options), options: options,
      counts: counts(o, sequences: sequences))
  }

  /// The data's statistics beside those of a detector with `parameters` (a profile fitted elsewhere)
  /// simulated on the same truth, without fitting: whether a profile describes sequences it was not
  /// fitted on. `fitted` is empty and `isCheck` true.
  public static func check(
    _ sequences: [DetectorFitSequence], parameters: DetectorParameters,
    options: DetectorFitOptions = DetectorFitOptions()
  ) -> DetectorFit {
    let o = observations(sequences, options: options)
    var check = DetectorFit(
      parameters: parameters, fitted: [], data: DetectorFitStatistics(o),
      simulated: simulatedStatistics(sequences, parameters: parameters, options: options), options: options,
      counts: counts(o, sequences: sequences))
    check.isCheck = true
    return check
  }

  /// The matched boxes, truth tracks and frames of `sequences`, pooled.
  static func observations(_ sequences: [DetectorFitSequence], options: DetectorFitOptions)
    -> DetectorFitObservations
  {
    var o = DetectorFitObservations()
    for s in sequences { o.add(s, minimumVisibleFraction: options.minimumVisibleFraction) }
    return o
  }

  /// `simulationRuns` runs of `NoisyDetector` with `parameters` over every sequence's truth, pooled.
  static func simulatedStatistics(
    _ sequences: [DetectorFitSequence], parameters: DetectorParameters, options: DetectorFitOptions
  ) -> DetectorFitStatistics {
    var simulatedObservations = DetectorFitObservations()
    for run in 0..<options.simulationRuns {
      for (index, s) in sequences.enumerated() {
        let seed = options.seed &+ UInt64(run) &* Self.runSeedStride &+ UInt64(index)
        simulatedObservations.add(
          s, detections: simulate(s, parameters: parameters, seed: seed),
          minimumVisibleFraction: options.minimumVisibleFraction)
      }
    }
    return DetectorFitStatistics(simulatedObservations)
  }

  static func counts(_ o: DetectorFitObservations, sequences: [DetectorFitSequence]) -> (
    matches: Int, observations: Int, frames: Int, sequences: Int
  ) {
    let observed = o.tracks.reduce(0) { $0 + $1.detected.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
    return (o.matches.count, observed, o.frames.count, sequences.count)
  }

  static func estimate(
    _ o: DetectorFitObservations, tracks: [Int], frames: [Int], start: DetectorParameters, iterations: Int
  ) -> DetectorParameters {
    var p = start
    var matches: [Int] = []
    for t in tracks { matches += o.tracks[t].matches }
    DetectorFitEstimators.noise(o, matches: matches, into: &p)
    DetectorFitEstimators.fullExtent(o, tracks: tracks, into: &p)
    DetectorFitEstimators.noiseCorrelation(o, tracks: tracks, into: &p)
    DetectorFitEstimators.scores(o, matches: matches, into: &p)
    let displaced = DetectorFitEstimators.misses(o, tracks: tracks, into: &p, maximumIterations: iterations)
    DetectorFitEstimators.falsePositives(o, frames: frames, displacedShare: displaced, into: &p)
    return p
  }

  /// The detections `NoisyDetector` with `parameters` makes of `sequence`'s truth, frame by frame.
  public static func simulate(_ sequence: DetectorFitSequence, parameters: DetectorParameters, seed: UInt64)
    -> [[FitDetection]]
  {
    var detector = NoisyDetector(parameters: parameters, seed: seed)
    var observations: [Observation] = []
    var out: [[FitDetection]] = []
    out.reserveCapacity(sequence.truth.count)
    for k in sequence.truth.indices {
      let scene = SceneSnapshot(time: SimTime(microseconds: Int64(k)), boxes: sequence.truthBoxes(frame: k))
      detector.detect(scene, camera: CameraPose(yaw: 0, pitch: 0), into: &observations)
      out.append(observations.map { FitDetection(box: $0.rect, confidence: $0.confidence) })
    }
    return out
  }
}
