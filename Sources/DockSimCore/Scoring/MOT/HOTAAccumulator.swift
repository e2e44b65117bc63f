/// HOTA, DetA, AssA and LocA (Luiten et al., "HOTA: A Higher Order Metric for Evaluating
/// Multi-Object Tracking", IJCV 2021), computed as the authors' TrackEval 1.3.0 does: for point targets
/// with the similarity s = max(0, 1 − d/threshold), for boxes with a similarity the caller supplies
/// (the IoU); see `docs/metrics.md`, "HOTA".
///
/// HOTA needs two passes over the run: the per-frame matching maximizes Σ A(g,h)·s(g,h), and the
/// global alignment A(g,h) is known only after the last frame. So, unlike `MOTAccumulator`, memory
/// grows with the run: the accumulator keeps every (frame, object, hypothesis) with s > 0, 12 bytes
/// each (pairs with s = 0 can never match at α ≥ 0.05), plus per-id row counts and per id pair the
/// accumulated potential.
public struct HOTAAccumulator: Sendable {
  /// The localization thresholds α = 0.05, 0.10, …, 0.95, each computed as 0.05 + k·0.05 so the
  /// values are bit-identical to the reference's `np.arange(0.05, 0.99, 0.05)`.
  public static let alphas: [Double] = (0..<19).map { 0.05 + Double($0) * 0.05 }

  /// Distance, normalized image units, at which the similarity of centre positions falls to 0:
  /// s = max(0, 1 − d/threshold). Not used when the caller supplies the similarity.
  public let matchThreshold: Double

  /// Dense index of each ground-truth id and hypothesis id, in first-seen order. Only looked up,
  /// never iterated, so their order cannot reach the output.
  private var objectIndex: [Int: UInt32] = [:]
  private var hypothesisIndex: [Int: UInt32] = [:]
  /// Per dense index: the id, its row count and the last frame it appeared in (to refuse duplicates).
  private var objects: [HOTAIdentity] = []
  private var hypotheses: [HOTAIdentity] = []
  /// Dense index of each (object, hypothesis) pair that ever had s > 0, keyed by
  /// `object << 32 | hypothesis` (dense indices).
  private var pairIndex: [UInt64: UInt32] = [:]
  private var pairs: [HOTAPair] = []
  /// The stored (frame, object, hypothesis) entries with s > 0, frame after frame, as two parallel
  /// arrays (12 bytes an entry; a struct of both would be padded to 16). Chunked rather than doubling:
  /// one allocation per 16,384 entries, never a copy of what is stored, at most one chunk partly empty.
  private var entryPair = ChunkedArray<UInt32>()
  private var entrySimilarity = ChunkedArray<Double>()
  /// End offset in the entry arrays of each frame that has entries; frames without any are not kept
  /// (they add only FN and FP, which follow from the row totals).
  private var frameEnds = ChunkedArray<UInt32>()
  private var lastFrame: Int?
  private var frames = 0
  private var objectRows = 0
  private var predictionRows = 0

  // Per-frame scratch, kept so that a long run does not allocate every frame.
  private var frameObjects: [UInt32] = []
  private var frameHypotheses: [UInt32] = []
  private var rowSums: [Double] = []
  private var columnSums: [Double] = []
  private var objectOrder: [Int] = []
  private var hypothesisOrder: [Int] = []
  private var candidates: [(row: Int, column: Int, similarity: Double)] = []

  /// - Parameter matchThreshold: the distance at which the similarity reaches 0, normalized image
  ///   units (> 0; 0.05 by default, as `MOTAccumulator`'s gate).
  public init(matchThreshold: Double = 0.05) {
    precondition(
      matchThreshold > 0 && matchThreshold.isFinite, "match threshold \(matchThreshold) must be > 0")
    self.matchThreshold = matchThreshold
  }

  /// Entries of per-id and per-id-pair state (bounded by the ids, not the frames).
  var storedIdentityStateCount: Int { objects.count + hypotheses.count + pairs.count }
  /// Stored (frame, object, hypothesis) entries with s > 0: grows with the frames.
  var storedFramePairCount: Int { entryPair.count }

  /// Adds one frame.
  public mutating func observe(_ frame: MOTFrame) {
    observe(frame: frame.index, groundTruth: frame.groundTruth, hypotheses: frame.hypotheses)
  }

  /// Adds one frame: objects and hypotheses with positions in normalized image coordinates, with the
  /// similarity s = max(0, 1 − d/`matchThreshold`) of their centres' distance d. Frames must come in
  /// increasing order (gaps allowed); either list may be empty, and an empty frame still counts. Ids
  /// must be distinct within each list; their order within the lists does not matter. A NaN coordinate
  /// makes its row unmatchable.
  public mutating func observe(
    frame: Int, groundTruth: [(id: Int, u: Double, v: Double)], hypotheses: [(id: Int, u: Double, v: Double)]
  ) {
    let threshold = matchThreshold
    accumulate(
      frame: frame, objectCount: groundTruth.count, objectID: { groundTruth[$0].id },
      hypothesisCount: hypotheses.count, hypothesisID: { hypotheses[$0].id }
    ) { i, j in
      let du = groundTruth[i].u - hypotheses[j].u
      let dv = groundTruth[i].v - hypotheses[j].v
      let d = (du * du + dv * dv).squareRoot()
      // s > 0 exactly when d < threshold; a NaN distance fails the test and is never matched.
      guard d < threshold else { return nil }
      return 1 - d / threshold
    }
  }

