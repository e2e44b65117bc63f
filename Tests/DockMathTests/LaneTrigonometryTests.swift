import DockMath
import DockSimTestSupport
import Foundation
import Testing

/// `LaneTrigonometry` against the C library's `sin` and `cos`: within one unit in the last place,
/// the same bits whichever lanes an angle shares a call with, and the C library's own answer where
/// the lanes hand over to it.
struct LaneTrigonometryTests {
  typealias Lanes = LaneTrigonometry.Lanes

  /// |a − b| in units in the last place of b (0 when equal).
  static func ulps(_ a: Double, _ b: Double) -> Double { a == b ? 0 : abs(a - b) / b.ulp }

  @Test(arguments: [1e-9, 0.7, Double.pi, 4.0, 100.0, 5e5])
  func withinOneUlpOfTheCLibrary(range: Double) {
    var g = SeededGenerator(seed: UInt64(range.bitPattern))
    var worst = 0.0
    for _ in 0..<20_000 {
      let x = Lanes((0..<4).map { _ in Double.random(in: -range...range, using: &g) })
      let (s, c) = LaneTrigonometry.sinCos(x)
      for i in 0..<4 { worst = max(worst, Self.ulps(s[i], sin(x[i])), Self.ulps(c[i], cos(x[i]))) }
    }
    #expect(worst <= 1, "largest error \(worst) ulp for |x| ≤ \(range)")
  }

  /// Next to multiples of π/2 the reduced angle is tiny: a reduction with too few bits of π/2 loses
  /// all its relative accuracy there.
  @Test func nearMultiplesOfHalfPiKeepsRelativeAccuracy() {
    var worst = 0.0
    for k in -40...40 {
      var x = Double(k) * (Double.pi / 2)
      for _ in 0..<8 {
        let (s, c) = LaneTrigonometry.sinCos(x)
        worst = max(worst, Self.ulps(s, sin(x)), Self.ulps(c, cos(x)))
        x = x.nextUp
      }
    }
    #expect(worst <= 1, "largest error \(worst) ulp")
  }

  @Test func sameBitsWhateverTheOtherLanesAndScalarOrLanes() {
    var g = SeededGenerator(seed: 7)
    for _ in 0..<5_000 {
      let a = Double.random(in: -1...1, using: &g)
      // Alone (the reduction-free path when |a| ≤ π/4), beside large angles (the general path), and
      // as the scalar call.
      let alone = LaneTrigonometry.sinCos(Lanes(repeating: a))
      let mixed = LaneTrigonometry.sinCos(Lanes(3, a, -2.5, 1e6))
      let scalar = LaneTrigonometry.sinCos(a)
      #expect(alone.sin[0].bitPattern == mixed.sin[1].bitPattern)
      #expect(alone.cos[0].bitPattern == mixed.cos[1].bitPattern)
      #expect(scalar.sin.bitPattern == mixed.sin[1].bitPattern)
      #expect(scalar.cos.bitPattern == mixed.cos[1].bitPattern)
    }
  }

  @Test func nonFiniteAndHugeAnglesAreTheCLibrarys() {
    let x = Lanes(.nan, .infinity, -1e300, LaneTrigonometry.reducedRangeLimit)
    let (s, c) = LaneTrigonometry.sinCos(x)
    #expect(s[0].isNaN && c[0].isNaN && s[1].isNaN && c[1].isNaN)
    for i in 2..<4 {
      #expect(s[i] == sin(x[i]) && c[i] == cos(x[i]))
    }
    #expect(LaneTrigonometry.sinCos(-0.0).sin.sign == .minus)
    #expect(LaneTrigonometry.sinCos(0.0) == (0, 1))
  }
}
