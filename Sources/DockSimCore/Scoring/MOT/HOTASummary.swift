/// The HOTA metrics of a run at one localization threshold α (see `docs/metrics.md`, "HOTA").
/// Counts are of ground-truth/hypothesis rows; the ratios are in [0, 1], higher is better.
public struct HOTAAlphaResult: Equatable, Sendable {
  /// The similarity a matched pair needs to count, s ≥ α (dimensionless, 0.05…0.95).
  public var alpha: Double
  /// Matched pairs with s ≥ α (TP_α).
  public var truePositives: Int
  /// Ground-truth rows − TP_α.
  public var falseNegatives: Int
  /// Hypothesis rows − TP_α.
  public var falsePositives: Int
  /// √(DetA_α · AssA_α).
  public var hota: Double
  /// TP_α / (TP_α + FN_α + FP_α).
  public var detA: Double
  /// Σ over TP_α pairs of the pair's association IoU, divided by TP_α.
  public var assA: Double
  /// TP_α / (TP_α + FN_α).
  public var detRe: Double
  /// TP_α / (TP_α + FP_α).
  public var detPr: Double
  /// Σ over TP_α pairs of the pair's association recall, divided by TP_α.
  public var assRe: Double
  /// Σ over TP_α pairs of the pair's association precision, divided by TP_α.
  public var assPr: Double
  /// Mean similarity of the TP_α pairs; 1 when there are none (the reference code's convention).
  public var locA: Double

  public init(
    alpha: Double, truePositives: Int, falseNegatives: Int, falsePositives: Int, hota: Double,
    detA: Double, assA: Double, detRe: Double, detPr: Double, assRe: Double, assPr: Double, locA: Double
  ) {
    self.alpha = alpha
    self.truePositives = truePositives
    self.falseNegatives = falseNegatives
    self.falsePositives = falsePositives
    self.hota = hota
    self.detA = detA
    self.assA = assA
    self.detRe = detRe
    self.detPr = detPr
    self.assRe = assRe
    self.assPr = assPr
    self.locA = locA
  }
}

/// The HOTA metrics of a run (Luiten et al. 2021; see `docs/metrics.md`, "HOTA"): each scalar is the
/// mean of its per-α value over the 19 thresholds α = 0.05, 0.10, …, 0.95. Dimensionless, in [0, 1],
/// higher is better. The scalars are nil and `perAlpha` is empty when the run had neither
/// ground-truth nor hypothesis rows (nothing to score).
public struct HOTASummary: Equatable, Sendable {
  /// Frames observed, including empty ones.
  public var numFrames: Int
  /// Ground-truth rows (object present in a frame).
  public var numObjects: Int
  /// Hypothesis rows (track present in a frame).
  public var numPredictions: Int
  /// The per-α results in increasing α, or empty.
  public var perAlpha: [HOTAAlphaResult]
  /// Mean over α of HOTA_α = √(DetA_α · AssA_α): detection and association together.
  public var hota: Double?
  /// Mean over α of the detection accuracy TP / (TP + FN + FP).
  public var detA: Double?
  /// Mean over α of the association accuracy: how much of each matched object's and track's lives
  /// they share, averaged over the true positives.
  public var assA: Double?
  /// Mean over α of the detection recall TP / (TP + FN).
  public var detRe: Double?
  /// Mean over α of the detection precision TP / (TP + FP).
  public var detPr: Double?
  /// Mean over α of the association recall (shared frames over the object's frames, per TP).
  public var assRe: Double?
  /// Mean over α of the association precision (shared frames over the track's frames, per TP).
  public var assPr: Double?
  /// Mean over α of the localization accuracy: the mean similarity of the true positives (1 at an
  /// α without any).
  public var locA: Double?

  /// Derives the scalars as the means of `perAlpha` (nil when it is empty).
  public init(numFrames: Int, numObjects: Int, numPredictions: Int, perAlpha: [HOTAAlphaResult]) {
    self.numFrames = numFrames
    self.numObjects = numObjects
    self.numPredictions = numPredictions
    self.perAlpha = perAlpha
    func mean(_ value: KeyPath<HOTAAlphaResult, Double>) -> Double? {
      perAlpha.isEmpty ? nil : perAlpha.reduce(0) { $0 + $1[keyPath: value] } / Double(perAlpha.count)
    }
    hota = mean(\.hota)
    detA = mean(\.detA)
    assA = mean(\.assA)
    detRe = mean(\.detRe)
    detPr = mean(\.detPr)
    assRe = mean(\.assRe)
    assPr = mean(\.assPr)
    locA = mean(\.locA)
  }
}
