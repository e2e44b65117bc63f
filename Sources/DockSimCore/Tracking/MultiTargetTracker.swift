import Foundation

/// DockSim's multi-subject tracker: one EKF per track, all tracks' covariance algebra batched
/// (`BatchedEKF`), χ² gating, a global assignment, a track life cycle with occlusion-aware coasting,
/// and a primary subject that survives crossings and occlusions.
///
/// Each frame, at the frame's capture time and measured camera pose:
/// 1. predict every track;
/// 2. gate every (track, observation) pair of the same kind by its NIS (χ², 3 dof);
/// 3. assign globally (most pairs, then least total NIS) with `Assignment`;
/// 4. update the assigned tracks (boxes cut by the image edge trusted less, as in `SingleSubjectTracker`);
/// 5. a track without a measurement coasts; if it is predicted behind a nearer track it counts an
///    occluded frame instead of a miss (up to `maxOcclusionFrames`), otherwise a miss (up to
///    `maxCoastFrames`; a tentative track dies at its second miss);
/// 6. every unassigned observation starts a tentative track, confirmed after `confirmHits` hits;
/// 7. the primary subject is kept, handed over, or chosen (see `updatePrimary`).
public struct MultiTargetTracker: Tracker, SubjectSelecting {
  public let parameters: TrackerParameters
  public let camera: PinholeCamera
  /// The filter, holding every live track's state and covariance in `records` order.
  var ekf: BatchedEKF
  var records: [TrackRecord] = []
  var nextID = 1
  var primaryID: Int?
  var selected: [Int] = []
  /// Where the primary was last seen, to prefer a new track there when it is lost.
  var lastPrimary: (direction: Direction, kind: SubjectKind, logSize: Double, time: Double)?
  /// The primary's state when it was last hidden, to re-check it when its person reappears.
  var ghost: Ghost?
  struct Ghost {
    var id: Int
    var kind: SubjectKind
    var state: TrackState
    var time: Double
    var reacquired: Double?

    /// Where the person is expected at `now`: the ghost extrapolated at constant velocity, for at most
    /// `horizon` seconds (a hidden person's velocity is known only for a while).
    func direction(at now: Double, horizon: Double) -> Direction {
      state.extrapolated(by: min(now - time, horizon)).direction
    }
  }
  /// The measured pose of the last processed frame.
  var lastPose: CameraPose?
  let model: MeasurementModel
  /// `parameters.sizeGate`'s tests on height ratios, mostly without their logs.
  let sizeGateRatios: SizeGateRatios
  /// Buffers reused every frame, so a steady scene allocates nothing. Optional only so that a frame can
  /// move them out and back (`take()`) instead of building an empty set to swap in.
  private var scratch: Scratch? = Scratch()
  /// The live tracks of the last frame, rebuilt in place.
  private var output: [Track] = []

  struct Scratch {
    var solver = AssignmentSolver()
    var assignment: [Int?] = []
    var distances: [Double] = []
    /// ln det S of track t in anchor group g's gating, at `g * tracks + t`.
    var logDets: [Double] = []
    /// Each observation's index in `anchorGroups`, −1 for none (never gated).
    var groupOf: [Int] = []
    var logSizes: [Double] = []
    var groupDistances: [Double] = []
    var columns: [Int] = []
    /// The track of each box's finite pair in `applyGates`, −1 for none.
    var takenBy: [Int] = []
    var measurements: [(u: Double, v: Double, h: Double)] = []
    var covered: [Double] = []
    var occluders: [Int] = []
    var boxes: [NormalizedRect] = []
    var overlaps = BoxOverlapCandidates()
    var assigned: [Int] = []
    var scales: [MeasurementNoiseScale] = []
    var anchors: [VerticalAnchor] = []
    var nis: [Double] = []
    var used: [Bool] = []
    var keep: [Bool] = []
  }

  public init(camera: PinholeCamera, parameters: TrackerParameters) {
    self.camera = camera
    self.parameters = parameters
    model = MeasurementModel(camera: camera)
    sizeGateRatios = SizeGateRatios(gate: parameters.sizeGate)
    ekf = BatchedEKF(model: model, parameters: parameters)
  }

