import DockSimCore
import DockSimTestSupport
import Foundation
import Testing

/// `MOTBox.iou` for boxes of any finite size: in [0, 1], 1 for a box with itself, and py-motmetrics'
/// arithmetic where nothing overflows.
struct MOTBoxIoUTests {
  /// A box whose coordinates and sizes are of one magnitude, 1e-3 to 1e308 (sizes negative too unless
  /// `positive`).
  static func box(_ rng: inout SeededGenerator, positive: Bool) -> MOTBox {
    let scale = pow(10, Double.random(in: -3...308, using: &rng))
    func value(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) * scale }
    let size: ClosedRange<Double> = positive ? 0.1...1.79 : -1.79...1.79
    return MOTBox(x: value(-1.79...1.79), y: value(-1.79...1.79), width: value(size), height: value(size))
  }

  @Test func anyFiniteBoxesHaveAnIoUInTheUnitInterval() {
    var rng = SeededGenerator(seed: 28)
    for _ in 0..<5_000 {
      let a = Self.box(&rng, positive: true)
      let b = Self.box(&rng, positive: false)
      let iou = MOTBox.iou(a, b)
      #expect(iou.isFinite && iou >= 0 && iou <= 1, "\(a) \(b): \(iou)")
      #expect(MOTBox.iou(a, a) == 1, "\(a)")
    }
  }

  @Test func ordinaryBoxesKeepTheReferenceArithmetic() {
    let a = MOTBox(x: 0, y: 0, width: 10, height: 10)
    // boxiou: intersection 5 × 10 over 100 + 100 − 50.
    #expect(MOTBox.iou(a, MOTBox(x: 5, y: 0, width: 10, height: 10)) == 50.0 / 150.0)
    // A negative width: the maximum corner before the minimum, no intersection.
    #expect(
      MOTBox.iou(MOTBox(x: 0, y: 0, width: -10, height: 10), MOTBox(x: -10, y: 0, width: 20, height: 10)) == 0
    )
  }
}
