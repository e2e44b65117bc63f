/// The phone's estimate of the camera pose at a frame's capture time, from delivered sensor samples
/// only (never the true dock state).
///
/// Feed it the samples `PoseSensors.deliver(upTo:into:)` hands over, then ask `pose(at:)` for any
/// capture time in the last `PoseSensorParameters.history`:
/// * between two encoder samples: linear interpolation of the encoder positions (yaw unwrapped),
///   plus in `.encodersAndGyro` the gyro's deviation from that chord (the gyro's shape pinned to the
///   two encoder readings), except on an axis whose reading did not change;
/// * after the newest encoder sample (a capture within the feedback delay of now): that sample plus
///   the bias-corrected gyro integral from its measurement time to the capture time
///   (`.encodersAndGyro`), or plus the encoder-differenced velocity × the elapsed time (`.encoders`,
///   velocity over the last two encoder periods). An axis whose encoder has not moved for 50 ms and
///   whose corrected gyro rate is below `stillRateThreshold` keeps the encoder reading as is;
/// * at or before the oldest retained encoder sample: that sample (no backward extrapolation);
/// * before any encoder sample has arrived: `initialPose`.
///
/// Pitch is clamped to `pitchLimits`. Angles in radians, DockKit signs: yaw positive right,
/// pitch positive **down**.
public struct CameraPoseEstimator: PoseSampleSink, Sendable {
  public let parameters: PoseSensorParameters
  /// The answer before the first encoder sample arrives.
  public let initialPose: CameraPose
  /// Range the estimated pitch is clamped to, rad (positive down).
  public let pitchLimits: ClosedRange<Double>
  private var encoders: SampleRing<EncoderSample>
  private var gyro: GyroHistory
  private var bias: GyroBiasEstimator
  /// How long an encoder must read the same count before an axis may be taken as still.
  private static let stillSpan = SimDuration(microseconds: 50_000)

  /// An estimator answering `initialPose` until the first encoder sample, clamping pitch to
  /// `pitchLimits` (rad, positive down).
  public init(
    parameters: PoseSensorParameters, initialPose: CameraPose = CameraPose(yaw: 0, pitch: 0),
    pitchLimits: ClosedRange<Double> = -Double.pi / 2...Double.pi / 2
  ) {
    self.parameters = parameters
    self.initialPose = initialPose
    self.pitchLimits = pitchLimits
    // The bias window reaches back window + delay from the newest gyro sample; keep that much too.
    let span = max(
      parameters.history.seconds,
      parameters.gyroBiasWindow.seconds + parameters.encoderDelay.seconds + 0.1)
    let empty = AxisPair(yaw: 0.0, pitch: 0.0)
    encoders = SampleRing(
      capacity: Int((span * parameters.encoderRateHz).rounded(.up)) + 2,
      filler: EncoderSample(measuredAt: .zero, deliveredAt: .zero, positions: empty))
    gyro = GyroHistory(capacity: Int((span * parameters.gyroRateHz).rounded(.up)) + 2)
    bias = GyroBiasEstimator(timeConstant: parameters.gyroBiasTimeConstant.seconds)
  }

  /// An estimator for `dock`: starting from its initial pose, pitch clamped to its pitch range
  /// widened by one encoder count (a reading at a hard stop may round just past it).
  public init(parameters: PoseSensorParameters, dock: DockParameters) {
    let count = Encoder(countsPerRevolution: dock.pitch.encoderCountsPerRevolution).resolution
    let limits =
      dock.pitch.positionRange.map { ($0.lowerBound - count)...($0.upperBound + count) }
      ?? -Double.pi / 2...Double.pi / 2
    self.init(
      parameters: parameters, initialPose: CameraPose(yaw: dock.initialYaw, pitch: dock.initialPitch),
      pitchLimits: limits)
  }

  /// The learned gyro bias, rad/s per dock axis (zero in `.encoders` mode).
  public var gyroBias: AxisPair<Double> { bias.bias }

  /// The newest delivered encoder sample: what a phone without estimation would use.
  public var latestEncoderSample: EncoderSample? { encoders.last }

  /// The oldest capture time `pose(at:)` answers without clamping, or nil before any encoder sample.
  public var historyStart: SimTime? { encoders.first?.measuredAt }

  /// Takes a delivered encoder sample. One not newer than the newest is dropped (samples arrive in
  /// order with a constant delay, so that only happens if a caller feeds a stale one).
  public mutating func receive(_ sample: EncoderSample) {
    if let newest = encoders.last, sample.measuredAt <= newest.measuredAt { return }
    encoders.appendDroppingOldest(sample)
    guard parameters.estimator == .encodersAndGyro,
      let start = encoders.lastIndex(where: {
        $0.measuredAt <= sample.measuredAt - parameters.gyroBiasWindow
      }).map({ encoders[$0] }),
      let oldestGyro = gyro.oldestTime, let newestGyro = gyro.newestTime,
      oldestGyro <= start.measuredAt, newestGyro >= sample.measuredAt
    else { return }
    let from = gyro.integral(at: start.measuredAt)
    let to = gyro.integral(at: sample.measuredAt)
    bias.update(
      from: start, to: sample, gyroAngle: AxisPair(yaw: to.yaw - from.yaw, pitch: to.pitch - from.pitch))
  }

  /// Takes a delivered gyro sample (ignored in `.encoders` mode).
  public mutating func receive(_ sample: GyroSample) {
    guard parameters.estimator == .encodersAndGyro else { return }
    gyro.append(sample)
  }

