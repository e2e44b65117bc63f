extension MultiTargetTracker {
  /// Keeps, hands over or chooses the primary subject.
  ///
  /// * An explicit selection (`selectSubjects`) wins while any selected track lives; when all have
  ///   died the tracker returns to automatic choice.
  /// * Automatic: a live primary is kept, even while it coasts or is hidden, so a person crossing in
  ///   front never steals it. When the primary has missed 3 frames while not hidden and another
  ///   confirmed track of the same kind, updated this frame, lies within `handoverAngle` of its
  ///   prediction, the primary moves to it: the same person picked up by a new track.
  /// * After the primary was hidden, its state then (the ghost) re-checks it: see
  ///   `recheckAfterHiding` and `ghostCandidate`. A primary lost while visible, or dead, goes to the
  ///   track that appeared from the hiding near the ghost.
  /// * When the primary is gone, a confirmed track of its size near where it was last measured (within
  ///   twice the handover angle, for up to 3 s) is preferred; otherwise the most salient live track,
  ///   once that track has existed for `settleTime`.
  mutating func updatePrimary(time: Double) {
    let pose = lastPose
    if !selected.isEmpty {
      if let id = selected.first(where: { id in records.contains { $0.id == id && $0.status != .tentative } })
      {
        setPrimary(id, time: time)
        return
      }
      selected = []
    }
    if let id = primaryID, let i = index(of: id) {
      // Only a primary missing while visible hands over: one hidden behind a passer-by must not be
      // handed to the passer-by, who is right where it is predicted.
      if records[i].misses >= 3, records[i].occludedMisses == 0,
        let j = nearestConfirmed(to: i, within: parameters.handoverAngle)
          ?? ghostCandidate(of: id, time: time, within: parameters.handoverAngle)
      {
        ghost = nil
        setPrimary(records[j].id, time: time)
      } else if let j = recheckAfterHiding(primary: i, time: time) {
        setPrimary(records[j].id, time: time)
      } else {
        setPrimary(id, time: time)
      }
      return
    }
    // Lost after hiding: the person most likely is a track that appeared from the hiding.
    if let lost = primaryID,
      let j = ghostCandidate(of: lost, time: time, within: 4 * parameters.handoverAngle)
    {
      ghost = nil
      setPrimary(records[j].id, time: time)
      return
    }
    primaryID = nil
    ghost = nil
    if let last = lastPrimary, time - last.time <= 3 {
      var best: (Int, Double)?
      for j in records.indices
      where records[j].status == .confirmed && records[j].kind == last.kind
        && Self.similarLogSize(ekf.x[j, 2, 0], last.logSize)
      {
        let d = FramingMetrics.angleBetween(direction(j), last.direction)
        if d <= 2 * parameters.handoverAngle && (best == nil || d < best!.1) { best = (j, d) }
      }
      if let (j, _) = best {
        setPrimary(records[j].id, time: time)
        return
      }
    }
    // A fresh choice weighs every live candidate (one missed detection at that instant must not take a
    // person out of the race) and waits until the most salient one has been seen for `settleTime`:
    // the first track to be confirmed does not win by being first, nor a person seen a frame earlier
    // than one whose first detection was missed.
    var best: (Int, Double)?
    for j in records.indices where records[j].status != .tentative {
      let s = saliency(j, pose: pose)
      if best == nil || s > best!.1 { best = (j, s) }
    }
    if let (j, _) = best, time - records[j].born >= Self.settleTime { setPrimary(records[j].id, time: time) }
  }

  /// Re-checks the primary after it was hidden: at the first hidden frame its state (the *ghost*) is
  /// kept. If, within `recheckTime` of the primary being measured again, the primary is more than 1.5
  /// handover angles from the ghost extrapolated for at most half a second, and the track that may be
  /// the person nearest it (`nearest(toGhost:at:)`) lies within a handover angle and less than 0.3
  /// times as far, the primary took somebody else's box as the person reappeared and that track is
  /// the person: it becomes the primary. Returns its index.
  mutating func recheckAfterHiding(primary i: Int, time: Double) -> Int? {
    let r = records[i]
    if let g = ghost,
      g.id != r.id || time - g.time > Self.ghostLifetime
        || (g.reacquired.map { time - $0 > Self.recheckTime } ?? false)
    {
      ghost = nil
    }
    // Taken at the first frame the primary is hidden.
    if r.occludedMisses > 0 {
      if ghost == nil {
        ghost = Ghost(id: r.id, kind: r.kind, state: ekf.state(i), time: time, reacquired: nil)
      }
      return nil
    }
    guard var g = ghost else { return nil }
    if g.reacquired == nil && r.misses == 0 {
      g.reacquired = time
      ghost = g
    }
    guard g.reacquired != nil else { return nil }
    let predicted = g.direction(at: time, horizon: 0.5)
    let fromPrimary = FramingMetrics.angleBetween(direction(i), predicted)
    // A primary still where the person should be keeps its claim.
    guard fromPrimary > 1.5 * parameters.handoverAngle,
      let (j, d) = nearest(toGhost: g, at: predicted),
      d <= parameters.handoverAngle && d < 0.3 * fromPrimary
    else { return nil }
    ghost = nil
    return j
  }

  /// A primary lost after it was hidden: the person came out of hiding where its track did not look
  /// (its velocity was spoilt by truncated boxes as it went behind). The track that may be the person
  /// (`nearest(toGhost:at:)`) nearest the ghost of track `id` (alive or not) extrapolated at constant
  /// velocity for up to 2 s, if within `radius`. Returns its index.
  func ghostCandidate(of id: Int, time: Double, within radius: Double) -> Int? {
    guard let g = ghost, g.id == id, time - g.time <= Self.ghostLifetime,
      let (j, d) = nearest(toGhost: g, at: g.direction(at: time, horizon: 2)), d <= radius
    else { return nil }
    return j
  }

  /// Of the tracks that may be the ghost's person now — confirmed and measured this frame, of its kind
  /// and size, and born or themselves hidden since it was hidden (two people hidden together may come
  /// out with their tracks swapped) — the one nearest `predicted`, with its angle from it.
  func nearest(toGhost g: Ghost, at predicted: Direction) -> (index: Int, angle: Double)? {
    var best: (index: Int, angle: Double)?
    for j in records.indices
    where records[j].id != g.id && records[j].kind == g.kind && records[j].status == .confirmed
      && records[j].misses == 0
      && (records[j].born >= g.time - 0.05 || records[j].hiddenAt >= g.time)
      && Self.similarLogSize(ekf.x[j, 2, 0], g.state.logSize)
    {
      let d = FramingMetrics.angleBetween(direction(j), predicted)
      if best == nil || d < best!.angle { best = (j, d) }
    }
    return best
  }

  /// How long after the primary reappears its ghost may still reclaim it, and how long a ghost lives.
  static let recheckTime = 2.0
  static let ghostLifetime = 8.0

  /// How long a track must have existed before the automatic choice may pick it, seconds.
  static let settleTime = 0.3

  private mutating func setPrimary(_ id: Int, time: Double) {
    primaryID = id
    // Where it was last *seen*: a prediction coasting away is no place to look for the person.
    if let i = index(of: id), records[i].framesSinceUpdate == 0 {
      lastPrimary = (direction(i), records[i].kind, ekf.x[i, 2, 0], time)
    }
  }

  private func direction(_ i: Int) -> Direction {
    ekf.direction(i)
  }

  private func nearestConfirmed(to i: Int, within angle: Double) -> Int? {
    var best: (Int, Double)?
    for j in records.indices
    where j != i && records[j].kind == records[i].kind && records[j].status == .confirmed
      && records[j].misses == 0
      && similarSize(i, j) && takesOver(j, from: i)
    {
      let d = FramingMetrics.angleBetween(direction(j), direction(i))
      if d <= angle && (best == nil || d < best!.1) { best = (j, d) }
    }
    return best?.0
  }

  // MARK: Selection (DockKit's selectSubjects / selectSubject(at:))

  public mutating func selectSubjects(_ ids: [Int]) {
    selected = ids
    if ids.isEmpty { return }
    if let id = ids.first(where: { id in records.contains { $0.id == id && $0.status != .tentative } }) {
      primaryID = id
    }
  }

  public mutating func selectSubject(atX x: Double, y: Double) throws(SelectionError) -> Int {
    guard x.isFinite, y.isFinite, (0...1).contains(x), (0...1).contains(y) else { throw .invalidParameter }
    guard let pose = lastPose else { throw .noSubjectFound }
    // Selection points have an upper-left origin; boxes a lower-left one.
    let u = x
    let v = 1 - y
    var best: (Int, Double)?
    for i in records.indices where records[i].status != .tentative {
      let b = predictedBox(i, pose: pose)
      guard u >= b.x, u <= b.x + b.width, v >= b.y, v <= b.y + b.height else { continue }
      // The smallest box containing the point is the most specific subject (a face inside a body).
      let area = b.width * b.height
      if best == nil || area < best!.1 { best = (i, area) }
    }
    guard let (i, _) = best else { throw .noSubjectFound }
    selectSubjects([records[i].id])
    return records[i].id
  }
}
