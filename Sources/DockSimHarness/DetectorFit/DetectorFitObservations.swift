import DockSimCore
import Foundation

/// What a fit measures in sequences, after matching: the errors of matched boxes, each track's hits and
/// misses frame by frame, and each frame's false positives. The fitted parameters and the comparison
/// statistics are both computed from it, for the data and for the simulated detector alike.
struct DetectorFitObservations: Sendable {
  /// A matched truth box above the visibility cutoff.
  struct Match: Sendable {
    /// Unclipped truth height, normalized units.
    var height: Double
    var visibleFraction: Double
    /// Detection minus truth (the part inside the image): centre x, centre y, height, normalized units.
    var du: Double
    var dv: Double
    var dh: Double
    /// ln(width/height) of the detection minus the truth's.
    var dAspect: Double
    /// ln of the detection's width and height over the truth's.
    var logWidthRatio: Double
    var logHeightRatio: Double
    /// The frame's index within its track.
    var frame: Int
    var confidence: Double
  }

  /// One truth track of one sequence, from its first frame to its last.
  struct Track: Sendable {
    /// Per frame: nil where the box is absent or below the visibility cutoff, else whether it was detected.
    var detected: [Bool?]
    var visibleFraction: [Double]
    var height: [Double]
    /// The truth box's part inside the image, per frame (nil where absent).
    var clipped: [NormalizedRect?]
    /// Per frame: the share of detections with the fitted noise that would still match the box (IoU ≥
    /// 0.5); 1 until `computePassShares`.
    var passShare: [Double]
    /// Indices into `matches` of this track's matched boxes.
    var matches: [Int]
    /// Frames in which the box was partly hidden (`isPartlyHidden`) and a detection covered it: how
    /// many times that detection was nearer its whole box, and how many times nearer its visible part.
    var wholeExtents = 0
    var visibleExtents = 0
  }

  /// A detection matched to no truth box.
  struct FalsePositive: Sendable {
    /// Whether it is near a truth box above the cutoff (`nearest`), and then its centre offset in
    /// heights of that box and ln of its height over that box's.
    var near: Bool
    var du: Double
    var dv: Double
    var logScale: Double
    var confidence: Double
    var box: NormalizedRect
  }

  struct Frame: Sendable {
    /// Truth boxes above the cutoff (the ones that may bring a near false positive).
    var eligible: Int
    /// Their parts inside the image.
    var boxes: [NormalizedRect]
    /// The share of the detector's clutter boxes that would land on an eligible truth box of this frame
    /// and so count as near: clutter is uniform over the image, people are not, and the estimators
    /// undo the mix with it.
    var clutterNearShare: Double
    var falsePositives: [FalsePositive]
  }

  var matches: [Match] = []
  var tracks: [Track] = []
  var frames: [Frame] = []

