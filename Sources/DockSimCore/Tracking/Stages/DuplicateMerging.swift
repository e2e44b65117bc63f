import Foundation

/// The hand-over test, in one place: a track that has missed `TrackerRules.handoverMisses` visible
/// frames may be continued by a confirmed track of the same kind and size, measured this frame, that
/// started after the old one's last measurement and lies within an angle of its prediction: the same
/// subject picked up by a new track (after a manoeuvre the old one could not follow). A track predicted
/// behind a nearer one is never continued (it is hidden, not lost), and a track that already existed
/// while the old one was measured is somebody else passing by, so a crossing keeps both identities.
enum Handover {
  /// Whether a track is lost while visible: it may be continued by another.
  static func isLost(_ r: TrackRecord) -> Bool {
    r.misses >= TrackerRules.handoverMisses && r.occludedMisses == 0
  }

  /// The continuation of track `i` nearest its prediction within `angle` (radians), among the tracks
  /// whose `kept` entry is true (every track when nil); nil for none.
  static func continuation(of i: Int, in bank: TrackBank, within angle: Double, kept: [Bool]? = nil)
    -> Int?
  {
    let records = bank.records
    var best: (Int, Double)?
    for j in records.indices
    where j != i && (kept?[j] ?? true) && records[j].kind == records[i].kind
      && records[j].status == .confirmed
      && records[j].misses == 0 && records[j].occludedMisses == 0 && bank.similarSize(i, j)
      && bank.takesOver(j, from: i)
    {
      let d = Direction.angleBetween(bank.direction(j), bank.direction(i))
      if d <= angle && (best == nil || d < best!.1) { best = (j, d) }
    }
    return best?.0
  }
}

/// Stage "duplicates": merges tracks that are one subject. Two tracks of the same kind whose predicted
/// boxes coincide for `duplicateTime` (`LifeCycleFrames.duplicate` frames) take turns at one subject's detections: the
/// younger is removed. A track lost while visible is continued by the new track that picked its subject
/// up (`Handover`): the old one takes the new one's estimate and keeps its identity. Either way the
/// removed track's primary role or selection passes to the one kept (`renamed`).
struct DuplicateMerging: Sendable {
  let parameters: TrackerParameters
  private var logSizes: [Double] = []
  private var keep: [Bool] = []
  /// The identities the last `merge` folded into others, (removed id, kept id), in order.
  private(set) var renamed: [(from: Int, to: Int)] = []

  init(parameters: TrackerParameters) { self.parameters = parameters }

