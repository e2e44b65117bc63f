import DockSimCore

/// A tracker a recorded log can drive at the log's own capture times (seconds as logged, not rounded to
/// the simulation's microsecond clock), so a replay and its score see exactly the time steps the log
/// holds.
public protocol LogTracker: Tracker {
  /// One frame at capture time `time` (seconds) with the measured camera pose; returns the live tracks
  /// (tentative ones included), ordered by id.
  mutating func process(time: Double, pose: CameraPose, observations: [Observation]) -> [Track]
}

extension MultiTargetTracker: LogTracker {}
