/// Stage "gating": the cost of every (track, observation) pair the association may make, +∞ for the
/// pairs it may not.
///
/// A pair's cost is its NIS plus ln det S, the negative log-likelihood up to a constant: a track whose
/// covariance has grown while it was hidden or unseen gates much but explains little, so where a
/// well-measured track also gates a box the measured one gets it (the ranking a likelihood-based GNN
/// uses, in the spirit of DeepSORT's matching cascade). A pair is refused when
/// * the kinds differ;
/// * its NIS is beyond the χ² gate (`TrackerParameters.gate`);
/// * the box's height is inconsistent with the track's (`sizeGate`: somebody nearer, or somebody
///   farther unless the box may be truncated), which a coasting track's grown covariance no longer
///   rules out;
/// * the track is partly hidden, the box is shorter than its prediction (its visible part, as the size
///   gate allows) and its centre lies more than `TrackerRules.truncatedBoxReach` whole-person widths
///   from the predicted centre: a shorter person beside the hidden one;
/// * the track is hidden behind a nearer one and the box lies where the nearer one is (that box is the
///   occluder's, not the hidden subject's reappearing).
/// * in the weak stage (`eligible` given: boxes scoring below `highScore`), the box overlaps the track's
///   predicted box by less than `TrackerRules.weakBoxOverlap` (ByteTrack's second association): a weak
///   box may continue a track where it is, never pull a coasting track's grown gate onto clutter.
///
/// Observations are gated in up to four batches, one per vertical anchor and cut, each with the noise
/// scale of a box cut that way (`VerticalAnchor`, `MeasurementNoiseScale`).
struct Gating: Sendable {
  /// The costs, tracks × observations, row-major.
  private(set) var costs: [Double] = []
  /// ln det S of track t in anchor group g's gating, at `g * tracks + t`.
  private var logDets: [Double] = []
  /// Each observation's index in `anchorGroups`, −1 for none (never gated).
  private var groupOf: [Int] = []
  private var groupCosts: [Double] = []
  private var columns: [Int] = []
  private var measurements: [(u: Double, v: Double, h: Double)] = []
  /// The track of each box's finite pair, −1 for none.
  private var takenBy: [Int] = []

  let parameters: TrackerParameters
  private let sizeGateRatios: SizeGateRatios

  init(parameters: TrackerParameters) {
    self.parameters = parameters
    sizeGateRatios = SizeGateRatios(gate: parameters.sizeGate)
  }

  static let anchorGroups: [(VerticalAnchor, cut: Bool)] = [
    (.center, false), (.center, true), (.top, true), (.bottom, true),
  ]

  /// How a box's vertical position is measured: by its uncut edge when one edge is cut and
  /// `anchorCutEdges` is on.
  static func verticalAnchor(_ rect: NormalizedRect, _ parameters: TrackerParameters) -> VerticalAnchor {
    parameters.anchorCutEdges ? VerticalAnchor.forBox(rect) : .center
  }

  /// The index in `anchorGroups` of a box's anchor and cut, −1 for a pair no group gates.
  private func anchorGroup(_ rect: NormalizedRect) -> Int {
    let anchor = Self.verticalAnchor(rect, parameters)
    let cut = MeasurementNoiseScale.cutAtTopOrBottom(rect)
    return Self.anchorGroups.firstIndex { $0.0 == anchor && $0.cut == cut } ?? -1
  }

  /// Fills `costs` for `observations` against every track of `bank` (a track whose `eligible` entry is
  /// false gets +∞ throughout; nil: every track is eligible). Returns true when every track and every
  /// box is in at most one finite pair (subjects far apart, the usual frame), and then `assignment`
  /// holds those pairs: each is a component of its own, which the solver would assign as it is.
  /// `assignment` must hold one nil per track.
  mutating func gate(
    _ observations: [Observation], _ bank: inout TrackBank, scene: OcclusionScene, pose: CameraPose,
    eligible: [Bool]? = nil, assignment: inout [Int?]
  ) throws -> Bool {
    try distances(observations, &bank, pose: pose)
    return applyRules(observations, bank, scene: scene, eligible: eligible, assignment: &assignment)
  }

