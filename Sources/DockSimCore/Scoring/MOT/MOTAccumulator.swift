/// Streaming CLEAR MOT (Bernardin & Stiefelhagen 2008) and identity (Ristani et al. 2016) metrics,
/// defined as in py-motmetrics 1.4.0; see `docs/metrics.md`, "Multi-object tracking metrics".
///
/// Memory grows with the number of distinct ids and of (object, hypothesis) id pairs that ever came
/// within the match threshold, never with the number of frames.
public struct MOTAccumulator: Sendable {
  /// The match threshold of a scenario that sets none (`match_threshold`), normalized image units: a
  /// twentieth of the image width or height.
  public static let defaultMatchThreshold = 0.05

  /// Largest distance at which an object and a hypothesis can be paired (pairs with d ≤ threshold
  /// qualify): normalized image units for centre positions, the caller's unit for a supplied distance
  /// (0.5 for 1 − IoU).
  public let matchThreshold: Double

  private var objects: [Int: MOTObjectState] = [:]
  /// Frames in which both ids were present within the threshold, per pair, for the identity metrics.
  private var cooccurrence: [MOTPairKey: Int] = [:]
  private var lastFrame: Int?
  private var frames = 0
  private var objectRows = 0
  private var predictionRows = 0
  private var matches = 0
  private var switches = 0
  private var falsePositives = 0
  private var misses = 0
  /// Sum of the distances of MATCH and SWITCH pairs, in pairing order.
  private var distanceSum = 0.0

  // Per-frame scratch, kept so that a long run does not allocate every frame.
  private var solver = AssignmentSolver()
  /// Distance of each (object, hypothesis) of the frame, row-major; +∞ beyond the threshold.
  private var gated: [Double] = []
  private var states: [MOTObjectState] = []
  /// Hypothesis index paired with each object of the frame, or −1.
  private var pairedHypothesis: [Int] = []
  private var hypothesisTaken: [Bool] = []
  private var openObjects: [Int] = []
  private var openHypotheses: [Int] = []
  private var costs: [Double] = []
  private var assignment: [Int?] = []
  private var idScratch: [Int] = []
  /// Ids of the frame's objects and hypotheses, in the caller's order.
  private var frameObjects: [Int] = []
  private var frameHypotheses: [Int] = []

  /// - Parameter matchThreshold: the gate, in the unit of the distance (normalized image units for
  ///   centre positions).
  public init(matchThreshold: Double = MOTAccumulator.defaultMatchThreshold) {
    precondition(matchThreshold >= 0, "match threshold \(matchThreshold) must be ≥ 0")
    self.matchThreshold = matchThreshold
  }

  /// Entries of per-id state held (objects plus co-occurring id pairs); for tests of the memory bound.
  var storedStateCount: Int { objects.count + cooccurrence.count }

  /// Adds one frame.
  public mutating func observe(_ frame: MOTFrame) {
    observe(frame: frame.index, groundTruth: frame.groundTruth, hypotheses: frame.hypotheses)
  }

  /// Adds one frame: objects and hypotheses with positions in normalized image coordinates, paired
  /// on the distance between their centres. Frames must come in increasing order (gaps allowed);
  /// either list may be empty, and an empty frame still counts. Ids must be distinct within each list.
  /// The order of `groundTruth` decides which object keeps an established pair first when two were
  /// last matched to the same hypothesis. A NaN coordinate makes its row unpairable.
  public mutating func observe(
    frame: Int, groundTruth: [(id: Int, u: Double, v: Double)], hypotheses: [(id: Int, u: Double, v: Double)]
  ) {
    var noEvents: MOTFrameEvents? = nil
    loadIDs(groundTruth, hypotheses)
    accumulate(
      frame: frame, distance: { Self.centerDistance(groundTruth[$0], hypotheses[$1]) }, events: &noEvents)
  }

