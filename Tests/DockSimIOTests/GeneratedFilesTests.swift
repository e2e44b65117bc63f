import DockSimIO
import Foundation
import Testing

/// The files generated from `TrackerParameters.table` are what the table gives: the docs' tables
/// (docs/scenarios.md, docs/tracker.md), `docksim replay`'s tracker options
/// (Sources/docksim/ReplayTrackerOptions.swift) and the scenario JSON Schema.
///
/// Run with `DOCKSIM_REGENERATE=1` (`DOCKSIM_REGENERATE=1 swift test --filter GeneratedFilesTests`), each
/// test rewrites its file instead of failing.
@Suite struct GeneratedFilesTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var regenerating: Bool { ProcessInfo.processInfo.environment["DOCKSIM_REGENERATE"] == "1" }

  static let hint = "regenerate with DOCKSIM_REGENERATE=1 swift test --filter GeneratedFilesTests"

  /// Compares the file at `path` (relative to the repository) with `expected`, or writes it when
  /// regenerating.
  static func check(_ path: String, _ expected: String) throws {
    let url = repository.appendingPathComponent(path)
    let committed = try? String(contentsOf: url, encoding: .utf8)
    if regenerating && committed != expected {
      try expected.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(committed == expected, "\(path) is not the generated one (\(hint)); expected:\n\(expected)")
  }

  /// Compares block `name` of the document at `path` with `expected`, or rewrites it when regenerating.
  static func checkBlock(_ path: String, _ name: String, _ expected: String) throws {
    let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    let block = try #require(
      TrackerParameterDocs.block(name, in: text),
      "\(path) lacks the lines \(TrackerParameterDocs.generatedBlockStart(name)) and \(TrackerParameterDocs.generatedBlockEnd(name))"
    )
    if regenerating && block != expected {
      try check(path, try #require(TrackerParameterDocs.replacingBlock(name, in: text, with: expected)))
      return
    }
    #expect(
      block == expected,
      "\(path): the block \(name) is not the generated one (\(hint)); expected:\n\(expected)")
  }

  @Test func scenarioDocsTrackerTable() throws {
    try Self.checkBlock(
      "docs/scenarios.md", TrackerParameterDocs.scenarioBlock, TrackerParameterDocs.scenarioTable())
  }

  @Test func trackerDocsReplayTable() throws {
    try Self.checkBlock(
      "docs/tracker.md", TrackerParameterDocs.replayBlock, TrackerParameterDocs.replayTable())
  }

  @Test func replayTrackerOptionsSource() throws {
    try Self.check("Sources/docksim/ReplayTrackerOptions.swift", Self.replayOptionsSource())
  }

  @Test func scenarioJSONSchema() throws {
    try Self.check(ScenarioJSONSchema.repositoryPath, ScenarioJSONSchema.generate())
  }

  /// `ReplayTrackerOptions`: ArgumentParser declares options as stored properties, so the table's
  /// options are written out here; their help, value names and checks are looked up in the table when
  /// the command runs (`ArgumentHelp.tracker`).
  static func replayOptionsSource() -> String {
    let options = TrackerParameterInput.replayOptions
    var out = """
      // Generated from `TrackerParameters.table` by Tests/DockSimIOTests/GeneratedFilesTests.swift; do not edit.
      // After changing the table: DOCKSIM_REGENERATE=1 swift test --filter GeneratedFilesTests
      import ArgumentParser

      /// `docksim replay`'s tracker options: one per parameter of `TrackerParameters.table` that a replayed
      /// tracker reads (`TrackerParameterInput.replayOptions`), named after its field; their help comes from
      /// the table (`ArgumentHelp.tracker`), and `TrackerParameterInput.replayParameters` checks the values.
      struct ReplayTrackerOptions: ParsableArguments {

      """
    for option in options {
      let property = camelCase(option.name)
      // `.unconditional`: a value that starts with a dash (`-1`) is the option's value, which the table's
      // check then refuses by name and range, not a missing value.
      var attributes = "name: .long, parsing: .unconditional, help: .tracker(\"\(option.parameter.name)\")"
      if option.words != nil { attributes += ", completion: .trackerWords(\"\(option.parameter.name)\")" }
      let oneLine = "  @Option(\(attributes))"
      if oneLine.count <= 110 {
        out += oneLine + "\n"
      } else {
        out += "  @Option(\n    \(attributes))\n"
      }
      out += "  var \(property): String?\n\n"
    }
    out += """
        /// Each option's value as given, by the parameter's name, in the table's order.
        var given: [(parameter: String, value: String?)] {
          [

      """
    for option in options {
      out += "      (\"\(option.parameter.name)\", \(camelCase(option.name))),\n"
    }
    out += """
          ]
        }
      }

      """
    return out
  }

  /// `cut-edges` → `cutEdges` (ArgumentParser's `.long` turns it back).
  static func camelCase(_ kebab: String) -> String {
    let parts = kebab.split(separator: "-")
    return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
