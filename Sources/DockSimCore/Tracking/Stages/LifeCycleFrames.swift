/// The life cycle's durations (`TrackerParameters`' seconds) in frames of the frame interval the tracker
/// observes, so a track coasts, hides, merges and is judged for quality over the same time at 7 frames
/// per second as at 30. Counting frames, not elapsed time, keeps a frame's decision independent of the
/// rounding of capture times.
struct LifeCycleFrames: Sendable, Equatable {
  var maxCoast: Int
  var maxOcclusion: Int
  var duplicate: Int
  /// The quality window (at most 64 frames: `TrackRecord.history`) and the fewest hits in it.
  var qualityWindow: Int
  var qualityMinHits: Int

  /// The frame interval assumed before two frames were seen, seconds: DockKit's 30 frames per second.
  static let nominalFrameInterval = 1.0 / 30

  init(_ p: TrackerParameters, frameInterval: Double?) {
    let dt = frameInterval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? Self.nominalFrameInterval
    func frames(_ seconds: Double) -> Int {
      guard seconds > 0 else { return 0 }
      let f = (seconds / dt).rounded()
      return f >= Double(Int32.max) ? Int(Int32.max) : max(1, Int(f))
    }
    maxCoast = frames(p.maxCoastTime)
    maxOcclusion = frames(p.maxOcclusionTime)
    duplicate = frames(p.duplicateTime)
    qualityWindow = min(max(frames(p.qualityWindowTime), 1), TrackRecord.historyCapacity)
    qualityMinHits = Int((p.qualityMinHitShare * Double(qualityWindow)).rounded())
  }
}

/// The camera's frame interval as the tracker sees it: the mean of the intervals between processed
/// frames, leaving out those longer than `skipFactor` times the shortest (a frame the phone skipped
/// because it was busy lengthens one interval without changing the camera's rate). Capture times on a
/// millisecond clock alternate 33 and 34 ms at 30 fps; the mean is the rate's own 1/30 s.
struct FrameClock: Sendable, Equatable {
  /// An interval this many times the shortest one or longer is a skipped frame.
  static let skipFactor = 1.5
  private var shortest = Double.infinity
  private var sum = 0.0
  private var count = 0

  mutating func observe(_ dt: Double) {
    guard dt.isFinite, dt > 0 else { return }
    shortest = min(shortest, dt)
    guard dt < Self.skipFactor * shortest else { return }
    sum += dt
    count += 1
  }

  /// Seconds; nil before two frames were seen.
  var interval: Double? { count > 0 ? sum / Double(count) : nil }
}
