/// Factors on the measurement standard deviations of (u, v, h) for one observation.
///
/// A box cut by the image edge is not the subject's box: its centre is pulled inward and its height
/// (for a cut at the top or bottom) is the visible part only. Rather than let such a box drag the
/// estimate (or fail the gate and start a coast), the tracker keeps it and trusts the cut dimensions
/// less.
public struct MeasurementNoiseScale: Equatable, Sendable {
  public var u: Double
  public var v: Double
  public var h: Double
  public init(u: Double, v: Double, h: Double) {
    self.u = u
    self.v = v
    self.h = h
  }
  public static let one = MeasurementNoiseScale(u: 1, v: 1, h: 1)

  /// How far from an edge (normalized units) a box side counts as cut by it.
  public static let edgeTolerance = 0.002

  /// Whether `rect` is cut by the image's top or bottom edge (its height is then only the visible part).
  public static func cutAtTopOrBottom(_ rect: NormalizedRect) -> Bool {
    rect.y <= edgeTolerance || rect.y + rect.height >= 1 - edgeTolerance
  }

  /// Whether `rect` is cut by the image's left or right edge (its width is then only the visible part).
  public static func cutAtSide(_ rect: NormalizedRect) -> Bool {
    rect.x <= edgeTolerance || rect.x + rect.width >= 1 - edgeTolerance
  }

  /// The scale for `rect`: centre ×`centerFactor` along a cut axis; height ×`sizeFactor` when the top
  /// or bottom is cut. With `anchored` (the caller measures the uncut edge, `VerticalAnchor`) a box cut
  /// at only one of top and bottom keeps the noise of `v`: that edge is exact.
  public static func forBox(
    _ rect: NormalizedRect, centerFactor: Double = 8, sizeFactor: Double = 100, anchored: Bool = false
  ) -> MeasurementNoiseScale {
    let cutSide = cutAtSide(rect)
    let cutTopBottom = cutAtTopOrBottom(rect)
    let anchored = anchored && VerticalAnchor.forBox(rect) != .center
    return MeasurementNoiseScale(
      u: cutSide ? centerFactor : 1, v: cutTopBottom && !anchored ? centerFactor : 1,
      h: cutTopBottom ? sizeFactor : 1)
  }
}
