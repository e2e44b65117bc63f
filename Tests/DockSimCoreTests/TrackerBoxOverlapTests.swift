import Testing

@testable import DockSimCore

/// The sweep behind the tracker's pair loops (`BoxOverlapCandidates`) against the loop over every pair
/// it replaces: each box's candidates, in increasing index order, must include every box it
/// intersects, so that the loops make the same decisions.
struct TrackerBoxOverlapTests {
  /// Boxes as a tracker predicts them, and worse: crowded or spread out, some without a width, some
  /// with equal left edges or touching edges, and now and then a non-finite or negative one.
  static func boxes(_ count: Int, spread: Double, random: inout RandomStream) -> [NormalizedRect] {
    var boxes: [NormalizedRect] = []
    for _ in 0..<count {
      let roll = random.uniform()
      var b = NormalizedRect(
        x: (random.uniform() - 0.1) * spread, y: random.uniform(), width: 0.02 + 0.2 * random.uniform(),
        height: 0.05 + 0.4 * random.uniform())
      if roll < 0.08 { b.width = 0 }
      if roll >= 0.08 && roll < 0.12 { b.width = -b.width }
      if roll >= 0.12 && roll < 0.2, let other = boxes.last {
        // Shares a left edge, or starts exactly where the last box ends.
        b.x = random.bernoulli(0.5) ? other.x : other.x + other.width
      }
      if roll >= 0.2 && roll < 0.21 {
        b.x = [Double.nan, .infinity, -.infinity][Int(random.next() % 3)]
      }
      if roll >= 0.21 && roll < 0.22 { b.width = .greatestFiniteMagnitude }
      boxes.append(b)
    }
    return boxes
  }

  @Test func candidatesHoldEveryIntersectingBoxInIndexOrder() {
    var random = RandomStream(seed: 23, stream: "tracker-box-overlaps")
    var overlaps = BoxOverlapCandidates()
    var sweeps = 0
    for trial in 0..<2_000 {
      let count = Int(random.next() % 20)
      let spread = [0.3, 1, 3][trial % 3]
      let boxes = Self.boxes(count, spread: spread, random: &random)
      // One workspace for every trial, as in the tracker.
      overlaps.build(boxes)
      let finite = boxes.allSatisfy { $0.x.isFinite && ($0.x + $0.width).isFinite }
      #expect(overlaps.everyPair == !finite)
      #expect(overlaps.allHaveWidth == boxes.allSatisfy { $0.width > 0 })
      if finite { sweeps += 1 }
      for i in boxes.indices {
        let listed = overlaps.positions(of: i).map { overlaps.candidate($0) }
        #expect(zip(listed, listed.dropFirst()).allSatisfy { $0 < $1 }, "trial \(trial) box \(i): \(listed)")
        if overlaps.everyPair {
          #expect(listed == Array(boxes.indices))
          continue
        }
        #expect(!listed.contains(i))
        for j in boxes.indices where j != i && boxes[i].intersectionArea(boxes[j]) > 0 {
          #expect(listed.contains(j), "trial \(trial): box \(j) intersects box \(i), not listed: \(boxes)")
        }
        // And only boxes whose right edge lies right of the other's left edge, both ways.
        for j in listed {
          let a = boxes[i]
          let b = boxes[j]
          #expect(a.x + a.width > b.x && b.x + b.width > a.x, "trial \(trial): \(a) \(b)")
        }
      }
    }
    #expect(sweeps > 1_000)
  }

  /// A frame where every box touches every other (issue 28's 1,024 clustered replay boxes): each run
  /// holds all the others, sorted, built in time linear in the pairs.
  @Test func aClusterWhereEveryBoxTouchesEveryOtherListsThemAllInOrder() {
    var random = RandomStream(seed: 5, stream: "tracker-box-cluster")
    let boxes = (0..<400).map { _ in
      NormalizedRect(x: 0.45 + 0.02 * random.uniform(), y: 0.4, width: 0.05, height: 0.1)
    }
    var overlaps = BoxOverlapCandidates()
    overlaps.build(boxes)
    #expect(!overlaps.everyPair)
    for i in boxes.indices {
      let listed = overlaps.positions(of: i).map { overlaps.candidate($0) }
      #expect(listed == boxes.indices.filter { $0 != i })
    }
  }

  @Test func boxesSideBySideHaveNoCandidates() {
    // The benchmark's scene: K boxes across the image, none touching another.
    let boxes = (0..<16).map { k in
      NormalizedRect(x: 0.08 + 0.0525 * Double(k), y: 0.44, width: 0.048, height: 0.12)
    }
    var overlaps = BoxOverlapCandidates()
    overlaps.build(boxes)
    #expect(!overlaps.everyPair)
    for i in boxes.indices { #expect(overlaps.positions(of: i).isEmpty) }
  }
}
