import Foundation

/// The built-in detector: Gaussian box noise growing with box size, misses depending on visibility and
/// size and coming in bursts, boxes cut at the image edge and by occlusion, false positives beside people
/// and anywhere (clutter), confidences, and a shuffled output order (observations carry no identity, and
/// neither may their order). `DetectorParameters` and docs/sensors.md give the formulas.
///
/// Each noise source draws from its own stream (`detector.miss`, `detector.noise`,
/// `detector.speaking`, `detector.clutter`, `detector.order`, and for the later mechanisms
/// `detector.burst`, `detector.aspect`, `detector.near`, `detector.score`, `detector.extent`), and
/// every box draws the same number of values whatever happens to it, so changing one parameter does
/// not reshuffle the others' noise. A mechanism switched off draws nothing, so the original five streams draw what they
/// drew before the later mechanisms existed.
public struct NoisyDetector: Detector {
  public var parameters: DetectorParameters
  private var missStream: RandomStream
  private var noiseStream: RandomStream
  private var speakingStream: RandomStream
  private var clutterStream: RandomStream
  private var orderStream: RandomStream
  private var burstStream: RandomStream
  private var aspectStream: RandomStream
  private var nearStream: RandomStream
  private var scoreStream: RandomStream
  private var extentStream: RandomStream
  /// The Gilbert–Elliott state of each box, indexed by `2·subjectIndex + k` (k = 0 for a subject's
  /// first box in a frame, 1 for its second, the face): grown on the first frames only, so steady
  /// state does not allocate.
  private var burstStates: [BurstState] = []
  /// The last standard normal draws of each box's noise (centre x, centre y, height, aspect), indexed
  /// as `burstStates`, for `noiseCorrelation`; nil before a box's first frame.
  private var noiseStates: [SIMD4<Double>?] = []

  private enum BurstState: UInt8, Sendable {
    /// Not seen yet: its first frame draws its state from the chain's stationary distribution.
    case unseen
    case good
    case burst
  }

  public init(parameters: DetectorParameters, seed: UInt64) {
    self.parameters = parameters
    missStream = RandomStream(seed: seed, stream: "detector.miss")
    noiseStream = RandomStream(seed: seed, stream: "detector.noise")
    speakingStream = RandomStream(seed: seed, stream: "detector.speaking")
    clutterStream = RandomStream(seed: seed, stream: "detector.clutter")
    orderStream = RandomStream(seed: seed, stream: "detector.order")
    burstStream = RandomStream(seed: seed, stream: "detector.burst")
    aspectStream = RandomStream(seed: seed, stream: "detector.aspect")
    nearStream = RandomStream(seed: seed, stream: "detector.near")
    scoreStream = RandomStream(seed: seed, stream: "detector.score")
    extentStream = RandomStream(seed: seed, stream: "detector.extent")
  }

  public mutating func detect(_ scene: SceneSnapshot, camera: CameraPose) -> [Observation] {
    var out: [Observation] = []
    out.reserveCapacity(scene.boxes.count + 4)
    detect(scene, camera: camera, into: &out)
    return out
  }

  public mutating func detect(_ scene: SceneSnapshot, camera: CameraPose, into out: inout [Observation]) {
    out.removeAll(keepingCapacity: true)
    out.reserveCapacity(scene.boxes.count + 4)
    let p = parameters
    let centerOn = p.centerNoise != 0 || p.centerNoiseSlope != 0
    let sizeOn = p.sizeNoise != 0 || p.sizeNoiseSlope != 0
    var previousSubject = -1
    var boxOfSubject = 0
    for truth in scene.boxes {
      boxOfSubject = truth.subjectIndex == previousSubject ? boxOfSubject + 1 : 0
      previousSubject = truth.subjectIndex
      let slot = 2 * truth.subjectIndex + min(boxOfSubject, 1)
      let inBurst = advanceBurst(slot: slot)
      let missDraw = missStream.uniform()
      var zu = centerOn ? noiseStream.gaussian() : 0
      var zv = centerOn ? noiseStream.gaussian() : 0
      var zh = sizeOn ? noiseStream.gaussian() : 0
      let talk = speakingStream.uniform()
      var za = p.aspectNoise > 0 ? aspectStream.gaussian() : 0
      if p.noiseCorrelation > 0 {
        let z = correlate(SIMD4(zu, zv, zh, za), slot: slot)
        (zu, zv, zh, za) = (z[0], z[1], z[2], z[3])
      }
      let aspect = p.aspectNoise > 0 ? exp(p.aspectNoise * za) : 1
      let score = p.scoreNoise > 0 ? scoreStream.gaussian(sigma: p.scoreNoise) : 0
      let near = p.nearFalsePositiveRate > 0 ? drawNear() : nil
      let wholeDraw = p.fullExtentShare > 0 ? extentStream.uniform() : 1
      guard truth.visibleFraction >= p.minimumVisibleFraction, truth.visibleFraction > 0,
        let visible = truth.visibleBox, visible.height > 0
      else { continue }
      let extent = wholeDraw < p.fullExtentShare ? truth.imageExtent ?? visible : visible
      // The size of the person in the image, whatever part of them is hidden.
      let h = truth.box?.height ?? visible.height
      if let near, near.happens {
        appendNear(near, around: visible, kind: truth.kind, to: &out)
      }
      guard !inBurst, missDraw < p.detectionProbability(visibleFraction: truth.visibleFraction, height: h)
      else { continue }
      let height = max(extent.height + p.sizeSigma(height: h) * zh, 1e-4)
      let width = max(extent.width * height / extent.height * aspect, 1e-4)
      let sigma = p.centerSigma(height: h)
      let rect = NormalizedRect(
        x: extent.midX + sigma * zu - width / 2, y: extent.midY + sigma * zv - height / 2, width: width,
        height: height)
      let speaking = truth.kind == .humanFace ? (truth.speaking ? 0.7 + 0.3 * talk : 0.3 * talk) : nil
      let confidence = Self.clamped(
        p.trueScoreMean(visibleFraction: truth.visibleFraction, height: h) + score)
      out.append(
        Observation(kind: truth.kind, rect: rect, confidence: confidence, speakingConfidence: speaking))
    }
    appendClutter(to: &out)
    shuffle(&out)
  }

