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
  public var hota: Double?
  public var detA: Double?
  public var assA: Double?
  public var detRe: Double?
  public var detPr: Double?
  public var assRe: Double?
  public var assPr: Double?
  public var locA: Double?

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