  /// Counts, for each track that was predicted before this frame's births, the consecutive frames its
  /// predicted box (in `boxes`) has coincided with another track's of the same kind and size, and in
  /// how many of them both were measured.
  ///
  /// Boxes with a width coincide when their IoU is at least `TrackerRules.duplicateOverlap` and their
  /// log heights are within `duplicateLogSize`. Boxes without one (a log that records only centre and
  /// height) coincide by centre distance and log height (`duplicateDistanceWithoutWidth`,
  /// `duplicateLogSizeWithoutWidth`); since that also holds for two people standing close, those two
  /// tracks must also take turns at the detections (`duplicateJointShare`), as two tracks on one
  /// person's detections do.
  mutating func mark(
    _ bank: inout TrackBank, boxes: [NormalizedRect], overlaps: BoxOverlapCandidates,
    _ frames: LifeCycleFrames
  ) {
    guard frames.duplicate > 0 else { return }
    // Boxes with a width coincide only when they intersect: those pairs are the overlap candidates. A
    // box without one coincides by its centre, with any box: then every pair is looked at.
    let everyPair = overlaps.everyPair || !overlaps.allHaveWidth
    // Read once per track, not once per pair; not at all when no pair is to be looked at.
    logSizes.removeAll(keepingCapacity: true)
    if everyPair || !overlaps.isEmpty {
      for i in boxes.indices { logSizes.append(bank.logSize(i)) }
    }
    for i in boxes.indices {
      var partner = -1
      var best = -Double.infinity
      if bank.records[i].status != .tentative {
        for q in everyPair ? boxes.indices : overlaps.positions(of: i) {
          let j = everyPair ? q : overlaps.candidate(q)
          guard j != i && bank.records[j].status != .tentative && bank.records[j].kind == bank.records[i].kind
          else {
            continue
          }
          let a = boxes[i]
          let b = boxes[j]
          let dls = abs(logSizes[i] - logSizes[j])
          let score: Double
          if a.width > 0 && b.width > 0 {
            // The overlap only for pairs of similar size (most pairs are not).
            guard dls <= TrackerRules.duplicateLogSize else { continue }
            // `intersectionOverUnion`, with its division only for pairs that may pass: one below the
            // overlap by a relative margin far above rounding cannot reach it, so no decision changes.
            let i = a.intersectionArea(b)
            let union = a.width * a.height + b.width * b.height - i
            guard union > 0, i >= TrackerRules.duplicateOverlap * union * (1 - 1e-12) else { continue }
            let o = i / union
            guard o >= TrackerRules.duplicateOverlap else { continue }
            score = o
          } else {
            let scale = max(a.height, b.height)
            guard scale > 0, dls <= TrackerRules.duplicateLogSizeWithoutWidth else { continue }
            let d = max(abs(a.midX - b.midX), abs(a.midY - b.midY)) / scale
            guard d <= TrackerRules.duplicateDistanceWithoutWidth else { continue }
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
        let r = bank.records[i]
        if r.duplicateOf != 0 || r.duplicateFrames != 0 || r.duplicateJointHits != 0 {
          bank.records[i].duplicateOf = 0
          bank.records[i].duplicateFrames = 0
          bank.records[i].duplicateJointHits = 0
        }
        continue
      }
      let id = bank.records[partner].id
      if id != bank.records[i].duplicateOf {
        bank.records[i].duplicateOf = id
        bank.records[i].duplicateFrames = 0
        bank.records[i].duplicateJointHits = 0
        bank.records[i].duplicateNeedsTurns = !(boxes[i].width > 0 && boxes[partner].width > 0)
      }
      bank.records[i].duplicateFrames += 1
      if bank.records[i].framesSinceUpdate == 0 && bank.records[partner].framesSinceUpdate == 0 {
        bank.records[i].duplicateJointHits += 1
      }
    }
  }

  /// Whether a record's track has coincided with its partner long enough (and, where that is required,
  /// has mostly taken turns with it) to be the same subject.
  func isDuplicate(_ r: TrackRecord, _ frames: LifeCycleFrames) -> Bool {
    guard r.duplicateOf != 0, r.duplicateFrames >= frames.duplicate else { return false }
    return !r.duplicateNeedsTurns
      || Double(r.duplicateJointHits) <= TrackerRules.duplicateJointShare * Double(r.duplicateFrames)
  }

  static func isYounger(_ a: TrackRecord, than b: TrackRecord) -> Bool {
    a.born != b.born ? a.born > b.born : a.id > b.id
  }

  /// Removes duplicates and continues lost tracks (see the type); `renamed` lists what was folded.
  mutating func merge(_ bank: inout TrackBank, _ frames: LifeCycleFrames) {
    renamed.removeAll(keepingCapacity: true)
    // Most frames no track is either a duplicate or a candidate for a handover: no mask to build then.
    let checksDuplicates = frames.duplicate > 0
    guard
      bank.records.contains(where: { (checksDuplicates && isDuplicate($0, frames)) || Handover.isLost($0) })
    else { return }
    keep.removeAll(keepingCapacity: true)
    keep.append(contentsOf: repeatElement(true, count: bank.records.count))
    var any = false
    // Two tracks on one subject, taking turns at its detections: the younger goes.
    if checksDuplicates {
      for i in bank.indices where isDuplicate(bank.records[i], frames) {
        guard let j = bank.index(of: bank.records[i].duplicateOf), keep[j],
          Self.isYounger(bank.records[i], than: bank.records[j])
        else { continue }
        keep[i] = false
        any = true
        renamed.append((bank.records[i].id, bank.records[j].id))
      }
    }
    for i in bank.indices where keep[i] && Handover.isLost(bank.records[i]) {
      guard let j = Handover.continuation(of: i, in: bank, within: parameters.handoverAngle, kept: keep)
      else { continue }
      Self.adopt(j, into: i, &bank)
      keep[j] = false
      any = true
      renamed.append((bank.records[j].id, bank.records[i].id))
    }
    if any { bank.retain(keep) }
  }

  /// Track `i` continues as track `j`, the same subject picked up anew: it takes `j`'s estimate and
  /// recent measurements and keeps its own identity, age and links. The caller removes `j`.
  private static func adopt(_ j: Int, into i: Int, _ bank: inout TrackBank) {
    bank.ekf.copyTrack(from: j, to: i)
    let n = bank.records[j]
    bank.records[i].status = .confirmed
    bank.records[i].hits += n.hits
    bank.records[i].misses = n.misses
    bank.records[i].occludedMisses = n.occludedMisses
    bank.records[i].lastUpdate = n.lastUpdate
    bank.records[i].nis = n.nis
    bank.records[i].aspect = n.aspect
    if n.wholeAspect.isFinite { bank.records[i].wholeAspect = n.wholeAspect }
    bank.records[i].history = n.history
    bank.records[i].historyCount = n.historyCount
    bank.records[i].duplicateOf = 0
    bank.records[i].duplicateFrames = 0
    bank.records[i].duplicateJointHits = 0
  }
}
