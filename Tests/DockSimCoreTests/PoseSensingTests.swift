import DockSimCore
import Foundation
import Testing

/// The pose sensors and the capture-time pose estimator, through the public API only.
struct PoseSensingTests {
  /// The true state of both axes at an instant.
  typealias Truth = (SimTime) -> (yaw: AxisState, pitch: AxisState)

  static let tick = SimDuration(microseconds: 1_000)
  static let dock = DockParameters()
  static let encoder = Encoder(countsPerRevolution: 4096)
  /// Frames ask for the pose 5 ms before the present (inside the 15 ms encoder delay).
  static let captureAge = SimDuration(microseconds: 5_000)

  /// Steps the sensors on a 1 kHz tick from 0 to `seconds`, delivering into an estimator, and calls
  /// `frame` after each tick's delivery.
  static func run(
    _ parameters: PoseSensorParameters = PoseSensorParameters(), seed: UInt64 = 1, seconds: Double,
    truth: Truth, frame: (SimTime, CameraPoseEstimator) -> Void = { _, _ in }
  ) -> CameraPoseEstimator {
    var sensors = PoseSensors(parameters: parameters, dock: dock, seed: seed)
    var estimator = CameraPoseEstimator(parameters: parameters, dock: dock)
    let ticks = Int64((seconds * 1_000).rounded())
    for k in 0..<ticks {
      let now = SimTime(microseconds: k * tick.microseconds)
      let state = truth(now)
      sensors.step(at: now, yaw: state.yaw, pitch: state.pitch)
      sensors.deliver(upTo: now, into: &estimator)
      frame(now, estimator)
    }
    return estimator
  }

  /// Both axes turning at constant rates (rad/s) from the given positions (rad).
  static func constantRate(yaw0: Double, yawRate: Double, pitch0: Double, pitchRate: Double) -> Truth {
    { t in
      (
        AxisState(position: yaw0 + yawRate * t.seconds, velocity: yawRate),
        AxisState(position: pitch0 + pitchRate * t.seconds, velocity: pitchRate)
      )
    }
  }

  static func error(_ pose: CameraPose, _ yaw: Double, _ pitch: Double) -> Double {
    max(abs(pose.yaw - yaw), abs(pose.pitch - pitch))
  }

  /// Records every delivered sample.
  struct Recorder: PoseSampleSink {
    var encoders: [EncoderSample] = []
    var gyros: [GyroSample] = []
    mutating func receive(_ sample: EncoderSample) { encoders.append(sample) }
    mutating func receive(_ sample: GyroSample) { gyros.append(sample) }
  }

  static func record(seed: UInt64, seconds: Double, truth: Truth) -> Recorder {
    var sensors = PoseSensors(parameters: PoseSensorParameters(), dock: dock, seed: seed)
    var recorder = Recorder()
    for k in 0..<Int64((seconds * 1_000).rounded()) {
      let now = SimTime(microseconds: k * tick.microseconds)
      let state = truth(now)
      sensors.step(at: now, yaw: state.yaw, pitch: state.pitch)
      sensors.deliver(upTo: now, into: &recorder)
    }
    return recorder
  }

  // MARK: (a) stationary

  @Test(arguments: PoseEstimatorMode.allCases)
  func stationaryDockGivesTheQuantizedTruthExactly(mode: PoseEstimatorMode) {
    // Off the count grid on purpose, so quantization is visible.
    let yaw = 0.3001
    let pitch = -0.1234
    let expected = CameraPose(yaw: Self.encoder.read(yaw), pitch: Self.encoder.read(pitch))
    #expect(expected.yaw != yaw && expected.pitch != pitch)
    var checked = 0
    var mismatches = 0
    _ = Self.run(
      PoseSensorParameters(estimator: mode), seconds: 1,
      truth: Self.constantRate(yaw0: yaw, yawRate: 0, pitch0: pitch, pitchRate: 0)
    ) { now, estimator in
      guard now >= SimTime(seconds: 0.1) else { return }
      // Extrapolated (capture after the newest delivered sample) and interpolated (well inside).
      if estimator.pose(at: now - Self.captureAge) != expected { mismatches += 1 }
      if estimator.pose(at: now - SimDuration(microseconds: 52_500)) != expected { mismatches += 1 }
      if estimator.angularRate(at: now) != AxisPair(yaw: 0, pitch: 0) { mismatches += 1 }
      checked += 1
    }
    #expect(checked == 900)
    #expect(mismatches == 0)
  }