  public var primaryTrack: Track? {
    guard let i = primaryID.flatMap(index(of:)) else { return nil }
    return track(i)
  }

  /// The tracker as `init` left it, with the same camera and parameters: no track, ids from 1, no
  /// selection, no memory of the primary.
  public mutating func reset() {
    self = MultiTargetTracker(camera: camera, parameters: parameters)
  }

  /// The live tracks, ordered by id.
  public var tracks: [Track] { records.indices.map(track) }

  public mutating func update(with batch: ObservationBatch) -> [Track] {
    process(time: batch.captureTime.seconds, pose: batch.cameraPose, observations: batch.observations)
  }

  /// One frame at capture time `time` (seconds) with the measured pose.
  @discardableResult
  public mutating func process(time: Double, pose: CameraPose, observations: [Observation]) -> [Track] {
    lastPose = pose
    do {
      try step(time: time, pose: pose, observations: observations)
    } catch {
      // A numerical failure of the batch (S not positive definite): drop the tracks that caused it
      // rather than emit NaN; the scene is re-acquired from the next frames.
      dropNonFinite(all: true)
    }
    updatePrimary(time: time)
    output.removeAll(keepingCapacity: true)
    for i in records.indices { output.append(track(i)) }
    return output
  }

  private mutating func step(time: Double, pose: CameraPose, observations: [Observation]) throws {
    // Moved out and back rather than copied, so its arrays stay uniquely referenced (no copy on write);
    // moved back with `consume` on each way out, since a `defer` assignment copies every buffer (a
    // retain and a release per array and frame).
    var s = scratch.take() ?? Scratch()
    do {
      try step(time: time, pose: pose, observations: observations, &s)
    } catch {
      scratch = consume s
      throw error
    }
    scratch = consume s
  }

  private mutating func step(
    time: Double, pose: CameraPose, observations: [Observation], _ s: inout Scratch
  ) throws {
    // Every live track was processed at the previous frame (new ones are born at its time), so they
    // share one time step. Each record takes the new time with its hit or miss below, one access for
    // both: nothing before reads it, and a throw on the way drops every track.
    var now: Double?
    if let first = records.first, first.time < time {
      try ekf.predictAll(dt: time - first.time)
      now = time
    }
    s.assignment.removeAll(keepingCapacity: true)
    s.assignment.append(contentsOf: repeatElement(nil, count: records.count))
    // What hides what, from the predicted boxes: the gates, the noise model and the life cycle use it.
    coveredFractions(
      pose: pose, into: &s.covered, occluders: &s.occluders, boxes: &s.boxes, overlaps: &s.overlaps)
    if !records.isEmpty && !observations.isEmpty {
      try gatingDistances(observations, pose: pose, &s)
      if !applyGates(observations, &s) {
        s.solver.solve(
          costs: s.distances, rows: records.count, columns: observations.count, into: &s.assignment)
      }
    }
    s.assigned.removeAll(keepingCapacity: true)
    for i in records.indices where s.assignment[i] != nil { s.assigned.append(i) }
    if !s.assigned.isEmpty {
      s.scales.removeAll(keepingCapacity: true)
      s.anchors.removeAll(keepingCapacity: true)
      s.measurements.removeAll(keepingCapacity: true)
      let p = parameters
      for i in s.assigned {
        let o = observations[s.assignment[i]!]
        var scale = MeasurementNoiseScale.forBox(
          o.rect, centerFactor: p.edgeCenterNoiseFactor, sizeFactor: p.edgeSizeNoiseFactor,
          anchored: p.anchorCutEdges)
        if s.covered[i] >= Self.truncationOverlap {
          scale = MeasurementNoiseScale(
            u: max(scale.u, p.occludedCenterNoiseFactor), v: max(scale.v, p.occludedCenterNoiseFactor),
            h: max(scale.h, p.occludedSizeNoiseFactor))
        }
        let anchor = verticalAnchor(o.rect)
        s.scales.append(scale)
        s.anchors.append(anchor)
        s.measurements.append((o.rect.midX, anchor.measuredV(o.rect), o.rect.height))
      }
      try ekf.update(
        indices: s.assigned, measurements: s.measurements, scales: s.scales, anchors: s.anchors, pose: pose,
        nis: &s.nis)
      let confirmHits = parameters.confirmHits
      for (k, i) in s.assigned.enumerated() {
        Self.recordHit(
          &records[i], now: now, observation: observations[s.assignment[i]!], nis: s.nis[k],
          confirmHits: confirmHits)
      }
    }
    for i in records.indices where s.assignment[i] == nil {
      let hidden = s.covered[i] >= Self.occlusionOverlap
      Self.recordMiss(&records[i], now: now, occluded: hidden)
    }
    markDuplicates(s.boxes, overlaps: s.overlaps, logSizes: &s.logSizes)
    s.used.removeAll(keepingCapacity: true)
    s.used.append(contentsOf: repeatElement(false, count: observations.count))
    for case let j? in s.assignment { s.used[j] = true }
    for j in observations.indices where !s.used[j] { start(observations[j], time: time, pose: pose) }
    mergeDuplicates(&s.keep)
    removeDead(&s.keep)
    dropNonFinite(all: false)
  }