  /// NIS of every observation from every track into `costs`; pairs of two kinds are left for
  /// `applyRules` to remove in its pass over the pairs.
  private mutating func distances(_ observations: [Observation], _ bank: inout TrackBank, pose: CameraPose)
    throws
  {
    let n = bank.records.count
    let m = observations.count
    // Each observation's group once; a frame whose boxes all fall in one group (the usual one: nothing
    // cut by the image edge) is gated straight into `costs`, with no scatter.
    groupOf.removeAll(keepingCapacity: true)
    for o in observations { groupOf.append(anchorGroup(o.rect)) }
    let onlyGroup = groupOf[0] >= 0 && groupOf.allSatisfy { $0 == groupOf[0] } ? groupOf[0] : -1
    if onlyGroup < 0 {
      costs.removeAll(keepingCapacity: true)
      costs.append(contentsOf: repeatElement(.infinity, count: n * m))
    }
    // Not cleared: `applyRules` reads a group's entries only for a pair inside the gate, and a pair is
    // gated only when its group's entries are written below.
    if logDets.count != n * Self.anchorGroups.count {
      logDets.removeAll(keepingCapacity: true)
      logDets.append(contentsOf: repeatElement(0, count: n * Self.anchorGroups.count))
    }
    let p = parameters
    for (g, (anchor, cut)) in Self.anchorGroups.enumerated() where onlyGroup < 0 || g == onlyGroup {
      columns.removeAll(keepingCapacity: true)
      measurements.removeAll(keepingCapacity: true)
      for j in observations.indices where groupOf[j] == g {
        // One group holds every observation in order: no column list to scatter by.
        if onlyGroup < 0 { columns.append(j) }
        let r = observations[j].rect
        measurements.append((r.midX, anchor.measuredV(r), r.height))
      }
      guard let first = onlyGroup >= 0 ? 0 : columns.first else { continue }
      // A box cut at its top or bottom has an unreliable height whatever else it shows.
      let scale =
        !cut
        ? MeasurementNoiseScale.one
        : MeasurementNoiseScale.forBox(
          observations[first].rect, centerFactor: 1, sizeFactor: p.edgeSizeNoiseFactor,
          anchored: p.anchorCutEdges)
      if onlyGroup >= 0 {
        // Every observation, in order: the group's matrix is the whole one.
        try bank.ekf.distances(
          measurements: measurements, pose: pose, anchor: anchor, scale: scale, into: &costs)
      } else {
        try bank.ekf.distances(
          measurements: measurements, pose: pose, anchor: anchor, scale: scale, into: &groupCosts)
        let width = columns.count
        for t in 0..<n {
          for (c, j) in columns.enumerated() { costs[t * m + j] = groupCosts[t * width + c] }
        }
      }
      for t in 0..<n { logDets[g * n + t] = bank.ekf.innovationLogDeterminant(t) }
    }
  }

  /// Turns the NIS in `costs` into the pairs' costs, +∞ where a rule refuses the pair (see the type).
  private mutating func applyRules(
    _ observations: [Observation], _ bank: TrackBank, scene: OcclusionScene, eligible: [Bool]?,
    assignment: inout [Int?]
  ) -> Bool {
    let records = bank.records
    let n = records.count
    let m = observations.count
    let gate = parameters.gate
    let sizeGate = parameters.sizeGate
    var isolated = true
    takenBy.removeAll(keepingCapacity: true)
    takenBy.append(contentsOf: repeatElement(-1, count: m))
    for t in records.indices {
      let predicted = scene.boxes[t]
      let truncated = scene.isTruncated(t)
      // A tentative track has no identity to protect: behind a confirmed one it is usually that same
      // subject picked up anew (after a manoeuvre), and must be free to take its boxes.
      let occluder = scene.isHidden(t) && records[t].status != .tentative ? scene.occluders[t] : -1
      let kind = records[t].kind
      let isEligible = eligible?[t] ?? true
      for j in 0..<m {
        let k = t * m + j
        guard isEligible && costs[k] <= gate && observations[j].kind == kind else {
          // The entries the scatter left +∞ (boxes of the other anchor groups) need no write.
          if costs[k] != .infinity { costs[k] = .infinity }
          continue
        }
        let box = observations[j].rect
        if sizeGate > 0 && predicted.height > 0 {
          let margin =
            TrackerRules.sizeGateNoiseSigmas
            * parameters.measurementNoise(predictedHeight: predicted.height).height
          let taller = max(box.height - margin, 1e-9) / predicted.height
          let shorter = (box.height + margin) / predicted.height
          // A box can be shorter than its subject when cut by the image edge or partly hidden, never taller.
          let mayBeShort = truncated || MeasurementNoiseScale.cutAtTopOrBottom(box)
          if sizeGateRatios.logExceeds(taller) || (!mayBeShort && sizeGateRatios.logFallsShort(shorter)) {
            costs[k] = .infinity
            continue
          }
          // The allowance for a partly hidden track's shorter box covers its visible part, which
          // lies inside the whole box, not somebody shorter beside it. (A track that never had a
          // whole box has a NaN width: nothing is refused.)
          if truncated && box.height + margin < predicted.height
            && abs(box.midX - predicted.midX)
              > TrackerRules.truncatedBoxReach * records[t].wholeAspect * predicted.height
          {
            costs[k] = .infinity
            continue
          }
        }
        if occluder >= 0
          && box.intersectionOverUnion(scene.boxes[occluder]) >= TrackerRules.occluderBoxOverlap
        {
          costs[k] = .infinity
          continue
        }
        if eligible != nil && box.intersectionOverUnion(predicted) < TrackerRules.weakBoxOverlap {
          costs[k] = .infinity
          continue
        }
        costs[k] += logDets[groupOf[j] * n + t]
        if costs[k].isFinite {
          if assignment[t] != nil || takenBy[j] >= 0 { isolated = false }
          assignment[t] = j
          takenBy[j] = t
        }
      }
    }
    return isolated
  }
}

