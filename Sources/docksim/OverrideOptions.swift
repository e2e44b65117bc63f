import ArgumentParser
import DockSimIO

/// `--set` and `--params`, shared by the commands that load scenarios.
struct OverrideOptions: ParsableArguments {
  @Option(
    name: .customLong("set"),
    help: ArgumentHelp(
      "Override a scenario field for every scenario: PATH=VALUE, e.g. tracker.process_noise_angle=0.3 or subjects[0].width_m=0.4 (repeatable; validated like the file).",
      valueName: "path=value"))
  var assignments: [String] = []

  @Option(
    name: .customLong("params"),
    help: ArgumentHelp(
      "A YAML file of scenario fields merged into every scenario (a tuned parameter set; repeatable, later ones win).",
      valueName: "file"),
    completion: .file(extensions: ["yaml", "yml"]))
  var overlays: [String] = []

  /// The overrides, or a usage error naming the bad argument.
  func overrides() throws -> ScenarioOverrides {
    var o = ScenarioOverrides()
    do {
      for path in overlays { try o.addOverlay(path: path) }
      for a in assignments { try o.addAssignment(a) }
    } catch { throw fail("\(error)") }
    return o
  }
}
