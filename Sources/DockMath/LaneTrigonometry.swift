import Foundation

/// Sine and cosine of four angles at once, in SIMD lanes, with the same few instructions whatever the
/// machine: the tracker projects every track through the camera once per frame, and the C library's
/// `sin` and `cos` took a fifth of a frame of its filter, one call and one argument reduction at a
/// time.
///
/// The method is the classical one (fdlibm's): x = n·π/2 + r with |r| ≤ π/4 and r carried as a
/// head and a tail (π/2 in three parts, 33 + 33 + 53 bits: the reduced angle is good to ~119 bits, so
/// an argument next to a multiple of π/2 keeps its relative accuracy), the minimax polynomials of
/// degree 13 (sine) and 14 (cosine) on [−π/4, π/4], and the quadrant n mod 4 choosing and negating.
/// Results are within one unit in the last place of the correctly rounded value for |x| below the
/// reduction's limit (`reducedRangeLimit`); the tests compare with the C library over many angles.
/// Lanes at or beyond the limit, and infinite or NaN lanes, are computed by the C library instead.
///
/// The arithmetic is plain IEEE double (no fused multiply-add, whose availability differs between
/// machines), so the same input gives the same bits on every x86-64 and arm64 machine.
public enum LaneTrigonometry {
  /// Four doubles: one angle, sine or cosine per lane.
  public typealias Lanes = SIMD4<Double>

  /// |x| (radians) below which the reduction is done in lanes; the quadrant count n then fits in
  /// 20 bits, so that n times each 33-bit part of π/2 is exact.
  @inlinable public static var reducedRangeLimit: Double { 524_288 }

  /// The sines and cosines of four angles (radians).
  @inlinable
  public static func sinCos(_ x: Lanes) -> (sin: Lanes, cos: Lanes) {
    // The tracker's angles are mostly within π/4 of the camera's axis: no reduction (n = 0, no tail,
    // the same arithmetic as the general path gives for them).
    let quarter = Lanes(repeating: Double.pi / 4)
    if ((x .<= quarter).bits & (x .>= -quarter).bits).allLanes {
      let zero = Lanes(repeating: 0)
      return (kernelSin(x, zero), kernelCos(x, zero))
    }
    let limit = Lanes(repeating: reducedRangeLimit)
    let inRange = (x .< limit) .& (x .> -limit)
    // NaN and ±∞ compare false: those lanes, and large ones, start from 0 and are replaced below.
    let a = Lanes(repeating: 0).replacing(with: x, where: inRange)
    // n = round(x·2/π) by the 1.5·2⁵² trick: the sum is rounded to an integer (ties to even), and n
    // mod 4 sits in the low bits of its pattern.
    let twoOverPi = Lanes(repeating: 6.36619772367581382433e-01)
    let shift = Lanes(repeating: 6_755_399_441_055_744)  // 1.5·2⁵²
    let shifted = a * twoOverPi + shift
    let n = shifted - shift
    let quadrant = unsafeBitCast(shifted, to: SIMD4<UInt64>.self) & 3
    // r = x − n·π/2 as head + tail: n·p1 and n·p2 are exact (n < 2²⁰, parts of 33 bits), x − n·p1 is
    // exact (Sterbenz), the second subtraction keeps its error exactly (two-sum), the third part
    // folds into the tail.
    // π/2 = p1 + p2 + p3 to about 119 bits; p1 and p2 hold 33 significant bits each.
    let p1 = Lanes(repeating: 1.57079632673412561417e+00)
    let p2 = Lanes(repeating: 6.07710050630396597660e-11)
    let p3 = Lanes(repeating: 2.02226624879595063154e-21)
    let t = a - n * p1
    let w = n * p2
    let head0 = t - w
    let bv = head0 - t
    let error = (t - (head0 - bv)) + (-w - bv)
    let tail0 = error - n * p3
    let head = head0 + tail0
    let tail = tail0 - (head - head0)
    let s = kernelSin(head, tail)
    let c = kernelCos(head, tail)
    // sin(n·π/2 + r) and cos(n·π/2 + r) by quadrant: 0 (s, c), 1 (c, −s), 2 (−s, −c), 3 (−c, s).
    let odd = (quadrant & 1) .!= 0
    var sine = s.replacing(with: c, where: odd)
    var cosine = c.replacing(with: s, where: odd)
    sine.replace(with: -sine, where: (quadrant & 2) .!= 0)
    cosine.replace(with: -cosine, where: ((quadrant &+ 1) & 2) .!= 0)
    if !all(inRange) {
      for i in 0..<Lanes.scalarCount where !inRange[i] {
        sine[i] = Foundation.sin(x[i])
        cosine[i] = Foundation.cos(x[i])
      }
    }
    return (sine, cosine)
  }

  /// The sine and cosine of one angle (radians), with the same arithmetic as the lanes (so a scalar
  /// evaluation and a lane evaluation of the same angle agree to the bit).
  @inlinable
  public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    let r = sinCos(Lanes(repeating: x))
    return (r.sin[0], r.cos[0])
  }

  /// sin(x + y) for |x + y| ≤ π/4, y the tail of x: x + x³·P(x²) with the tail's first-order term
  /// (the minimax coefficients of degree 3…13).
  @usableFromInline @inline(__always)
  static func kernelSin(_ x: Lanes, _ y: Lanes) -> Lanes {
    let s1 = Lanes(repeating: -1.66666666666666324348e-01)
    let s2 = Lanes(repeating: 8.33333333332248946124e-03)
    let s3 = Lanes(repeating: -1.98412698298579493134e-04)
    let s4 = Lanes(repeating: 2.75573137070700676789e-06)
    let s5 = Lanes(repeating: -2.50507602534068634195e-08)
    let s6 = Lanes(repeating: 1.58969099521155010221e-10)
    let z = x * x
    let v = z * x
    let r = s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)))
    return x - ((z * (Lanes(repeating: 0.5) * y - v * r) - y) - v * s1)
  }

  /// cos(x + y) for |x + y| ≤ π/4: 1 − x²/2 + x⁴·Q(x²) (coefficients of degree 4…14), with 1 − x²/2
  /// rounded once and its error recovered, and the tail's first-order term −x·y.
  @usableFromInline @inline(__always)
  static func kernelCos(_ x: Lanes, _ y: Lanes) -> Lanes {
    let c1 = Lanes(repeating: 4.16666666666666019037e-02)
    let c2 = Lanes(repeating: -1.38888888888741095749e-03)
    let c3 = Lanes(repeating: 2.48015872894767294178e-05)
    let c4 = Lanes(repeating: -2.75573143513906633035e-07)
    let c5 = Lanes(repeating: 2.08757232129817482790e-09)
    let c6 = Lanes(repeating: -1.13596475577881948265e-11)
    let z = x * x
    let w = z * z
    let r = z * (c1 + z * (c2 + z * c3)) + w * w * (c4 + z * (c5 + z * c6))
    let hz = Lanes(repeating: 0.5) * z
    let one = Lanes(repeating: 1)
    let head = one - hz
    return head + (((one - head) - hz) + (z * r - x * y))
  }
}
