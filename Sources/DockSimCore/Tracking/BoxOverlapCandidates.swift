/// The pairs of boxes whose extents along x overlap, found by a sweep along x, for the tracker's loops
/// over pairs of predicted boxes (what hides what, which tracks coincide): in a scene of K subjects
/// side by side most of the K² pairs do not touch, and those loops act only on boxes that intersect.
///
/// Box i's candidates come in increasing index order, so a loop over them meets the same pairs in
/// the same order as a loop over every index that skips the pairs that do not intersect: the same
/// decisions, ties included.
///
/// **Why no intersecting pair is missed.** `NormalizedRect.intersectionArea` is positive only when
/// min(a.x + a.width, b.x + b.width) − max(a.x, b.x) > 0. With finite edges the difference of two
/// doubles is positive exactly when the first is greater, so each box's right edge lies strictly right
/// of the other's left edge. The sweep lists every pair with that property: sorted by left edge, the
/// boxes after a in that order whose left edge is left of a's right edge are a contiguous run, and the
/// one of a pair that comes first finds the other in its run. When an edge is not finite (a NaN or an
/// overflowing prediction) the argument does not hold, and every pair is a candidate.
struct BoxOverlapCandidates: Sendable {
  /// Every box is a candidate of every box (an edge was not finite).
  private(set) var everyPair = true
  /// Whether every box has a positive width.
  private(set) var allHaveWidth = false
  /// Boxes of the last `build` (not the boxes themselves: holding the caller's array would make its
  /// next in-place rebuild copy it).
  private var count = 0
  /// No two boxes overlap along x (then `start` and `candidates` are stale).
  private var none = true
  /// Whether the boxes are in increasing order of left edge already (then `order` is stale).
  private var inOrder = true
  /// Box indices in increasing order of left edge.
  private var order: [Int] = []
  /// Box i's candidates are `candidates[start[i]..<start[i + 1]]`.
  private var start: [Int] = []
  private var candidates: [Int] = []
  /// The next free slot of each box's run while filling `candidates`.
  private var fill: [Int] = []
  /// The runs written again in increasing index order, then swapped with `candidates`.
  private var transposed: [Int] = []

  init() {}

  mutating func build(_ boxes: [NormalizedRect]) {
    count = boxes.count
    var finite = true
    var wide = true
    var sorted = true
    var previous = -Double.infinity
    for b in boxes {
      // The same expression for the right edge as `intersectionArea`'s, so the same rounding.
      finite = finite && b.x.isFinite && (b.x + b.width).isFinite
      wide = wide && b.width > 0
      sorted = sorted && previous <= b.x
      previous = b.x
    }
    everyPair = !finite
    allHaveWidth = wide
    inOrder = sorted
    none = true
    guard finite else { return }

    // Insertion sort: a handful of boxes, and in order already as often as not (tracks born left to
    // right, a scene that changes little from frame to frame).
    if !inOrder {
      order.removeAll(keepingCapacity: true)
      for i in 0..<count {
        var k = order.count
        order.append(i)
        while k > 0 && boxes[order[k - 1]].x > boxes[i].x {
          order[k] = order[k - 1]
          k -= 1
        }
        order[k] = i
      }
    }

    // Up to three passes of the sweep: whether any pair overlaps (in a scene of subjects side by side
    // none does, and nothing is written), then counting each box's candidates, then filling them in.
    for pass in 0..<3 {
      if pass == 1 {
        start.removeAll(keepingCapacity: true)
        start.append(contentsOf: repeatElement(0, count: count + 1))
      }
      if pass == 2 {
        for i in 0..<count { start[i + 1] += start[i] }
        fill.removeAll(keepingCapacity: true)
        fill.append(contentsOf: start[0..<count])
        candidates.removeAll(keepingCapacity: true)
        candidates.append(contentsOf: repeatElement(0, count: start[count]))
      }
      for p in 0..<count {
        let a = inOrder ? p : order[p]
        let la = boxes[a].x
        let ra = boxes[a].x + boxes[a].width
        var q = p + 1
        // Sorted by left edge: the boxes whose left edge is left of a's right edge come next, in a run.
        while q < count {
          let b = inOrder ? q : order[q]
          guard boxes[b].x < ra else { break }
          q += 1
          guard boxes[b].x + boxes[b].width > la else { continue }
          switch pass {
          case 0:
            none = false
          case 1:
            start[a + 1] += 1
            start[b + 1] += 1
          default:
            candidates[fill[a]] = b
            fill[a] += 1
            candidates[fill[b]] = a
            fill[b] += 1
          }
        }
        if pass == 0 && !none { break }
      }
      if none { return }
    }
    // Each run in increasing index order, by transposing the lists: walking the boxes in increasing
    // index order and appending each to the run of every box it touches writes every run sorted, since
    // the relation is symmetric. Linear in the pairs; sorting each run in place cost a cube of the box
    // count when all the boxes of a frame touch (issue 28: 1,024 clustered replay boxes).
    transposed.removeAll(keepingCapacity: true)
    transposed.append(contentsOf: repeatElement(0, count: start[count]))
    for i in 0..<count { fill[i] = start[i] }
    for i in 0..<count {
      for p in start[i]..<start[i + 1] {
        let j = candidates[p]
        transposed[fill[j]] = i
        fill[j] += 1
      }
    }
    swap(&candidates, &transposed)
  }

  /// No box has a candidate.
  var isEmpty: Bool { !everyPair && none }

  /// The positions of box i's candidates, for `candidate(_:)`; with `everyPair`, every index.
  func positions(of i: Int) -> Range<Int> {
    everyPair ? 0..<count : none ? 0..<0 : start[i]..<start[i + 1]
  }

  /// The box at a position of `positions(of:)`.
  func candidate(_ position: Int) -> Int {
    everyPair ? position : candidates[position]
  }
}
