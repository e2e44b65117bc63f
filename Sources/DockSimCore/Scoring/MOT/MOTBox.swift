/// An axis-aligned box for overlap matching: its minimum corner and its size, in any one unit and
/// frame shared by every box compared (MOTChallenge files: pixels, top-left origin; DockSim's objects
/// trace: normalized image units).
public struct MOTBox: Equatable, Sendable {
  /// The minimum corner (MOTChallenge's `bb_left`, `bb_top`).
  public var x: Double
  public var y: Double
  /// Extents; the maximum corner is (x + width, y + height).
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// A box of `width` × `height` centred at (`centerX`, `centerY`).
  public init(centerX: Double, centerY: Double, width: Double, height: Double) {
    self.init(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height)
  }

  /// Intersection over union of two boxes, dimensionless in [0, 1]: 0 when they do not overlap (also
  /// when both are empty, or a width or height is negative), as py-motmetrics' `boxiou` and TrackEval's
  /// box IoU. Finite for any finite boxes, however large: identical boxes give 1. A NaN coordinate
  /// gives NaN, which never matches.
  public static func iou(_ a: MOTBox, _ b: MOTBox) -> Double {
    if a.isNaN || b.isNaN { return .nan }
    if let plain = referenceIoU(a, b) { return plain }
    // A corner, an extent or an area overflowed (boxes near 1e308, or areas beyond it). IoU does not
    // change when an axis is stretched, so each axis is scaled by a power of two (exact) that brings
    // its largest magnitude below 1/4: every corner, difference and area is then finite.
    let sx = scale(max(abs(a.x), abs(a.width), abs(b.x), abs(b.width)))
    let sy = scale(max(abs(a.y), abs(a.height), abs(b.y), abs(b.height)))
    return referenceIoU(a.scaled(sx, sy), b.scaled(sx, sy)) ?? 0
  }

  /// The reference's arithmetic, step by step, so that an IoU at a threshold falls on the same side;
  /// nil when a step overflows.
  private static func referenceIoU(_ a: MOTBox, _ b: MOTBox) -> Double? {
    let ax1 = a.x + a.width
    let ay1 = a.y + a.height
    let bx1 = b.x + b.width
    let by1 = b.y + b.height
    let iw = max(min(ax1, bx1) - max(a.x, b.x), 0)
    let ih = max(min(ay1, by1) - max(a.y, b.y), 0)
    let intersection = iw * ih
    let areaA = max(ax1 - a.x, 0) * max(ay1 - a.y, 0)
    let areaB = max(bx1 - b.x, 0) * max(by1 - b.y, 0)
    let union = areaA + areaB - intersection
    guard intersection.isFinite, areaA.isFinite, areaB.isFinite, union.isFinite else { return nil }
    if intersection == 0 { return 0 }
    return intersection / union
  }

  /// A power of two that brings `magnitude` below 1/4; 1 for 0 and for an infinite magnitude, which no
  /// scale makes finite.
  private static func scale(_ magnitude: Double) -> Double {
    guard magnitude.isFinite, magnitude > 0 else { return 1 }
    return Double(sign: .plus, exponent: -(magnitude.exponent + 3), significand: 1)
  }

  private func scaled(_ sx: Double, _ sy: Double) -> MOTBox {
    MOTBox(x: x * sx, y: y * sy, width: width * sx, height: height * sy)
  }

  private var isNaN: Bool { x.isNaN || y.isNaN || width.isNaN || height.isNaN }

  /// The overlap distance 1 − IoU, as py-motmetrics' `iou_matrix`: pairs qualify at distance ≤ 0.5.
  public static func iouDistance(_ a: MOTBox, _ b: MOTBox) -> Double { 1 - iou(a, b) }

  /// The distance threshold of overlap matching: py-motmetrics' and MOTChallenge's IoU ≥ 0.5.
  public static let defaultIoUDistanceThreshold = 0.5
}
