import DockSimIO
import DockSimKit
import Foundation

// An app's own tracking loop on DockSim's virtual clock: loads a scenario (argv[1], default
// Scenarios/walk-across.yaml relative to the current directory), turns system tracking off, steers the
// stand every 1/15 s from the tracking state, and prints the score. The output is deterministic.

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Scenarios/walk-across.yaml"
do {
  let manager = try DockAccessoryManager(scenario: try ScenarioLoader.load(path: path))
  let result = try await CenteringApp().run(manager)
  print(CenteringApp.scoreLine(result))
} catch {
  FileHandle.standardError.write(Data("dock-app-example: \(error)\n".utf8))
  exit(1)
}
