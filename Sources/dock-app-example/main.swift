import DockSimIO
import DockSimKit
import Foundation

// An app's own tracking loop on DockSim's virtual clock: loads a scenario (argv[1], default
// Scenarios/walk-across.yaml relative to the current directory), finds the stand as a DockKit app does
// (accessoryStateChanges), turns system tracking off, steers the stand every 1/15 s of the manager's
// clock from the tracking state, and prints the score. The output is deterministic.

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Scenarios/walk-across.yaml"
do {
  let manager = try DockAccessoryManager(scenario: try ScenarioLoader.load(path: path))

  var found: DockAccessory?
  for await change in try manager.accessoryStateChanges where change.state == .docked {
    found = change.accessory
    break
  }
  guard found != nil else {
    FileHandle.standardError.write(Data("dock-app-example: no docked accessory in \(path)\n".utf8))
    exit(1)
  }

  let result = try await CenteringApp().run(manager)
  print(CenteringApp.scoreLine(result))
} catch {
  FileHandle.standardError.write(Data("dock-app-example: \(error)\n".utf8))
  exit(1)
}