  /// Advances the burst chain of `slot` by one frame (one uniform per box per frame while bursts are
  /// on) and returns whether the box is in a burst this frame.
  private mutating func advanceBurst(slot: Int) -> Bool {
    guard parameters.burstRate > 0 else { return false }
    while burstStates.count <= slot { burstStates.append(.unseen) }
    let u = burstStream.uniform()
    let next: BurstState
    switch burstStates[slot] {
    case .unseen: next = u < parameters.burstFraction ? .burst : .good
    case .good: next = u < parameters.burstRate ? .burst : .good
    case .burst: next = u < 1 / parameters.burstLength ? .good : .burst
    }
    burstStates[slot] = next
    return next == .burst
  }

  /// This frame's noise of `slot` from its fresh draws `fresh` and its last frame's (an AR(1) process
  /// with unit variance); the first frame takes the fresh draws as they are.
  private mutating func correlate(_ fresh: SIMD4<Double>, slot: Int) -> SIMD4<Double> {
    while noiseStates.count <= slot { noiseStates.append(nil) }
    let rho = parameters.noiseCorrelation
    let z = noiseStates[slot].map { rho * $0 + (1 - rho * rho).squareRoot() * fresh } ?? fresh
    noiseStates[slot] = z
    return z
  }

  /// The draws of one box's possible near false positive, the same five whether or not it happens.
  private struct NearDraw {
    var happens: Bool
    var du: Double
    var dv: Double
    var logScale: Double
    var score: Double
  }

  private mutating func drawNear() -> NearDraw {
    let p = parameters
    return NearDraw(
      happens: nearStream.bernoulli(p.nearFalsePositiveRate),
      du: nearStream.gaussian(sigma: p.nearFalsePositiveOffset),
      dv: nearStream.gaussian(sigma: p.nearFalsePositiveOffset),
      logScale: p.nearFalsePositiveLogScale + nearStream.gaussian(sigma: p.nearFalsePositiveLogScaleNoise),
      score: nearStream.gaussian(sigma: p.scoreNoise))
  }

  private func appendNear(
    _ d: NearDraw, around box: NormalizedRect, kind: SubjectKind, to out: inout [Observation]
  ) {
    let scale = exp(d.logScale)
    let height = max(box.height * scale, 1e-4)
    let width = max(box.width * scale, 1e-4)
    let u = box.midX + d.du * box.height
    let v = box.midY + d.dv * box.height
    out.append(
      Observation(
        kind: kind, rect: NormalizedRect(x: u - width / 2, y: v - height / 2, width: width, height: height),
        confidence: Self.clamped(parameters.scoreFalse + d.score),
        speakingConfidence: kind == .humanFace ? 0 : nil))
  }

  private mutating func appendClutter(to out: inout [Observation]) {
    guard parameters.clutterRate > 0 else { return }
    // Poisson by multiplying uniforms (Knuth): exact and cheap for the small rates used here.
    let limit = exp(-parameters.clutterRate)
    var product = clutterStream.uniform()
    var count = 0
    while product > limit && count < 1000 {
      count += 1
      product *= clutterStream.uniform()
    }
    for _ in 0..<count {
      let face = clutterStream.bernoulli(0.5)
      let size = clutterStream.uniform()
      let u = clutterStream.uniform()
      let v = clutterStream.uniform()
      let score = parameters.scoreNoise > 0 ? scoreStream.gaussian(sigma: parameters.scoreNoise) : 0
      out.append(
        Observation(
          kind: face ? .humanFace : .humanBody, rect: Self.clutterRect(face: face, size: size, u: u, v: v),
          confidence: Self.clamped(parameters.scoreFalse + score),
          speakingConfidence: face ? 0.3 * clutterStream.uniform() : nil))
    }
  }

  /// A clutter box from its draws (each uniform in [0, 1)): a face (aspect 0.75) or a body (0.45), 0.05
  /// to 0.35 of the image tall, centred at (u, v) anywhere in the image. Public so that a fit can
  /// work out how often clutter lands on people.
  public static func clutterRect(face: Bool, size: Double, u: Double, v: Double) -> NormalizedRect {
    let height = 0.05 + 0.3 * size
    let width = height * (face ? 0.75 : 0.45)
    return NormalizedRect(x: u - width / 2, y: v - height / 2, width: width, height: height)
  }

  /// Confidences live in [0, 1].
  private static func clamped(_ x: Double) -> Double { min(1, max(0, x)) }

  /// Fisher–Yates with the detector's own stream.
  private mutating func shuffle(_ a: inout [Observation]) {
    guard a.count > 1 else { return }
    for i in stride(from: a.count - 1, to: 0, by: -1) {
      let j = Int(orderStream.next() % UInt64(i + 1))
      a.swapAt(i, j)
    }
  }
}
