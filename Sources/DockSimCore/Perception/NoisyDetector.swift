import Foundation

/// Parameters of the built-in detector model.
public struct DetectorParameters: Equatable, Sendable {
  /// Standard deviation of the box centre, normalized image units (both axes).
  public var centerNoise: Double
  /// Standard deviation of the box height, normalized image units; the width scales with it.
  public var sizeNoise: Double
  /// Probability that a visible subject is detected in a frame.
  public var detectionProbability: Double
  /// Frames between capture and delivery of the detections (inference latency).
  public var latencyFrames: Int
  /// Smallest visible fraction of a box (not cut by the image edge, not hidden by anything nearer)
  /// that is still detected; a box hidden more than this is missed, a partly hidden one is truncated
  /// to its visible part.
  public var minimumVisibleFraction: Double
  /// Mean number of false positives per frame (Poisson), anywhere in the image.
  public var clutterRate: Double

  public init(
    centerNoise: Double = 0.004, sizeNoise: Double = 0.006, detectionProbability: Double = 0.97,
    latencyFrames: Int = 2, minimumVisibleFraction: Double = 0.3, clutterRate: Double = 0
  ) {
    self.centerNoise = centerNoise
    self.sizeNoise = sizeNoise
    self.detectionProbability = detectionProbability
    self.latencyFrames = latencyFrames
    self.minimumVisibleFraction = minimumVisibleFraction
    self.clutterRate = clutterRate
  }
}

/// The built-in detector: Gaussian box noise, random misses, boxes cut at the image edge and by
/// occlusion, clutter, and a shuffled output order (observations carry no identity, and neither may
/// their order).
///
/// Each noise source draws from its own stream (`detector.miss`, `detector.noise`,
/// `detector.speaking`, `detector.clutter`, `detector.order`), and every box draws the same number of
/// values whatever happens to it, so changing one parameter does not reshuffle the others' noise.
public struct NoisyDetector: Detector {
  public var parameters: DetectorParameters
  private var missStream: RandomStream
  private var noiseStream: RandomStream
  private var speakingStream: RandomStream
  private var clutterStream: RandomStream
  private var orderStream: RandomStream

  public init(parameters: DetectorParameters, seed: UInt64) {
    self.parameters = parameters
    missStream = RandomStream(seed: seed, stream: "detector.miss")
    noiseStream = RandomStream(seed: seed, stream: "detector.noise")
    speakingStream = RandomStream(seed: seed, stream: "detector.speaking")
    clutterStream = RandomStream(seed: seed, stream: "detector.clutter")
    orderStream = RandomStream(seed: seed, stream: "detector.order")
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
    for truth in scene.boxes {
      let detected = missStream.bernoulli(parameters.detectionProbability)
      let du = noiseStream.gaussian(sigma: parameters.centerNoise)
      let dv = noiseStream.gaussian(sigma: parameters.centerNoise)
      let dh = noiseStream.gaussian(sigma: parameters.sizeNoise)
      let talk = speakingStream.uniform()
      guard detected, truth.visibleFraction >= parameters.minimumVisibleFraction, truth.visibleFraction > 0,
        let visible = truth.visibleBox, visible.height > 0
      else { continue }
      let height = max(visible.height + dh, 1e-4)
      let width = max(visible.width * height / visible.height, 1e-4)
      let rect = NormalizedRect(
        x: visible.midX + du - width / 2, y: visible.midY + dv - height / 2, width: width, height: height)
      let speaking = truth.kind == .humanFace ? (truth.speaking ? 0.7 + 0.3 * talk : 0.3 * talk) : nil
      out.append(Observation(kind: truth.kind, rect: rect, speakingConfidence: speaking))
    }
    appendClutter(to: &out)
    shuffle(&out)
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
      let height = 0.05 + 0.3 * clutterStream.uniform()
      let width = height * (face ? 0.75 : 0.45)
      let u = clutterStream.uniform()
      let v = clutterStream.uniform()
      out.append(
        Observation(
          kind: face ? .humanFace : .humanBody,
          rect: NormalizedRect(x: u - width / 2, y: v - height / 2, width: width, height: height),
          confidence: 0.5, speakingConfidence: face ? 0.3 * clutterStream.uniform() : nil))
    }
  }

  /// Fisher–Yates with the detector's own stream.
  private mutating func shuffle(_ a: inout [Observation]) {
    guard a.count > 1 else { return }
    for i in stride(from: a.count - 1, to: 0, by: -1) {
      let j = Int(orderStream.next() % UInt64(i + 1))
      a.swapAt(i, j)
    }
  }
}
