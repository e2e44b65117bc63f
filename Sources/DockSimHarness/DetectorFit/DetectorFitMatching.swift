import DockSimCore

/// One-to-one matching of the detections of a frame to its truth boxes.
public enum DetectorFitMatching {
  /// A detection and a truth box overlapping at least this much (intersection over union) are the
  /// same person: the PASCAL/MOTChallenge detection criterion.
  public static let minimumIoU = 0.5

  /// Intersection over union of two boxes, 0 when either has no area.
  public static func iou(_ a: NormalizedRect, _ b: NormalizedRect) -> Double { a.intersectionOverUnion(b) }

  /// The overlap of `detection` with truth box `t`: the larger IoU with its part inside the image and
  /// with its visible part, the two boxes a detector may report of a partly hidden person
  /// (`BoxExtent`); 0 when nothing of it is inside the image.
  public static func overlap(_ t: FitTruth, _ detection: NormalizedRect) -> Double {
    guard let clipped = t.clipped else { return 0 }
    let whole = iou(clipped, detection)
    guard let visible = t.visibleBox, visible != clipped else { return whole }
    return max(whole, iou(visible, detection))
  }

  /// The box of truth `t` that `detection` reports, to measure its error against: the visible part when
  /// the detection overlaps it more than the whole box inside the image, else that whole box.
  public static func reportedBox(_ t: FitTruth, _ detection: NormalizedRect) -> NormalizedRect? {
    guard let clipped = t.clipped else { return nil }
    guard let visible = t.visibleBox, iou(visible, detection) > iou(clipped, detection) else {
      return clipped
    }
    return visible
  }

  /// For each truth box, the index of its detection or nil. Greedy by decreasing overlap (≥
  /// `minimumIoU`, `overlap(_:_:)`); equal overlaps go to the lower truth index, then the lower
  /// detection index, so the result never depends on anything but the two lists' order.
  public static func match(truth: [FitTruth], detections: [FitDetection]) -> [Int?] {
    var pairs: [(iou: Double, t: Int, d: Int)] = []
    for (t, truthBox) in truth.enumerated() {
      for (d, detection) in detections.enumerated() {
        let overlap = overlap(truthBox, detection.box)
        if overlap >= minimumIoU { pairs.append((overlap, t, d)) }
      }
    }
    pairs.sort { a, b in
      if a.iou != b.iou { return a.iou > b.iou }
      if a.t != b.t { return a.t < b.t }
      return a.d < b.d
    }
    var truthMatch = [Int?](repeating: nil, count: truth.count)
    var taken = [Bool](repeating: false, count: detections.count)
    for p in pairs where truthMatch[p.t] == nil && !taken[p.d] {
      truthMatch[p.t] = p.d
      taken[p.d] = true
    }
    return truthMatch
  }
}
