import Foundation
import Testing

@testable import DockSimIO

/// `docs/scenarios.md` stays in step with the loader: its examples load and it documents every field.
@Suite struct ScenarioDocsTests {
  static let docs = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs/scenarios.md")

  static func text() throws -> String { try String(contentsOf: docs, encoding: .utf8) }

  /// Whole scenarios; a block marked as sections of another scenario (`<!-- doc-block: part of … -->`)
  /// is validated inside it by DocBlocksTests.
  @Test func yamlExamplesAreValid() throws {
    let parts = try Self.text().components(separatedBy: "```yaml\n")
    let blocks = zip(parts, parts.dropFirst()).filter { before, _ in
      !(before.split(separator: "\n").last?.hasPrefix("<!-- doc-block: part of") ?? false)
    }.map { $1.components(separatedBy: "```")[0] }
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
