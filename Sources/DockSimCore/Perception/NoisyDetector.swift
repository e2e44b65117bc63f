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
  /// Smallest visible fraction of a box (after cutting at the image edge) that is still detected.
  public var minimumVisibleFraction: Double

  public init(
    centerNoise: Double = 0.004, sizeNoise: Double = 0.006, detectionProbability: Double = 0.97,
    latencyFrames: Int = 2, minimumVisibleFraction: Double = 0.3
  ) {
    self.centerNoise = centerNoise
    self.sizeNoise = sizeNoise
    self.detectionProbability = detectionProbability
    self.latencyFrames = latencyFrames
    self.minimumVisibleFraction = minimumVisibleFraction
  }
}

/// The built-in detector: Gaussian box noise, random misses, boxes cut at the image edge.
///
/// Each noise source draws from its own stream (`detector.miss`, `detector.noise`), so changing the
/// detection probability does not change the noise drawn for the frames that are detected.
public struct NoisyDetector: Detector {
  public var parameters: DetectorParameters
  private var missStream: RandomStream
  private var noiseStream: RandomStream

  public init(parameters: DetectorParameters, seed: UInt64) {
    self.parameters = parameters
    missStream = RandomStream(seed: seed, stream: "detector.miss")
    noiseStream = RandomStream(seed: seed, stream: "detector.noise")
  }

  public mutating func detect(_ scene: SceneSnapshot, camera: CameraPose) -> [Observation] {
    var out: [Observation] = []
    for (subject, projection) in zip(scene.subjects, scene.projections) {
      // Draw every stream once per subject and frame whatever happens, so streams stay aligned.
      let detected = missStream.bernoulli(parameters.detectionProbability)
      let du = noiseStream.gaussian(sigma: parameters.centerNoise)
      let dv = noiseStream.gaussian(sigma: parameters.centerNoise)
      let dh = noiseStream.gaussian(sigma: parameters.sizeNoise)
      guard detected, let box = projection.box, let clipped = box.clippedToImage() else { continue }
      let fullArea = box.width * box.height
      guard fullArea > 0, clipped.width * clipped.height >= parameters.minimumVisibleFraction * fullArea
      else { continue }
      let height = max(clipped.height + dh, 1e-4)
      let width = max(clipped.width * height / clipped.height, 1e-4)
      let rect = NormalizedRect(
        x: clipped.midX + du - width / 2, y: clipped.midY + dv - height / 2, width: width, height: height)
      out.append(Observation(kind: subject.kind, rect: rect))
    }
    return out
  }
}
