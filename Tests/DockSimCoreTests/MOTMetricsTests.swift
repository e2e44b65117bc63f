import Foundation
import Testing

@testable import DockSimCore

/// The MOT accumulator against the py-motmetrics fixtures of `Tests/Fixtures/mot`, and its memory bound.
struct MOTMetricsTests {
  typealias Point = (id: Int, u: Double, v: Double)

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/mot")

  static let cases = [
    "01_perfect", "02_id_swap_at_crossing", "03_fragmented_track", "04_false_positives", "05_misses",
    "06_wrong_subject_after_occlusion",
  ]

  /// The rows of a `frame,id,u,v` CSV grouped by frame, in file order.
  static func rows(_ file: String) throws -> [Int: [Point]] {
    let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    var byFrame: [Int: [Point]] = [:]
    for line in text.split(separator: "\n").dropFirst() {
      let cells = line.split(separator: ",").map(String.init)
      let frame = try #require(Int(cells[0]))
      let point = (
        id: try #require(Int(cells[1])), u: try #require(Double(cells[2])), v: try #require(Double(cells[3]))
      )
      byFrame[frame, default: []].append(point)
    }
    return byFrame
  }

  static func expected(_ name: String) throws -> (frames: Int, values: [String: NSNumber]) {
    let data = try Data(contentsOf: directory.appendingPathComponent("\(name)_expected.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let frames = try #require(json["num_frames"] as? NSNumber).intValue
    let block = try #require(json["clear_identity"] as? [String: Any])
    var values: [String: NSNumber] = [:]
    for (key, value) in block { values[key] = try #require(value as? NSNumber) }
    return (frames, values)
  }

  @Test(arguments: cases)
  func matchesTheReference(name: String) throws {
    let groundTruth = try Self.rows("\(name)_gt.csv")
    let hypotheses = try Self.rows("\(name)_hyp.csv")
    let (frames, expected) = try Self.expected(name)
    var accumulator = MOTAccumulator()
    for frame in 0..<frames {
      accumulator.observe(
        MOTFrame(index: frame, groundTruth: groundTruth[frame] ?? [], hypotheses: hypotheses[frame] ?? []))
    }
    let s = accumulator.summary()
    let counts: [(String, Int)] = [
      ("num_frames", s.numFrames), ("num_objects", s.numObjects), ("num_predictions", s.numPredictions),
      ("num_unique_objects", s.numUniqueObjects), ("num_detections", s.numDetections),
      ("num_matches", s.numMatches), ("num_switches", s.numSwitches),
      ("num_false_positives", s.numFalsePositives), ("num_misses", s.numMisses),
      ("num_fragmentations", s.numFragmentations), ("idtp", s.idtp), ("idfp", s.idfp), ("idfn", s.idfn),
      ("mostly_tracked", s.mostlyTracked), ("partially_tracked", s.partiallyTracked),
      ("mostly_lost", s.mostlyLost),
    ]
    for (key, value) in counts {
      let want = try #require(expected[key], "\(key) missing").intValue
      #expect(value == want, "\(name) \(key)")
    }
    let ratios: [(String, Double?)] = [
      ("mota", s.mota), ("motp", s.motp), ("idf1", s.idf1), ("idp", s.idp), ("idr", s.idr),
      ("precision", s.precision), ("recall", s.recall),
    ]
    for (key, value) in ratios {
      let want = try #require(expected[key], "\(key) missing").doubleValue
      let got = try #require(value, "\(name) \(key) is nil")
      #expect(abs(got - want) <= 1e-12, "\(name) \(key): \(got) vs \(want)")
    }
    // Every key of the reference block is checked, except the annotation counts that count toward nothing.
    let checked = Set(counts.map(\.0) + ratios.map(\.0) + ["num_transfer", "num_ascend", "num_migrate"])
    #expect(Set(expected.keys) == checked)
  }

  /// One event as the fixtures' `*_events.csv` write it: frame, type, subject, track id (-1: none).
  struct EventRow: Equatable, Comparable {
    var frame: Int
    var kind: String
    var object: Int
    var hypothesis: Int
    var distance: Double?
    static func < (a: EventRow, b: EventRow) -> Bool {
      (a.frame, a.kind, a.object, a.hypothesis) < (b.frame, b.kind, b.object, b.hypothesis)
    }
  }

  /// The MATCH, SWITCH, MISS and FP rows of `NN_name_events.csv` (py-motmetrics' TRANSFER, ASCEND and
  /// MIGRATE annotate a SWITCH row that is listed too).
  static func expectedEvents(_ name: String) throws -> [EventRow] {
    let text = try String(
      contentsOf: directory.appendingPathComponent("\(name)_events.csv"), encoding: .utf8)
    var rows: [EventRow] = []
    for line in text.split(separator: "\n").dropFirst() {
      let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard ["MATCH", "SWITCH", "MISS", "FP"].contains(cells[1]) else { continue }
      rows.append(
        EventRow(
          frame: try #require(Int(cells[0])), kind: cells[1], object: Int(cells[2]) ?? -1,
          hypothesis: Int(cells[3]) ?? -1, distance: Double(cells[4])))
    }
    return rows.sorted()
  }

  @Test(arguments: cases)
  func eventsMatchTheReference(name: String) throws {
    let groundTruth = try Self.rows("\(name)_gt.csv")
    let hypotheses = try Self.rows("\(name)_hyp.csv")
    let (frames, _) = try Self.expected(name)
    var accumulator = MOTAccumulator()
    var plain = MOTAccumulator()
    var events = MOTFrameEvents()
    var got: [EventRow] = []
    for frame in 0..<frames {
      let gt = groundTruth[frame] ?? []
      let hyp = hypotheses[frame] ?? []
      accumulator.observe(frame: frame, groundTruth: gt, hypotheses: hyp, events: &events)
      plain.observe(frame: frame, groundTruth: gt, hypotheses: hyp)
      #expect(events.frame == frame)
      // One event per object, then one per unpaired hypothesis.
      #expect(events.events.count == gt.count + events.events.filter { $0.kind == .falsePositive }.count)
      got += events.events.map {
        EventRow(
          frame: frame, kind: $0.kind.rawValue, object: $0.object ?? -1, hypothesis: $0.hypothesis ?? -1,
          distance: $0.distance)
      }
    }
    let want = try Self.expectedEvents(name)
    got.sort()
    #expect(
      got.map { [$0.frame, $0.object, $0.hypothesis] } == want.map { [$0.frame, $0.object, $0.hypothesis] })
    #expect(got.map(\.kind) == want.map(\.kind), "\(name)")
    for (g, w) in zip(got, want) {
      #expect((g.distance == nil) == (w.distance == nil))
      if let a = g.distance, let b = w.distance { #expect(abs(a - b) <= 1e-12, "\(name) frame \(w.frame)") }
    }
    // Asking for events changes no metric.
    #expect(accumulator.summary() == plain.summary())
  }

  @Test func anEventBufferIsClearedForEachFrame() {
    var accumulator = MOTAccumulator()
    var events = MOTFrameEvents(capacity: 4)
    accumulator.observe(
      frame: 0, groundTruth: [(id: 1, u: 0.5, v: 0.5), (id: 2, u: 0.1, v: 0.1)],
      hypotheses: [(id: 7, u: 0.5, v: 0.5), (id: 8, u: 0.9, v: 0.9)], events: &events)
    #expect(
      events.events == [
        MOTEvent(kind: .match, object: 1, hypothesis: 7, distance: 0),
        MOTEvent(kind: .miss, object: 2, hypothesis: nil, distance: nil),
        MOTEvent(kind: .falsePositive, object: nil, hypothesis: 8, distance: nil),
      ])
    accumulator.observe(
      frame: 1, groundTruth: [(id: 1, u: 0.5, v: 0.5)], hypotheses: [(id: 8, u: 0.5, v: 0.5)], events: &events
    )
    #expect(events.frame == 1)
    #expect(events.events == [MOTEvent(kind: .identitySwitch, object: 1, hypothesis: 8, distance: 0)])
    accumulator.observe(frame: 2, groundTruth: [], hypotheses: [], events: &events)
    #expect(events.frame == 2 && events.events.isEmpty)
  }

  @Test func memoryDoesNotGrowWithFrames() {
    func stored(frames: Int) -> Int {
      var accumulator = MOTAccumulator()
      for k in 0..<frames {
        let t = Double(k % 100) / 100
        accumulator.observe(
          frame: k, groundTruth: [(id: 4, u: 0.2 + 0.5 * t, v: 0.3), (id: 9, u: 0.7, v: 0.2 + 0.5 * t)],
          hypotheses: [(id: 11, u: 0.2 + 0.5 * t + 0.01, v: 0.3), (id: 2, u: 0.7, v: 0.2 + 0.5 * t - 0.01)])
      }
      #expect(accumulator.summary().numFrames == frames)
      return accumulator.storedStateCount
    }
    let short = stored(frames: 200)
    #expect(short == 4)
    #expect(stored(frames: 2_000) == short)
  }

  @Test func identityPrefersTheLargerTotalOverMorePairs() {
    // Co-occurrence: (1, 10) 10 frames, (1, 20) 1 frame, (2, 10) 1 frame. Pairing 1-20 and 2-10 would
    // make two pairs but total 2; the identity metrics want 1-10 alone, total 10.
    var accumulator = MOTAccumulator()
    for k in 0..<10 {
      accumulator.observe(
        frame: k, groundTruth: [(id: 1, u: 0.2, v: 0.2), (id: 2, u: 0.8, v: 0.8)],
        hypotheses: [(id: 10, u: 0.2, v: 0.2)])
    }
    accumulator.observe(
      frame: 10, groundTruth: [(id: 1, u: 0.2, v: 0.2), (id: 2, u: 0.8, v: 0.8)],
      hypotheses: [(id: 20, u: 0.21, v: 0.2), (id: 10, u: 0.8, v: 0.8)])
    let s = accumulator.summary()
    #expect(s.idtp == 10)
    #expect(s.idfn == 12)
    #expect(s.idfp == 2)
    #expect(s.numSwitches == 1)
  }

  @Test func trailingMissesAreNoFragmentation() {
    // Matched, missed, matched, missed to the end: only the gap closed by a later match counts.
    var accumulator = MOTAccumulator()
    for (k, tracked) in [true, false, false, true, false, false].enumerated() {
      accumulator.observe(
        frame: k, groundTruth: [(id: 5, u: 0.5, v: 0.5)],
        hypotheses: tracked ? [(id: 8, u: 0.5, v: 0.51)] : [])
    }
    let s = accumulator.summary()
    #expect(s.numFragmentations == 1)
    #expect(s.numMisses == 4)
    #expect(s.partiallyTracked == 1)
  }

  @Test(arguments: [false, true])
  func establishedPairsAreKeptInGroundTruthOrder(reversed: Bool) {
    // Object 1 was last matched to track 7 in frame 0, object 2 in frame 1. In frame 2 both are in
    // reach of track 7: the first listed keeps it, the other is missed.
    var accumulator = MOTAccumulator()
    accumulator.observe(
      frame: 0, groundTruth: [(id: 1, u: 0.5, v: 0.5)], hypotheses: [(id: 7, u: 0.5, v: 0.5)])
    accumulator.observe(
      frame: 1, groundTruth: [(id: 2, u: 0.5, v: 0.5)], hypotheses: [(id: 7, u: 0.5, v: 0.5)])
    let both: [Point] = [(id: 1, u: 0.49, v: 0.5), (id: 2, u: 0.52, v: 0.5)]
    accumulator.observe(
      frame: 2, groundTruth: reversed ? both.reversed() : both, hypotheses: [(id: 7, u: 0.5, v: 0.5)])
    accumulator.observe(
      frame: 3, groundTruth: [(id: 1, u: 0.5, v: 0.5)], hypotheses: [(id: 7, u: 0.5, v: 0.5)])
    let s = accumulator.summary()
    #expect(s.numMatches == 4)
    #expect(s.numSwitches == 0)
    #expect(s.numMisses == 1)
    // Object 1 missed at frame 2 and matched again at 3 (listed second) or never missed (listed first).
    #expect(s.numFragmentations == (reversed ? 1 : 0))
  }

  @Test func thresholdIsConfigurable() {
    for (threshold, matched) in [(0.05, true), (0.02, false)] {
      var accumulator = MOTAccumulator(matchThreshold: threshold)
      accumulator.observe(
        frame: 0, groundTruth: [(id: 0, u: 0.5, v: 0.5)], hypotheses: [(id: 0, u: 0.53, v: 0.5)])
      let s = accumulator.summary()
      #expect(s.numMatches == (matched ? 1 : 0))
      #expect(s.numMisses == (matched ? 0 : 1))
      #expect(s.numFalsePositives == (matched ? 0 : 1))
    }
  }

  @Test func emptyRunHasNoRatios() {
    var accumulator = MOTAccumulator()
    accumulator.observe(frame: 3, groundTruth: [], hypotheses: [])
    let s = accumulator.summary()
    #expect(s.numFrames == 1)
    #expect(s.mota == nil && s.motp == nil && s.idf1 == nil && s.precision == nil && s.recall == nil)
    #expect(s.metricValues.first { $0.name == "motp_distance" } == MetricValue(.motpDistance, nil))
  }
}
