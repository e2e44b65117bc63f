import Foundation

/// Stage "primary": keeps, hands over or chooses the subject the controller follows.
///
/// * An explicit selection (`select`) wins while any selected track lives; when all have died the
///   choice is automatic again.
/// * Automatic: a live primary is kept, even while it coasts or is hidden, so a person crossing in
///   front never steals it. When the primary is lost while visible (`Handover.isLost`) and another
///   track continues it (`Handover.continuation`), the primary moves to it.
/// * After the primary was hidden, its state then (the ghost) re-checks it (`recheckAfterHiding`,
///   `ghostCandidate`). A primary lost while visible, or dead, goes to the track that appeared from
///   the hiding near the ghost.
/// * When the primary is gone, a confirmed track of its size near where it was last measured is
///   preferred (`TrackerRules.lastPrimaryHandoverAngles`, for `lastPrimaryMemory`); otherwise the
///   most salient live track, once that track has existed for `TrackerRules.settleTime`.
struct PrimaryChoice: Sendable {
  let parameters: TrackerParameters
  let camera: PinholeCamera
  private(set) var primaryID: Int?
  private(set) var selected: [Int] = []
  /// Where the primary was last seen, to prefer a new track there when it is lost.
  private var lastPrimary: (direction: Direction, kind: SubjectKind, logSize: Double, time: Double)?
  /// The primary's state when it was last hidden, to re-check it when its person reappears.
  private var ghost: Ghost?

  struct Ghost: Sendable {
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

  init(parameters: TrackerParameters, camera: PinholeCamera) {
    self.parameters = parameters
    self.camera = camera
  }

  /// A track was folded into another (`DuplicateMerging.renamed`): its primary role or selection
  /// passes to the one kept.
  mutating func rename(_ from: Int, to: Int) {
    if primaryID == from { primaryID = to }
    if let k = selected.firstIndex(of: from) { selected[k] = to }
  }

  mutating func update(_ bank: TrackBank, time: Double, pose: CameraPose?) {
    let records = bank.records
    if !selected.isEmpty {
      if let id = selected.first(where: { id in records.contains { $0.id == id && $0.status != .tentative } })
      {
        setPrimary(id, bank, time: time)
        return
      }
      selected = []
    }
    let angle = parameters.handoverAngle
    if let id = primaryID, let i = bank.index(of: id) {
      // Only a primary missing while visible hands over: one hidden behind a passer-by must not be
      // handed to the passer-by, who is right where it is predicted.
      if Handover.isLost(records[i]),
        let j = Handover.continuation(of: i, in: bank, within: angle)
          ?? ghostCandidate(of: id, bank, time: time, within: angle)
      {
        ghost = nil
        setPrimary(records[j].id, bank, time: time)
      } else if let j = recheckAfterHiding(primary: i, bank, time: time) {
        setPrimary(records[j].id, bank, time: time)
      } else {
        setPrimary(id, bank, time: time)
      }
      return
    }
    // Lost after hiding: the person most likely is a track that appeared from the hiding.
    if let lost = primaryID,
      let j = ghostCandidate(
        of: lost, bank, time: time, within: TrackerRules.lostAfterHidingHandoverAngles * angle)
    {
      ghost = nil
      setPrimary(records[j].id, bank, time: time)
      return
    }
    primaryID = nil
    ghost = nil
    if let last = lastPrimary, time - last.time <= TrackerRules.lastPrimaryMemory {
      var best: (Int, Double)?
      for j in records.indices
      where records[j].status == .confirmed && records[j].kind == last.kind
        && TrackBank.similarLogSize(bank.logSize(j), last.logSize)
      {
        let d = Direction.angleBetween(bank.direction(j), last.direction)
        if d <= TrackerRules.lastPrimaryHandoverAngles * angle && (best == nil || d < best!.1) {
          best = (j, d)
        }
      }
      if let (j, _) = best {
        setPrimary(records[j].id, bank, time: time)
        return
      }
    }
    // A fresh choice weighs every live candidate (one missed detection at that instant must not take a
    // person out of the race) and waits until the most salient one has been seen for `settleTime`:
    // the first track to be confirmed does not win by being first, nor a person seen a frame earlier
    // than one whose first detection was missed.
    var best: (Int, Double)?
    for j in records.indices where records[j].status != .tentative {
      let s = saliency(j, bank, pose: pose)
      if best == nil || s > best!.1 { best = (j, s) }
    }
    if let (j, _) = best, time - records[j].born >= TrackerRules.settleTime {
      setPrimary(records[j].id, bank, time: time)
    }
  }

