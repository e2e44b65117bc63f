import DockSimIO
import Testing

/// The parameter overlay text (`best.yaml`): nesting, order, quoting, comments, and the empty overlay.
@Suite struct ParamsOverlayYAMLTests {
  @Test func pathsNestInFirstAppearanceOrder() {
    let text = ParamsOverlayYAML.text(
      [("tracker.gate", "16"), ("detector.miss_rate", "0.1"), ("tracker.max_age_frames", "30")],
      comments: ["trial 3"])
    #expect(
      text == "# trial 3\ntracker:\n  gate: 16\n  max_age_frames: 30\ndetector:\n  miss_rate: 0.1\n")
  }

  @Test func textThatWouldReadAsSomethingElseIsQuoted() {
    let text = ParamsOverlayYAML.text([("a.b", "x: y"), ("a.c", "#no")], comments: [])
    #expect(text == "a:\n  b: 'x: y'\n  c: '#no'\n")
  }

  @Test func noValuesGiveAnEmptyMapping() {
    #expect(ParamsOverlayYAML.text([], comments: ["none"]) == "# none\n{}\n")
  }
}