  /// Adds `sequence` with `detections` (per frame, as `sequence.detections` when nil).
  mutating func add(
    _ sequence: DetectorFitSequence, detections: [[FitDetection]]? = nil, minimumVisibleFraction: Double
  ) {
    let detections = detections ?? sequence.detections
    let ids = sequence.trackIDs
    var spans = [(first: Int, last: Int)](repeating: (Int.max, -1), count: ids.count)
    var slot: [Int: Int] = [:]  // id → position in ids; looked up only
    for (k, id) in ids.enumerated() { slot[id] = k }
    for (f, frame) in sequence.truth.enumerated() {
      for t in frame {
        let k = slot[t.id]!
        spans[k] = (min(spans[k].first, f), max(spans[k].last, f))
      }
    }
    let base = tracks.count
    for span in spans {
      let n = span.last - span.first + 1
      tracks.append(
        Track(
          detected: [Bool?](repeating: nil, count: n), visibleFraction: [Double](repeating: 0, count: n),
          height: [Double](repeating: 0, count: n), clipped: [NormalizedRect?](repeating: nil, count: n),
          passShare: [Double](repeating: 1, count: n), matches: []))
    }
    for (f, frame) in sequence.truth.enumerated() {
      let dets = detections[f]
      let match = DetectorFitMatching.match(truth: frame, detections: dets)
      var taken = [Bool](repeating: false, count: dets.count)
      var eligible = 0
      for (i, t) in frame.enumerated() {
        let k = slot[t.id]!
        let at = f - spans[k].first
        tracks[base + k].visibleFraction[at] = t.visibleFraction
        tracks[base + k].height[at] = t.box.height
        tracks[base + k].clipped[at] = t.clipped
        if let d = match[i] { taken[d] = true }
        guard Self.isEligible(t, minimumVisibleFraction), t.clipped != nil else { continue }
        eligible += 1
        switch Self.extent(of: t, in: dets) {
        case .whole?: tracks[base + k].wholeExtents += 1
        case .visiblePart?: tracks[base + k].visibleExtents += 1
        case nil: break
        }
        tracks[base + k].detected[at] = match[i] != nil
        if let d = match[i], let c = DetectorFitMatching.reportedBox(t, dets[d].box) {
          let b = dets[d].box
          tracks[base + k].matches.append(matches.count)
          matches.append(
            Match(
              height: t.box.height, visibleFraction: t.visibleFraction, du: b.midX - c.midX,
              dv: b.midY - c.midY,
              dh: b.height - c.height, dAspect: log(b.width / b.height) - log(c.width / c.height),
              logWidthRatio: log(b.width / c.width),
              logHeightRatio: log(b.height / c.height), frame: at,
              confidence: dets[d].confidence))
        }
      }
      var falsePositives: [FalsePositive] = []
      for (d, det) in dets.enumerated() where !taken[d] {
        if let c = Self.nearest(det.box, in: frame, minimumVisibleFraction) {
          falsePositives.append(
            FalsePositive(
              near: true, du: (det.box.midX - c.midX) / c.height, dv: (det.box.midY - c.midY) / c.height,
              logScale: log(det.box.height / c.height), confidence: det.confidence, box: det.box))
        } else {
          falsePositives.append(
            FalsePositive(near: false, du: 0, dv: 0, logScale: 0, confidence: det.confidence, box: det.box))
        }
      }
      frames.append(
        Frame(
          eligible: eligible,
          boxes: frame.filter { Self.isEligible($0, minimumVisibleFraction) }.compactMap(\.clipped),
          clutterNearShare: Self.clutterNearShare(frame, minimumVisibleFraction),
          falsePositives: falsePositives))
    }
  }

  /// Noise draws per box for `computePassShares`: a share to within about 0.09 (one binomial σ at 0.5),
  /// far less on the sums the miss fit uses.
  static let passShareDraws = 32

  /// Sets each eligible box's `passShare`: how many of `passShareDraws` detections drawn around it with
  /// `p`'s noise (as `NoisyDetector` draws them) still overlap it by IoU ≥ 0.5. The detector's noise
  /// alone loses the others to the matching, which the miss fit must not count again.
  mutating func computePassShares(_ p: DetectorParameters) {
    var stream = RandomStream(seed: 0, stream: "fit-detector.pass-share")
    for t in tracks.indices {
      for k in tracks[t].detected.indices {
        guard tracks[t].detected[k] != nil, let c = tracks[t].clipped[k], c.height > 0 else { continue }
        let h = tracks[t].height[k]
        var pass = 0
        for _ in 0..<Self.passShareDraws {
          let du = p.centerSigma(height: h) * stream.gaussian()
          let dv = p.centerSigma(height: h) * stream.gaussian()
          let height = max(c.height + p.sizeSigma(height: h) * stream.gaussian(), 1e-4)
          let width = max(c.width * height / c.height * exp(p.aspectNoise * stream.gaussian()), 1e-4)
          let box = NormalizedRect(
            x: c.midX + du - width / 2, y: c.midY + dv - height / 2, width: width, height: height)
          if DetectorFitMatching.iou(c, box) >= DetectorFitMatching.minimumIoU { pass += 1 }
        }
        tracks[t].passShare[k] = Double(pass) / Double(Self.passShareDraws)
      }
    }
  }

