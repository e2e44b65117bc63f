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
  /// Exponentially smoothed speaking confidence.
  var speaking: Double
  /// Capture time of the track's first measurement and of its last one, seconds.
  var born: Double
  var lastUpdate: Double

  /// Frames since the last measurement, whatever the reason.
  var framesSinceUpdate: Int { misses + occludedMisses }
}
