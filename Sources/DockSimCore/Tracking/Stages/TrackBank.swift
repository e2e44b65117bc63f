/// The live tracks every stage of `MultiTargetTracker` works on: each track's filter state (in `ekf`)
/// and bookkeeping (in `records`), in the same order, and the next identifier to give.
struct TrackBank: Sendable {
  /// Every live track's state and covariance, in `records` order.
  var ekf: BatchedEKF
  var records: [TrackRecord] = []
  var nextID = 1

  init(model: MeasurementModel, parameters: TrackerParameters) {
    ekf = BatchedEKF(model: model, parameters: parameters)
  }

  var indices: Range<Int> { records.indices }

  /// The index of the live track with id `id`; nil for none (and for 0, which no track has).
  func index(of id: Int) -> Int? {
    id == 0 ? nil : records.firstIndex { $0.id == id }
  }

  /// Track `i`'s direction (radians) and log angular height (ln radians).
  func direction(_ i: Int) -> Direction { ekf.direction(i) }
  func logSize(_ i: Int) -> Double { ekf.x[i, 2, 0] }

  /// Whether tracks `i` and `j` have boxes of similar size: a new track of the same subject does, a
  /// passer-by at another depth usually does not.
  func similarSize(_ i: Int, _ j: Int) -> Bool { Self.similarLogSize(logSize(i), logSize(j)) }

  /// Whether two log sizes belong to boxes of similar size (`TrackerRules.similarLogSize`).
  static func similarLogSize(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= TrackerRules.similarLogSize }

  /// Whether track `j` can be the continuation of track `i`: it started no earlier than one frame
  /// before `i`'s last measurement. A track that already ran beside `i` is somebody else.
  func takesOver(_ j: Int, from i: Int) -> Bool {
    records[j].born >= records[i].lastUpdate - TrackerRules.takeoverSlack
  }

  /// Keeps the tracks whose `keep` entry is true, in order, in the records and the filter alike.
  mutating func retain(_ keep: [Bool]) {
    ekf.retain { keep[$0] }
    var kept = 0
    for i in records.indices where keep[i] {
      records[kept] = records[i]
      kept += 1
    }
    records.removeLast(records.count - kept)
  }

  /// Drops the tracks whose state or covariance is not finite (every track with `all`): a numerical
  /// failure must not reach the output as NaN; the scene is re-acquired from the next frames.
  mutating func dropNonFinite(all: Bool) {
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

  /// Track `i` as the tracker reports it. A face's link to a body that died this frame is not reported
  /// (the scene stage drops it at the next frame).
  func track(_ i: Int) -> Track {
    let r = records[i]
    return Track(
      id: r.id, status: r.status, state: ekf.state(i), covarianceUpper: ekf.covarianceUpper(i),
      time: r.time, nis: r.nis, misses: r.misses, occludedFrames: r.occludedMisses, kind: r.kind,
      aspect: r.aspect, speaking: r.speaking, score: r.score,
      linkedBody: index(of: r.body) == nil ? nil : r.body, person: person(i))
  }

  /// The person of track `i` (`Track.person`).
  func person(_ i: Int) -> Int { records[i].person == 0 ? records[i].id : records[i].person }

  /// Makes tracks `i` and `j` one person: every live track of either takes the older (smaller) person
  /// id, so the identifier an app has known longest survives the join.
  mutating func joinPersons(_ i: Int, _ j: Int) {
    let (a, b) = (person(i), person(j))
    guard a != b else { return }
    let (kept, dropped) = (min(a, b), max(a, b))
    for k in indices where person(k) == dropped { records[k].person = kept }
  }
}
