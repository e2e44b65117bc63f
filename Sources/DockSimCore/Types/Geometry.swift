import Foundation

/// A rectangle in normalized image coordinates, origin at the **lower-left** corner, x to the right,
/// y upward (Vision / DockKit observation convention). 1.0 is the full image width or height.
public struct NormalizedRect: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
  /// The box of the given size centred at (`centerX`, `centerY`).
  public init(centerX: Double, centerY: Double, width: Double, height: Double) {
    self.init(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height)
  }
  /// Centre x (0 = left edge).
  public var midX: Double { x + width / 2 }
  /// Centre y (0 = bottom edge).
  public var midY: Double { y + height / 2 }

  /// Width over height in normalized units, what a track keeps of its last box (the filter carries no
  /// width); a box of no height counts as `smallestHeight` tall, so the ratio stays finite.
  public var aspectRatio: Double { width / max(height, Self.smallestHeight) }
  /// The height (normalized) below which `aspectRatio` treats a box as that tall.
  public static let smallestHeight = 1e-9

  /// The same rectangle with an **upper-left** origin (region-of-interest convention).
  public var upperLeftOrigin: NormalizedRect { flippedVertically }

  /// The same rectangle measured from the other vertical origin (lower-left ↔ upper-left). Its own
  /// inverse, so it converts either way.
  public var flippedVertically: NormalizedRect {
    NormalizedRect(x: x, y: 1 - y - height, width: width, height: height)
  }
  /// Area of the overlap with `other` (0 when they do not overlap).
  public func intersectionArea(_ other: NormalizedRect) -> Double {
    let w = min(x + width, other.x + other.width) - max(x, other.x)
    let h = min(y + height, other.y + other.height) - max(y, other.y)
    return w > 0 && h > 0 ? w * h : 0
  }

  /// Intersection over union with `other`, 0…1 (0 when either is empty).
  public func intersectionOverUnion(_ other: NormalizedRect) -> Double {
    let i = intersectionArea(other)
    let union = width * height + other.width * other.height - i
    return union > 0 ? i / union : 0
  }

  /// Intersection with the unit image, or nil when nothing of it is in the image.
  public func clippedToImage() -> NormalizedRect? {
    // Inside already: itself, not a copy rebuilt from its edges a rounding away.
    if x >= 0, y >= 0, x + width <= 1, y + height <= 1, width > 0, height > 0 { return self }
    let x0 = max(0, x)
    let y0 = max(0, y)
    let x1 = min(1, x + width)
    let y1 = min(1, y + height)
    guard x1 > x0, y1 > y0 else { return nil }
    return NormalizedRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The bounding box of the part of this box that `occluder`, in front of it, leaves visible: cut on
  /// one side when the occluder spans this box's whole height (or width) and covers one of its edges;
  /// the whole box when the occluder only covers a middle strip or a corner (the visible part then
  /// still reaches every edge); nil when the occluder covers it all.
  public func visiblePart(behind occluder: NormalizedRect) -> NormalizedRect? {
    let (x0, x1, y0, y1) = (x, x + width, y, y + height)
    let (ox0, ox1, oy0, oy1) = (
      occluder.x, occluder.x + occluder.width, occluder.y, occluder.y + occluder.height
    )
    guard ox1 > x0, ox0 < x1, oy1 > y0, oy0 < y1 else { return self }
    let spansHeight = oy0 <= y0 && oy1 >= y1
    let spansWidth = ox0 <= x0 && ox1 >= x1
    if spansHeight && spansWidth { return nil }
    if spansHeight && ox0 <= x0 { return NormalizedRect(x: ox1, y: y0, width: x1 - ox1, height: height) }
    if spansHeight && ox1 >= x1 { return NormalizedRect(x: x0, y: y0, width: ox0 - x0, height: height) }
    if spansWidth && oy0 <= y0 { return NormalizedRect(x: x0, y: oy1, width: width, height: y1 - oy1) }
    if spansWidth && oy1 >= y1 { return NormalizedRect(x: x0, y: y0, width: width, height: oy0 - y0) }
    return self
  }
}

/// Which extent of a partly hidden person a detection reports: the **whole** box (a detector trained on
/// boxes of whole people, as MOT15's Faster R-CNN) or the **visible part** (a detector that boxes what
/// it sees, DockSim's built-in default). The one rule the detector fit measures it with and the
/// tracker trusts a box by.
public enum BoxExtent: Equatable, Sendable {
  case whole
  case visiblePart

  /// The whole box and its visible part overlapping less than this (IoU) tell the two extents apart:
  /// the visible part is then at most two thirds of the whole, so a box of the one and a box of the
  /// other differ by more than a detector's noise (a few percent of the height) can bridge.
  public static let distinguishableIoU = 2.0 / 3.0

  /// The extent `detection` is nearer by IoU (ties: whole), or nil when `whole` and `visible` are too
  /// alike to tell (`distinguishableIoU`).
  public static func reported(
    by detection: NormalizedRect, whole: NormalizedRect, visible: NormalizedRect
  ) -> BoxExtent? {
    guard whole.intersectionOverUnion(visible) < distinguishableIoU else { return nil }
    return detection.intersectionOverUnion(whole) >= detection.intersectionOverUnion(visible)
      ? .whole : .visiblePart
  }
}

/// A point in the stand's base frame, metres: x forward (the stand's home heading), y right, z up,
/// origin at the pan/tilt pivot.
public struct Point3: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var z: Double
  public init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }
}

extension Direction {
  /// The angle between two directions, radians in [0, π] (the chord formula, accurate for small
  /// angles where the arccosine of a dot product is not).
  public static func angleBetween(_ a: Direction, _ b: Direction) -> Double {
    func unit(_ d: Direction) -> (Double, Double, Double) {
      let ce = cos(d.elevation)
      return (ce * cos(d.azimuth), ce * sin(d.azimuth), sin(d.elevation))
    }
    let (ax, ay, az) = unit(a)
    let (bx, by, bz) = unit(b)
    let chord = ((ax - bx) * (ax - bx) + (ay - by) * (ay - by) + (az - bz) * (az - bz)).squareRoot()
    return 2 * asin(min(1, chord / 2))
  }
}
