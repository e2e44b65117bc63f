import DockSimHarness
import DockSimIO

/// Prints `ScenarioPlausibility`'s warnings for each scenario file once (a Monte Carlo run loads a
/// file once per repetition), in the order of the files.
func printPlausibilityWarnings(_ items: [WorkItem]) {
  var seen = Set<String>()
  for item in items where seen.insert(item.path).inserted {
    for warning in ScenarioPlausibility.warnings(item.scenario, file: item.path) {
      printError("docksim: warning: " + warning)
    }
  }
}