  /// Re-checks the primary after it was hidden: at the first hidden frame its state (the *ghost*) is
  /// kept. If, within `recheckTime` of the primary being measured again, the primary is more than
  /// `recheckHandoverAngles` hand-over angles from the ghost extrapolated for at most `recheckHorizon`,
  /// and the track that may be the person nearest it (`nearest(toGhost:at:)`) lies within a hand-over
  /// angle and less than `recheckCloserShare` times as far, the primary took somebody else's box as
  /// the person reappeared and that track is the person. Returns its index.
  private mutating func recheckAfterHiding(primary i: Int, _ bank: TrackBank, time: Double) -> Int? {
    let r = bank.records[i]
    if let g = ghost,
      g.id != r.id || time - g.time > TrackerRules.ghostLifetime
        || (g.reacquired.map { time - $0 > TrackerRules.recheckTime } ?? false)
    {
      ghost = nil
    }
    // Taken at the first frame the primary is hidden.
    if r.occludedMisses > 0 {
      if ghost == nil {
        ghost = Ghost(id: r.id, kind: r.kind, state: bank.ekf.state(i), time: time, reacquired: nil)
      }
      return nil
    }
    guard var g = ghost else { return nil }
    if g.reacquired == nil && r.misses == 0 {
      g.reacquired = time
      ghost = g
    }
    guard g.reacquired != nil else { return nil }
    let predicted = g.direction(at: time, horizon: TrackerRules.recheckHorizon)
    let fromPrimary = Direction.angleBetween(bank.direction(i), predicted)
    let angle = parameters.handoverAngle
    // A primary still where the person should be keeps its claim.
    guard fromPrimary > TrackerRules.recheckHandoverAngles * angle,
      let (j, d) = Self.nearest(toGhost: g, at: predicted, bank),
      d <= angle && d < TrackerRules.recheckCloserShare * fromPrimary
    else { return nil }
    ghost = nil
    return j
  }

  /// A primary lost after it was hidden: the person came out of hiding where its track did not look
  /// (its velocity was spoilt by truncated boxes as it went behind). The track that may be the person
  /// nearest the ghost of track `id` (alive or not) extrapolated for up to `ghostHorizon`, if within
  /// `radius`. Returns its index.
  private func ghostCandidate(of id: Int, _ bank: TrackBank, time: Double, within radius: Double) -> Int? {
    guard let g = ghost, g.id == id, time - g.time <= TrackerRules.ghostLifetime,
      let (j, d) = Self.nearest(
        toGhost: g, at: g.direction(at: time, horizon: TrackerRules.ghostHorizon), bank),
      d <= radius
    else { return nil }
    return j
  }

  /// Of the tracks that may be the ghost's person now — confirmed and measured this frame, of its kind
  /// and size, and born or themselves hidden since it was hidden (two people hidden together may come
  /// out with their tracks swapped) — the one nearest `predicted`, with its angle from it.
  private static func nearest(toGhost g: Ghost, at predicted: Direction, _ bank: TrackBank)
    -> (index: Int, angle: Double)?
  {
    let records = bank.records
    var best: (index: Int, angle: Double)?
    for j in records.indices
    where records[j].id != g.id && records[j].kind == g.kind && records[j].status == .confirmed
      && records[j].misses == 0
      && (records[j].born >= g.time - TrackerRules.ghostBirthSlack || records[j].hiddenAt >= g.time)
      && TrackBank.similarLogSize(bank.logSize(j), g.state.logSize)
    {
      let d = Direction.angleBetween(bank.direction(j), predicted)
      if best == nil || d < best!.angle { best = (j, d) }
    }
    return best
  }

  private mutating func setPrimary(_ id: Int, _ bank: TrackBank, time: Double) {
    primaryID = id
    // Where it was last *seen*: a prediction coasting away is no place to look for the person.
    if let i = bank.index(of: id), bank.records[i].framesSinceUpdate == 0 {
      lastPrimary = (bank.direction(i), bank.records[i].kind, bank.logSize(i), time)
    }
  }

  /// Saliency of a track for the automatic choice: size, centrality, speaking.
  func saliency(_ i: Int, _ bank: TrackBank, pose: CameraPose?) -> Double {
    let s = bank.ekf.state(i)
    let p = parameters
    let size = exp(s.logSize) / (2 * camera.tanHalfV)
    var centrality = 0.0
    if let pose, let uv = camera.project(Direction(azimuth: s.azimuth, elevation: s.elevation), pose: pose) {
      let d = ((uv.u - 0.5) * (uv.u - 0.5) + (uv.v - 0.5) * (uv.v - 0.5)).squareRoot()
      centrality = max(0, 1 - d / 0.5.squareRoot())
    }
    return p.saliencySizeWeight * size + p.saliencyCenterWeight * centrality
      + p.saliencySpeakingWeight * bank.records[i].speaking
  }

  // MARK: Selection (DockKit's selectSubjects)

  /// Locks the primary onto the first live non-tentative track of `ids`; empty returns to automatic.
  mutating func select(_ ids: [Int], _ bank: TrackBank) {
    selected = ids
    if ids.isEmpty { return }
    if let id = ids.first(where: { id in bank.records.contains { $0.id == id && $0.status != .tentative } }) {
      primaryID = id
    }
  }
}