  /// NIS of every observation from every track (row-major, into `s.distances`); pairs of two kinds are
  /// `applyGates`' to remove, in its pass over the pairs.
  /// Observations are gated in up to three batches, one per vertical anchor, each with the noise scale
  /// of a box cut that way.
  private mutating func gatingDistances(
    _ observations: [Observation], pose: CameraPose, _ s: inout Scratch
  ) throws {
    let n = records.count
    let m = observations.count
    // Each observation's group once; a frame whose boxes all fall in one group (the usual one: nothing
    // cut by the image edge) is gated straight into `s.distances`, with no scatter.
    s.groupOf.removeAll(keepingCapacity: true)
    for o in observations { s.groupOf.append(anchorGroup(o.rect)) }
    let onlyGroup = s.groupOf[0] >= 0 && s.groupOf.allSatisfy { $0 == s.groupOf[0] } ? s.groupOf[0] : -1
    if onlyGroup < 0 {
      s.distances.removeAll(keepingCapacity: true)
      s.distances.append(contentsOf: repeatElement(.infinity, count: n * m))
    }
    // Not cleared: `applyGates` reads a group's entries only for a pair inside the gate, and a pair is
    // gated only when its group's entries are written below.
    if s.logDets.count != n * Self.anchorGroups.count {
      s.logDets.removeAll(keepingCapacity: true)
      s.logDets.append(contentsOf: repeatElement(0, count: n * Self.anchorGroups.count))
    }
    let p = parameters
    for (g, (anchor, cut)) in Self.anchorGroups.enumerated() where onlyGroup < 0 || g == onlyGroup {
      s.columns.removeAll(keepingCapacity: true)
      s.measurements.removeAll(keepingCapacity: true)
      for j in observations.indices where s.groupOf[j] == g {
        // One group holds every observation in order: no column list to scatter by.
        if onlyGroup < 0 { s.columns.append(j) }
        let r = observations[j].rect
        s.measurements.append((r.midX, anchor.measuredV(r), r.height))
      }
      guard let first = onlyGroup >= 0 ? 0 : s.columns.first else { continue }
      // A box cut at its top or bottom has an unreliable height whatever else it shows.
      let scale =
        !cut
        ? MeasurementNoiseScale.one
        : MeasurementNoiseScale.forBox(
          observations[first].rect, centerFactor: 1, sizeFactor: p.edgeSizeNoiseFactor,
          anchored: parameters.anchorCutEdges)
      let columns = s.columns
      if onlyGroup >= 0 {
        // Every observation, in order: the group's matrix is the whole one.
        try ekf.distances(
          measurements: s.measurements, pose: pose, anchor: anchor, scale: scale, into: &s.distances)
      } else {
        try ekf.distances(
          measurements: s.measurements, pose: pose, anchor: anchor, scale: scale, into: &s.groupDistances)
        let width = columns.count
        for t in 0..<n {
          for (c, j) in columns.enumerated() { s.distances[t * m + j] = s.groupDistances[t * width + c] }
        }
      }
      for t in 0..<n { s.logDets[g * n + t] = ekf.innovationLogDeterminant(t) }
    }
  }