  /// Adds one frame, as `observe(frame:groundTruth:hypotheses:)`, and replaces the contents of
  /// `events` with the frame's decisions: MATCH, SWITCH or MISS for each object, FP for each unpaired
  /// hypothesis. The metrics are the same whether or not events are asked for.
  public mutating func observe(
    frame: Int, groundTruth: [(id: Int, u: Double, v: Double)], hypotheses: [(id: Int, u: Double, v: Double)],
    events: inout MOTFrameEvents
  ) {
    loadIDs(groundTruth, hypotheses)
    withEvents(frame: frame, &events) { accumulator, buffer in
      accumulator.accumulate(
        frame: frame, distance: { Self.centerDistance(groundTruth[$0], hypotheses[$1]) }, events: &buffer)
    }
  }

  /// Adds one frame paired on a distance the caller supplies (any unit, the same as `matchThreshold`'s):
  /// `distance(i, j)` of `objects[i]` and `hypotheses[j]`; pairs with distance ≤ `matchThreshold`
  /// qualify, and a NaN distance is never paired. Box overlap is `MOTBox.iouDistance` (1 − IoU) with a
  /// threshold of 0.5, as py-motmetrics' `iou_matrix`. The rules on frames and ids are those of
  /// `observe(frame:groundTruth:hypotheses:)`.
  public mutating func observe(
    frame: Int, objects: [Int], hypotheses: [Int], distance: (_ object: Int, _ hypothesis: Int) -> Double
  ) {
    var noEvents: MOTFrameEvents? = nil
    loadIDs(objects, hypotheses)
    accumulate(frame: frame, distance: distance, events: &noEvents)
  }

  /// Adds one frame as `observe(frame:objects:hypotheses:distance:)` and replaces the contents of
  /// `events` with the frame's decisions.
  public mutating func observe(
    frame: Int, objects: [Int], hypotheses: [Int], events: inout MOTFrameEvents,
    distance: (_ object: Int, _ hypothesis: Int) -> Double
  ) {
    loadIDs(objects, hypotheses)
    withEvents(frame: frame, &events) { accumulator, buffer in
      accumulator.accumulate(frame: frame, distance: distance, events: &buffer)
    }
  }

  /// The Euclidean distance of two centres.
  private static func centerDistance(
    _ object: (id: Int, u: Double, v: Double), _ hypothesis: (id: Int, u: Double, v: Double)
  ) -> Double {
    let du = object.u - hypothesis.u
    let dv = object.v - hypothesis.v
    return (du * du + dv * dv).squareRoot()
  }

  private mutating func loadIDs(
    _ groundTruth: [(id: Int, u: Double, v: Double)], _ hypotheses: [(id: Int, u: Double, v: Double)]
  ) {
    frameObjects.removeAll(keepingCapacity: true)
    for object in groundTruth { frameObjects.append(object.id) }
    frameHypotheses.removeAll(keepingCapacity: true)
    for hypothesis in hypotheses { frameHypotheses.append(hypothesis.id) }
  }

  private mutating func loadIDs(_ objects: [Int], _ hypotheses: [Int]) {
    frameObjects.removeAll(keepingCapacity: true)
    frameObjects.append(contentsOf: objects)
    frameHypotheses.removeAll(keepingCapacity: true)
    frameHypotheses.append(contentsOf: hypotheses)
  }

  private mutating func withEvents(
    frame: Int, _ events: inout MOTFrameEvents, _ body: (inout MOTAccumulator, inout MOTFrameEvents?) -> Void
  ) {
    // Moved in and out of an optional rather than copied, so that appending never copies the buffer.
    var buffer: MOTFrameEvents? = MOTFrameEvents()
    swap(&buffer!, &events)
    buffer!.start(frame: frame)
    body(&self, &buffer)
    swap(&buffer!, &events)
  }

