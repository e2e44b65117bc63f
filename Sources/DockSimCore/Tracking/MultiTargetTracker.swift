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
  var ekf: BatchedEKF
  var records: [TrackRecord] = []
  var states: [TrackFilterState] = []
  var nextID = 1
  var primaryID: Int?
  var selected: [Int] = []
  /// Where the primary was last seen, to prefer a new track there when it is lost.
  var lastPrimary: (direction: Direction, kind: SubjectKind, time: Double)?
  /// The measured pose of the last processed frame.
  var lastPose: CameraPose?
  let model: MeasurementModel

  public init(camera: PinholeCamera, parameters: TrackerParameters) {
    self.camera = camera
    self.parameters = parameters
    model = MeasurementModel(camera: camera)
    ekf = BatchedEKF(model: model, parameters: parameters)
  }

  public var primaryTrack: Track? {
    guard let id = primaryID, let i = records.firstIndex(where: { $0.id == id }) else { return nil }
    return track(i)
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
    return tracks
  }

  private mutating func step(time: Double, pose: CameraPose, observations: [Observation]) throws {
    let predictable = records.indices.filter { records[$0].time < time }
    if let first = predictable.first {
      // Every live track was processed at the previous frame, so they share one time step.
      try ekf.predict(&states, indices: predictable, dt: time - records[first].time)
      for i in predictable { records[i].time = time }
    }
    let all = Array(records.indices)
    var assignment = [Int?](repeating: nil, count: records.count)
    if !records.isEmpty && !observations.isEmpty {
      let d = try gatingDistances(observations, pose: pose)
      let gate = parameters.gate
      let costs = d.map { $0 <= gate ? $0 : Double.infinity }
      assignment = Assignment.solve(costs: costs, rows: records.count, columns: observations.count)
    }
    let covered = coveredFractions(pose: pose)
    let assigned = all.filter { assignment[$0] != nil }
    if !assigned.isEmpty {
      let obs = assigned.map { observations[assignment[$0]!] }
      let scales = assigned.indices.map { k in
        let p = parameters
        var scale = MeasurementNoiseScale.forBox(
          obs[k].rect, centerFactor: p.edgeCenterNoiseFactor, sizeFactor: p.edgeSizeNoiseFactor,
          anchored: parameters.anchorCutEdges)
        if covered[assigned[k]] >= Self.truncationOverlap {
          scale = MeasurementNoiseScale(
            u: max(scale.u, p.occludedCenterNoiseFactor), v: max(scale.v, p.occludedCenterNoiseFactor),
            h: max(scale.h, p.occludedSizeNoiseFactor))
        }
        return scale
      }
      let anchors = obs.map { verticalAnchor($0.rect) }
      let nis = try ekf.update(
        &states, indices: assigned,
        measurements: obs.indices.map {
          (obs[$0].rect.midX, anchors[$0].measuredV(obs[$0].rect), obs[$0].rect.height)
        },
        scales: scales, anchors: anchors, pose: pose)
      for (k, i) in assigned.enumerated() { recordHit(i, observation: obs[k], nis: nis[k]) }
    }
    for i in all where assignment[i] == nil { recordMiss(i, occluded: covered[i] >= Self.occlusionOverlap) }
    var used = [Bool](repeating: false, count: observations.count)
    for case let j? in assignment { used[j] = true }
    for j in observations.indices where !used[j] { start(observations[j], time: time, pose: pose) }
    mergeDuplicates()
    removeDead()
    dropNonFinite(all: false)
  }

  /// NIS of every observation from every track (row-major), +∞ across kinds. Observations are gated in
  /// up to three batches, one per vertical anchor, each with the noise scale of a box cut that way.
  private mutating func gatingDistances(_ observations: [Observation], pose: CameraPose) throws -> [Double] {
    let m = observations.count
    var out = [Double](repeating: .infinity, count: records.count * m)
    let p = parameters
    for anchor in [VerticalAnchor.center, .top, .bottom] {
      let columns = observations.indices.filter { verticalAnchor(observations[$0].rect) == anchor }
      guard let first = columns.first else { continue }
      // A box cut at one end has an unreliable height whatever else it shows.
      let scale =
        anchor == .center
        ? MeasurementNoiseScale.one
        : MeasurementNoiseScale.forBox(
          observations[first].rect, centerFactor: 1, sizeFactor: p.edgeSizeNoiseFactor,
          anchored: parameters.anchorCutEdges)
      let z = columns.map {
        (
          u: observations[$0].rect.midX, v: anchor.measuredV(observations[$0].rect),
          h: observations[$0].rect.height
        )
      }
      let d = try ekf.distances(
        states, indices: Array(records.indices), measurements: z, pose: pose, anchor: anchor, scale: scale
      ) { t, c in records[t].kind == observations[columns[c]].kind }
      for t in records.indices {
        for (c, j) in columns.enumerated() { out[t * m + j] = d[t * columns.count + c] }
      }
    }
    return out
  }

  private func verticalAnchor(_ rect: NormalizedRect) -> VerticalAnchor {
    parameters.anchorCutEdges ? VerticalAnchor.forBox(rect) : .center
  }

  private mutating func recordHit(_ i: Int, observation o: Observation, nis: Double) {
    records[i].hits += 1
    records[i].lastUpdate = records[i].time
    records[i].misses = 0
    records[i].occludedMisses = 0
    records[i].nis = nis
    records[i].aspect = o.rect.width / max(o.rect.height, 1e-9)
    if let s = o.speakingConfidence { records[i].speaking = 0.8 * records[i].speaking + 0.2 * s }
    if records[i].hits >= parameters.confirmHits { records[i].status = .confirmed }
  }

  private mutating func recordMiss(_ i: Int, occluded: Bool) {
    records[i].nis = .nan
    if occluded { records[i].occludedMisses += 1 } else { records[i].misses += 1 }
    if records[i].status == .confirmed { records[i].status = .coasting }
  }

  private mutating func start(_ o: Observation, time: Double, pose: CameraPose) {
    let p = parameters
    let initial = model.initialState(u: o.rect.midX, v: o.rect.midY, h: o.rect.height, pose: pose)
    let sd = [
      p.initialStdAngle, p.initialStdAngle, p.initialStdLogSize, p.initialStdAngleRate, p.initialStdAngleRate,
      p.initialStdLogSizeRate,
    ]
    states.append(TrackFilterState(initial: initial, standardDeviations: sd))
    records.append(
      TrackRecord(
        id: nextID, kind: o.kind, status: p.confirmHits <= 1 ? .confirmed : .tentative, time: time, hits: 1,
        misses: 0, occludedMisses: 0, nis: .nan, aspect: o.rect.width / max(o.rect.height, 1e-9),
        speaking: o.speakingConfidence ?? 0, born: time, lastUpdate: time))
    nextID += 1
  }

  /// A track that has missed 3 visible frames while a confirmed track of the same kind and size,
  /// updated this frame and **started after the old one's last measurement**, sits within
  /// `handoverAngle` of it is the same subject picked up by a new track (after a manoeuvre the old one
  /// could not follow): the old one is removed and its primary role handed on. A track predicted behind
  /// a nearer one is never merged, and neither is one next to a track that already existed while it was
  /// still measured (that is another subject passing by), so a crossing keeps both identities.
  private mutating func mergeDuplicates() {
    var remove: [Int] = []
    for i in records.indices where records[i].misses >= 3 && records[i].occludedMisses == 0 {
      var best: (Int, Double)?
      for j in records.indices
      where j != i && records[j].kind == records[i].kind && records[j].status == .confirmed
        && records[j].misses == 0
        && records[j].occludedMisses == 0 && similarSize(i, j) && takesOver(j, from: i)
      {
        let d = FramingMetrics.angleBetween(
          Direction(azimuth: states[j].x[0], elevation: states[j].x[1]),
          Direction(azimuth: states[i].x[0], elevation: states[i].x[1]))
        if d <= parameters.handoverAngle && (best == nil || d < best!.1) { best = (j, d) }
      }
      guard let (j, _) = best else { continue }
      remove.append(i)
      if primaryID == records[i].id { primaryID = records[j].id }
      if let k = selected.firstIndex(of: records[i].id) { selected[k] = records[j].id }
    }
    guard !remove.isEmpty else { return }
    let keep = records.indices.filter { !remove.contains($0) }
    records = keep.map { records[$0] }
    states = keep.map { states[$0] }
  }

  private mutating func removeDead() {
    var keep: [Int] = []
    for i in records.indices {
      let r = records[i]
      let dead =
        r.status == .tentative
        ? r.framesSinceUpdate >= 2
        : r.misses > parameters.maxCoastFrames || r.framesSinceUpdate > parameters.maxOcclusionFrames
      if !dead { keep.append(i) }
    }
    guard keep.count != records.count else { return }
    records = keep.map { records[$0] }
    states = keep.map { states[$0] }
  }

  private mutating func dropNonFinite(all: Bool) {
    let keep = records.indices.filter { !all && states[$0].isFinite }
    guard keep.count != records.count else { return }
    records = keep.map { records[$0] }
    states = keep.map { states[$0] }
  }

  func track(_ i: Int) -> Track {
    let r = records[i]
    return Track(
      id: r.id, status: r.status, state: states[i].state, covarianceUpper: states[i].covarianceUpper,
      time: r.time, nis: r.nis, misses: r.misses, occludedFrames: r.occludedMisses, kind: r.kind,
      aspect: r.aspect, speaking: r.speaking)
  }
}
