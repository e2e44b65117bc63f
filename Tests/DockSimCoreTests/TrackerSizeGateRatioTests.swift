import Foundation
import Testing

@testable import DockSimCore

/// The size gate's tests on ratios (`SizeGateRatios`) against the logs they stand for, on ratios
/// spread over many orders of magnitude and packed around the bounds where the comparisons hand over
/// to the log.
struct TrackerSizeGateRatioTests {
  static func ratios(gate: Double, random: inout RandomStream) -> [Double] {
    var r: [Double] = [
      0, -0.0, -1, .nan, .infinity, -.infinity, 1, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    ]
    for center in [exp(gate), exp(-gate)] where center.isFinite && center > 0 {
      for k in -40...40 {
        let x = center * (1 + Double(k) * 5e-8)
        r += [x, x.nextUp, x.nextDown]
      }
      for _ in 0..<200 { r.append(center * (1 + (random.uniform() - 0.5) * 1e-5)) }
    }
    for _ in 0..<2_000 { r.append(exp((random.uniform() - 0.5) * 4 * max(gate, 1))) }
    return r
  }

  @Test func comparisonsDecideAsTheLogsDo() {
    var random = RandomStream(seed: 29, stream: "tracker-size-gate")
    for gate in [0.25, 0.1, 0.5, 1, 3, 1e-9, 10, 100, 0, -0.3, 150, .infinity, .nan] {
      let ratios = SizeGateRatios(gate: gate)
      for r in Self.ratios(gate: gate, random: &random) {
        #expect(ratios.logExceeds(r) == (log(r) > gate), "gate \(gate), r \(r)")
        #expect(ratios.logFallsShort(r) == (log(r) < -gate), "gate \(gate), r \(r)")
      }
    }
  }
}