  /// One frame of `frameObjects` × `frameHypotheses` ids.
  private mutating func accumulate(
    frame: Int, distance: (Int, Int) -> Double, events: inout MOTFrameEvents?
  ) {
    if let lastFrame { precondition(frame > lastFrame, "frame \(frame) after frame \(lastFrame)") }
    lastFrame = frame
    frames += 1
    checkDistinct(frameObjects, "ground-truth", frame: frame)
    checkDistinct(frameHypotheses, "hypothesis", frame: frame)
    let n = frameObjects.count
    let m = frameHypotheses.count
    objectRows += n
    predictionRows += m

    gateAndCount(distance)
    states.removeAll(keepingCapacity: true)
    for object in frameObjects { states.append(objects[object] ?? MOTObjectState()) }
    Self.reset(&pairedHypothesis, to: -1, count: n)
    Self.reset(&hypothesisTaken, to: false, count: m)

    keepEstablishedPairs()
    assignOpenPairs()

    for i in 0..<n {
      let j = pairedHypothesis[i]
      let object = frameObjects[i]
      if j >= 0 {
        let hypothesis = frameHypotheses[j]
        let previous = states[i].lastHypothesis
        let switched = previous != nil && previous != hypothesis
        if switched { switches += 1 } else { matches += 1 }
        distanceSum += gated[i * m + j]
        states[i].recordMatch(hypothesis: hypothesis)
        events?.append(
          MOTEvent(
            kind: switched ? .identitySwitch : .match, object: object, hypothesis: hypothesis,
            distance: gated[i * m + j]))
      } else {
        misses += 1
        states[i].recordMiss()
        events?.append(MOTEvent(kind: .miss, object: object, hypothesis: nil, distance: nil))
      }
      objects[object] = states[i]
    }
    for j in 0..<m where !hypothesisTaken[j] {
      falsePositives += 1
      events?.append(
        MOTEvent(kind: .falsePositive, object: nil, hypothesis: frameHypotheses[j], distance: nil))
    }
  }

  /// The metrics of the frames observed so far.
  public func summary() -> MOTSummary {
    var fragmentations = 0
    var tracked = (mostly: 0, partially: 0, lost: 0)
    for (_, state) in objects.sorted(by: { $0.key < $1.key }) {
      fragmentations += state.fragmentations
      // The same float division and comparisons as the reference, so a ratio of exactly 0.8 or 0.2
      // falls on the same side.
      let ratio = Double(state.matched) / Double(state.rows)
      if ratio >= 0.8 {
        tracked.mostly += 1
      } else if ratio >= 0.2 {
        tracked.partially += 1
      } else {
        tracked.lost += 1
      }
    }
    let detections = matches + switches
    let idtp = identityTruePositives()
    let objectCount = Double(objectRows)
    let predictionCount = Double(predictionRows)
    return MOTSummary(
      numFrames: frames, numObjects: objectRows, numPredictions: predictionRows,
      numUniqueObjects: objects.count, numDetections: detections, numMatches: matches,
      numSwitches: switches, numFalsePositives: falsePositives, numMisses: misses,
      numFragmentations: fragmentations,
      mota: objectRows > 0 ? 1 - Double(misses + switches + falsePositives) / objectCount : nil,
      motp: detections > 0 ? distanceSum / Double(detections) : nil,
      idf1: objectRows + predictionRows > 0 ? 2 * Double(idtp) / (objectCount + predictionCount) : nil,
      idp: predictionRows > 0 ? Double(idtp) / predictionCount : nil,
      idr: objectRows > 0 ? Double(idtp) / objectCount : nil,
      idtp: idtp, idfp: predictionRows - idtp, idfn: objectRows - idtp,
      precision: predictionRows > 0 ? Double(detections) / predictionCount : nil,
      recall: objectRows > 0 ? Double(detections) / objectCount : nil,
      mostlyTracked: tracked.mostly, partiallyTracked: tracked.partially, mostlyLost: tracked.lost)
  }

  /// Fills `gated` and counts the co-occurrences of the frame for the identity metrics, which do not
  /// depend on the CLEAR pairing.
  private mutating func gateAndCount(_ distance: (Int, Int) -> Double) {
    gated.removeAll(keepingCapacity: true)
    for (i, object) in frameObjects.enumerated() {
      for (j, hypothesis) in frameHypotheses.enumerated() {
        let d = distance(i, j)
        // `!(d <= t)` rather than `d > t` so that a NaN distance is never paired.
        guard d <= matchThreshold else {
          gated.append(.infinity)
          continue
        }
        gated.append(d)
        cooccurrence[MOTPairKey(object: object, hypothesis: hypothesis), default: 0] += 1
      }
    }
  }

