import DockMath
import DockSimTestSupport
import Foundation
import Testing

/// `LaneExponential` against the C library's `exp`: within one unit in the last place, and the C
/// library's own answer where the lanes hand over to it.
struct LaneExponentialTests {
  typealias Lanes = LaneExponential.Lanes

  @Test(arguments: [1e-12, 0.35, 3.0, 40.0, 699.0])
  func withinOneUlpOfTheCLibrary(range: Double) {
    var g = SeededGenerator(seed: UInt64(range.bitPattern))
    var worst = 0.0
    for _ in 0..<20_000 {
      let x = Lanes((0..<4).map { _ in Double.random(in: -range...range, using: &g) })
      let e = LaneExponential.exp(x)
      for i in 0..<4 {
        let expected = exp(x[i])
        worst = max(worst, e[i] == expected ? 0 : abs(e[i] - expected) / expected.ulp)
      }
    }
    #expect(worst <= 1, "largest error \(worst) ulp for |x| ≤ \(range)")
  }

  @Test func edgesAndFarOutLanesAreTheCLibrarys() {
    let far = Lanes(.nan, 710, -745, LaneExponential.reducedRangeLimit)
    let e = LaneExponential.exp(far)
    #expect(e[0].isNaN)
    for i in 1..<4 { #expect(e[i] == exp(far[i])) }
    let small = LaneExponential.exp(Lanes(0, -0.0, 1, -1))
    #expect(small[0] == 1 && small[1] == 1)
    #expect(abs(small[2] - M_E) <= M_E.ulp && abs(small[3] - 1 / M_E) <= (1 / M_E).ulp)
  }

  @Test func aLaneDoesNotDependOnItsNeighbours() {
    let alone = LaneExponential.exp(Lanes(repeating: -1.6))
    let mixed = LaneExponential.exp(Lanes(3, -1.6, .nan, 800))
    #expect(alone[0].bitPattern == mixed[1].bitPattern)
  }
}
