/// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast and fully determined by its state, so the same
/// seed gives the same numbers on every machine. The one SplitMix64 of DockSim: it expands a seed into
/// a random stream's state (`RandomStream`), derives Monte Carlo repetition seeds (`MonteCarlo.seed`),
/// draws the fuzzer's inputs and the tests' random values.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// Added to the state at each step: 2⁶⁴/φ rounded to odd, so the states run through all 2⁶⁴ values.
  public static let increment: UInt64 = 0x9e37_79b9_7f4a_7c15

  /// The state; the next output is `mix(state + increment)`.
  public var state: UInt64

  /// A generator whose sequence is fully determined by `state`.
  public init(state: UInt64) {
    self.state = state
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= Self.increment
    return Self.mix(state)
  }

  /// SplitMix64's output function, a bijection of 64 bits that spreads every input bit over the output.
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
