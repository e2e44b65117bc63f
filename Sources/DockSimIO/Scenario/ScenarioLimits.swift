/// Resource bounds of one scenario, checked while the file is read and before the simulation allocates
/// anything: a scenario beyond them is almost certainly a units mistake or the wrong file, and would
/// otherwise run for days or exhaust memory. `docs/scenarios.md` ("Resource limits") documents them.
///
/// The shipped scenarios (`Scenarios/`, including the one-hour, 16-subject benchmark) sit far below
/// every limit.
public enum ScenarioLimits {
  /// Physics ticks in one run: `duration_s × physics_rate_hz` (a 24-hour run at the default 1000 Hz
  /// is 86.4 million; the one-hour benchmark 3.6 million).
  public static let maximumTicks = 1_000_000_000
  /// Camera frames in one run: `duration_s × frame_rate_hz` (one row each in the trace CSV).
  public static let maximumFrames = 10_000_000
  /// Entries of `subjects`.
  public static let maximumSubjects = 256
  /// Waypoints in one subject's `path`.
  public static let maximumWaypoints = 100_000
  /// Entries of `events`.
  public static let maximumEvents = 100_000
  /// Entries of `occluders`.
  public static let maximumOccluders = 1_024

  /// "at most N" with thousands separators, as the messages and the docs write it.
  static func formatted(_ n: Int) -> String {
    var digits = Array(String(n))
    var out: [Character] = []
    while digits.count > 3 {
      out = [","] + digits.suffix(3) + out
      digits.removeLast(3)
    }
    return String(digits + out)
  }
}
