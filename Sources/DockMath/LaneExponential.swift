import Foundation

/// eˣ of four values at once, in SIMD lanes: the tracker turns every track's log size into a size once
/// per frame, and the C library's `exp` did it one call at a time.
///
/// The method is the classical one (fdlibm's): x = k·ln 2 + r with |r| ≤ ln 2 / 2 (ln 2 in two parts,
/// so that k·ln2Hi is exact), eʳ from a degree-10 minimax rational form in r², and 2ᵏ put into the
/// exponent bits. Results are within one unit in the last place of the correctly rounded value for
/// |x| below `reducedRangeLimit` (the tests compare with the C library); lanes at or beyond it, and NaN
/// lanes, are computed by the C library. Plain IEEE arithmetic, as `LaneTrigonometry`: the same bits
/// on every machine.
public enum LaneExponential {
  /// Four doubles: one argument or value per lane.
  public typealias Lanes = SIMD4<Double>

  /// |x| below which the lanes compute eˣ themselves: 2ᵏ stays a normal number and the result neither
  /// overflows nor becomes subnormal.
  @inlinable public static var reducedRangeLimit: Double { 700 }

  /// e raised to each lane of `x`.
  @inlinable
  public static func exp(_ x: Lanes) -> Lanes {
    let limit = Lanes(repeating: reducedRangeLimit)
    let inRange =
      (x .< limit).bits & (x .> -limit).bits
    // NaN and far-out lanes start from 0 and are replaced below.
    let a = unsafeBitCast(unsafeBitCast(x, to: SIMD4<Int64>.self) & inRange, to: Lanes.self)
    // k = round(x / ln 2) by the 1.5·2⁵² trick (ties to even).
    let shift = Lanes(repeating: 6_755_399_441_055_744)
    let shifted = a * Lanes(repeating: 1.44269504088896338700e+00) + shift
    let k = shifted - shift
    // r = x − k·ln 2 as hi − lo: k·ln2Hi is exact (ln2Hi holds 32 significant bits, |k| < 2¹⁰).
    let hi = a - k * Lanes(repeating: 6.93147180369123816490e-01)
    let lo = k * Lanes(repeating: 1.90821492927058770002e-10)
    let r = hi - lo
    let t = r * r
    let p1 = Lanes(repeating: 1.66666666666666019037e-01)
    let p2 = Lanes(repeating: -2.77777777770155933842e-03)
    let p3 = Lanes(repeating: 6.61375632143793436117e-05)
    let p4 = Lanes(repeating: -1.65339022054652515390e-06)
    let p5 = Lanes(repeating: 4.13813679705723846039e-08)
    let c = r - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))))
    let one = Lanes(repeating: 1)
    let y = one - ((lo - (r * c) / (Lanes(repeating: 2) - c)) - hi)
    // 2ᵏ from its bits: k + 1023 in the exponent field (k is the integer in `shifted`'s low bits).
    let exponent =
      (unsafeBitCast(shifted, to: SIMD4<Int64>.self) &- 6_755_399_441_055_744.0.bitPattern.toSigned)
    let scale = unsafeBitCast((exponent &+ 1023) &<< 52, to: Lanes.self)
    var result = y * scale
    if !inRange.allLanes {
      for i in 0..<Lanes.scalarCount where inRange[i] == 0 { result[i] = Foundation.exp(x[i]) }
    }
    return result
  }
}

extension UInt64 {
  /// The same bits as a signed integer.
  @usableFromInline var toSigned: Int64 { Int64(bitPattern: self) }
}