  /// The estimated camera pose at `captureTime` (see the type's documentation for each case).
  public func pose(at captureTime: SimTime) -> CameraPose {
    guard let newest = encoders.last else { return clamped(initialPose.yaw, initialPose.pitch) }
    if captureTime >= newest.measuredAt {
      let motion = extrapolation(from: newest, to: captureTime)
      return clamped(newest.positions.yaw + motion.yaw, newest.positions.pitch + motion.pitch)
    }
    guard let i = encoders.lastIndex(where: { $0.measuredAt <= captureTime }) else {
      let oldest = encoders[0]
      return clamped(oldest.positions.yaw, oldest.positions.pitch)
    }
    let a = encoders[i]
    let b = encoders[i + 1]
    let f = (captureTime - a.measuredAt).seconds / (b.measuredAt - a.measuredAt).seconds
    var pose = AxisPair(
      yaw: a.positions.yaw + f * (b.positions.yaw - a.positions.yaw),
      pitch: a.positions.pitch + f * (b.positions.pitch - a.positions.pitch))
    if parameters.estimator == .encodersAndGyro, let oldestGyro = gyro.oldestTime, oldestGyro <= a.measuredAt
    {
      // The gyro's shape between the two samples minus its chord: zero for uniform motion, and it
      // corrects the chord's error under acceleration (a·h²/8, 2.5 mrad at 200 rad/s² and 10 ms). The
      // bias cancels between shape and chord. An axis whose count did not change is left on the chord,
      // so a resting stand reads exactly its encoder.
      let ga = gyro.integral(at: a.measuredAt)
      let gb = gyro.integral(at: b.measuredAt)
      let gc = gyro.integral(at: captureTime)
      if a.positions.yaw != b.positions.yaw { pose.yaw += gc.yaw - ga.yaw - f * (gb.yaw - ga.yaw) }
      if a.positions.pitch != b.positions.pitch {
        pose.pitch += gc.pitch - ga.pitch - f * (gb.pitch - ga.pitch)
      }
    }
    return clamped(pose.yaw, pose.pitch)
  }

  /// The estimated angular rate at `time`, rad/s per axis (yaw positive right, pitch positive down):
  /// the bias-corrected gyro rate (linear between samples, the newest held beyond) in
  /// `.encodersAndGyro`, the velocity differenced over the last two encoder periods in `.encoders` or
  /// before any gyro sample. An axis held still as in `pose(at:)` reads exactly 0; 0 before any
  /// encoder sample.
  public func angularRate(at time: SimTime) -> AxisPair<Double> {
    guard !encoders.isEmpty else { return AxisPair(yaw: 0, pitch: 0) }
    guard parameters.estimator == .encodersAndGyro, !gyro.isEmpty else { return encoderVelocity() }
    let raw = gyro.rates(at: time)
    var rate = AxisPair(yaw: raw.yaw - bias.bias.yaw, pitch: raw.pitch - bias.bias.pitch)
    if abs(rate.yaw) < parameters.stillRateThreshold && encoderIsStill(.yaw) { rate.yaw = 0 }
    if abs(rate.pitch) < parameters.stillRateThreshold && encoderIsStill(.pitch) { rate.pitch = 0 }
    return rate
  }

  /// The angle turned per axis from the newest encoder sample to `time`, rad.
  private func extrapolation(from newest: EncoderSample, to time: SimTime) -> AxisPair<Double> {
    let span = (time - newest.measuredAt).seconds
    guard span > 0 else { return AxisPair(yaw: 0, pitch: 0) }
    guard parameters.estimator == .encodersAndGyro, !gyro.isEmpty else {
      let velocity = encoderVelocity()
      return AxisPair(yaw: velocity.yaw * span, pitch: velocity.pitch * span)
    }
    let from = gyro.integral(at: newest.measuredAt)
    let to = gyro.integral(at: time)
    var motion = AxisPair(
      yaw: to.yaw - from.yaw - bias.bias.yaw * span, pitch: to.pitch - from.pitch - bias.bias.pitch * span)
    // Spelled out per axis: `Axis.allCases` would build an array on every frame.
    let still = parameters.stillRateThreshold * span
    if abs(motion.yaw) < still && encoderIsStill(.yaw) { motion.yaw = 0 }
    if abs(motion.pitch) < still && encoderIsStill(.pitch) { motion.pitch = 0 }
    return motion
  }

  /// Velocity differenced over the last two encoder periods (one if only two samples), rad/s; two
  /// periods halve the quantization noise of one at the price of a period's more lag.
  private func encoderVelocity() -> AxisPair<Double> {
    let n = encoders.count - 1
    let m = max(0, n - 2)
    guard m < n else { return AxisPair(yaw: 0, pitch: 0) }
    let a = encoders[m]
    let b = encoders[n]
    let dt = (b.measuredAt - a.measuredAt).seconds
    return AxisPair(
      yaw: (b.positions.yaw - a.positions.yaw) / dt, pitch: (b.positions.pitch - a.positions.pitch) / dt)
  }

  /// Whether `axis`'s encoder has read the same value for at least `stillSpan` up to the newest sample.
  private func encoderIsStill(_ axis: Axis) -> Bool {
    let newest = encoders[encoders.count - 1]
    let since = newest.measuredAt - Self.stillSpan
    var i = encoders.count - 2
    while i >= 0 {
      let sample = encoders[i]
      if sample.positions[axis] != newest.positions[axis] { return false }
      if sample.measuredAt <= since { return true }
      i -= 1
    }
    return false
  }

  private func clamped(_ yaw: Double, _ pitch: Double) -> CameraPose {
    CameraPose(yaw: yaw, pitch: min(max(pitch, pitchLimits.lowerBound), pitchLimits.upperBound))
  }
}
