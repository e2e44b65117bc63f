import DockSimCore
import DockSimIO
import Foundation
import Testing

/// The scenario's app selecting a person (`select_subjects`): it selects the track that is on that
/// person, never a companion's track that merely lies nearest their hidden body, and with `retry_s` it
/// taps again while DockKit finds nobody there.
struct ScriptedSelectionTests {
  /// Two people walking across together, one half a step behind the other and in step with them, so
  /// that from the stand three quarters of them stay hidden (only a strip beside the one in front
  /// shows, too little to be detected), with the app selecting `selected` at `at` seconds.
  static func pair(
    selecting selected: String, at: Double, retry: Double? = nil, then later: String = ""
  ) throws -> [FrameRecord] {
    let retryField = retry.map { ", retry_s: \($0)" } ?? ""
    let yaml = """
      name: selection-pair
      seed: 7
      duration_s: 6
      dock:
        initial: { yaw_deg: -30, pitch_deg: 0 }
      events:
        - { t_s: \(at), select_subjects: [\(selected)]\(retryField) }
      \(later)
      subjects:
        - id: front
          kind: humanBody
          width_m: 0.5
          height_m: 1.76
          path:
            - { t_s: 0, x_m: 3.0, y_m: -1.45, height_m: -0.12 }
            - { t_s: 6, x_m: 3.0, y_m: 1.6, height_m: -0.12 }
        - id: behind
          kind: humanBody
          width_m: 0.5
          height_m: 1.72
          path:
            - { t_s: 0, x_m: 3.5, y_m: -1.532, height_m: -0.14 }
            - { t_s: 6, x_m: 3.5, y_m: 2.027, height_m: -0.14 }
      """
    var sim = try Simulation(scenario: ScenarioLoader.parse(yaml: yaml, file: "pair.yaml"))
    var sink = DockKitScenarioTests.Recorder()
    _ = try sim.run(trace: &sink)
    return sink.records
  }

  static func outcomes(_ records: [FrameRecord]) -> [(time: Double, refused: DockKitError?)] {
    records.flatMap { r in
      r.commands.filter { $0 == "selectSubjects" }.map { _ in (r.time.seconds, nil) }
        + r.violations.filter { $0.command == "selectSubjects" }.map { ($0.time.seconds, $0.error) }
    }
  }

  /// The judge counts the wrong subject from the app's first selection when that selection asks for
  /// the scenario's primary subject (`Scenario.primarySelectionTime`): the earliest `select_subjects`
  /// event by time (file order for ties), only when the first person it names is the primary.
  @Test func theWrongSubjectIsJudgedFromTheAppsFirstSelectionOfThePrimary() throws {
    func selectionTime(primary: String, events: [String]) throws -> Double? {
      let yaml = """
        name: judged-from
        seed: 1
        duration_s: 3
        primary_subject: \(primary)
        events:
        \(events.map { "  - \($0)" }.joined(separator: "\n"))
        subjects:
          - { id: front, kind: humanBody, width_m: 0.5, height_m: 1.7, path: [{ t_s: 0, x_m: 3, y_m: 0, height_m: 0 }] }
          - { id: behind, kind: humanBody, width_m: 0.5, height_m: 1.7, path: [{ t_s: 0, x_m: 4, y_m: 0, height_m: 0 }] }
        """
      return try ScenarioLoader.parse(yaml: yaml, file: "judged.yaml").primarySelectionTime?.seconds
    }
    let first = "{ t_s: 1.5, select_subjects: [behind, front] }"
    let later = "{ t_s: 2, select_subjects: [front] }"
    #expect(try selectionTime(primary: "behind", events: [first, later]) == 1.5)
    // Listed out of order: the earliest counts.
    #expect(try selectionTime(primary: "behind", events: [later, first]) == 1.5)
    // The app asks for someone else first: judged from the start, as without any selection.
    #expect(try selectionTime(primary: "front", events: [first, later]) == nil)
    #expect(try selectionTime(primary: "front", events: ["{ t_s: 1, set_framing_mode: left }"]) == nil)
  }

  /// The person behind is mostly hidden: the only track near their visible strip is the one in front,
  /// which is not theirs, so DockKit finds nobody (the nearest-track rule before accepted it, and the
  /// run was about the person behind while the stand followed the one in front). Selecting the person
  /// in front, the control, is accepted.
  @Test func aCompanionsTrackIsNotTheHiddenPersons() throws {
    let hidden = Self.outcomes(try Self.pair(selecting: "behind", at: 1.5))
    #expect(hidden.count == 1 && hidden.first?.refused == .noSubjectFound, "\(hidden)")
    let front = Self.outcomes(try Self.pair(selecting: "front", at: 1.5))
    #expect(front.count == 1 && front.first?.refused == nil, "\(front)")
  }

  /// Selected before any track is confirmed (0.05 s), the app's one call is refused; with `retry_s` it
  /// taps again each frame and the first accepted call is the only one logged.
  @Test func aRefusedSelectionIsTriedAgainForRetrySeconds() throws {
    let once = Self.outcomes(try Self.pair(selecting: "front", at: 0.05))
    #expect(once.count == 1 && once.first?.refused == .noSubjectFound, "\(once)")
    let again = Self.outcomes(try Self.pair(selecting: "front", at: 0.05, retry: 2))
    #expect(again.count == 1, "\(again)")
    let accepted = try #require(again.first)
    #expect(accepted.refused == nil && accepted.time > 0.05 && accepted.time < 1, "\(accepted)")
    // Never found within the time: one refusal, at the last try.
    let hidden = Self.outcomes(try Self.pair(selecting: "behind", at: 1.5, retry: 0.5))
    #expect(hidden.count == 1 && hidden.first?.refused == .noSubjectFound, "\(hidden)")
    if let t = hidden.first?.time { #expect(abs(t - 2.0) < 0.05, "refused at the last try, \(t) s") }
  }

  /// A later selection replaces one still being tried: the person behind is never found, and once
  /// the person in front is selected at 1.6 s the app stops trying (no refusal at the end of the 2 s).
  @Test func aLaterSelectionReplacesOneBeingTried() throws {
    let records = try Self.pair(
      selecting: "behind", at: 1.5, retry: 2, then: "  - { t_s: 1.6, select_subjects: [front] }")
    let outcomes = Self.outcomes(records)
    #expect(outcomes.count == 1 && outcomes.first?.refused == nil, "\(outcomes)")
    if let t = outcomes.first?.time { #expect(abs(t - 1.6) < 0.05, "accepted at \(t) s") }
  }

  @Test(arguments: [
    ("  - { t_s: 1, set_system_tracking: false, retry_s: 2 }", "retry_s", "select_subjects only"),
    ("  - { t_s: 1, select_subjects: [a], retry_s: -1 }", "retry_s", "expected"),
    ("  - { t_s: 1, select_subjects: [a], retry_s: 61 }", "retry_s", "expected"),
  ])
  func aBadRetryIsNamed(_ event: String, _ field: String, _ message: String) {
    let yaml = """
      name: bad-retry
      seed: 1
      duration_s: 2
      events:
      \(event)
      subjects:
        - { id: a, kind: humanBody, width_m: 0.5, height_m: 1.7, path: [ { t_s: 0, azimuth_deg: 0, distance_m: 3, height_m: 0 } ] }
      """
    do {
      _ = try ScenarioLoader.parse(yaml: yaml, file: "bad.yaml")
      Issue.record("accepted: \(event)")
    } catch {
      let text = "\(error)"
      #expect(text.contains("bad.yaml") && text.contains(field) && text.contains(message), "\(text)")
    }
  }
}
