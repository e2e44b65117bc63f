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
  /// when both are empty), as py-motmetrics' `boxiou` and TrackEval's box IoU. A NaN coordinate gives
  /// NaN, which never matches.
  public static func iou(_ a: MOTBox, _ b: MOTBox) -> Double {
    if a.isNaN || b.isNaN { return .nan }
    // The reference's arithmetic, step by step, so that an IoU at a threshold falls on the same side.
    let ax1 = a.x + a.width
    let ay1 = a.y + a.height
    let bx1 = b.x + b.width
    let by1 = b.y + b.height
    let iw = max(min(ax1, bx1) - max(a.x, b.x), 0)
    let ih = max(min(ay1, by1) - max(a.y, b.y), 0)
    let intersection = iw * ih
    let areaA = max(ax1 - a.x, 0) * max(ay1 - a.y, 0)
    let areaB = max(bx1 - b.x, 0) * max(by1 - b.y, 0)
    if intersection == 0 { return 0 }
    return intersection / (areaA + areaB - intersection)
  }

  private var isNaN: Bool { x.isNaN || y.isNaN || width.isNaN || height.isNaN }

  /// The overlap distance 1 − IoU, as py-motmetrics' `iou_matrix`: pairs qualify at distance ≤ 0.5.
  public static func iouDistance(_ a: MOTBox, _ b: MOTBox) -> Double { 1 - iou(a, b) }

  /// The distance threshold of overlap matching: py-motmetrics' and MOTChallenge's IoU ≥ 0.5.
  public static let defaultIoUDistanceThreshold = 0.5
}