  /// A false positive is near a truth box when its centre is within this many heights of that box
  /// from the box's centre on both axes: wide enough for the near false positives the model makes
  /// (offsets of a fraction of a height), narrow enough to leave most clutter far.
  static let nearWindow = 1.0

  /// The eligible truth box (its part inside the image) whose centre is nearest `box`'s, in heights of
  /// that truth box (the larger of the two axes' offsets), if within `nearWindow`; equal distances go
  /// to the lower index.
  static func nearest(_ box: NormalizedRect, in frame: [FitTruth], _ minimumVisibleFraction: Double)
    -> NormalizedRect?
  {
    var best: (distance: Double, box: NormalizedRect)? = nil
    for t in frame where isEligible(t, minimumVisibleFraction) {
      guard let c = t.clipped else { continue }
      let distance = max(abs(box.midX - c.midX), abs(box.midY - c.midY)) / c.height
      if distance <= nearWindow, distance < (best?.distance ?? .infinity) { best = (distance, c) }
    }
    return best?.box
  }

  /// Clutter boxes sampled per frame for `clutterNearShare`: its standard error is then at most 0.1 per
  /// frame, and far less averaged over a sequence.
  static let clutterSamples = 32

  /// The share of `clutterSamples` clutter boxes (fixed draws, the same for every frame) that would
  /// count as near a truth box of `frame`.
  static func clutterNearShare(_ frame: [FitTruth], _ minimumVisibleFraction: Double) -> Double {
    guard frame.contains(where: { isEligible($0, minimumVisibleFraction) }) else { return 0 }
    var stream = RandomStream(seed: 0, stream: "fit-detector.clutter-geometry")
    var near = 0
    for _ in 0..<clutterSamples {
      let face = stream.bernoulli(0.5)
      let rect = NoisyDetector.clutterRect(
        face: face, size: stream.uniform(), u: stream.uniform(), v: stream.uniform())
      if nearest(rect, in: frame, minimumVisibleFraction) != nil { near += 1 }
    }
    return Double(near) / Double(clutterSamples)
  }

  /// Of the partly hidden boxes a detection covered in `tracks` (repeated indices count repeatedly),
  /// the share it covered whole; nil without any.
  func wholeExtentShare<Tracks: Sequence<Int>>(tracks: Tracks) -> Double? {
    var whole = 0
    var visible = 0
    for t in tracks {
      whole += self.tracks[t].wholeExtents
      visible += self.tracks[t].visibleExtents
    }
    return whole + visible > 0 ? Double(whole) / Double(whole + visible) : nil
  }

  /// Which extent of the partly hidden truth box `t` a detection of `dets` reports
  /// (`BoxExtent.reported`), judged on the detection overlapping the whole box or the visible part most
  /// (IoU ≥ `DetectorFitMatching.minimumIoU` with either). Nil when the two extents of `t` are too alike
  /// to tell or no detection covers it.
  static func extent(of t: FitTruth, in dets: [FitDetection]) -> BoxExtent? {
    guard let whole = t.clipped, let visible = t.visibleBox,
      whole.intersectionOverUnion(visible) < BoxExtent.distinguishableIoU
    else { return nil }
    var best: (overlap: Double, box: NormalizedRect)?
    for d in dets {
      let overlap = DetectorFitMatching.overlap(t, d.box)
      if overlap >= DetectorFitMatching.minimumIoU, best == nil || overlap > best!.overlap {
        best = (overlap, d.box)
      }
    }
    return best.flatMap { BoxExtent.reported(by: $0.box, whole: whole, visible: visible) }
  }

  /// The detector model's rule: a box is detectable when its visible fraction reaches the cutoff and
  /// some of it is visible.
  static func isEligible(_ t: FitTruth, _ minimumVisibleFraction: Double) -> Bool {
    t.visibleFraction >= minimumVisibleFraction && t.visibleFraction > 0 && t.clipped != nil
  }
}
