import Foundation
import Testing

@testable import DockSimCore

/// The id-and-distance entry points of `MOTAccumulator` and `HOTAAccumulator` (the one implementation
/// behind centre and IoU matching), and `MOTBox`'s IoU.
struct MOTDistanceEntryTests {
  typealias Point = (id: Int, u: Double, v: Double)

  static func distance(_ a: Point, _ b: Point) -> Double {
    let du = a.u - b.u
    let dv = a.v - b.v
    return (du * du + dv * dv).squareRoot()
  }

  /// The six hand-made cases through the id-and-distance entry points with centre distance: the
  /// reference's figures, and the very bits of the point entry points.
  @Test(arguments: MOTMetricsTests.cases.prefix(6))
  func handMadeCasesThroughTheDistanceEntryPoints(name: String) throws {
    let groundTruth = try MOTMetricsTests.rows("\(name)_gt.csv")
    let hypotheses = try MOTMetricsTests.rows("\(name)_hyp.csv")
    let (frames, expected) = try MOTMetricsTests.expected(name)
    var byDistance = MOTAccumulator()
    var byPoint = MOTAccumulator()
    var hotaBySimilarity = HOTAAccumulator()
    var hotaByPoint = HOTAAccumulator()
    var events = MOTFrameEvents()
    var pointEvents = MOTFrameEvents()
    for frame in 0..<frames {
      let o = groundTruth[frame] ?? []
      let h = hypotheses[frame] ?? []
      byDistance.observe(frame: frame, objects: o.map(\.id), hypotheses: h.map(\.id), events: &events) {
        Self.distance(o[$0], h[$1])
      }
      byPoint.observe(frame: frame, groundTruth: o, hypotheses: h, events: &pointEvents)
      #expect(events.events == pointEvents.events, "\(name) frame \(frame)")
      hotaBySimilarity.observe(frame: frame, objects: o.map(\.id), hypotheses: h.map(\.id)) {
        max(0, 1 - Self.distance(o[$0], h[$1]) / 0.05)
      }
      hotaByPoint.observe(frame: frame, groundTruth: o, hypotheses: h)
    }
    let s = byDistance.summary()
    #expect(s == byPoint.summary())
    #expect(hotaBySimilarity.summary() == hotaByPoint.summary())
    let want: [(String, Double?)] = [
      ("mota", s.mota), ("motp", s.motp), ("idf1", s.idf1), ("num_switches", Double(s.numSwitches)),
      ("num_false_positives", Double(s.numFalsePositives)), ("num_misses", Double(s.numMisses)),
      ("num_fragmentations", Double(s.numFragmentations)), ("idtp", Double(s.idtp)),
    ]
    for (key, value) in want {
      let reference = try #require(expected[key]).doubleValue
      #expect(abs(try #require(value) - reference) <= 1e-12, "\(name) \(key)")
    }
  }

  @Test func aNaNDistanceIsNeverPaired() {
    var accumulator = MOTAccumulator(matchThreshold: 0.5)
    accumulator.observe(frame: 1, objects: [1], hypotheses: [2]) { _, _ in .nan }
    let s = accumulator.summary()
    #expect(s.numMisses == 1 && s.numFalsePositives == 1 && s.numMatches == 0)
  }

  @Test func iouThresholdIsInclusiveAsPyMotmetrics() {
    // Two boxes of IoU exactly 0.5 (distance 0.5) pair; a hair less overlap does not.
    let a = MOTBox(x: 0, y: 0, width: 2, height: 1)
    let half = MOTBox(x: 0, y: 0, width: 1, height: 1)
    #expect(MOTBox.iou(a, half) == 0.5)
    var accumulator = MOTAccumulator(matchThreshold: MOTBox.defaultIoUDistanceThreshold)
    accumulator.observe(frame: 1, objects: [1], hypotheses: [1]) { _, _ in MOTBox.iouDistance(a, half) }
    let smaller = MOTBox(x: 0, y: 0, width: 0.999, height: 1)
    accumulator.observe(frame: 2, objects: [1], hypotheses: [1]) { _, _ in MOTBox.iouDistance(a, smaller) }
    let s = accumulator.summary()
    #expect(s.numMatches == 1 && s.numMisses == 1)
  }

  @Test func boxIoUFollowsTheReferenceConvention() {
    let a = MOTBox(x: 10, y: 20, width: 10, height: 10)
    #expect(MOTBox.iou(a, a) == 1)
    // xmax = x + width: boxes that only touch have no overlap.
    #expect(MOTBox.iou(a, MOTBox(x: 20, y: 20, width: 10, height: 10)) == 0)
    // Half overlapping along x: intersection 50, union 150.
    #expect(MOTBox.iou(a, MOTBox(x: 15, y: 20, width: 10, height: 10)) == 50.0 / 150.0)
    // Contained: 25 / 100.
    #expect(MOTBox.iou(a, MOTBox(x: 12, y: 22, width: 5, height: 5)) == 0.25)
    // Empty boxes overlap nothing; a NaN coordinate never matches.
    #expect(MOTBox.iou(MOTBox(x: 0, y: 0, width: 0, height: 0), MOTBox(x: 0, y: 0, width: 0, height: 0)) == 0)
    #expect(MOTBox.iou(a, MOTBox(x: .nan, y: 20, width: 10, height: 10)).isNaN)
    #expect(MOTBox(centerX: 15, centerY: 25, width: 10, height: 10) == a)
  }

  @Test func overallRowAccumulatesSequencesRatherThanAveraging() {
    func row(_ id: Int, _ x: Double) -> MOTRow {
      MOTRow(id: id, box: MOTBox(x: x, y: 0, width: 1, height: 1))
    }
    // Sequence a: 1 of 1 matched; sequence b: 0 of 3 matched (same ids, which must not meet).
    let a = MOTSequence(
      name: "a", frames: [MOTSequenceFrame(frame: 1, objects: [row(1, 0)], hypotheses: [row(1, 0)])])
    let b = MOTSequence(
      name: "b",
      frames: [1, 2, 3].map { MOTSequenceFrame(frame: $0, objects: [row(1, 0)], hypotheses: [row(1, 5)]) })
    let (each, overall) = MOTScorer.score([a, b], matching: .iou(threshold: 0.5))
    #expect(each.map { $0.mot.mota } == [1, -1])
    // (1 + 3 + 3 errors... ) recomputed from sums: 1 − (3 misses + 3 FP) / 4 objects.
    #expect(overall.mot.mota == 1 - 6.0 / 4)
    #expect(overall.mot.numUniqueObjects == 2)
    #expect(overall.mot.numFrames == 4)
    #expect(overall.mot.idtp == 1)
  }
}
