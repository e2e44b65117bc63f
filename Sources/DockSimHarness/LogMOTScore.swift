import DockSimCore
import DockSimIO

/// The multi-object tracking scores of a tracker replayed over a recorded observation log, against
/// identity truth (`IdentityTruth`): CLEAR MOT, identity and HOTA metrics with the simulation's own
/// matching (`docs/metrics.md`, "What is compared"), plus how long false tracks live.
///
/// Every log frame from the first truth frame to the last is scored. Ground truth: every true object
/// whose centre projects inside the image through the logged camera pose. Hypotheses: the confirmed and
/// coasting tracks whose centre projects inside the image through that pose
/// (`TrackingMetrics.motHypothesis`). A true object and a track pair within `matchThreshold`
/// (normalized image units) and only when their kinds agree.
public struct LogMOTScore: Sendable {
  /// CLEAR MOT and identity metrics.
  public var mot: MOTSummary
  /// HOTA, DetA, AssA, LocA.
  public var hota: HOTASummary
  /// Log frames scored (within the truth's span).
  public var scoredFrames: Int
  /// How long a false track lived, in scored frames: the longest stretch from a frame in which a track
  /// was a false positive (a hypothesis paired with no true object) to a later one, the track alive and
  /// paired with no true object in every frame between (frames in which it is not scored, coasting
  /// outside the image or tentative, count too). 0 without false positives.
  public var longestFalseTrackFrames: Int
  /// The track of that run (the lowest id when several are as long); nil without false positives.
  public var longestFalseTrack: Int?
  /// The most false-positive frames of any one track, consecutive or not.
  public var mostFalseFramesOfOneTrack: Int

  /// The headline figures as (name, value) pairs, in this order: what `docksim replay --score-truth`
  /// prints. Values are nil where a ratio does not apply.
  public var figures: [(name: String, value: Double?)] {
    [
      ("mota", mot.mota), ("idf1", mot.idf1), ("hota", hota.hota), ("id_switches", Double(mot.numSwitches)),
      ("false_positives", Double(mot.numFalsePositives)), ("misses", Double(mot.numMisses)),
      ("longest_false_track_frames", Double(longestFalseTrackFrames)),
      ("most_false_frames_of_one_track", Double(mostFalseFramesOfOneTrack)),
      ("fragmentations", Double(mot.numFragmentations)), ("motp_distance", mot.motp),
      ("truth_rows", Double(mot.numObjects)), ("track_rows", Double(mot.numPredictions)),
      ("frames_scored", Double(scoredFrames)),
    ]
  }

  /// Replays `log` through `tracker` (from its current state; normally a new one) and scores its
  /// tracks against `truth`.
  ///
  /// - Parameters:
  ///   - truth: the true objects, frames non-decreasing (`IdentityTruth`); frames absent from the log
  ///     are ignored.
  ///   - camera: the camera that projects truth and tracks into the image.
  ///   - matchThreshold: the largest distance, normalized image units, at which a true object and a
  ///     track pair (the scenarios' default `match_threshold`).
  public static func score<T: LogTracker>(
    log: [LoggedFrame], truth: [TruthObject], camera: PinholeCamera, tracker: T,
    matchThreshold: Double = MOTAccumulator.defaultMatchThreshold
  ) -> LogMOTScore {
    var tracker = tracker
    var scorer = LogMOTScorer(truth: truth, camera: camera, matchThreshold: matchThreshold)
    for frame in log {
      let tracks = tracker.process(time: frame.time, pose: frame.pose, observations: frame.observations)
      scorer.observe(frame, tracks: tracks)
    }
    return scorer.result()
  }
}

