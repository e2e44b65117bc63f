import Foundation

/// Parameters of the built-in detector model (`NoisyDetector`, docs/sensors.md "Detector model").
///
/// Image quantities are in normalized image units (1.0 = the image's width for x, its height for y and
/// box heights). `h` below is the height of the box's projection before clipping and occlusion (the size
/// of the person in the image), `v` its visible fraction (`TruthBox.visibleFraction`). Every field added
/// after the first six defaults to a value that switches its mechanism off, so the defaults are the
/// original model: constant Gaussian noise, independent misses, uniform clutter, confidence 1 on true
/// boxes and 0.5 on clutter.
public struct DetectorParameters: Equatable, Sendable {
  /// Standard deviation of the box centre at zero height (the floor), normalized image units, both axes.
  public var centerNoise: Double
  /// Standard deviation of the box height at zero height (the floor), normalized image units; the width
  /// scales with it.
  public var sizeNoise: Double
  /// Probability that a fully visible box of height `sizeReference` is detected in a frame (outside a
  /// burst); with both miss slopes 0, of every visible box.
  public var detectionProbability: Double
  /// Frames between capture and delivery of the detections (inference latency).
  public var latencyFrames: Int
  /// Smallest visible fraction of a box (not cut by the image edge, not hidden by anything nearer)
  /// that is still detected; a box hidden more than this is missed, a partly hidden one is reported
  /// as `fullExtentShare` says.
  public var minimumVisibleFraction: Double
  /// Mean number of false positives per frame (Poisson), anywhere in the image.
  public var clutterRate: Double
  /// Probability, 0…1, that a box partly hidden by something nearer is reported at its full extent
  /// inside the image (the whole person, as a detector trained on boxes of whole people reports them)
  /// rather than as the bounding box of its visible part. 0: every partly hidden box is truncated to
  /// what can be seen. The image edge cuts either kind of box. MOT15's public Faster R-CNN boxes are
  /// whole in about 9 of 10 cases (docs/sensors.md, "Fitted profile: MOT15 Faster R-CNN").
  public var fullExtentShare: Double

  /// Growth of the centre's standard deviation with box height: σ_centre = `centerNoise` +
  /// `centerNoiseSlope`·h (normalized units per normalized unit of height, i.e. a fraction of h).
  public var centerNoiseSlope: Double
  /// Growth of the height's standard deviation with box height: σ_height = `sizeNoise` +
  /// `sizeNoiseSlope`·h (a fraction of h).
  public var sizeNoiseSlope: Double
  /// Standard deviation of ln(width/height) of a detected box around the truth's, natural-log units.
  public var aspectNoise: Double
  /// Correlation of each box's noise (centre, height, aspect) from one frame to the next, 0…1: the
  /// standard normal draws follow z_t = ρ·z_{t−1} + √(1 − ρ²)·ε_t, so a box stays off the same way for
  /// about (1 + ρ)/(1 − ρ) frames while every frame keeps the same σ. 0: independent frames.
  public var noiseCorrelation: Double

  /// Change of the log-odds of detection per unit of visible fraction below 1:
  /// logit p = logit(`detectionProbability`) + `missVisibilitySlope`·(v − 1) + `missSizeSlope`·ln(h/`sizeReference`).
  public var missVisibilitySlope: Double
  /// Change of the log-odds of detection per unit of ln h (per factor e of box height).
  public var missSizeSlope: Double
  /// The box height, normalized image units, at which `detectionProbability` and `scoreTrue` hold and
  /// the size terms of detection and score vanish.
  public var sizeReference: Double

  /// Probability per frame that a box outside a burst enters one (Gilbert–Elliott bad state, every frame
  /// of which is a miss); 0 disables bursts.
  public var burstRate: Double
  /// Mean length of a burst, frames (≥ 1): the burst ends each frame with probability 1/`burstLength`.
  public var burstLength: Double

  /// Probability per frame that a visible box (above `minimumVisibleFraction`) brings a false positive
  /// next to it: a duplicate or a partial box of the person.
  public var nearFalsePositiveRate: Double
  /// Standard deviation of such a false box's centre from the true box's, in heights of the true box
  /// (both axes).
  public var nearFalsePositiveOffset: Double
  /// Mean of ln(height of the false box / height of the true box): 0 for duplicates, negative for
  /// partial boxes. The false box keeps the true box's aspect.
  public var nearFalsePositiveLogScale: Double
  /// Standard deviation of that log ratio.
  public var nearFalsePositiveLogScaleNoise: Double

