import Foundation

/// Random motion on top of a subject's path: white-noise acceleration of its azimuth and elevation
/// (intensity `angle`, rad²/s³) and of the log of its distance (intensity `logSize`, 1/s³) — exactly
/// the motion model of the tracker, so a scenario can test the filter's consistency (NEES).
public struct MotionNoise: Equatable, Sendable {
  public var angle: Double
  public var logSize: Double
  public init(angle: Double, logSize: Double) {
    self.angle = angle
    self.logSize = logSize
  }
}

/// Offsets of a subject's direction and log size from its path, radians.
public struct PathOffset: Equatable, Sendable {
  public var azimuth: Double
  public var elevation: Double
  public var logSize: Double
  public init(azimuth: Double = 0, elevation: Double = 0, logSize: Double = 0) {
    self.azimuth = azimuth
    self.elevation = elevation
    self.logSize = logSize
  }
  public static let zero = PathOffset()

  /// `p` turned by the angular offsets and moved along its line of sight so its log angular size grows
  /// by `logSize`.
  public func apply(to p: Point3) -> Point3 {
    if self == .zero { return p }
    let horizontal = (p.x * p.x + p.y * p.y).squareRoot()
    let distance = (horizontal * horizontal + p.z * p.z).squareRoot()
    let az = atan2(p.y, p.x) + azimuth
    let el = atan2(p.z, horizontal) + elevation
    let d = distance * exp(-logSize)
    return Point3(x: d * cos(el) * cos(az), y: d * cos(el) * sin(az), z: d * sin(el))
  }
}

/// Samples `MotionNoise` forward in time. Each axis is a damped spring driven by white noise,
///
///     p̈ = −ω²·p − 2ζω·ṗ + w,   E[w(t)w(s)] = q·δ(t − s),   ω = 2π/`period`, ζ = 0.7,
///
/// integrated in 1 ms sub-steps (Euler–Maruyama). The spring keeps the subject near its path (the
/// stationary spread is √(q/(4ζω³)) rad: 0.27 rad for q = 0.1 and an 8 s period) while over one frame the
/// motion is, to within a few per cent, the tracker's white-noise-acceleration model. Pure white-noise
/// acceleration would not do: its spread grows as t^1.5 and the subject would leave the room. Only the
/// current state is kept, so memory does not grow.
public struct MotionNoiseProcess: Sendable {
  public let noise: MotionNoise
  /// Period of the restoring spring, seconds.
  public let period: Double
  private var stream: RandomStream
  private var time = SimTime.zero
  /// Position and rate per axis (az, el, ls).
  private var position = [0.0, 0, 0]
  private var rate = [0.0, 0, 0]

  public init(noise: MotionNoise, seed: UInt64, subject: Int, period: Double = 8) {
    self.noise = noise
    self.period = period
    stream = RandomStream(seed: seed, stream: "subject.\(subject).motion")
  }

  /// The offset at `t`; `t` must not go backwards.
  public mutating func offset(at t: SimTime) -> PathOffset {
    let step: Int64 = 1000
    let omega = 2 * Double.pi / period
    let zeta = 0.7
    let intensities = [noise.angle, noise.angle, noise.logSize]
    while time < t {
      let h = Double(min(step, (t - time).microseconds)) / 1_000_000
      for i in 0..<3 {
        let a = -omega * omega * position[i] - 2 * zeta * omega * rate[i]
        position[i] += rate[i] * h
        rate[i] += a * h + (intensities[i] * h).squareRoot() * stream.gaussian()
      }
      time = time + SimDuration(microseconds: min(step, (t - time).microseconds))
    }
    return PathOffset(azimuth: position[0], elevation: position[1], logSize: position[2])
  }
}