  /// Adds one frame with a similarity the caller supplies: `similarity(i, j)` of `objects[i]` and
  /// `hypotheses[j]`, dimensionless in [0, 1] (box overlap: `MOTBox.iou`, as TrackEval for boxes).
  /// Pairs with s ≤ 0 or NaN never match; `matchThreshold` is not used. The rules on frames and ids are
  /// those of `observe(frame:groundTruth:hypotheses:)`.
  public mutating func observe(
    frame: Int, objects: [Int], hypotheses: [Int], similarity: (_ object: Int, _ hypothesis: Int) -> Double
  ) {
    accumulate(
      frame: frame, objectCount: objects.count, objectID: { objects[$0] }, hypothesisCount: hypotheses.count,
      hypothesisID: { hypotheses[$0] }
    ) { i, j in
      let s = similarity(i, j)
      precondition(!(s > 1), "similarity \(s) above 1")
      return s > 0 ? s : nil
    }
  }

  /// One frame; `similarity` is nil for a pair that can never match, else in (0, 1].
  private mutating func accumulate(
    frame: Int, objectCount: Int, objectID: (Int) -> Int, hypothesisCount: Int, hypothesisID: (Int) -> Int,
    similarity: (Int, Int) -> Double?
  ) {
    if let lastFrame { precondition(frame > lastFrame, "frame \(frame) after frame \(lastFrame)") }
    lastFrame = frame
    frames += 1
    objectRows += objectCount
    predictionRows += hypothesisCount

    frameObjects.removeAll(keepingCapacity: true)
    for i in 0..<objectCount {
      frameObjects.append(
        Self.record(objectID(i), frame: frame, in: &objects, index: &objectIndex, "ground-truth"))
    }
    frameHypotheses.removeAll(keepingCapacity: true)
    for j in 0..<hypothesisCount {
      frameHypotheses.append(
        Self.record(
          hypothesisID(j), frame: frame, in: &self.hypotheses, index: &hypothesisIndex, "hypothesis"))
    }

    // Similarities, and their row and column sums for the global alignment's per-frame IoU.
    candidates.removeAll(keepingCapacity: true)
    Self.reset(&rowSums, count: objectCount)
    Self.reset(&columnSums, count: hypothesisCount)
    // Rows are taken in id order, so that the sums, hence the bits of every result, do not depend on
    // the order of the lists.
    Self.sortedIndices(&objectOrder, count: objectCount) { objectID($0) < objectID($1) }
    Self.sortedIndices(&hypothesisOrder, count: hypothesisCount) { hypothesisID($0) < hypothesisID($1) }
    for i in objectOrder {
      for j in hypothesisOrder {
        guard let s = similarity(i, j) else { continue }
        candidates.append((i, j, s))
        rowSums[i] += s
        columnSums[j] += s
      }
    }
    guard !candidates.isEmpty else { return }
    for candidate in candidates {
      let s = candidate.similarity
      // As the reference: column sum + row sum − s, and no contribution unless it exceeds machine ε.
      let denominator = columnSums[candidate.column] + rowSums[candidate.row] - s
      let pair = pairIndex(object: frameObjects[candidate.row], hypothesis: frameHypotheses[candidate.column])
      if denominator > Double.ulpOfOne { pairs[Int(pair)].potential += s / denominator }
      entryPair.append(pair)
      entrySimilarity.append(s)
    }
    precondition(entryPair.count < Int(UInt32.max), "more than 2³² − 1 HOTA pairs")
    frameEnds.append(UInt32(entryPair.count))
  }

