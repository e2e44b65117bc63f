import DockSimIO
import Testing

/// `FileKind.recognise`: what a file is, by its content.
struct FileKindTests {
  @Test(
    "each kind is told by its content, comments first or not",
    arguments: [
      ("name: a\nseed: 1\n", FileKind.scenario),
      ("# a walk, slow\nsubjects: []\n", .scenario),
      ("suite: s\nscenarios: [a.yaml]\n", .suite),
      ("# held out, by seed\nsuite: s\n", .suite),
      ("tune: t\ntrain: [a.yaml]\n", .tuneSpec),
      ("metrics:\n  mota: { better: higher }\nscenarios: {}\n", .tolerances),
      ("tracker:\n  gate: 12\ncontroller:\n  gain_per_s: 3\n", .parameters),
      ("# written by docksim, 2 runs\nscenario,seed,duration_s\na,1,2\n", .table),
      ("frame,t_s,camera_yaw_rad,camera_pitch_rad\n0,0,0,0\n", .observationLog),
    ])
  func recognises(text: String, kind: FileKind) {
    #expect(FileKind.recognise(text: text, file: "f") == kind)
  }

  @Test(
    "content that says nothing is left to the reader the command meant",
    arguments: ["", "# only a comment\n", "- a\n- b\n", "colour: red\n", "name: [unclosed\n", "just text\n"])
  func unknown(text: String) {
    #expect(FileKind.recognise(text: text, file: "f") == nil)
  }

  @Test("only scenarios and suites pass where a scenario is expected; a missing file is left to the loader")
  func requireScenarioOrSuite() throws {
    #expect(try FileKind.requireScenarioOrSuite("/nonexistent/x.yaml") == nil)
    #expect(FileKind.tuneSpec.takenBy == "`docksim tune` takes it")
  }
}