  /// Confidence of a fully visible detected box of height `sizeReference`, before noise; clamped to
  /// [0, 1] with the terms below.
  public var scoreTrue: Double
  /// Confidence gained per unit of visible fraction (applied as slope·(v − 1), so hidden boxes score
  /// lower for a positive slope).
  public var scoreVisibilitySlope: Double
  /// Confidence gained per unit of ln(h/`sizeReference`).
  public var scoreSizeSlope: Double
  /// Mean confidence of a false positive (near or clutter), clamped to [0, 1] with the noise.
  public var scoreFalse: Double
  /// Standard deviation of the confidence around its mean, true and false boxes alike.
  public var scoreNoise: Double

  public init(
    centerNoise: Double = 0.004, sizeNoise: Double = 0.006, detectionProbability: Double = 0.97,
    latencyFrames: Int = 2, minimumVisibleFraction: Double = 0.3, clutterRate: Double = 0,
    centerNoiseSlope: Double = 0, sizeNoiseSlope: Double = 0, aspectNoise: Double = 0,
    noiseCorrelation: Double = 0,
    missVisibilitySlope: Double = 0, missSizeSlope: Double = 0, sizeReference: Double = 0.25,
    burstRate: Double = 0, burstLength: Double = 1, nearFalsePositiveRate: Double = 0,
    nearFalsePositiveOffset: Double = 0, nearFalsePositiveLogScale: Double = 0,
    nearFalsePositiveLogScaleNoise: Double = 0, scoreTrue: Double = 1, scoreVisibilitySlope: Double = 0,
    scoreSizeSlope: Double = 0, scoreFalse: Double = 0.5, scoreNoise: Double = 0,
    fullExtentShare: Double = 0
  ) {
    self.centerNoise = centerNoise
    self.sizeNoise = sizeNoise
    self.detectionProbability = detectionProbability
    self.latencyFrames = latencyFrames
    self.minimumVisibleFraction = minimumVisibleFraction
    self.clutterRate = clutterRate
    self.centerNoiseSlope = centerNoiseSlope
    self.sizeNoiseSlope = sizeNoiseSlope
    self.aspectNoise = aspectNoise
    self.noiseCorrelation = noiseCorrelation
    self.missVisibilitySlope = missVisibilitySlope
    self.missSizeSlope = missSizeSlope
    self.sizeReference = sizeReference
    self.burstRate = burstRate
    self.burstLength = burstLength
    self.nearFalsePositiveRate = nearFalsePositiveRate
    self.nearFalsePositiveOffset = nearFalsePositiveOffset
    self.nearFalsePositiveLogScale = nearFalsePositiveLogScale
    self.nearFalsePositiveLogScaleNoise = nearFalsePositiveLogScaleNoise
    self.scoreTrue = scoreTrue
    self.scoreVisibilitySlope = scoreVisibilitySlope
    self.scoreSizeSlope = scoreSizeSlope
    self.scoreFalse = scoreFalse
    self.scoreNoise = scoreNoise
    self.fullExtentShare = fullExtentShare
  }

  // MARK: The model's formulas (shared by the detector and the fitter, so both mean the same thing)

  /// σ of the centre, normalized units, for a box of height `h` (normalized units).
  public func centerSigma(height h: Double) -> Double { centerNoise + centerNoiseSlope * h }

  /// σ of the box height, normalized units, for a box of height `h`.
  public func sizeSigma(height h: Double) -> Double { sizeNoise + sizeNoiseSlope * h }

  /// Probability of detection outside a burst for visible fraction `v` (0…1) and height `h` (> 0).
  /// Exactly `detectionProbability` when both miss slopes are 0.
  public func detectionProbability(visibleFraction v: Double, height h: Double) -> Double {
    guard missVisibilitySlope != 0 || missSizeSlope != 0 else { return detectionProbability }
    var logit = Self.logit(detectionProbability) + missVisibilitySlope * (v - 1)
    if missSizeSlope != 0 { logit += missSizeSlope * log(h / sizeReference) }
    return Self.logistic(logit)
  }

  /// Mean confidence of a detected true box before noise and clamping: exactly `scoreTrue` when both
  /// score slopes are 0.
  public func trueScoreMean(visibleFraction v: Double, height h: Double) -> Double {
    var score = scoreTrue
    if scoreVisibilitySlope != 0 { score += scoreVisibilitySlope * (v - 1) }
    if scoreSizeSlope != 0 { score += scoreSizeSlope * log(h / sizeReference) }
    return score
  }

  /// Stationary probability of being in a burst: rate / (rate + 1/length).
  public var burstFraction: Double {
    burstRate > 0 ? burstRate / (burstRate + 1 / burstLength) : 0
  }

  /// ln(p/(1−p)), ±∞ at 1 and 0.
  public static func logit(_ p: Double) -> Double { log(p) - log1p(-p) }

  /// 1/(1+e^(−x)).
  public static func logistic(_ x: Double) -> Double {
    x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x))
  }
}