  /// The metrics of the frames observed so far: the second pass, matching every stored frame under
  /// the global alignment of the whole run.
  public func summary() -> HOTASummary {
    guard objectRows + predictionRows > 0 else {
      return HOTASummary(numFrames: frames, numObjects: 0, numPredictions: 0, perAlpha: [])
    }
    let alphaCount = Self.alphas.count
    // Global alignment A(g, h) = pot / (n_g + n_h − pot) of every pair that ever had s > 0.
    var alignment = [Double](repeating: 0, count: pairs.count)
    for (k, pair) in pairs.enumerated() {
      let rows = Double(objects[Int(pair.object)].rows) + Double(hypotheses[Int(pair.hypothesis)].rows)
      alignment[k] = pair.potential / (rows - pair.potential)
    }
    // Matched frames of each pair at each α (pair-major), TP_α and Σ s over TP_α pairs.
    var matchCounts = [Int](repeating: 0, count: pairs.count * alphaCount)
    var truePositives = [Int](repeating: 0, count: alphaCount)
    var similaritySums = [Double](repeating: 0, count: alphaCount)

    var matcher = HOTAFrameMatcher()
    var start = 0
    for end in frameEnds {
      let range = start..<Int(end)
      start = Int(end)
      matcher.match(
        range, entryPair: entryPair, entrySimilarity: entrySimilarity, pairs: pairs, alignment: alignment,
        objects: objects, hypotheses: hypotheses)
      for entry in matcher.matchedEntries {
        let s = entrySimilarity[entry]
        let pair = Int(entryPair[entry])
        // The reference's comparison, s ≥ α − ε, so a similarity that is α up to round-off counts.
        for a in 0..<alphaCount where s >= Self.alphas[a] - Double.ulpOfOne {
          truePositives[a] += 1
          similaritySums[a] += s
          matchCounts[pair * alphaCount + a] += 1
        }
      }
    }

    var perAlpha: [HOTAAlphaResult] = []
    perAlpha.reserveCapacity(alphaCount)
    for (a, alpha) in Self.alphas.enumerated() {
      let tp = truePositives[a]
      var association = (accuracy: 0.0, recall: 0.0, precision: 0.0)
      for (k, pair) in pairs.enumerated() {
        let c = Double(matchCounts[k * alphaCount + a])
        guard c > 0 else { continue }
        let objectRows = Double(objects[Int(pair.object)].rows)
        let hypothesisRows = Double(hypotheses[Int(pair.hypothesis)].rows)
        association.accuracy += c * (c / max(1, objectRows + hypothesisRows - c))
        association.recall += c * (c / max(1, objectRows))
        association.precision += c * (c / max(1, hypothesisRows))
      }
      let fn = objectRows - tp
      let fp = predictionRows - tp
      let detA = Double(tp) / Double(max(1, tp + fn + fp))
      let assA = association.accuracy / Double(max(1, tp))
      perAlpha.append(
        HOTAAlphaResult(
          alpha: alpha, truePositives: tp, falseNegatives: fn, falsePositives: fp,
          hota: (detA * assA).squareRoot(),
          detA: detA, assA: assA, detRe: Double(tp) / Double(max(1, tp + fn)),
          detPr: Double(tp) / Double(max(1, tp + fp)), assRe: association.recall / Double(max(1, tp)),
          assPr: association.precision / Double(max(1, tp)),
          // The reference's guard: 1 when nothing matched.
          locA: max(1e-10, similaritySums[a]) / max(1e-10, Double(tp))))
    }
    return HOTASummary(
      numFrames: frames, numObjects: objectRows, numPredictions: predictionRows, perAlpha: perAlpha)
  }

  /// The dense index of the pair, created (with potential 0) on first sight.
  private mutating func pairIndex(object: UInt32, hypothesis: UInt32) -> UInt32 {
    let key = UInt64(object) << 32 | UInt64(hypothesis)
    if let index = pairIndex[key] { return index }
    precondition(pairs.count < Int(UInt32.max), "more than 2³² − 1 HOTA id pairs")
    let index = UInt32(pairs.count)
    pairIndex[key] = index
    pairs.append(HOTAPair(object: object, hypothesis: hypothesis, potential: 0))
    return index
  }

  /// Counts a row of `id` in `frame` and returns the id's dense index.
  private static func record(
    _ id: Int, frame: Int, in identities: inout [HOTAIdentity], index: inout [Int: UInt32], _ kind: String
  ) -> UInt32 {
    let dense: UInt32
    if let known = index[id] {
      dense = known
      precondition(identities[Int(dense)].lastFrame != frame, "\(kind) id \(id) twice in frame \(frame)")
    } else {
      precondition(identities.count < Int(UInt32.max), "more than 2³² − 1 \(kind) ids")
      dense = UInt32(identities.count)
      index[id] = dense
      identities.append(HOTAIdentity(id: id, rows: 0, lastFrame: frame))
    }
    identities[Int(dense)].rows += 1
    identities[Int(dense)].lastFrame = frame
    return dense
  }

  /// Fills `order` with 0..<count sorted by `less` (insertion sort: a frame has a few dozen rows at
  /// most, and unlike `sort` it never allocates).
  private static func sortedIndices(_ order: inout [Int], count: Int, by less: (Int, Int) -> Bool) {
    order.removeAll(keepingCapacity: true)
    for k in 0..<count {
      order.append(k)
      var position = order.count - 1
      while position > 0 && less(k, order[position - 1]) {
        order[position] = order[position - 1]
        position -= 1
      }
      order[position] = k
    }
  }

  private static func reset(_ buffer: inout [Double], count: Int) {
    buffer.removeAll(keepingCapacity: true)
    buffer.append(contentsOf: repeatElement(0, count: count))
  }
}

/// A ground-truth or hypothesis id of `HOTAAccumulator`: its rows so far and the last frame it was in.
struct HOTAIdentity: Sendable {
  var id: Int
  var rows: Int
  var lastFrame: Int
}

/// An (object, hypothesis) pair of dense indices that had s > 0 in some frame, with the sum over
/// frames of its per-frame similarity IoU (the "potential matches count" of the reference).
struct HOTAPair: Sendable {
  var object: UInt32
  var hypothesis: UInt32
  var potential: Double
}
