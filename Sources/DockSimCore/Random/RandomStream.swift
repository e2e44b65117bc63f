import Foundation

/// A seeded pseudo-random stream (xoshiro256**), one per noise source.
///
/// Streams are derived from the scenario seed and a stable name (`"detector.noise"`,
/// `"detector.miss"`, …), so adding a new noise source never shifts the numbers another source draws,
/// and two runs with the same seed draw the same numbers whatever runs beside them.
public struct RandomStream: RandomNumberGenerator, Sendable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64
  private var spareGaussian: Double?

  /// A stream for noise source `name` of a run seeded with `seed`.
  public init(seed: UInt64, stream name: String) {
    var mix = SplitMix64(state: seed ^ FNV1a.hash(name))
    s0 = mix.next()
    s1 = mix.next()
    s2 = mix.next()
    s3 = mix.next()
    if s0 | s1 | s2 | s3 == 0 { s0 = 1 }
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    let result = rotl(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotl(s3, 45)
    return result
  }

  /// Uniform in [0, 1), 53 random bits.
  public mutating func uniform() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  /// True with probability `p`.
  public mutating func bernoulli(_ p: Double) -> Bool { uniform() < p }

  /// Standard normal (Marsaglia polar method; the second value of each pair is kept for the next call).
  public mutating func gaussian() -> Double {
    if let spare = spareGaussian {
      spareGaussian = nil
      return spare
    }
    while true {
      let u = 2 * uniform() - 1
      let v = 2 * uniform() - 1
      let s = u * u + v * v
      if s > 0 && s < 1 {
        let m = (-2 * log(s) / s).squareRoot()
        spareGaussian = v * m
        return u * m
      }
    }
  }

  /// Normal with standard deviation `sigma` (0 returns 0 without drawing).
  public mutating func gaussian(sigma: Double) -> Double { sigma == 0 ? 0 : sigma * gaussian() }

  private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
