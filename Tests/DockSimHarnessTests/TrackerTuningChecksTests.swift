import DockSimCore
import DockSimIO
import Testing

@testable import DockSimHarness

/// `docksim tune`'s `tracker.*` parameters are checked against `TrackerParameters.table` (the field's
/// kind and every value the search can try) and applied to a recorded log's tracker typed, through
/// the table.
struct TrackerTuningChecksTests {
  func refusal(_ parameter: TuneParameter) -> String? {
    do {
      try Tuner.checkTrackerParameters(SearchSpace([parameter]), file: "t.yaml")
      return nil
    } catch { return "\(error)" }
  }

  @Test func theTableChecksTheSearchSpace() {
    #expect(
      refusal(TuneParameter(path: "tracker.gate", domain: .real(lower: 4, upper: 40, logarithmic: true)))
        == nil)
    #expect(
      refusal(TuneParameter(path: "tracker.anchor_cut_edges", domain: .choice(["true", "false"]))) == nil)
    #expect(
      refusal(
        TuneParameter(path: "controller.gain_per_s", domain: .real(lower: 0, upper: 1e9, logarithmic: false)))
        == nil, "other sections are the scenarios' to check")
    let cases: [(TuneParameter, String)] = [
      (
        TuneParameter(path: "tracker.gate", domain: .real(lower: 4, upper: 4000, logarithmic: false)),
        "t.yaml: parameters: tracker.gate: expected a number <= 1000, got 4000.0"
      ),
      (
        TuneParameter(path: "tracker.handover_angle_deg", domain: .choice(["5", "95"])),
        "t.yaml: parameters: tracker.handover_angle_deg: expected a number <= 90, got 95"
      ),
      (
        TuneParameter(
          path: "tracker.confirm_hits", domain: .real(lower: 2, upper: 5, logarithmic: false)),
        "t.yaml: parameters: tracker.confirm_hits: expected an integer range (integer: true in a specification, :int with --param): the field takes an integer in 1 ... 100"
      ),
      (
        TuneParameter(
          path: "tracker.anchor_cut_edges", domain: .integer(lower: 0, upper: 1, logarithmic: false)),
        "t.yaml: parameters: tracker.anchor_cut_edges: expected values to choose from"
      ),
      (
        TuneParameter(path: "tracker.gaet", domain: .real(lower: 4, upper: 40, logarithmic: false)),
        "t.yaml: parameters: tracker.gaet: unknown field 'gaet' (did you mean 'gate'?)"
      ),
    ]
    for (parameter, message) in cases {
      let got = refusal(parameter)
      #expect(got?.hasPrefix(message) == true, "\(parameter.path): \(got ?? "accepted")")
    }
  }

  /// A candidate's values reach a log's tracker typed: degrees as radians, integers and booleans as
  /// such, other sections ignored.
  @Test func valuesAreAppliedThroughTheTable() throws {
    let space = SearchSpace([
      TuneParameter(
        path: "tracker.handover_angle_deg", domain: .real(lower: 0, upper: 90, logarithmic: false)),
      TuneParameter(
        path: "tracker.confirm_hits", domain: .integer(lower: 2, upper: 64, logarithmic: false)),
      TuneParameter(path: "tracker.anchor_cut_edges", domain: .choice(["true", "false"])),
      TuneParameter(path: "controller.gain_per_s", domain: .real(lower: 1, upper: 10, logarithmic: false)),
    ])
    let values = space.values(at: [1, 0, 1, 0.5])
    #expect(values == ["90.0", "2", "false", "5.5"])
    let p = try space.trackerParameters(values, source: "candidate")
    var want = TrackerParameters()
    want.handoverAngle = Double.pi / 2
    want.confirmHits = 2
    want.anchorCutEdges = false
    #expect(p == want)
    #expect(try space.trackerParameters(space.values(at: [0, 1, 0, 0]), source: "c").confirmHits == 64)
  }
}
