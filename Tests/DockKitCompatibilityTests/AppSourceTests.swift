import Foundation
import Testing

/// The app under test (App/) must be code that also compiles against Apple's DockKit: it may import
/// DockSimKit (where the app imports DockKit), Foundation, Observation and, on Apple platforms,
/// AVFoundation, and must not reach for DockSimKit's own additions. This keeps the compatibility claim
/// honest as the kit grows.
@Suite("The app under test uses DockKit's API only")
struct AppSourceTests {
  static let appDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("App")

  /// DockSimKit's additions (docs/dockkit-api.md, "DockSimKit's own additions"), as app code would
  /// spell a use of them.
  static let additions: [String] = [
    "advance(", "runToEnd(", "SimTime", "MotionProgress", "waitUntilFinished", "virtualTime", ".diagnostics",
    "simulateAccessoryEvent", "setDocked(", "pressTrackingButton(", "subjectIDs:", ".trackingState ",
    ".trackingState.", ".motionState ", ".motionState.", ".batteryState ", ".batteryState.", ".trackID",
    "DockAccessoryManager(scenario", "defaultScenario", "currentTime", "manager.isFinished",
    "ScenarioEndedError",
    "SimulationClock", "AxisPair", ".positions", ".velocities", "NormalizedRect", "ScenarioResult",
    ".accessories", ".camera.", "import DockSimCore", "import DockSimIO",
    // DockSim's own error case, and the kit's CaseIterable conformances.
    ".systemTrackingEnabled", ".allCases",
  ]

  static let allowedImports: Set<String> = ["DockSimKit", "Foundation", "Observation", "AVFoundation"]

  static func appFiles() throws -> [(name: String, text: String)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: appDirectory.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    return try names.map {
      ($0, try String(contentsOf: appDirectory.appendingPathComponent($0), encoding: .utf8))
    }
  }

  @Test("no DockSimKit addition and no other import")
  func onlyDockKitSpellings() throws {
    let files = try Self.appFiles()
    #expect(files.count >= 2)
    for (name, text) in files {
      // Comments may name anything; code may not.
      let code = text.split(separator: "\n").map { line -> Substring in
        guard let r = line.range(of: "//") else { return line }
        return line[..<r.lowerBound]
      }.joined(separator: "\n")
      for addition in Self.additions {
        #expect(!code.contains(addition), "\(name) uses DockSimKit's addition '\(addition)'")
      }
      for line in code.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard words.first == "import", words.count == 2 else { continue }
        #expect(Self.allowedImports.contains(String(words[1])), "\(name) imports \(words[1])")
      }
      #expect(code.contains("import DockSimKit"), "\(name) imports the kit where the app imports DockKit")
    }
  }
}