  /// Removes the pairs the association may not make: of two kinds; beyond the χ² gate; a box whose
  /// height is inconsistent with the track's (`sizeGate`: somebody nearer or farther, which a coasting
  /// track's grown covariance no longer rules out); and, for a track hidden behind a nearer one, a box
  /// that lies where the nearer one is (that box is the occluder's, not the hidden subject's
  /// reappearing).
  ///
  /// Returns true when every track and every box is in at most one finite pair (subjects far apart,
  /// the usual frame), and then `s.assignment` holds those pairs: each is a component of its own, which
  /// `AssignmentSolver` assigns as it is, so the solver's scan of the matrix is not needed.
  private func applyGates(_ observations: [Observation], _ s: inout Scratch) -> Bool {
    let n = records.count
    let m = observations.count
    let gate = parameters.gate
    let sizeGate = parameters.sizeGate
    var isolated = true
    s.takenBy.removeAll(keepingCapacity: true)
    s.takenBy.append(contentsOf: repeatElement(-1, count: m))
    for t in records.indices {
      let predicted = s.boxes[t]
      let truncated = s.covered[t] >= Self.truncationOverlap
      // A tentative track has no identity to protect: behind a confirmed one it is usually that same
      // subject picked up anew (after a manoeuvre), and must be free to take its boxes.
      let occluder =
        s.covered[t] >= Self.occlusionOverlap && records[t].status != .tentative ? s.occluders[t] : -1
      let kind = records[t].kind
      for j in 0..<m {
        let k = t * m + j
        guard s.distances[k] <= gate && observations[j].kind == kind else {
          // The entries the scatter left +∞ (boxes of the other anchor groups) need no write.
          if s.distances[k] != .infinity { s.distances[k] = .infinity }
          continue
        }
        let box = observations[j].rect
        if sizeGate > 0 && predicted.height > 0 {
          // Three standard deviations of the measured height are the detector's, not the subject's.
          let margin = 3 * parameters.measurementNoise(predictedHeight: predicted.height).height
          let taller = max(box.height - margin, 1e-9) / predicted.height
          let shorter = (box.height + margin) / predicted.height
          // A box can be shorter than its subject when cut by the image edge or partly hidden, never taller.
          let mayBeShort = truncated || MeasurementNoiseScale.cutAtTopOrBottom(box)
          if sizeGateRatios.logExceeds(taller) || (!mayBeShort && sizeGateRatios.logFallsShort(shorter)) {
            s.distances[k] = .infinity
            continue
          }
        }
        if occluder >= 0 && box.intersectionOverUnion(s.boxes[occluder]) >= Self.occluderBoxOverlap {
          s.distances[k] = .infinity
          continue
        }
        // The pair's cost is its negative log-likelihood, NIS + ln det S (up to a constant): a track
        // whose covariance has grown while it was hidden or unseen gates much, but explains little, so
        // where a well-measured track also gates a box the measured one gets it (the ranking a
        // likelihood-based GNN uses, in the spirit of DeepSORT's matching cascade).
        s.distances[k] += s.logDets[s.groupOf[j] * n + t]
        if s.distances[k].isFinite {
          if s.assignment[t] != nil || s.takenBy[j] >= 0 { isolated = false }
          s.assignment[t] = j
          s.takenBy[j] = t
        }
      }
    }
    return isolated
  }

  /// IoU with the occluder's predicted box from which a box is the occluder's.
  static let occluderBoxOverlap = 0.5

  private static let anchorGroups: [(VerticalAnchor, cut: Bool)] = [
    (.center, false), (.center, true), (.top, true), (.bottom, true),
  ]

  /// The index in `anchorGroups` of a box's anchor and cut, −1 for a pair no group gates.
  private func anchorGroup(_ rect: NormalizedRect) -> Int {
    let anchor = verticalAnchor(rect)
    let cut = MeasurementNoiseScale.cutAtTopOrBottom(rect)
    return Self.anchorGroups.firstIndex { $0.0 == anchor && $0.cut == cut } ?? -1
  }

  private func verticalAnchor(_ rect: NormalizedRect) -> VerticalAnchor {
    parameters.anchorCutEdges ? VerticalAnchor.forBox(rect) : .center
  }

