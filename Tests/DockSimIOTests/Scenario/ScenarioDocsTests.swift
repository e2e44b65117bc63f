import Foundation
import Testing

@testable import DockSimIO

/// `docs/scenarios.md` stays in step with the loader: its examples load and it documents every field.
@Suite struct ScenarioDocsTests {
  static let docs = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs/scenarios.md")

  static func text() throws -> String { try String(contentsOf: docs, encoding: .utf8) }

  @Test func yamlExamplesAreValid() throws {
    let blocks = try Self.text().components(separatedBy: "```yaml\n").dropFirst()
      .map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count >= 2)
    for block in blocks {
      #expect(throws: Never.self) { try ScenarioLoader.parse(yaml: block, file: "docs/scenarios.md") }
    }
  }

  @Test func everyFieldIsDocumented() throws {
    let text = try Self.text()
    let fields =
      ScenarioSchema.fields + DockSchema.fields + DockSchema.initialFields + AxisSchema.fields
      + CameraSchema.fields + DetectorSchema.fields + TrackerSchema.fields + ControllerSchema.fields
      + SubjectSchema.fields + SubjectSchema.swayFields + WaypointSchema.fields
      + TrajectorySchema.trajectoryFields
      + TrajectorySchema.crowdFields + TrajectorySchema.standSpec.names
    for field in fields {
      #expect(
        text.contains("`\(field)`") || text.contains("`initial.\(field)`"), "\(field) is not in the docs")
    }
  }
}