/// Stage "association": the frame's (track, observation) pairs, globally (most pairs, then least total
/// cost; `AssignmentSolver`) over the gate's costs, or as the gate found them when every pair is
/// isolated.
///
/// Scores are used as ByteTrack uses them: boxes scoring at least `TrackerParameters.highScore` are
/// associated first, with every track; boxes between `lowScore` and `highScore` then only with the
/// confirmed or coasting tracks still without one whose predicted box they overlap
/// (`TrackerRules.weakBoxOverlap`); boxes below `lowScore` are ignored. A weak box left over starts a
/// track only from `initiateScore` (`TrackLifeCycle.initiateUnused`), and only confident boxes confirm
/// one. A frame whose boxes all score at least `highScore` is one stage over all of them.
struct Association: Sendable {
  private var solver = AssignmentSolver()
  /// Each track's observation (its index in the frame's observations), nil for none, in the bank's order.
  private(set) var assignment: [Int?] = []
  var gating: Gating
  let parameters: TrackerParameters
  // The second stage's boxes, their indices among the frame's observations, its eligible tracks and
  // its pairs; the first stage's boxes and indices when some boxes are weak.
  private var strong: [Observation] = []
  private var strongIndex: [Int] = []
  private var weak: [Observation] = []
  private var weakIndex: [Int] = []
  private var eligible: [Bool] = []
  private var pairs: [Int?] = []

  init(parameters: TrackerParameters) {
    self.parameters = parameters
    gating = Gating(parameters: parameters)
  }

  mutating func associate(
    _ observations: [Observation], _ bank: inout TrackBank, scene: OcclusionScene, pose: CameraPose
  ) throws {
    let n = bank.records.count
    assignment.removeAll(keepingCapacity: true)
    assignment.append(contentsOf: repeatElement(nil, count: n))
    guard n > 0 && !observations.isEmpty else { return }
    let high = parameters.highScore
    if observations.allSatisfy({ $0.confidence >= high }) {
      try Self.stage(
        observations, &bank, scene: scene, pose: pose, eligible: nil, gating: &gating, solver: &solver,
        into: &assignment)
      return
    }
    strong.removeAll(keepingCapacity: true)
    strongIndex.removeAll(keepingCapacity: true)
    weak.removeAll(keepingCapacity: true)
    weakIndex.removeAll(keepingCapacity: true)
    for (j, o) in observations.enumerated() {
      if o.confidence >= high {
        strong.append(o)
        strongIndex.append(j)
      } else if o.confidence >= parameters.lowScore {
        weak.append(o)
        weakIndex.append(j)
      }
    }
    if !strong.isEmpty {
      try Self.stage(
        strong, &bank, scene: scene, pose: pose, eligible: nil, gating: &gating, solver: &solver, into: &pairs
      )
      for t in 0..<n { if let j = pairs[t] { assignment[t] = strongIndex[j] } }
    }
    guard !weak.isEmpty else { return }
    eligible.removeAll(keepingCapacity: true)
    for t in 0..<n { eligible.append(assignment[t] == nil && bank.records[t].status != .tentative) }
    guard eligible.contains(true) else { return }
    try Self.stage(
      weak, &bank, scene: scene, pose: pose, eligible: eligible, gating: &gating, solver: &solver,
      into: &pairs)
    for t in 0..<n { if let j = pairs[t] { assignment[t] = weakIndex[j] } }
  }

  /// One association of `observations` with the eligible tracks, into `result` (one entry per track).
  private static func stage(
    _ observations: [Observation], _ bank: inout TrackBank, scene: OcclusionScene, pose: CameraPose,
    eligible: [Bool]?, gating: inout Gating, solver: inout AssignmentSolver, into result: inout [Int?]
  ) throws {
    let n = bank.records.count
    result.removeAll(keepingCapacity: true)
    result.append(contentsOf: repeatElement(nil, count: n))
    if !(try gating.gate(
      observations, &bank, scene: scene, pose: pose, eligible: eligible, assignment: &result))
    {
      solver.solve(costs: gating.costs, rows: n, columns: observations.count, into: &result)
    }
  }
}
