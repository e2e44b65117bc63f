extension MultiTargetTracker {
  /// Keeps, hands over or chooses the primary subject.
  ///
  /// * An explicit selection (`selectSubjects`) wins while any selected track lives; when all have
  ///   died the tracker returns to automatic choice.
  /// * Automatic: a live primary is kept, even while it coasts or is hidden, so a person crossing in
  ///   front never steals it. When the primary has missed 3 frames while not hidden and another
  ///   confirmed track of the same kind, updated this frame, lies within `handoverAngle` of its
  ///   prediction, the primary moves to it: the same person picked up by a new track.
  /// * When the primary is gone, a confirmed track near where it was last seen (within twice the
  ///   handover angle, for up to 3 s) is preferred; otherwise the most salient confirmed track that
  ///   has existed for `settleTime`.
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
    if let id = primaryID, let i = records.firstIndex(where: { $0.id == id }) {
      // Only a primary missing while visible hands over: one hidden behind a passer-by must not be
      // handed to the passer-by, who is right where it is predicted.
      if records[i].misses >= 3, records[i].occludedMisses == 0,
        let j = nearestConfirmed(to: i, within: parameters.handoverAngle)
      {
        setPrimary(records[j].id, time: time)
      } else {
        setPrimary(id, time: time)
      }
      return
    }
    primaryID = nil
    if let last = lastPrimary, time - last.time <= 3 {
      var best: (Int, Double)?
      for j in records.indices where records[j].status == .confirmed && records[j].kind == last.kind {
        let d = FramingMetrics.angleBetween(direction(j), last.direction)
        if d <= 2 * parameters.handoverAngle && (best == nil || d < best!.1) { best = (j, d) }
      }
      if let (j, _) = best {
        setPrimary(records[j].id, time: time)
        return
      }
    }
    // A fresh choice waits until candidates have been seen for a moment, so the first track to be
    // confirmed does not win just by being first.
    var best: (Int, Double)?
    for j in records.indices
    where records[j].status == .confirmed && time - records[j].born >= Self.settleTime {
      let s = saliency(j, pose: pose)
      if best == nil || s > best!.1 { best = (j, s) }
    }
    if let (j, _) = best { setPrimary(records[j].id, time: time) }
  }

  /// How long a track must have existed before the automatic choice may pick it, seconds.
  static let settleTime = 0.3

  private mutating func setPrimary(_ id: Int, time: Double) {
    primaryID = id
    if let i = records.firstIndex(where: { $0.id == id }) {
      lastPrimary = (direction(i), records[i].kind, time)
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
