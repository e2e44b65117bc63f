import DockSimIO
import DockSimKit
import Foundation

/// The scenarios the app under test runs on (in this target, so the tests need nothing outside it).
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Scenarios")

  /// A fresh world on `Scenarios/<name>.yaml`.
  static func manager(_ name: String) throws -> DockAccessoryManager {
    try DockAccessoryManager(
      scenario: ScenarioLoader.load(path: directory.appendingPathComponent("\(name).yaml").path))
  }
}