  /// CLEAR step 1: an object keeps the hypothesis it was last paired with, in any earlier frame, while
  /// that hypothesis is present, still free and within the threshold. Objects in input order.
  private mutating func keepEstablishedPairs() {
    let m = frameHypotheses.count
    for i in states.indices {
      guard let last = states[i].lastHypothesis,
        let j = frameHypotheses.indices.first(where: { !hypothesisTaken[$0] && frameHypotheses[$0] == last }),
        gated[i * m + j].isFinite
      else { continue }
      pairedHypothesis[i] = j
      hypothesisTaken[j] = true
    }
  }

  /// CLEAR step 2: the objects and hypotheses still free are paired by an assignment that first
  /// maximizes the number of pairs within the threshold, then minimizes their summed distance.
  private mutating func assignOpenPairs() {
    let m = hypothesisTaken.count
    openObjects.removeAll(keepingCapacity: true)
    openHypotheses.removeAll(keepingCapacity: true)
    for i in pairedHypothesis.indices where pairedHypothesis[i] < 0 { openObjects.append(i) }
    for j in 0..<m where !hypothesisTaken[j] { openHypotheses.append(j) }
    guard !openObjects.isEmpty && !openHypotheses.isEmpty else { return }
    costs.removeAll(keepingCapacity: true)
    for i in openObjects {
      for j in openHypotheses { costs.append(gated[i * m + j]) }
    }
    solver.solve(costs: costs, rows: openObjects.count, columns: openHypotheses.count, into: &assignment)
    for (k, column) in assignment.enumerated() {
      guard let column else { continue }
      pairedHypothesis[openObjects[k]] = openHypotheses[column]
      hypothesisTaken[openHypotheses[column]] = true
    }
  }

  /// IDTP: the one-to-one map of objects to hypotheses with the largest summed co-occurrence.
  /// Pairs that never co-occurred cost 0 rather than being forbidden: forbidding them would make the
  /// solver prefer more pairs over a larger total, and leaving a line unmatched must stay possible.
  private func identityTruePositives() -> Int {
    let counts = cooccurrence.sorted { $0.key < $1.key }
    guard !counts.isEmpty else { return 0 }
    let subjects = Self.sortedUnique(counts.map(\.key.object))
    let tracks = Self.sortedUnique(counts.map(\.key.hypothesis))
    var costs = [Double](repeating: 0, count: subjects.count * tracks.count)
    for (key, count) in counts {
      let r = Self.index(of: key.object, in: subjects)
      let c = Self.index(of: key.hypothesis, in: tracks)
      costs[r * tracks.count + c] = -Double(count)
    }
    let assignment = Assignment.solve(costs: costs, rows: subjects.count, columns: tracks.count)
    var total = 0
    for (r, c) in assignment.enumerated() {
      guard let c else { continue }
      total += cooccurrence[MOTPairKey(object: subjects[r], hypothesis: tracks[c])] ?? 0
    }
    return total
  }

  private mutating func checkDistinct(_ ids: [Int], _ kind: String, frame: Int) {
    idScratch.removeAll(keepingCapacity: true)
    idScratch.append(contentsOf: ids)
    idScratch.sort()
    for k in idScratch.indices.dropFirst() {
      precondition(idScratch[k] != idScratch[k - 1], "\(kind) id \(idScratch[k]) twice in frame \(frame)")
    }
  }

  private static func sortedUnique(_ values: [Int]) -> [Int] {
    var result: [Int] = []
    for value in values.sorted() where result.last != value { result.append(value) }
    return result
  }

  /// Position of `value` in the sorted, duplicate-free `sorted` (binary search; the value is there).
  private static func index(of value: Int, in sorted: [Int]) -> Int {
    var low = 0
    var high = sorted.count - 1
    while low < high {
      let mid = (low + high) / 2
      if sorted[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }

  private static func reset<T>(_ buffer: inout [T], to value: T, count: Int) {
    buffer.removeAll(keepingCapacity: true)
    buffer.append(contentsOf: repeatElement(value, count: count))
  }
}