/// `LogMOTScore` frame by frame, for a caller that runs the tracker itself (a replay that also writes
/// the estimates scores them in the same pass). Feed every log frame in order with the tracks the
/// tracker returned for it, then take `result()`.
public struct LogMOTScorer: Sendable {
  let truth: [TruthObject]
  let camera: PinholeCamera
  var mot: MOTAccumulator
  var hota: HOTAAccumulator
  var events = MOTFrameEvents()
  /// Subject names numbered in order of first appearance.
  var subjects: [String: Int] = [:]
  let span: ClosedRange<Int64>?
  /// The first truth row not before the current frame; both lists increase.
  var next = 0
  var scored = 0
  /// Per live track: the scored frame (ordinal) of its current false stretch's first and last false
  /// positive.
  var runs: [Int: (first: Int, last: Int)] = [:]
  var falseFrames: [Int: Int] = [:]
  var longest: (frames: Int, track: Int?) = (0, nil)
  var paired = Set<Int>()
  var live = Set<Int>()
  var groundTruth: [(id: Int, u: Double, v: Double)] = []
  var hypotheses: [(id: Int, u: Double, v: Double)] = []

  /// A scorer against `truth` (see `LogMOTScore.score` for the parameters).
  public init(
    truth: [TruthObject], camera: PinholeCamera, matchThreshold: Double = MOTAccumulator.defaultMatchThreshold
  ) {
    self.truth = truth
    self.camera = camera
    mot = MOTAccumulator(matchThreshold: matchThreshold)
    hota = HOTAAccumulator(matchThreshold: matchThreshold)
    for t in truth where subjects[t.subject] == nil { subjects[t.subject] = subjects.count }
    span = truth.isEmpty ? nil : truth.first!.frame...truth.last!.frame
  }

  /// Scores the live `tracks` (tentative ones included) the tracker returned for log frame `frame`.
  public mutating func observe(_ frame: LoggedFrame, tracks: [Track]) {
    guard let span, span.contains(frame.frame) else { return }
    while next < truth.count && truth[next].frame < frame.frame { next += 1 }
    groundTruth.removeAll(keepingCapacity: true)
    while next < truth.count && truth[next].frame == frame.frame {
      let t = truth[next]
      let id = TrackingMetrics.motObjectID(subject: subjects[t.subject]!, kind: t.kind)
      if let g = TrackingMetrics.motGroundTruth(
        id: id, direction: Direction(azimuth: t.azimuth, elevation: t.elevation), kind: t.kind,
        pose: frame.pose, camera: camera)
      {
        groundTruth.append(g)
      }
      next += 1
    }
    hypotheses.removeAll(keepingCapacity: true)
    for t in tracks {
      if let h = TrackingMetrics.motHypothesis(t, pose: frame.pose, camera: camera) { hypotheses.append(h) }
    }
    mot.observe(frame: Int(frame.frame), groundTruth: groundTruth, hypotheses: hypotheses, events: &events)
    hota.observe(frame: Int(frame.frame), groundTruth: groundTruth, hypotheses: hypotheses)
    paired.removeAll(keepingCapacity: true)
    live.removeAll(keepingCapacity: true)
    for t in tracks { live.insert(t.id) }
    for e in events.events where e.kind == .match || e.kind == .identitySwitch {
      paired.insert(e.hypothesis!)
    }
    // A stretch ends when its track is paired with a true object or dies.
    for id in runs.keys where paired.contains(id) || !live.contains(id) { runs[id] = nil }
    for e in events.events where e.kind == .falsePositive {
      let id = e.hypothesis!
      falseFrames[id, default: 0] += 1
      let run = (first: runs[id]?.first ?? scored, last: scored)
      runs[id] = run
      let length = run.last - run.first + 1
      if length > longest.frames || (length == longest.frames && id < longest.track!) {
        longest = (length, id)
      }
    }
    scored += 1
  }

  /// The scores of the frames observed so far.
  public func result() -> LogMOTScore {
    LogMOTScore(
      mot: mot.summary(), hota: hota.summary(), scoredFrames: scored, longestFalseTrackFrames: longest.frames,
      longestFalseTrack: longest.track, mostFalseFramesOfOneTrack: falseFrames.values.max() ?? 0)
  }
}
