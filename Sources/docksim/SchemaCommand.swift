import ArgumentParser
import DockSimIO
import Foundation

/// `docksim schema scenario [--out FILE]`: the JSON Schema of a file kind, for editors.
struct SchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print the JSON Schema of scenario files, for editors (YAML language server).",
    discussion: """
      The schema is generated from the declarations `validate` checks against, so it lists the same \
      fields, types and bounds; rules between fields are left to `docksim validate`. The repository \
      keeps a copy at \(ScenarioJSONSchema.repositoryPath). How to enable it in an editor: \
      docs/scenarios.md#editor-support-json-schema.
      """)

  /// The file kinds with a schema.
  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case scenario
  }

  @Argument(help: "The kind of file: scenario.")
  var kind: Kind

  @Option(
    help: ArgumentHelp(
      "Write the schema to this file (atomically) instead of standard output.", valueName: "file"))
  var out: String?

  func run() throws {
    let text: String
    switch kind {
    case .scenario: text = ScenarioJSONSchema.generate()
    }
    guard let out else {
      FileHandle.standardOutput.write(Data(text.utf8))
      return
    }
    try writeOutput(text, to: out, label: "schema: --out", command: "docksim schema", prefix: "schema: ")
  }
}