  // MARK: (b) constant rate, delayed encoders

  /// Error budget with encoder + gyro: the newest encoder sample is off by at most half a count
  /// (2π/4096/2 = 0.767 mrad); the bias, unlearned at worst, adds 0.003 rad/s × ≤ 20 ms = 0.06 mrad;
  /// the gyro noise integrated over ≤ 4 samples of 5 ms adds 0.002 × 0.005 × √4 = 0.02 mrad (1σ).
  /// Trapezoid integration is exact at a constant rate. Bound: 1 mrad.
  /// The naive reading lags by 10–20 ms at 1 rad/s: 10–20 mrad, ±0.77 mrad.
  @Test func constantRateWithDelayedEncodersIsTrackedToQuantization() {
    let truth = Self.constantRate(yaw0: 0.2, yawRate: 1.0, pitch0: -0.2, pitchRate: 0.2)
    var worst = 0.0
    var naiveWorst = Double.infinity
    var naiveSum = 0.0
    var frames = 0
    var rateWorst = 0.0
    _ = Self.run(seconds: 2, truth: truth) { now, estimator in
      guard now >= SimTime(seconds: 0.1) else { return }
      let capture = now - Self.captureAge
      let t = truth(capture)
      worst = max(worst, Self.error(estimator.pose(at: capture), t.yaw.position, t.pitch.position))
      let rate = estimator.angularRate(at: now)
      rateWorst = max(rateWorst, abs(rate.yaw - 1.0), abs(rate.pitch - 0.2))
      let naive = estimator.latestEncoderSample!.positions
      let naiveError = abs(naive.yaw - t.yaw.position)
      naiveWorst = min(naiveWorst, naiveError)
      naiveSum += naiveError
      frames += 1
    }
    // Measured: 0.81 mrad worst; naive 9.2 mrad least, 14.5 mrad mean.
    #expect(worst < 1e-3, "worst \(worst) rad")
    #expect(naiveSum / Double(frames) > 10e-3, "naive mean \(naiveSum / Double(frames)) rad")
    #expect(naiveWorst > 9e-3, "naive least \(naiveWorst) rad")
    // Bias (≤ 0.003 rad/s before it is learned) + noise (0.002 rad/s, 4σ): 0.011 rad/s.
    #expect(rateWorst < 0.011, "rate worst \(rateWorst) rad/s")
  }

  // MARK: (c) bias learning

  @Test func constantGyroBiasIsLearnedDuringSinusoidalMotion() {
    let parameters = PoseSensorParameters()
    let truth: Truth = { t in
      let s = t.seconds
      let wy = 2 * Double.pi * 0.4
      let wp = 2 * Double.pi * 0.3
      return (
        AxisState(position: 0.6 * sin(wy * s), velocity: 0.6 * wy * cos(wy * s)),
        AxisState(position: 0.3 * sin(wp * s), velocity: 0.3 * wp * cos(wp * s))
      )
    }
    let early = Self.run(parameters, seconds: 0.5, truth: truth)
    #expect(early.gyroBias == AxisPair(yaw: 0, pitch: 0), "no window is complete before 1 s")
    let estimator = Self.run(parameters, seconds: 20, truth: truth)
    let learned = estimator.gyroBias
    let relative = AxisPair(
      yaw: abs(learned.yaw - parameters.gyroBias.yaw) / abs(parameters.gyroBias.yaw),
      pitch: abs(learned.pitch - parameters.gyroBias.pitch) / abs(parameters.gyroBias.pitch))
    // Measured: 0.7 % (yaw) and 3.5 % (pitch).
    #expect(relative.yaw < 0.1, "learned \(learned.yaw) rad/s")
    #expect(relative.pitch < 0.1, "learned \(learned.pitch) rad/s")
  }

