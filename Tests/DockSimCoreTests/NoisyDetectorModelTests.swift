import DockSimCore
import Foundation
import Testing

/// The built-in detector's mechanisms, each pinned on scenes built by hand; and its defaults against the
/// detector as it was before those mechanisms existed, bit for bit.
struct NoisyDetectorModelTests {
  /// One body box per subject, `height` tall (normalized), centred at u, `visible` of it visible.
  static func box(
    subject: Int, u: Double, height: Double, visible: Double = 1, kind: SubjectKind = .humanBody
  )
    -> TruthBox
  {
    let rect = NormalizedRect(x: u - 0.2 * height, y: 0.5 - height / 2, width: 0.4 * height, height: height)
    return TruthBox(
      subjectIndex: subject, subjectID: "s\(subject)", kind: kind,
      direction: Direction(azimuth: 0, elevation: 0),
      depth: 2 + Double(subject), angularHeight: 0.3, centerU: rect.midX, centerV: rect.midY, box: rect,
      visibleFraction: visible, visibleBox: rect, speaking: subject % 2 == 0)
  }

  static func scene(_ boxes: [TruthBox], frame: Int) -> SceneSnapshot {
    SceneSnapshot(time: SimTime(microseconds: Int64(frame) * 33_333), boxes: boxes)
  }

  static let pose = CameraPose(yaw: 0, pitch: 0)

  /// The detector of DockSim 0.x before noise grew with size, written out as it was: the reference the
  /// defaults must reproduce.
  struct LegacyDetector {
    var p: DetectorParameters
    var miss: RandomStream
    var noise: RandomStream
    var speaking: RandomStream
    var clutter: RandomStream
    var order: RandomStream
    init(_ p: DetectorParameters, seed: UInt64) {
      self.p = p
      miss = RandomStream(seed: seed, stream: "detector.miss")
      noise = RandomStream(seed: seed, stream: "detector.noise")
      speaking = RandomStream(seed: seed, stream: "detector.speaking")
      clutter = RandomStream(seed: seed, stream: "detector.clutter")
      order = RandomStream(seed: seed, stream: "detector.order")
    }
    mutating func detect(_ scene: SceneSnapshot) -> [Observation] {
      var out: [Observation] = []
      for truth in scene.boxes {
        let detected = miss.bernoulli(p.detectionProbability)
        let du = noise.gaussian(sigma: p.centerNoise)
        let dv = noise.gaussian(sigma: p.centerNoise)
        let dh = noise.gaussian(sigma: p.sizeNoise)
        let talk = speaking.uniform()
        guard detected, truth.visibleFraction >= p.minimumVisibleFraction, truth.visibleFraction > 0,
          let visible = truth.visibleBox, visible.height > 0
        else { continue }
        let height = max(visible.height + dh, 1e-4)
        let width = max(visible.width * height / visible.height, 1e-4)
        let rect = NormalizedRect(
          x: visible.midX + du - width / 2, y: visible.midY + dv - height / 2, width: width, height: height)
        let s = truth.kind == .humanFace ? (truth.speaking ? 0.7 + 0.3 * talk : 0.3 * talk) : nil
        out.append(Observation(kind: truth.kind, rect: rect, speakingConfidence: s))
      }
      if p.clutterRate > 0 {
        let limit = exp(-p.clutterRate)
        var product = clutter.uniform()
        var count = 0
        while product > limit && count < 1000 {
          count += 1
          product *= clutter.uniform()
        }
        for _ in 0..<count {
          let face = clutter.bernoulli(0.5)
          let height = 0.05 + 0.3 * clutter.uniform()
          let width = height * (face ? 0.75 : 0.45)
          let u = clutter.uniform()
          let v = clutter.uniform()
          out.append(
            Observation(
              kind: face ? .humanFace : .humanBody,
              rect: NormalizedRect(x: u - width / 2, y: v - height / 2, width: width, height: height),
              confidence: 0.5, speakingConfidence: face ? 0.3 * clutter.uniform() : nil))
        }
      }
      if out.count > 1 {
        for i in stride(from: out.count - 1, to: 0, by: -1) {
          out.swapAt(i, Int(order.next() % UInt64(i + 1)))
        }
      }
      return out
    }
  }