  /// Books a measured frame on a record (one access to the array element, not one per field), at
  /// `now` when the frame advanced the tracks' time.
  private static func recordHit(
    _ r: inout TrackRecord, now: Double?, observation o: Observation, nis: Double, confirmHits: Int
  ) {
    if let now { r.time = now }
    r.hits += 1
    r.lastUpdate = r.time
    r.misses = 0
    r.occludedMisses = 0
    r.nis = nis
    r.remember(hit: true)
    r.aspect = o.rect.width / max(o.rect.height, 1e-9)
    r.score = o.confidence
    if let s = o.speakingConfidence { r.speaking = 0.8 * r.speaking + 0.2 * s }
    if r.hits >= confirmHits { r.status = .confirmed }
  }

  private static func recordMiss(_ r: inout TrackRecord, now: Double?, occluded: Bool) {
    if let now { r.time = now }
    r.nis = .nan
    // Being hidden is no evidence against a track; a miss anywhere else is, in the image or out of it
    // (a false track fed by clutter coasts out of the image between its boxes).
    if !occluded { r.remember(hit: false) }
    if occluded {
      r.occludedMisses += 1
      r.hiddenAt = r.time
    } else {
      r.misses += 1
    }
    if r.status == .confirmed { r.status = .coasting }
  }

  private mutating func start(_ o: Observation, time: Double, pose: CameraPose) {
    let p = parameters
    let initial = model.initialState(u: o.rect.midX, v: o.rect.midY, h: o.rect.height, pose: pose)
    ekf.append(initial, standardDeviations: p.initialStandardDeviations)
    records.append(
      TrackRecord(
        id: nextID, kind: o.kind, status: p.confirmHits <= 1 ? .confirmed : .tentative, time: time, hits: 1,
        misses: 0, occludedMisses: 0, nis: .nan, aspect: o.rect.width / max(o.rect.height, 1e-9),
        speaking: o.speakingConfidence ?? 0, score: o.confidence, born: time, lastUpdate: time, history: 1,
        historyCount: 1))
    nextID += 1
  }

  /// A track that has missed 3 visible frames while a confirmed track of the same kind and size,
  /// updated this frame and **started after the old one's last measurement**, sits within
  /// `handoverAngle` of it is the same subject picked up by a new track (after a manoeuvre the old one
  /// could not follow): the old track takes the new one's estimate and keeps its identity (and any
  /// primary role or selection), and the new one is removed. A track predicted behind
  /// a nearer one is never merged, and neither is one next to a track that already existed while it was
  /// still measured (that is another subject passing by), so a crossing keeps both identities.
  private mutating func mergeDuplicates(_ keep: inout [Bool]) {
    // Most frames no track is either a duplicate or a candidate for a handover: no mask to build then.
    let checksDuplicates = parameters.duplicateFrames > 0
    guard
      records.indices.contains(where: {
        (checksDuplicates && isDuplicate($0)) || (records[$0].misses >= 3 && records[$0].occludedMisses == 0)
      })
    else { return }
    keep.removeAll(keepingCapacity: true)
    keep.append(contentsOf: repeatElement(true, count: records.count))
    var any = false
    // Two tracks on one subject, taking turns at its detections: the younger goes.
    if checksDuplicates {
      for i in records.indices where isDuplicate(i) {
        guard let j = index(of: records[i].duplicateOf), keep[j],
          Self.isYounger(records[i], than: records[j])
        else { continue }
        keep[i] = false
        any = true
        if primaryID == records[i].id { primaryID = records[j].id }
        if let k = selected.firstIndex(of: records[i].id) { selected[k] = records[j].id }
      }
    }
    for i in records.indices where keep[i] && records[i].misses >= 3 && records[i].occludedMisses == 0 {
      var best: (Int, Double)?
      for j in records.indices
      where j != i && keep[j] && records[j].kind == records[i].kind && records[j].status == .confirmed
        && records[j].misses == 0
        && records[j].occludedMisses == 0 && similarSize(i, j) && takesOver(j, from: i)
      {
        let d = FramingMetrics.angleBetween(ekf.direction(j), ekf.direction(i))
        if d <= parameters.handoverAngle && (best == nil || d < best!.1) { best = (j, d) }
      }
      guard let (j, _) = best else { continue }
      adopt(j, into: i)
      keep[j] = false
      any = true
    }
    if any { retain(keep) }
  }