  @Test func biasIsLearnedAtRestToo() {
    let estimator = Self.run(
      seconds: 5, truth: Self.constantRate(yaw0: 1, yawRate: 0, pitch0: 0.1, pitchRate: 0))
    #expect(abs(estimator.gyroBias.yaw - 0.003) < 0.0003)
    #expect(abs(estimator.gyroBias.pitch + 0.002) < 0.0002)
  }

  // MARK: (d) determinism

  @Test func sameSeedSameReadingsDifferentSeedDifferentGyroNoise() {
    let truth = Self.constantRate(yaw0: 0, yawRate: 0.7, pitch0: 0, pitchRate: -0.3)
    let a = Self.record(seed: 42, seconds: 1, truth: truth)
    let b = Self.record(seed: 42, seconds: 1, truth: truth)
    let c = Self.record(seed: 43, seconds: 1, truth: truth)
    #expect(a.gyros.count == 200)
    // Encoder samples at 0, 10, … ms, the last delivered 15 ms later, at most at 999 ms.
    #expect(a.encoders.count == 99)
    #expect(a.encoders == b.encoders)
    #expect(a.gyros == b.gyros)
    #expect(a.encoders == c.encoders, "encoders have no noise, only quantization")
    #expect(zip(a.gyros, c.gyros).allSatisfy { $0.time == $1.time })
    #expect(zip(a.gyros, c.gyros).filter { $0.rates != $1.rates }.count == a.gyros.count)
  }

