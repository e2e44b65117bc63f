import DockSimIO
import DockSimKit
import Foundation
import Testing

/// The Swift code of DockSimKit's DocC article "Testing a DockKit app with DockSimKit", verbatim, so it
/// compiles and runs (DockSimCoreTests' DocCSnippetsMatchTests checks the article still shows this code).
@Suite struct DocCArticleSnippetTests {
  @Test func testingADockKitApp() async throws {
    let scenario = try ScenarioLoader.parse(
      yaml: """
        name: still-face
        seed: 7
        duration_s: 6
        subjects:
          - id: face
            kind: humanFace
            width_m: 0.16
            height_m: 0.22
            path: [{ t_s: 0, azimuth_deg: 10, distance_m: 1.5, height_m: -0.3 }]
        """,
      file: "still-face.yaml")
    let manager = try DockAccessoryManager(scenario: scenario)
    let dock = manager.accessory
    try manager.advance(by: 2)  // two virtual seconds of system tracking
    try await manager.setSystemTrackingEnabled(false)
    try await dock.setAngularVelocity(Vector3D(x: 0, y: 0.3, z: 0))
    try manager.advance(by: 1)
    try await manager.setSystemTrackingEnabled(true)
    let result = try manager.runToEnd()
    #expect(result.metric(.apiViolations) == 0)
    #expect(manager.isFinished)
  }
}