  /// Track `i` continues as track `j`, the same subject picked up anew: it takes `j`'s estimate and
  /// recent measurements and keeps its own identity, age and links; `j`'s primary role or selection
  /// passes to it. The caller removes `j`.
  private mutating func adopt(_ j: Int, into i: Int) {
    ekf.copyTrack(from: j, to: i)
    let n = records[j]
    records[i].status = .confirmed
    records[i].hits += n.hits
    records[i].misses = n.misses
    records[i].occludedMisses = n.occludedMisses
    records[i].lastUpdate = n.lastUpdate
    records[i].nis = n.nis
    records[i].aspect = n.aspect
    records[i].history = n.history
    records[i].historyCount = n.historyCount
    records[i].duplicateOf = 0
    records[i].duplicateFrames = 0
    records[i].duplicateJointHits = 0
    if primaryID == n.id { primaryID = records[i].id }
    if let k = selected.firstIndex(of: n.id) { selected[k] = records[i].id }
  }

  /// Counts, for each track that was predicted before this frame's births, the consecutive frames its
  /// predicted box (in `boxes`) has coincided with another track's of the same kind and size, and in
  /// how many of them both were measured.
  ///
  /// Boxes with a width coincide when their IoU is at least 0.7 and their log heights are within 0.1.
  /// Boxes without one (a log that records only centre and height) coincide when their centres are
  /// within half a box height and their log heights within 0.2; since such a criterion also holds
  /// for two people standing close, those two tracks must also take turns at the detections (measured
  /// together in at most 30 % of the frames), as two tracks on one person's detections do.
  private mutating func markDuplicates(
    _ boxes: [NormalizedRect], overlaps: BoxOverlapCandidates, logSizes: inout [Double]
  ) {
    guard parameters.duplicateFrames > 0 else { return }
    // Boxes with a width coincide only when they intersect: those pairs are the overlap candidates. A
    // box without one coincides by its centre, with any box: then every pair is looked at.
    let everyPair = overlaps.everyPair || !overlaps.allHaveWidth
    // Read once per track, not once per pair; not at all when no pair is to be looked at.
    logSizes.removeAll(keepingCapacity: true)
    if everyPair || !overlaps.isEmpty {
      for i in boxes.indices { logSizes.append(ekf.x[i, 2, 0]) }
    }
    for i in boxes.indices {
      var partner = -1
      var best = -Double.infinity
      if records[i].status != .tentative {
        for q in everyPair ? boxes.indices : overlaps.positions(of: i) {
          let j = everyPair ? q : overlaps.candidate(q)
          guard j != i && records[j].status != .tentative && records[j].kind == records[i].kind else {
            continue
          }
          let a = boxes[i]
          let b = boxes[j]
          let dls = abs(logSizes[i] - logSizes[j])
          let score: Double
          if a.width > 0 && b.width > 0 {
            // The overlap only for pairs of similar size (most pairs are not).
            guard dls <= Self.duplicateLogSize else { continue }
            // `intersectionOverUnion`, with its division only for pairs that may pass: one below the
            // overlap by a relative margin far above rounding cannot reach it, so no decision changes.
            let i = a.intersectionArea(b)
            let union = a.width * a.height + b.width * b.height - i
            guard union > 0, i >= Self.duplicateOverlap * union * (1 - 1e-12) else { continue }
            let o = i / union
            guard o >= Self.duplicateOverlap else { continue }
            score = o
          } else {
            let scale = max(a.height, b.height)
            guard scale > 0, dls <= Self.duplicateLogSizeWithoutWidth else { continue }
            let d = max(abs(a.midX - b.midX), abs(a.midY - b.midY)) / scale
            guard d <= Self.duplicateDistanceWithoutWidth else { continue }
            score = 1 - d
          }
          if score > best {
            best = score
            partner = j
          }
        }
      }
      guard partner >= 0 else {
        // Written only when set: most tracks have no partner, frame after frame.
        if records[i].duplicateOf != 0 || records[i].duplicateFrames != 0
          || records[i].duplicateJointHits != 0
        {
          records[i].duplicateOf = 0
          records[i].duplicateFrames = 0
          records[i].duplicateJointHits = 0
        }
        continue
      }
      let id = records[partner].id
      if id != records[i].duplicateOf {
        records[i].duplicateOf = id
        records[i].duplicateFrames = 0
        records[i].duplicateJointHits = 0
        records[i].duplicateNeedsTurns = !(boxes[i].width > 0 && boxes[partner].width > 0)
      }
      records[i].duplicateFrames += 1
      if records[i].framesSinceUpdate == 0 && records[partner].framesSinceUpdate == 0 {
        records[i].duplicateJointHits += 1
      }
    }
  }

