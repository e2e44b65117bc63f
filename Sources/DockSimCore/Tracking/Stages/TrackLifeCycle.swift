/// Stage "life cycle": a track is initiated from an observation no track took, tentative until
/// `confirmHits` hits, confirmed while measured, coasting while not; it is deleted when it has coasted
/// too long for what it has earned, when it is hidden too long, or when its recent measurements are too
/// few (quality-based deletion). Being hidden behind a nearer track counts as an occluded frame, not a
/// miss: it is no evidence that the subject left.
struct TrackLifeCycle: Sendable {
  let parameters: TrackerParameters

  /// Books a measured frame on a record (one access to the array element, not one per field), at `now`
  /// when the frame advanced the tracks' time; `unhidden` when no nearer track truncates the track, so
  /// a box not cut by the image edge shows its person's whole width (`TrackRecord.wholeAspect`; false,
  /// the default, keeps the width it had).
  func recordHit(
    _ r: inout TrackRecord, now: Double?, observation o: Observation, nis: Double, unhidden: Bool = false
  ) {
    if let now { r.time = now }
    r.hits += 1
    r.lastUpdate = r.time
    r.misses = 0
    r.occludedMisses = 0
    r.nis = nis
    r.remember(hit: true)
    r.aspect = o.rect.aspectRatio
    if unhidden && !MeasurementNoiseScale.cutAtTopOrBottom(o.rect) && !MeasurementNoiseScale.cutAtSide(o.rect)
    {
      r.wholeAspect = r.aspect
    }
    r.score = o.confidence
    if let s = o.speakingConfidence {
      r.speaking = TrackerRules.speakingMemory * r.speaking + TrackerRules.speakingUpdate * s
    }
    if r.hits >= parameters.confirmHits { r.status = .confirmed }
  }

  /// Books a frame without a measurement; `hidden` when the track is predicted behind a nearer one.
  func recordMiss(_ r: inout TrackRecord, now: Double?, hidden: Bool) {
    if let now { r.time = now }
    r.nis = .nan
    // Being hidden is no evidence against a track; a miss anywhere else is, in the image or out of it
    // (a false track fed by clutter coasts out of the image between its boxes).
    if !hidden { r.remember(hit: false) }
    if hidden {
      r.occludedMisses += 1
      r.hiddenAt = r.time
    } else {
      r.misses += 1
    }
    if r.status == .confirmed { r.status = .coasting }
  }

  /// Books every track `assignment` left without an observation.
  func recordMisses(_ assignment: [Int?], _ bank: inout TrackBank, scene: OcclusionScene, now: Double?) {
    for i in bank.indices where assignment[i] == nil {
      recordMiss(&bank.records[i], now: now, hidden: scene.isHidden(i))
    }
  }

  /// A new track from observation `o` at `time`: the exact inverse projection, rates 0.
  func initiate(_ o: Observation, _ bank: inout TrackBank, time: Double, pose: CameraPose) {
    let p = parameters
    let initial = bank.ekf.model.initialState(u: o.rect.midX, v: o.rect.midY, h: o.rect.height, pose: pose)
    bank.ekf.append(initial, standardDeviations: p.initialStandardDeviations)
    bank.records.append(
      TrackRecord(
        id: bank.nextID, kind: o.kind, status: p.confirmHits <= 1 ? .confirmed : .tentative, time: time,
        hits: 1,
        misses: 0, occludedMisses: 0, nis: .nan, aspect: o.rect.aspectRatio,
        speaking: o.speakingConfidence ?? 0, score: o.confidence, born: time, lastUpdate: time, history: 1,
        historyCount: 1))
    bank.nextID += 1
  }

  /// Initiates a track from every observation `assignment` did not use that scores at least
  /// `initiateScore` (`used` is scratch).
  func initiateUnused(
    _ assignment: [Int?], _ observations: [Observation], _ bank: inout TrackBank, time: Double,
    pose: CameraPose, used: inout [Bool]
  ) {
    used.removeAll(keepingCapacity: true)
    used.append(contentsOf: repeatElement(false, count: observations.count))
    for case let j? in assignment { used[j] = true }
    let least = parameters.initiateScore
    for j in observations.indices where !used[j] && observations[j].confidence >= least {
      initiate(observations[j], &bank, time: time, pose: pose)
    }
  }

  /// Whether a record's track is to be deleted, with the durations in `frames`.
  func isDead(_ r: TrackRecord, _ frames: LifeCycleFrames) -> Bool {
    // A track earns its coast: one seen a few times (a burst of clutter) may miss twice as many
    // frames as it was seen, an established one `maxCoastTime` (the confidence of a score-based
    // track manager).
    let coast = min(frames.maxCoast, TrackerRules.coastFramesPerHit * r.hits)
    let minHits = frames.qualityMinHits
    let poor =
      minHits > 0 && r.status != .tentative
      && (r.hits(inLast: frames.qualityWindow).map { $0 < minHits } ?? false)
    return r.status == .tentative
      ? r.framesSinceUpdate >= TrackerRules.tentativeMaxMisses
      : r.misses > coast || r.framesSinceUpdate > frames.maxOcclusion || poor
  }

  /// Deletes the dead tracks (`keep` is scratch).
  func removeDead(_ bank: inout TrackBank, _ frames: LifeCycleFrames, keep: inout [Bool]) {
    // Most frames nobody dies: no mask to build then.
    guard bank.records.contains(where: { isDead($0, frames) }) else { return }
    keep.removeAll(keepingCapacity: true)
    for r in bank.records { keep.append(!isDead(r, frames)) }
    bank.retain(keep)
  }
}
