import DockSimCore
import Foundation

/// Values a scenario may legally hold but almost surely holds by mistake: a unit mixed up (radians
/// written as degrees, centimetres as metres, minutes as seconds) or a slip of a digit. `docksim
/// validate` and `docksim run` print them as warnings and go on (`--quiet` silences them); they never
/// fail a file (docs/scenarios.md, "Plausibility warnings").
public enum ScenarioPlausibility {
  /// Horizontal field of view, degrees, below which a phone's camera hardly goes (a 5× telephoto is
  /// about 14°): a smaller one is most likely radians written as degrees.
  public static let narrowestFieldOfViewDeg = 10.0
  /// Horizontal distance from the stand, metres, beyond which a phone's detector no longer finds a
  /// person (a 1.7 m person at 30 m is about 3 % of a 1080-pixel-high image): a farther waypoint is
  /// most likely centimetres or millimetres written as metres.
  public static let farthestSubjectM = 30.0
  /// A person taller than this, metres, is most likely centimetres written as metres.
  public static let tallestPersonM = 2.6
  /// A scenario longer than this, seconds, is most likely minutes or milliseconds written as seconds;
  /// the shipped scenarios run 5–60 s, the long benchmark one hour.
  public static let longestDurationS = 3_600.0

  /// One warning per implausible value, each `<file>: <field>: <value> <why>; <the unit>` (the
  /// commands print it after `docksim: warning: `).
  public static func warnings(_ scenario: Scenario, file: String) -> [String] {
    var found: [String] = []
    func warn(_ field: String, _ message: String) { found.append("\(file): \(field): \(message)") }

    let hfovDeg = scenario.camera.horizontalFOV * 180 / .pi
    if hfovDeg < narrowestFieldOfViewDeg {
      warn(
        "camera.hfov_deg",
        "\(shown(hfovDeg))° is narrower than any phone camera (\(shown(narrowestFieldOfViewDeg))°); "
          + "the field is in degrees (1.2 rad is 68.75°)")
    }
    let duration = scenario.duration.seconds
    if duration > longestDurationS {
      warn(
        "duration_s",
        "\(shown(duration)) s is \(shown(duration / 3_600)) hours; the field is in seconds "
          + "(a run longer than \(shown(longestDurationS)) s is unusual outside benchmarks)")
    }
    for (i, subject) in scenario.subjects.enumerated() {
      let person = subject.kind == .humanBody || subject.kind == .humanFace
      if person && subject.height > tallestPersonM {
        warn(
          "subjects[\(i)].height_m",
          "\(shown(subject.height)) m is taller than a person (\(shown(tallestPersonM)) m); the field is in metres"
        )
      }
      // The farthest waypoint only: one warning per subject, at the waypoint that shows the mistake.
      let distances = subject.path.waypoints.map { w -> Double in
        let p = w.position.point
        return (p.x * p.x + p.y * p.y).squareRoot()
      }
      if let far = distances.indices.max(by: { distances[$0] < distances[$1] }),
        distances[far] > farthestSubjectM
      {
        warn(
          "subjects[\(i)].path[\(far)]",
          "\(shown(distances[far])) m from the stand is farther than a phone's detector finds a person "
            + "(\(shown(farthestSubjectM)) m); distances are in metres")
      }
    }
    return found
  }

  /// Up to 4 significant digits, locale-free, no trailing zeros.
  private static func shown(_ value: Double) -> String {
    let text = String(format: "%.4g", locale: Locale(identifier: "en_US_POSIX"), value)
    return text.contains("e") ? String(value) : text
  }
}
