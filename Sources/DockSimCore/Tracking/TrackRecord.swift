/// The tracker's bookkeeping for one track beside its filter state.
struct TrackRecord: Sendable {
  var id: Int
  var kind: SubjectKind
  var status: TrackStatus
  /// Capture time of the last processed frame, seconds.
  var time: Double
  var hits: Int
  /// Consecutive frames without a measurement while visible.
  var misses: Int
  /// Consecutive frames without a measurement while predicted behind a nearer track.
  var occludedMisses: Int
  var nis: Double
  /// Width / height of the last observed box (boxes are only tracked by height).
  var aspect: Double
  /// Width / height of the last box that showed the subject whole — not truncated by a nearer track,
  /// not cut by the image edge — (NaN until one has): the width of the person, which the last box of a
  /// partly hidden track, a sliver, does not give (`TrackerRules.truncatedBoxReach`).
  var wholeAspect = Double.nan
  /// Exponentially smoothed speaking confidence.
  var speaking: Double
  /// Confidence of the last detection that updated the track.
  var score: Double = 1
  /// Capture time of the track's first measurement and of its last one, seconds.
  var born: Double
  var lastUpdate: Double
  /// Hit (1) or miss (0) of the last frames the track was not hidden, newest in bit 0, and how many
  /// bits are valid (at most `historyCapacity`): the quality-based deletion's window.
  var history: UInt64 = 0
  var historyCount = 0
  /// Capture time of the last frame in which the track was hidden behind a nearer one (−∞: never).
  var hiddenAt = -Double.infinity
  /// For a face track, the id of its person's body track (0: not linked).
  var body = 0
  /// The person the track belongs to (`Track.person`); 0: its own id, until a link joins it to another.
  var person = 0
  /// The track whose box this one's has coincided with (0: none), for how many consecutive frames, in
  /// how many of them both were measured, and whether the pair must mostly take turns to count as one
  /// subject (boxes without a width).
  var duplicateOf = 0
  var duplicateFrames = 0
  var duplicateJointHits = 0
  var duplicateNeedsTurns = false

  /// The most frames `history` remembers: the bits of a `UInt64`.
  static let historyCapacity = 64

  /// Frames since the last measurement, whatever the reason.
  var framesSinceUpdate: Int { misses + occludedMisses }

  /// Records a frame the track was not hidden: hit or miss.
  mutating func remember(hit: Bool) {
    history = history << 1 | (hit ? 1 : 0)
    historyCount = min(historyCount + 1, Self.historyCapacity)
  }

  /// Hits among the last `window` recorded frames, or nil while fewer than `window` are recorded.
  func hits(inLast window: Int) -> Int? {
    guard window > 0, historyCount >= min(window, 64) else { return nil }
    let mask: UInt64 = window >= 64 ? .max : (1 << UInt64(window)) - 1
    return (history & mask).nonzeroBitCount
  }
}
