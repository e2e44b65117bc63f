import DockSimCore
import DockSimIO

/// Which of a tracker's live tracks a replay writes to a MOTChallenge file
/// (`docksim replay --report-tracks`).
public enum ReportedTracks: String, Sendable, CaseIterable {
  /// Confirmed tracks that a detection updated in that frame: the tracker's estimate where it has
  /// evidence, as SORT and ByteTrack report. The default: a coasting track's prediction is not a
  /// detection of anyone, and MOTChallenge's scoring counts every reported box.
  case updated
  /// Confirmed tracks, coasting ones too (what DockSim's own scores count as hypotheses).
  case confirmed
  /// Every live track, tentative ones too.
  case all

  /// Whether `track` is reported.
  public func includes(_ track: Track) -> Bool {
    switch self {
    case .updated: track.status == .confirmed && track.updatedThisFrame
    case .confirmed: track.status != .tentative
    case .all: true
    }
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
    report: ReportedTracks = .updated, each: (LoggedFrame, [Track]) -> Void = { _, _ in }
  ) -> String {
    var tracker = tracker
    var out = ""
    for frame in log {
      let tracks = tracker.process(time: frame.time, pose: frame.pose, observations: frame.observations)
      each(frame, tracks)
      for t in tracks where report.includes(t) {
        let box = imageSize.pixels(t.box(camera: camera, pose: frame.pose))
        guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { continue }
        out += MOTChallengeFile.line(
          frame: Int(frame.frame), id: t.id, box: box, confidence: t.score, classID: -1)
      }
    }
    return out
  }
}
