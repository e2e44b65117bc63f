import DockSimCore

/// One-to-one matching of the detections of a frame to its truth boxes.
public enum DetectorFitMatching {
  /// A detection and a truth box overlapping at least this much (intersection over union) are the
  /// same person: the PASCAL/MOTChallenge detection criterion.
  public static let minimumIoU = 0.5

  /// Intersection over union of two boxes, 0 when either has no area.
  public static func iou(_ a: NormalizedRect, _ b: NormalizedRect) -> Double {
    let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
    let h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
    guard w > 0, h > 0 else { return 0 }
    let inter = w * h
    let union = a.width * a.height + b.width * b.height - inter
    return union > 0 ? inter / union : 0
  }

  /// For each truth box, the index of its detection or nil. Greedy by decreasing IoU (≥ `minimumIoU`,
  /// against the truth's part inside the image); equal IoUs go to the lower truth index, then the lower
  /// detection index, so the result never depends on anything but the two lists' order.
  public static func match(truth: [FitTruth], detections: [FitDetection]) -> [Int?] {
    var pairs: [(iou: Double, t: Int, d: Int)] = []
    for (t, truthBox) in truth.enumerated() {
      guard let clipped = truthBox.clipped else { continue }
      for (d, detection) in detections.enumerated() {
        let overlap = iou(clipped, detection.box)
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
