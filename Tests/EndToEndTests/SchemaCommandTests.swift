import Foundation
import Testing

/// `docksim schema scenario`: prints the committed schema, writes it with --out, refuses bad usage
/// with exit 2 and writes nothing then.
@Suite struct SchemaCommandTests {
  static let committedPath = "Scenarios/schema/scenario.schema.json"

  static func committed() throws -> String {
    try String(contentsOf: CLI.repository.appendingPathComponent(committedPath), encoding: .utf8)
  }

  @Test func printsTheCommittedSchema() throws {
    let result = try CLI.run(["schema", "scenario"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == (try Self.committed()))
    #expect(result.stderr.isEmpty)
  }

  @Test func writesTheSchemaWithOut() throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("scenario.schema.json")
    let result = try CLI.run(["schema", "scenario", "--out", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8) == (try Self.committed()))
    // Only the schema: no temporary file left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["scenario.schema.json"])
  }

  @Test func refusesAnUnknownKind() throws {
    let result = try CLI.run(["schema", "suite"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("suite"))
    #expect(result.stderr.contains("scenario"))
    #expect(result.stdout.isEmpty)
  }

  @Test func refusesAnEmptyOut() throws {
    let result = try CLI.run(["schema", "scenario", "--out", ""])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--out"))
    #expect(result.stdout.isEmpty)
  }
}