  /// Whether track `i` has coincided with its partner long enough (and, where that is required, has
  /// mostly taken turns with it) to be the same subject.
  func isDuplicate(_ i: Int) -> Bool {
    let r = records[i]
    guard r.duplicateOf != 0, r.duplicateFrames >= parameters.duplicateFrames else { return false }
    return !r.duplicateNeedsTurns
      || Double(r.duplicateJointHits) <= Self.duplicateJointShare * Double(r.duplicateFrames)
  }

  /// Predicted-box IoU and log-height difference within which two tracks count as one subject.
  static let duplicateOverlap = 0.7
  static let duplicateLogSize = 0.1
  /// Without box widths: centre distance in box heights and log-height difference, and the largest
  /// share of common frames in which both tracks may have been measured.
  static let duplicateDistanceWithoutWidth = 0.5
  static let duplicateLogSizeWithoutWidth = 0.2
  static let duplicateJointShare = 0.3

  static func isYounger(_ a: TrackRecord, than b: TrackRecord) -> Bool {
    a.born != b.born ? a.born > b.born : a.id > b.id
  }

  private mutating func removeDead(_ keep: inout [Bool]) {
    // Most frames nobody dies: no mask to build then.
    // Static, with the parameters passed: a method passed as a function would copy the tracker.
    let p = parameters
    guard records.contains(where: { Self.isDead($0, p) }) else { return }
    keep.removeAll(keepingCapacity: true)
    for r in records { keep.append(!Self.isDead(r, p)) }
    retain(keep)
  }

  private static func isDead(_ r: TrackRecord, _ parameters: TrackerParameters) -> Bool {
    // A track earns its coast: one seen a few times (a burst of clutter) may miss twice as many
    // frames as it was seen, an established one `maxCoastFrames` (the confidence of a score-based
    // track manager, in frames).
    let coast = min(parameters.maxCoastFrames, 2 * r.hits)
    let minHits = parameters.qualityMinHits
    let poor =
      minHits > 0 && r.status != .tentative
      && (r.hits(inLast: parameters.qualityWindow).map { $0 < minHits } ?? false)
    return r.status == .tentative
      ? r.framesSinceUpdate >= 2
      : r.misses > coast || r.framesSinceUpdate > parameters.maxOcclusionFrames || poor
  }

  private mutating func dropNonFinite(all: Bool) {
    guard all || !ekf.allFinite else { return }
    var keep = [Bool]()
    var any = false
    for i in records.indices {
      let k = !all && ekf.isFinite(i)
      keep.append(k)
      if !k { any = true }
    }
    if any { retain(keep) }
  }

  /// Keeps the tracks whose `keep` entry is true, in order, in the records and the filter alike.
  private mutating func retain(_ keep: [Bool]) {
    ekf.retain { keep[$0] }
    var kept = 0
    for i in records.indices where keep[i] {
      records[kept] = records[i]
      kept += 1
    }
    records.removeLast(records.count - kept)
  }

  func track(_ i: Int) -> Track {
    let r = records[i]
    return Track(
      id: r.id, status: r.status, state: ekf.state(i), covarianceUpper: ekf.covarianceUpper(i),
      time: r.time, nis: r.nis, misses: r.misses, occludedFrames: r.occludedMisses, kind: r.kind,
      aspect: r.aspect, speaking: r.speaking, score: r.score)
  }
}