  static let legacyCases: [DetectorParameters] = [
    DetectorParameters(),
    DetectorParameters(centerNoise: 0, sizeNoise: 0.01, detectionProbability: 0.6, clutterRate: 3),
    DetectorParameters(centerNoise: 0.02, sizeNoise: 0, detectionProbability: 1, minimumVisibleFraction: 0.5),
  ]

  @Test(arguments: legacyCases)
  func defaultsOfTheNewMechanismsReproduceTheOldDetectorBitForBit(_ p: DetectorParameters) {
    var new = NoisyDetector(parameters: p, seed: 11)
    var old = LegacyDetector(p, seed: 11)
    for frame in 0..<300 {
      let boxes = [
        Self.box(subject: 0, u: 0.3, height: 0.4, visible: frame % 7 == 0 ? 0.2 : 1),
        Self.box(subject: 0, u: 0.3, height: 0.1, kind: .humanFace),
        Self.box(subject: 1, u: 0.6, height: 0.25, visible: 0.6),
      ]
      let scene = Self.scene(boxes, frame: frame)
      #expect(new.detect(scene, camera: Self.pose) == old.detect(scene), "frame \(frame)")
    }
  }

  /// σ = floor + slope·h, measured on a small and a large box over many frames.
  @Test func centreAndHeightNoiseGrowWithBoxHeightAsSpecified() {
    var p = DetectorParameters(
      centerNoise: 0.002, sizeNoise: 0.003, detectionProbability: 1, minimumVisibleFraction: 0)
    p.centerNoiseSlope = 0.03
    p.sizeNoiseSlope = 0.08
    var detector = NoisyDetector(parameters: p, seed: 3)
    let heights = [0.1, 0.5]
    var squares = [(c: 0.0, h: 0.0), (c: 0.0, h: 0.0)]
    let frames = 4000
    for frame in 0..<frames {
      let boxes = [
        Self.box(subject: 0, u: 0.3, height: heights[0]), Self.box(subject: 1, u: 0.7, height: heights[1]),
      ]
      for o in detector.detect(Self.scene(boxes, frame: frame), camera: Self.pose) {
        let k = o.rect.midX < 0.5 ? 0 : 1
        let truth = boxes[k].visibleBox!
        squares[k].c += pow(o.rect.midX - truth.midX, 2) + pow(o.rect.midY - truth.midY, 2)
        squares[k].h += pow(o.rect.height - truth.height, 2)
      }
    }
    for k in 0..<2 {
      let centre = (squares[k].c / Double(2 * frames)).squareRoot()
      let height = (squares[k].h / Double(frames)).squareRoot()
      #expect(
        abs(centre / p.centerSigma(height: heights[k]) - 1) < 0.04, "centre σ \(centre) at h \(heights[k])")
      #expect(
        abs(height / p.sizeSigma(height: heights[k]) - 1) < 0.04, "height σ \(height) at h \(heights[k])")
    }
    #expect(p.centerSigma(height: 0.5) > 3 * p.centerSigma(height: 0.1))
  }

  /// Bursts of misses last `burstLength` frames on average and cover the chain's stationary share.
  @Test func burstsHaveTheirMeanLengthAndShare() {
    var p = DetectorParameters(detectionProbability: 1, minimumVisibleFraction: 0)
    p.burstRate = 0.02
    p.burstLength = 6
    var detector = NoisyDetector(parameters: p, seed: 5)
    var runs: [Int] = []
    var run = 0
    var misses = 0
    let frames = 40_000
    for frame in 0..<frames {
      let seen = !detector.detect(
        Self.scene([Self.box(subject: 0, u: 0.5, height: 0.3)], frame: frame), camera: Self.pose
      )
      .isEmpty
      if seen {
        if run > 0 { runs.append(run) }
        run = 0
      } else {
        run += 1
        misses += 1
      }
    }
    let mean = Double(runs.reduce(0, +)) / Double(runs.count)
    #expect(abs(mean / p.burstLength - 1) < 0.1, "mean burst \(mean) frames over \(runs.count) bursts")
    #expect(abs(Double(misses) / Double(frames) - p.burstFraction) < 0.02, "share \(misses) of \(frames)")
  }

  /// Bursts are per box: two boxes of one subject (body and face) and another subject each keep their
  /// own chain, and a burst draws nothing from the other streams (the boxes detected keep their noise).
  @Test func burstsArePerBoxAndLeaveTheOtherStreamsAlone() {
    let plain = DetectorParameters(detectionProbability: 1, minimumVisibleFraction: 0)
    var bursty = plain
    bursty.burstRate = 0.1
    bursty.burstLength = 3
    var a = NoisyDetector(parameters: plain, seed: 9)
    var b = NoisyDetector(parameters: bursty, seed: 9)
    var bothMissed = 0
    var oneMissed = 0
    for frame in 0..<3000 {
      let boxes = [
        Self.box(subject: 0, u: 0.3, height: 0.4),
        Self.box(subject: 0, u: 0.3, height: 0.1, kind: .humanFace),
        Self.box(subject: 1, u: 0.7, height: 0.3),
      ]
      let all = a.detect(Self.scene(boxes, frame: frame), camera: Self.pose)
      let some = b.detect(Self.scene(boxes, frame: frame), camera: Self.pose)
      for o in some { #expect(all.contains(o), "a detected box kept its noise") }
      let body0 = some.contains { $0.kind == .humanBody && $0.rect.midX < 0.5 }
      let body1 = some.contains { $0.kind == .humanBody && $0.rect.midX > 0.5 }
      if !body0 && !body1 { bothMissed += 1 }
      if body0 != body1 { oneMissed += 1 }
    }
    // Independent chains at share 0.23 each: both out together about 5 % of frames, one alone ~35 %.
    #expect(oneMissed > 5 * bothMissed, "one \(oneMissed), both \(bothMissed)")
  }

  /// A person whose left half is hidden by someone nearer: their visible part is the right half.
  static func halfHidden(subject: Int = 0, u: Double = 0.5) -> TruthBox {
    var b = box(subject: subject, u: u, height: 0.4, visible: 0.5)
    let whole = b.box!
    b.visibleBox = NormalizedRect(x: whole.midX, y: whole.y, width: whole.width / 2, height: whole.height)
    return b
  }

  /// `full_extent_share` of a partly hidden person's boxes are whole, the others the visible part; the
  /// control at 0 truncates every one, at 1 none, and the image edge cuts a whole box too.
  @Test func partlyHiddenBoxesAreWholeInTheirShare() {
    let exact = DetectorParameters(
      centerNoise: 0, sizeNoise: 0, detectionProbability: 1, latencyFrames: 0, minimumVisibleFraction: 0.3)
    let truth = Self.halfHidden()
    func boxes(share: Double, frames: Int) -> [NormalizedRect] {
      var p = exact
      p.fullExtentShare = share
      var detector = NoisyDetector(parameters: p, seed: 5)
      return (0..<frames).flatMap { f in
        detector.detect(Self.scene([truth], frame: f), camera: Self.pose).map(\.rect)
      }
    }
    func isWhole(_ r: NormalizedRect) -> Bool {
      abs(r.width - truth.box!.width) < 1e-12 && abs(r.midX - truth.box!.midX) < 1e-12
    }
    func isVisible(_ r: NormalizedRect) -> Bool {
      abs(r.width - truth.visibleBox!.width) < 1e-12 && abs(r.midX - truth.visibleBox!.midX) < 1e-12
    }
    let mixed = boxes(share: 0.7, frames: 4000)
    #expect(mixed.count == 4000 && mixed.allSatisfy { isWhole($0) || isVisible($0) })
    let share = Double(mixed.filter(isWhole).count) / Double(mixed.count)
    #expect(abs(share - 0.7) < 0.025, "whole in \(share)")
    #expect(boxes(share: 0, frames: 200).allSatisfy(isVisible), "control: every box truncated")
    #expect(boxes(share: 1, frames: 200).allSatisfy(isWhole))
    // Half of the person beyond the left edge: the whole box is cut there.
    var edge = truth
    edge.box = NormalizedRect(x: -0.08, y: 0.3, width: 0.16, height: 0.4)
    edge.visibleBox = NormalizedRect(x: 0.04, y: 0.3, width: 0.04, height: 0.4)
    var p = exact
    p.fullExtentShare = 1
    var detector = NoisyDetector(parameters: p, seed: 5)
    let cut = detector.detect(Self.scene([edge], frame: 0), camera: Self.pose)
    #expect(cut.count == 1 && abs(cut[0].rect.x) < 1e-12 && abs(cut[0].rect.width - 0.08) < 1e-12)
  }

  /// The extent draw is a stream of its own: switching it on leaves every other box's noise, misses
  /// and order as they were.
  @Test func theExtentDrawLeavesTheOtherStreamsAlone() {
    var p = DetectorParameters(centerNoise: 0.01, sizeNoise: 0.01, detectionProbability: 0.8)
    p.aspectNoise = 0.1
    let scene = [Self.box(subject: 0, u: 0.2, height: 0.3), Self.halfHidden(subject: 1, u: 0.7)]
    var off = NoisyDetector(parameters: p, seed: 9)
    p.fullExtentShare = 0.5
    var on = NoisyDetector(parameters: p, seed: 9)
    for f in 0..<300 {
      let a = off.detect(Self.scene(scene, frame: f), camera: Self.pose).filter { $0.rect.midX < 0.45 }
      let b = on.detect(Self.scene(scene, frame: f), camera: Self.pose).filter { $0.rect.midX < 0.45 }
      #expect(a == b, "frame \(f)")
    }
  }

  /// Miss probability follows the logistic in visible fraction and log height.
  @Test func detectionFollowsVisibilityAndSize() {
    var p = DetectorParameters(detectionProbability: 0.95, minimumVisibleFraction: 0)
    p.missVisibilitySlope = 4
    p.missSizeSlope = 1.5
    p.sizeReference = 0.3
    var detector = NoisyDetector(parameters: p, seed: 13)
    let cases = [(v: 1.0, h: 0.3), (v: 0.5, h: 0.3), (v: 1.0, h: 0.08)]
    var hits = [0, 0, 0]
    let frames = 6000
    for frame in 0..<frames {
      let boxes = cases.enumerated().map { k, c in
        Self.box(subject: k, u: 0.2 + 0.3 * Double(k), height: c.h, visible: c.v)
      }
      for o in detector.detect(Self.scene(boxes, frame: frame), camera: Self.pose) {
        hits[Int(((o.rect.midX - 0.2) / 0.3).rounded())] += 1
      }
    }
    #expect(abs(p.detectionProbability(visibleFraction: 1, height: 0.3) - 0.95) < 1e-12)
    for (k, c) in cases.enumerated() {
      let expected = p.detectionProbability(visibleFraction: c.v, height: c.h)
      #expect(abs(Double(hits[k]) / Double(frames) - expected) < 0.02, "case \(c): \(hits[k]) vs \(expected)")
    }
    #expect(hits[1] < hits[0] && hits[2] < hits[0])
  }

  /// Confidences: lower for small and for partly hidden boxes, and for false positives.
  @Test func scoresAreLowerForSmallHiddenAndFalseBoxes() {
    var p = DetectorParameters(detectionProbability: 1, minimumVisibleFraction: 0, clutterRate: 1)
    p.scoreTrue = 0.9
    p.scoreVisibilitySlope = 0.4
    p.scoreSizeSlope = 0.1
    p.scoreFalse = 0.3
    p.scoreNoise = 0.05
    p.sizeReference = 0.3
    var detector = NoisyDetector(parameters: p, seed: 17)
    var sums = [0.0, 0.0, 0.0, 0.0]
    var counts = [0, 0, 0, 0]
    for frame in 0..<2000 {
      let boxes = [
        Self.box(subject: 0, u: 0.2, height: 0.3), Self.box(subject: 1, u: 0.5, height: 0.3, visible: 0.4),
        Self.box(subject: 2, u: 0.8, height: 0.05),
      ]
      for o in detector.detect(Self.scene(boxes, frame: frame), camera: Self.pose) {
        #expect((0...1).contains(o.confidence))
        // Default noise is 0.004–0.006: a true box is within 0.02 of its truth, clutter hardly ever.
        let k =
          boxes.firstIndex {
            abs($0.visibleBox!.midX - o.rect.midX) < 0.02 && abs($0.visibleBox!.midY - o.rect.midY) < 0.02
              && abs($0.visibleBox!.height - o.rect.height) < 0.02
          } ?? 3
        sums[k] += o.confidence
        counts[k] += 1
      }
    }
    let means = (0..<4).map { sums[$0] / Double(max(1, counts[$0])) }
    #expect(abs(means[0] - 0.9) < 0.01, "large visible \(means[0])")
    #expect(abs(means[1] - p.trueScoreMean(visibleFraction: 0.4, height: 0.3)) < 0.01, "hidden \(means[1])")
    #expect(abs(means[2] - p.trueScoreMean(visibleFraction: 1, height: 0.05)) < 0.01, "small \(means[2])")
    #expect(means[1] < means[0] && means[2] < means[0] && means[3] < means[2])
  }

  /// Near false positives: at the rate per visible box, around the box, smaller by the log scale.
  @Test func nearFalsePositivesSitBesideVisibleBoxes() {
    var p = DetectorParameters(
      centerNoise: 0, sizeNoise: 0, detectionProbability: 1, minimumVisibleFraction: 0.3)
    p.nearFalsePositiveRate = 0.2
    p.nearFalsePositiveOffset = 0.1
    p.nearFalsePositiveLogScale = -0.5
    var detector = NoisyDetector(parameters: p, seed: 19)
    var extra = 0
    var logScale = 0.0
    let frames = 5000
    let visible = Self.box(subject: 0, u: 0.5, height: 0.4)
    let hidden = Self.box(subject: 1, u: 0.2, height: 0.4, visible: 0.1)
    for frame in 0..<frames {
      for o in detector.detect(Self.scene([visible, hidden], frame: frame), camera: Self.pose)
      where o.rect != visible.visibleBox {
        extra += 1
        logScale += log(o.rect.height / 0.4)
        #expect(abs(o.rect.midX - 0.5) < 0.1 * 0.4 * 6, "within six σ of the box")
      }
    }
    #expect(abs(Double(extra) / Double(frames) - 0.2) < 0.02, "\(extra) near false positives")
    #expect(abs(logScale / Double(extra) + 0.5) < 0.01)
  }

  /// Correlated noise: the centre error of one frame predicts the next one's by `noiseCorrelation`,
  /// while each frame keeps its σ.
  @Test func noiseCorrelationCarriesTheErrorOverFramesAtTheSameSpread() {
    var p = DetectorParameters(
      centerNoise: 0.01, sizeNoise: 0.01, detectionProbability: 1, minimumVisibleFraction: 0)
    p.noiseCorrelation = 0.7
    p.aspectNoise = 0.1
    var detector = NoisyDetector(parameters: p, seed: 29)
    let truth = Self.box(subject: 0, u: 0.5, height: 0.3)
    var previous: Double?
    var cross = 0.0
    var squares = 0.0
    var previousSquares = 0.0
    let frames = 8000
    for frame in 0..<frames {
      let o = detector.detect(Self.scene([truth], frame: frame), camera: Self.pose)[0]
      let e = o.rect.midX - truth.visibleBox!.midX
      squares += e * e
      if let previous {
        cross += e * previous
        previousSquares += previous * previous
      }
      previous = e
    }
    let sigma = (squares / Double(frames)).squareRoot()
    #expect(abs(sigma / 0.01 - 1) < 0.06, "σ \(sigma)")
    let rho = cross / previousSquares
    #expect(abs(rho - 0.7) < 0.03, "lag-one correlation \(rho)")
  }

  /// Aspect jitter: ln(width/height) spreads by `aspectNoise` around the truth's.
  @Test func aspectJitterHasItsSpread() {
    var p = DetectorParameters(
      centerNoise: 0, sizeNoise: 0, detectionProbability: 1, minimumVisibleFraction: 0)
    p.aspectNoise = 0.15
    var detector = NoisyDetector(parameters: p, seed: 23)
    var squares = 0.0
    let frames = 5000
    let truth = Self.box(subject: 0, u: 0.5, height: 0.3)
    for frame in 0..<frames {
      let o = detector.detect(Self.scene([truth], frame: frame), camera: Self.pose)[0]
      squares += pow(log(o.rect.width / o.rect.height) - log(0.4), 2)
    }
    #expect(abs((squares / Double(frames)).squareRoot() / 0.15 - 1) < 0.04)
  }
}
