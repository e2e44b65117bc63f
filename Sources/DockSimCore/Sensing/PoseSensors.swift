/// The stand's encoder feedback and the phone's gyroscope, sampling the true dock motion at their own
/// rates and delivering the readings as the phone would receive them.
///
/// Step it once per physics tick with the true axis states at that tick, then `deliver(upTo:into:)`
/// hands over every sample whose delivery time has come. Each clock fires on the first physics tick at
/// or after its scheduled instant (like camera frames), so samples carry tick times; a rate above the
/// physics rate is capped at one sample per tick.
///
/// **Gyro simplification.** The phone's gyroscope measures the camera's angular velocity in the
/// phone's body frame, where the pan rate shows up split between two body axes according to the tilt.
/// We model it already resolved onto the dock's axes: yaw rate (positive right) and pitch rate
/// (positive down), each with its own constant bias and white noise, as if the phone had rotated its
/// gyro readings by its known tilt. Scale-factor errors, axis misalignment, bias drift and the gyro's
/// bandwidth are not modelled; a sample is the instantaneous rate at its tick.
///
/// Noise comes from `RandomStream(seed: seed, stream: "sensors.gyro")`, drawn yaw then pitch on every
/// gyro sample. The encoders add no noise beyond quantization.
public struct PoseSensors: Sendable {
  public let parameters: PoseSensorParameters
  private let yawEncoder: Encoder
  private let pitchEncoder: Encoder
  private let encoderClock: RateSchedule
  private let gyroClock: RateSchedule
  private var nextEncoder: Int64 = 0
  private var nextGyro: Int64 = 0
  /// `encoderClock.time(of: nextEncoder)` and `gyroClock.time(of: nextGyro)`, kept so that the
  /// per-tick test is one comparison.
  private var nextEncoderTime = SimTime.zero
  private var nextGyroTime = SimTime.zero
  private var gyroNoise: RandomStream
  private var pendingEncoder: SampleRing<EncoderSample>
  private var pendingGyro: SampleRing<GyroSample>

  /// Sensors of a dock with `dock`'s encoder resolutions, noise seeded from the scenario `seed`.
  /// Rates must be positive and finite, the delay not negative.
  public init(parameters: PoseSensorParameters, dock: DockParameters, seed: UInt64) {
    precondition(
      parameters.encoderRateHz > 0 && parameters.encoderRateHz.isFinite && parameters.gyroRateHz > 0
        && parameters.gyroRateHz.isFinite, "sensor rates must be positive")
    precondition(parameters.encoderDelay >= .zero, "the encoder delay must not be negative")
    self.parameters = parameters
    yawEncoder = Encoder(countsPerRevolution: dock.yaw.encoderCountsPerRevolution)
    pitchEncoder = Encoder(countsPerRevolution: dock.pitch.encoderCountsPerRevolution)
    encoderClock = RateSchedule(rateHz: parameters.encoderRateHz)
    gyroClock = RateSchedule(rateHz: parameters.gyroRateHz)
    gyroNoise = RandomStream(seed: seed, stream: "sensors.gyro")
    let inFlight = Int((parameters.encoderDelay.seconds * parameters.encoderRateHz).rounded(.up)) + 2
    let empty = AxisPair(yaw: 0.0, pitch: 0.0)
    pendingEncoder = SampleRing(
      capacity: inFlight, filler: EncoderSample(measuredAt: .zero, deliveredAt: .zero, positions: empty))
    pendingGyro = SampleRing(capacity: 4, filler: GyroSample(time: .zero, rates: empty))
  }

  /// Samples the true motion at physics tick `time`: axis positions in rad (yaw unwrapped, pitch
  /// positive down) and velocities in rad/s, as `Dock.yaw` and `Dock.pitch` hold them before the
  /// tick's motor step. Call with non-decreasing times.
  public mutating func step(at time: SimTime, yaw: AxisState, pitch: AxisState) {
    if time >= nextEncoderTime && Self.fire(encoderClock, &nextEncoder, &nextEncoderTime, at: time) {
      let positions = AxisPair(yaw: yawEncoder.read(yaw.position), pitch: pitchEncoder.read(pitch.position))
      pendingEncoder.appendGrowing(
        EncoderSample(measuredAt: time, deliveredAt: time + parameters.encoderDelay, positions: positions))
    }
    if time >= nextGyroTime && Self.fire(gyroClock, &nextGyro, &nextGyroTime, at: time) {
      // Drawn unconditionally and in a fixed order so the stream stays aligned whatever the motion.
      let noiseYaw = gyroNoise.gaussian(sigma: parameters.gyroNoise)
      let noisePitch = gyroNoise.gaussian(sigma: parameters.gyroNoise)
      let rates = AxisPair(
        yaw: yaw.velocity + parameters.gyroBias.yaw + noiseYaw,
        pitch: pitch.velocity + parameters.gyroBias.pitch + noisePitch)
      pendingGyro.appendGrowing(GyroSample(time: time, rates: rates))
    }
  }

  /// Hands every sample delivered at or before `now` to `sink`: gyro samples first, then encoder
  /// samples, each in measurement order. Gyro first so that an encoder sample always finds the gyro
  /// samples up to its own measurement time already there.
  public mutating func deliver(upTo now: SimTime, into sink: inout some PoseSampleSink) {
    while let next = pendingGyro.first, next.time <= now {
      sink.receive(pendingGyro.removeFirst())
    }
    while let next = pendingEncoder.first, next.deliveredAt <= now {
      sink.receive(pendingEncoder.removeFirst())
    }
  }

  /// Whether `clock` is due at `time`; if so advances `next` past every instant up to `time`, so a
  /// clock faster than the ticks fires once per tick instead of queuing a backlog.
  private static func fire(
    _ clock: RateSchedule, _ next: inout Int64, _ nextTime: inout SimTime, at time: SimTime
  ) -> Bool {
    defer { nextTime = clock.time(of: next) }
    guard clock.time(of: next) <= time else { return false }
    // Jump close to the right index directly (a first step late in the run would otherwise loop for
    // every instant missed), then fix up rounding by single steps.
    let guess = Int64((time.seconds * clock.rateHz).rounded(.down))
    if guess > next { next = guess }
    while clock.time(of: next) <= time { next += 1 }
    while next > 0 && clock.time(of: next - 1) > time { next -= 1 }
    return true
  }
}
