import DockSimIO
import DockSimKit
import Foundation

/// The scenarios the app under test runs on (in this target, so the tests need nothing outside it).
enum Fixtures {
  /// `Scenarios/` beside this directory. The other compatibility targets compile this file through a
  /// symlinked directory, so the path is resolved to where the file really is.
  static let directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios")

  /// A fresh world on `Scenarios/<name>.yaml`.
  static func manager(_ name: String) throws -> DockAccessoryManager {
    try DockAccessoryManager(
      scenario: ScenarioLoader.load(path: directory.appendingPathComponent("\(name).yaml").path))
  }
}