  @Test func samplesCarryMeasurementTimesAndArriveAfterTheDelay() {
    let truth = Self.constantRate(yaw0: 0, yawRate: 0.7, pitch0: 0, pitchRate: -0.3)
    let r = Self.record(seed: 1, seconds: 0.2, truth: truth)
    for (k, sample) in r.encoders.enumerated() {
      #expect(sample.measuredAt == SimTime(microseconds: Int64(k) * 10_000))
      #expect(sample.deliveredAt == sample.measuredAt + SimDuration(microseconds: 15_000))
      let t = truth(sample.measuredAt)
      #expect(
        sample.positions
          == AxisPair(yaw: Self.encoder.read(t.yaw.position), pitch: Self.encoder.read(t.pitch.position)))
    }
    for (k, sample) in r.gyros.enumerated() {
      #expect(sample.time == SimTime(microseconds: Int64(k) * 5_000))
    }
    let meanYaw = r.gyros.map(\.rates.yaw).reduce(0, +) / Double(r.gyros.count)
    #expect(abs(meanYaw - (0.7 + 0.003)) < 0.002)
  }

  /// A clock that does not divide the tick fires on the first tick at or after each instant, and a
  /// caller that delivers rarely loses nothing (the queues grow instead of dropping samples).
  @Test func unevenRatesAndRareDeliveryLoseNoSamples() {
    let parameters = PoseSensorParameters(encoderRateHz: 300, gyroRateHz: 300)
    var sensors = PoseSensors(parameters: parameters, dock: Self.dock, seed: 5)
    var recorder = Recorder()
    let truth = Self.constantRate(yaw0: 0, yawRate: 0.3, pitch0: 0, pitchRate: 0)
    for k in Int64(0)..<1_000 {
      let now = SimTime(microseconds: k * 1_000)
      let state = truth(now)
      sensors.step(at: now, yaw: state.yaw, pitch: state.pitch)
    }
    sensors.deliver(upTo: SimTime(seconds: 2), into: &recorder)
    let schedule = RateSchedule(rateHz: 300)
    #expect(recorder.gyros.count == 300)
    #expect(recorder.encoders.count == 300)
    for (k, sample) in recorder.gyros.enumerated() {
      let due = schedule.time(of: Int64(k)).microseconds
      #expect(sample.time.microseconds == (due + 999) / 1_000 * 1_000)
    }
    #expect(recorder.encoders.map(\.measuredAt) == recorder.gyros.map(\.time))
  }

  // MARK: (e) outside the history

  @Test func captureOlderThanTheHistoryAnswersTheOldestSample() throws {
    let truth = Self.constantRate(yaw0: 0, yawRate: 0.5, pitch0: 0, pitchRate: 0.1)
    let estimator = Self.run(seconds: 5, truth: truth)
    let start = try #require(estimator.historyStart)
    // The default history is 2 s; samples older than it are gone.
    #expect(start > SimTime(seconds: 2.5) && start < SimTime(seconds: 3.0))
    let oldest = estimator.pose(at: start)
    let t = truth(start)
    #expect(
      oldest == CameraPose(yaw: Self.encoder.read(t.yaw.position), pitch: Self.encoder.read(t.pitch.position))
    )
    #expect(estimator.pose(at: SimTime(seconds: 1)) == oldest)
    #expect(estimator.pose(at: SimTime(microseconds: -1_000_000)) == oldest)
    let future = estimator.pose(at: SimTime(seconds: 60))
    #expect(future.yaw.isFinite && future.pitch.isFinite)
    #expect(future.pitch <= Double.pi / 4 + Self.encoder.resolution, "pitch is clamped to the dock's range")
  }

  @Test func beforeAnyEncoderSampleTheInitialPoseIsAnswered() {
    let dock = DockParameters(initialYaw: 0.4, initialPitch: -0.1)
    let estimator = CameraPoseEstimator(parameters: PoseSensorParameters(), dock: dock)
    #expect(estimator.pose(at: .zero) == CameraPose(yaw: 0.4, pitch: -0.1))
    #expect(estimator.latestEncoderSample == nil && estimator.historyStart == nil)
  }

  // MARK: (f) encoders only

  /// Error budget without the gyro: half a count in the newest sample (0.77 mrad) plus the velocity
  /// error of a two-period (20 ms) difference, at most a count / 20 ms = 0.077 rad/s, over ≤ 20 ms of
  /// extrapolation: 1.5 mrad. Bound: 2.5 mrad.
  @Test func encodersOnlyModeExtrapolatesWithEncoderVelocity() {
    let parameters = PoseSensorParameters(estimator: .encoders)
    let truth = Self.constantRate(yaw0: 0.2, yawRate: 1.0, pitch0: -0.2, pitchRate: 0.2)
    var worst = 0.0
    var naiveSum = 0.0
    var frames = 0
    let estimator = Self.run(parameters, seconds: 2, truth: truth) { now, estimator in
      guard now >= SimTime(seconds: 0.1) else { return }
      let capture = now - Self.captureAge
      let t = truth(capture)
      worst = max(worst, Self.error(estimator.pose(at: capture), t.yaw.position, t.pitch.position))
      naiveSum += abs(estimator.latestEncoderSample!.positions.yaw - t.yaw.position)
      frames += 1
    }
    // Measured: 2.16 mrad.
    #expect(worst < 2.5e-3, "worst \(worst) rad")
    #expect(naiveSum / Double(frames) > 10e-3)
    #expect(estimator.gyroBias == AxisPair(yaw: 0, pitch: 0))
  }

  // MARK: with the motor model

  /// Errors (rad, worse axis) with the real motor under step commands (reversals included).
  struct MotorErrors {
    /// Capture 5 ms ago (after the newest encoder sample: extrapolated).
    var worst = 0.0
    var rms = 0.0
    /// Capture 66 ms ago, two frames at 30 fps (between encoder samples: interpolated).
    var oldWorst = 0.0
    /// The newest encoder reading used as the pose 5 ms ago.
    var naiveWorst = 0.0
    var naiveRMS = 0.0
  }

  static func motorRun(_ mode: PoseEstimatorMode) -> MotorErrors {
    let parameters = PoseSensorParameters(estimator: mode)
    var dock = Dock(parameters: Self.dock)
    var sensors = PoseSensors(parameters: parameters, dock: Self.dock, seed: 9)
    var estimator = CameraPoseEstimator(parameters: parameters, dock: Self.dock)
    var truth: [CameraPose] = []
    truth.reserveCapacity(3_000)
    var r = MotorErrors()
    var frames = 0.0
    dock.send(DockCommand(yawVelocity: 1.5, pitchVelocity: 0.5), at: .zero)
    dock.send(DockCommand(yawVelocity: -1, pitchVelocity: -0.8), at: SimTime(seconds: 1))
    dock.send(.stop, at: SimTime(seconds: 2))
    for k in 0..<Int64(3_000) {
      let now = SimTime(microseconds: k * 1_000)
      truth.append(dock.cameraPose)
      sensors.step(at: now, yaw: dock.yaw, pitch: dock.pitch)
      sensors.deliver(upTo: now, into: &estimator)
      if k >= 100 {
        let t = truth[Int(k - 5)]
        let e = Self.error(estimator.pose(at: now - Self.captureAge), t.yaw, t.pitch)
        let naive = estimator.latestEncoderSample!.positions
        let n = Self.error(CameraPose(yaw: naive.yaw, pitch: naive.pitch), t.yaw, t.pitch)
        let old = truth[Int(k - 66)]
        let o = Self.error(estimator.pose(at: now - SimDuration(microseconds: 66_000)), old.yaw, old.pitch)
        r.worst = max(r.worst, e)
        r.rms += e * e
        r.oldWorst = max(r.oldWorst, o)
        r.naiveWorst = max(r.naiveWorst, n)
        r.naiveRMS += n * n
        frames += 1
      }
      _ = dock.step(at: now, dt: 0.001)
    }
    r.rms = (r.rms / frames).squareRoot()
    r.naiveRMS = (r.naiveRMS / frames).squareRoot()
    return r
  }

  /// The gyro carries the estimate through the transients (accelerations up to ~200 rad/s²) that the
  /// delayed encoders miss, and shapes the interpolation between encoder samples: both stay near the
  /// half-count quantization (0.77 mrad).
  @Test func encodersAndGyroFollowTheMotorModelThroughSteps() {
    let r = Self.motorRun(.encodersAndGyro)
    // Measured: 1.14 mrad worst, 0.56 mrad RMS; 66 ms ago 0.77 mrad worst; naive 29 mrad worst,
    // 15 mrad RMS.
    #expect(r.worst < 1.5e-3, "\(r)")
    #expect(r.oldWorst < 1e-3, "\(r)")
    #expect(r.naiveWorst > 20e-3, "\(r)")
  }

  /// Encoders alone extrapolate a stale velocity through a reversal, so their worst case is no better
  /// than the naive reading (a documented limit), but on average they still beat it by far. Their
  /// linear interpolation misses the curvature of an acceleration between samples (a·h²/8).
  @Test func encodersOnlyBeatNaiveOnAverageWithTheMotorModel() {
    let r = Self.motorRun(.encoders)
    // Measured: 35 mrad worst (in the reversals), 2.5 mrad RMS; 66 ms ago 2.5 mrad worst; naive
    // 29 mrad worst, 15 mrad RMS.
    #expect(r.rms < r.naiveRMS / 2, "\(r)")
    #expect(r.worst < 60e-3, "\(r)")
    #expect(r.oldWorst > 2e-3 && r.oldWorst < 3e-3, "\(r)")
  }
}
