import Foundation
import Testing

@testable import DockSimCore

/// The HOTA accumulator against the TrackEval `hota` blocks of `Tests/Fixtures/mot` (cases 01-06 shared
/// with the CLEAR tests, 07-11 written by `scripts/hota-fixtures.py`), and its conventions.
struct HOTAMetricsTests {
  static let cases =
    MOTMetricsTests.cases + [
      "07_track_covers_two_subjects", "08_many_short_tracks", "09_frames_without_ground_truth",
      "10_no_hypotheses", "11_crowded_cluster",
    ]

  static func expected(_ name: String) throws -> (frames: Int, block: [String: Any]) {
    let data = try Data(contentsOf: MOTMetricsTests.directory.appendingPathComponent("\(name)_expected.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let frames = try #require(json["num_frames"] as? NSNumber).intValue
    return (frames, try #require(json["hota"] as? [String: Any]))
  }

  static func summary(_ name: String, frames: Int, reversed: Bool = false) throws -> HOTASummary {
    let groundTruth = try MOTMetricsTests.rows("\(name)_gt.csv")
    let hypotheses = try MOTMetricsTests.rows("\(name)_hyp.csv")
    var accumulator = HOTAAccumulator()
    for frame in 0..<frames {
      let g = groundTruth[frame] ?? []
      let h = hypotheses[frame] ?? []
      accumulator.observe(
        MOTFrame(
          index: frame, groundTruth: reversed ? g.reversed() : g, hypotheses: reversed ? h.reversed() : h))
    }
    return accumulator.summary()
  }

  static func numbers(_ block: [String: Any], _ key: String) throws -> [Double] {
    try #require(block[key] as? [NSNumber], "\(key) missing").map(\.doubleValue)
  }

  @Test(arguments: cases)
  func matchesTrackEval(name: String) throws {
    let (frames, block) = try Self.expected(name)
    let s = try Self.summary(name, frames: frames)
    #expect(s.numFrames == frames)
    // The JSON lists the alphas rounded (0.15, not NumPy's 0.15000000000000002).
    let alphas = try Self.numbers(block, "alphas")
    #expect(
      s.perAlpha.count == alphas.count && zip(s.perAlpha, alphas).allSatisfy { abs($0.alpha - $1) <= 1e-12 })

    let scalars: [(String, Double?)] = [
      ("HOTA", s.hota), ("DetA", s.detA), ("AssA", s.assA), ("DetRe", s.detRe), ("DetPr", s.detPr),
      ("AssRe", s.assRe), ("AssPr", s.assPr), ("LocA", s.locA),
    ]
    for (key, value) in scalars {
      let want = try #require(block[key] as? NSNumber, "\(key) missing").doubleValue
      let got = try #require(value, "\(name) \(key) is nil")
      #expect(abs(got - want) <= 1e-12, "\(name) \(key): \(got) vs \(want)")
    }
    let arrays: [(String, [Double])] = [
      ("HOTA_per_alpha", s.perAlpha.map(\.hota)), ("DetA_per_alpha", s.perAlpha.map(\.detA)),
      ("AssA_per_alpha", s.perAlpha.map(\.assA)),
    ]
    for (key, values) in arrays {
      let want = try Self.numbers(block, key)
      #expect(values.count == want.count, "\(name) \(key)")
      for (got, expected) in zip(values, want) {
        #expect(abs(got - expected) <= 1e-12, "\(name) \(key): \(got) vs \(expected)")
      }
    }
    let counts: [(String, [Int])] = [
      ("HOTA_TP_per_alpha", s.perAlpha.map(\.truePositives)),
      ("HOTA_FN_per_alpha", s.perAlpha.map(\.falseNegatives)),
      ("HOTA_FP_per_alpha", s.perAlpha.map(\.falsePositives)),
    ]
    for (key, values) in counts {
      #expect(values.map(Double.init) == (try Self.numbers(block, key)), "\(name) \(key)")
    }
    // Every key of the reference block is checked, apart from the similarity's description.
    let checked = Set(scalars.map(\.0) + arrays.map(\.0) + counts.map(\.0) + ["alphas", "similarity"])
    #expect(Set(block.keys) == checked)
  }

  @Test func rowOrderWithinAFrameDoesNotMatter() throws {
    // Case 11 is one 3×3 assignment per frame; case 07 has frames with two components.
    for name in ["11_crowded_cluster", "07_track_covers_two_subjects"] {
      let (frames, _) = try Self.expected(name)
      #expect(
        try Self.summary(name, frames: frames) == (try Self.summary(name, frames: frames, reversed: true)))
    }
  }

  @Test func emptyRunHasNoMetrics() {
    var accumulator = HOTAAccumulator()
    accumulator.observe(frame: 2, groundTruth: [], hypotheses: [])
    accumulator.observe(frame: 5, groundTruth: [], hypotheses: [])
    let s = accumulator.summary()
    #expect(s.numFrames == 2)
    #expect(s.perAlpha.isEmpty)
    #expect(s.hota == nil && s.detA == nil && s.assA == nil && s.locA == nil)
    #expect(s.detRe == nil && s.detPr == nil && s.assRe == nil && s.assPr == nil)
  }

  @Test(arguments: [(0.05, 7), (0.1, 13)])
  func thresholdScalesTheSimilarity(threshold: Double, matchedAlphas: Int) throws {
    // d = 0.032 in every frame: s = 0.36 at threshold 0.05 (α 0.05…0.35), 0.68 at 0.1 (α 0.05…0.65).
    var accumulator = HOTAAccumulator(matchThreshold: threshold)
    for k in 0..<4 {
      accumulator.observe(
        frame: k, groundTruth: [(id: 1, u: 0.5, v: 0.5)], hypotheses: [(id: 2, u: 0.532, v: 0.5)])
    }
    let s = accumulator.summary()
    let similarity = 1 - 0.032 / threshold
    #expect(
      s.perAlpha.map(\.truePositives) == Array(repeating: 4, count: matchedAlphas)
        + Array(repeating: 0, count: 19 - matchedAlphas))
    #expect(
      s.perAlpha.prefix(matchedAlphas).allSatisfy { abs($0.locA - similarity) <= 1e-15 && $0.hota == 1 })
    // Nothing matched: HOTA 0 and, by the reference's convention, LocA 1.
    #expect(
      s.perAlpha.dropFirst(matchedAlphas).allSatisfy {
        $0.hota == 0 && $0.locA == 1 && $0.falseNegatives == 4
      })
    let hota = try #require(s.hota)
    #expect(abs(hota - Double(matchedAlphas) / 19) <= 1e-15)
  }

  @Test func storedPairsGrowWithFramesAndIdentityStateDoesNot() {
    func stored(frames: Int) -> (identity: Int, pairs: Int) {
      var accumulator = HOTAAccumulator()
      for k in 0..<frames {
        let t = Double(k % 100) / 100
        accumulator.observe(
          frame: k, groundTruth: [(id: 4, u: 0.2 + 0.5 * t, v: 0.3), (id: 9, u: 0.7, v: 0.2 + 0.5 * t)],
          // Each track stays more than 0.2 from the other object: two pairs ever come within reach.
          hypotheses: [(id: 11, u: 0.2 + 0.5 * t + 0.01, v: 0.3), (id: 2, u: 0.7, v: 0.2 + 0.5 * t - 0.01)])
      }
      return (accumulator.storedIdentityStateCount, accumulator.storedFramePairCount)
    }
    let short = stored(frames: 200)
    let long = stored(frames: 2_000)
    // Two objects, two hypotheses, and the two pairs within the threshold.
    #expect(short.identity == 6 && long.identity == short.identity)
    #expect(short.pairs == 400 && long.pairs == 4_000)
  }
}
