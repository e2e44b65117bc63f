import DockSimCore
import DockSimIO

/// Which of a tracker's live tracks a replay writes to a MOTChallenge file
/// (`docksim replay --report-tracks`).
public enum ReportedTracks: String, Sendable, CaseIterable {
  /// As `updated`, but a track that lapsed (a frame in which no detection updated it) is reported again
  /// only from its `confirm_hits`-th update in a row: SORT's hit streak. It paid while a coasting track
  /// could take any false detection its gate reached; since weak boxes only continue a track where it
  /// is (docs/tracker.md, step 3) `updated` scores better on MOT15.
  case reconfirmed
  /// Confirmed tracks that a detection updated in that frame: the tracker's estimate where it has
  /// evidence, as ByteTrack reports. A coasting track's prediction is not a detection of anyone, and
  /// MOTChallenge's scoring counts every reported box. The default (measured on MOT15, docs/tracker.md).
  case updated
  /// Confirmed tracks, coasting ones too (what DockSim's own scores count as hypotheses).
  case confirmed
  /// Every live track, tentative ones too.
  case all

  /// Whether `track` is reported, for the rules that need no history (`reconfirmed` is `updated` here;
  /// `TrackReport` adds its streak).
  public func includes(_ track: Track) -> Bool {
    switch self {
    case .reconfirmed, .updated: track.status == .confirmed && track.updatedThisFrame
    case .confirmed: track.status != .tentative
    case .all: true
    }
  }
}

/// Which of a frame's tracks a MOTChallenge output reports, frame after frame: `ReportedTracks` with
/// the history `reconfirmed` needs (each live track's updates in a row and whether it ever lapsed).
public struct TrackReport: Sendable {
  /// Which tracks are reported.
  public let rule: ReportedTracks
  /// Updates in a row after a lapse before a track is reported again (`reconfirmed`): the tracker's
  /// `confirm_hits`.
  public let streak: Int
  private var runs: [Int: Run] = [:]

  private struct Run: Sendable {
    var updates = 0
    var lapsed = false
  }

  /// A report that has seen no frame yet.
  public init(rule: ReportedTracks, streak: Int) {
    self.rule = rule
    self.streak = streak
  }

  /// The tracks of the next frame (the tracker's list, in its order) that are reported.
  public mutating func select(_ tracks: [Track]) -> [Track] {
    guard rule == .reconfirmed else { return tracks.filter(rule.includes) }
    var live: [Int: Run] = [:]
    var out: [Track] = []
    for t in tracks {
      var run = runs[t.id] ?? Run()
      if t.updatedThisFrame {
        run.updates += 1
      } else {
        run.updates = 0
        // A tentative track's miss is its confirmation's business, not a lapse.
        if t.status != .tentative { run.lapsed = true }
      }
      live[t.id] = run
      if rule.includes(t) && (!run.lapsed || run.updates >= streak) { out.append(t) }
    }
    // Deleted tracks are forgotten; ids are never reused.
    runs = live
    return out
  }
}

extension Replay {
  /// The tracks of `tracker` (from its current state; normally a new one) over `log` as a MOTChallenge
  /// tracker file: one line `frame,id,bb_left,bb_top,bb_width,bb_height,conf,-1,-1,-1` per reported
  /// track and frame, with the log's frame numbers; the box is the track's own estimate through
  /// `camera` at the frame's pose (`Track.box`), in pixels of `imageSize` (top-left origin, 1-based
  /// as MOTChallenge writes them); `conf` is the score of the detection that last updated the track.
  /// `each` sees every frame with the tracks returned for it.
  public static func motTracks<T: LogTracker>(
    log: [LoggedFrame], tracker: T, camera: PinholeCamera, imageSize: ImageSize,
    report: ReportedTracks = .updated, streak: Int = TrackerParameters().confirmHits,
    each: (LoggedFrame, [Track]) -> Void = { _, _ in }
  ) -> String {
    var tracker = tracker
    var reporter = TrackReport(rule: report, streak: streak)
    var out = ""
    for frame in log {
      let tracks = tracker.process(time: frame.time, pose: frame.pose, observations: frame.observations)
      each(frame, tracks)
      for t in reporter.select(tracks) {
        let box = imageSize.pixels(t.box(camera: camera, pose: frame.pose))
        guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { continue }
        out += MOTChallengeFile.line(
          frame: Int(frame.frame), id: t.id, box: box, confidence: t.score, classID: -1)
      }
    }
    return out
  }
}
