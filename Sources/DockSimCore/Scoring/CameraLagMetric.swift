/// Lag of the camera behind the subject, milliseconds; negative when the camera leads.
///
/// For each candidate shift τ from −`maxLeadFrames` to +`maxLagFrames` frames it accumulates the mean
/// of `wrap(camera_yaw[k] − subject_az[k − τ])²` over the frames after a warm-up, keeping only a ring
/// of recent values of both signals (bounded memory). The lag is the τ of least mean, refined by a
/// parabola through its neighbours. Not applicable (nil) when the subject's azimuth spans less than
/// `minimumTravel` radians (a standing subject has no meaningful lag), or when the least mean is at
/// either end of the window (no lag identifiable within it).
public struct CameraLagMetric: MetricAccumulator {
  public let framePeriod: Double
  public let maxLagFrames: Int
  public let maxLeadFrames: Int
  public let warmupFrames: Int
  public let minimumTravel: Double
  private var subject: [Double]
  private var camera: [Double]
  private var head = 0
  private var count = 0
  /// costs[i] holds the shift τ = i − maxLeadFrames.
  private var costs: [Double]
  private var samples: [Int]
  private var unwrapped: Double?
  private var lastWrapped = 0.0
  private var minAz = Double.infinity
  private var maxAz = -Double.infinity

  public init(
    framePeriod: Double, maxLag: Double = 1.5, maxLead: Double = 0.5, warmup: Double = 1.0,
    minimumTravel: Double = 0.1
  ) {
    self.framePeriod = framePeriod
    maxLagFrames = max(1, Int((maxLag / framePeriod).rounded()))
    maxLeadFrames = max(1, Int((maxLead / framePeriod).rounded()))
    warmupFrames = Int((warmup / framePeriod).rounded())
    self.minimumTravel = minimumTravel
    let ring = max(maxLagFrames, maxLeadFrames) + 1
    subject = Array(repeating: 0, count: ring)
    camera = Array(repeating: 0, count: ring)
    costs = Array(repeating: 0, count: maxLagFrames + maxLeadFrames + 1)
    samples = Array(repeating: 0, count: maxLagFrames + maxLeadFrames + 1)
  }

  public mutating func observe(_ frame: FrameRecord) {
    guard let truth = frame.truth else {
      // The intended subject is absent: pairs never span the gap, and the next stretch warms up anew.
      count = 0
      unwrapped = nil
      return
    }
    let az = truth.direction.azimuth
    let current = unwrapped.map { $0 + Angle.difference(az, lastWrapped) } ?? az
    unwrapped = current
    lastWrapped = az
    minAz = min(minAz, current)
    maxAz = max(maxAz, current)
    head = (head + 1) % subject.count
    subject[head] = current
    camera[head] = frame.camera.yaw
    count += 1
    guard count > warmupFrames else { return }
    let n = subject.count
    for i in costs.indices {
      let shift = i - maxLeadFrames
      let back = abs(shift)
      guard back < count else { continue }
      let past = (head - back + n) % n
      // τ ≥ 0 pairs today's camera with the subject τ frames ago; τ < 0 the camera |τ| frames ago with today's subject.
      let e =
        shift >= 0
        ? Angle.difference(camera[head], subject[past]) : Angle.difference(camera[past], subject[head])
      costs[i] += e * e
      samples[i] += 1
    }
  }

  public func summary() -> [MetricValue] {
    guard maxAz - minAz >= minimumTravel else { return [MetricValue(.cameraLag, nil)] }
    var mean = [Double](repeating: .infinity, count: costs.count)
    for i in costs.indices where samples[i] > 0 { mean[i] = costs[i] / Double(samples[i]) }
    var best = 0
    for i in mean.indices where mean[i] < mean[best] { best = i }
    // A minimum at either end of the window is not a minimum of the alignment cost: the true delay (if
    // any) lies outside the window, or the signals do not align at all. Reporting the edge would look
    // like a measured lag.
    guard best > 0 && best < mean.count - 1 else { return [MetricValue(.cameraLag, nil)] }
    var shift = Double(best - maxLeadFrames)
    if mean[best - 1].isFinite && mean[best + 1].isFinite {
      let (a, b, c) = (mean[best - 1], mean[best], mean[best + 1])
      let denominator = a - 2 * b + c
      if denominator > 0 { shift += 0.5 * (a - c) / denominator }
    }
    return [MetricValue(.cameraLag, shift * framePeriod * 1000)]
  }
}
