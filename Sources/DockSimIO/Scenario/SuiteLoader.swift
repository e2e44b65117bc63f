import DockSimCore
import Foundation
import Yams

/// A suite: scenarios by path or glob, shared overrides, and Monte Carlo repetitions.
///
///     suite: default
///     scenarios: [ "../*.yaml" ]          # relative to the suite file; * and ? in the last component
///     params: ../tuned.yaml               # optional overlay, as --params
///     set: [ "tracker.gate=16" ]          # optional, as --set
///     repetitions: 5                      # optional Monte Carlo seeds per scenario (default 1)
///     seed_offset: 100                    # optional: each scenario runs under its derived seed 100 (and
///                                         # its repetitions derive from that): seeds a training never drew
public struct Suite: Sendable {
  public var name: String
  public var file: String
  /// Scenario files in order (globs expanded and sorted, duplicates dropped).
  public var scenarioFiles: [String]
  public var overrides: ScenarioOverrides
  public var repetitions: Int
  /// Which derived seed replaces each scenario's own (0 keeps the own seed); a validation suite sets it
  /// to run scenarios under noise training never saw. Applied in one place for every command:
  /// `SuiteExpansion.seed(_:seedOffset:repetition:)` in DockSimHarness.
  public var seedOffset: Int
}

public enum SuiteLoader {
  static let fields = ["suite", "scenarios", "params", "set", "repetitions", "seed_offset"]

  /// Whether `path` is named as a suite (`*.suite.yaml` or `*.suite.yml`). Commands tell a suite by
  /// its content (`FileKind`); the name only keeps suites out of a directory's scenario list.
  public static func isSuite(_ path: String) -> Bool {
    path.hasSuffix(".suite.yaml") || path.hasSuffix(".suite.yml")
  }

  public static func load(path: String) throws(InputError) -> Suite {
    let text = try ScenarioFiles.read(path: path)
    let root: Node?
    // As for scenarios: bounded aliases and nesting before Yams composes (a billion laughs hung it).
    root = try YAMLShape.compose(text, file: path)
    guard let root else {
      throw InputError(file: path, message: "the file is empty; expected a suite mapping")
    }
    let reader = NodeReader(node: root, path: "", file: path)
    let m = try reader.mapping(allowed: fields)
    let name = try m.required("suite", expecting: "a suite name").string("a suite name")
    var files: [String] = []
    let list = try m.required("scenarios", expecting: "a list of scenario paths or globs")
    for entry in try list.sequence("a list of scenario paths or globs") {
      let pattern = try entry.string("a path or glob")
      let matches = try expand(pattern, file: path, node: entry)
      for f in matches where !files.contains(f) { files.append(f) }
    }
    var overrides = ScenarioOverrides()
    if let p = m["params"] {
      try overrides.addOverlay(path: RelativePath.resolve(try p.string("a file path"), besideFile: path))
    }
    if let s = m["set"] {
      for a in try s.sequence("a list of PATH=VALUE strings") {
        let text = try a.string()
        try overrides.addAssignment(text, source: "\(path):\(a.line.map(String.init) ?? "?"): set \(text)")
      }
    }
    let repetitions = try m.integer("repetitions", 1...10_000, default: 1)
    let seedOffset = try m.integer("seed_offset", 0...1_000_000_000, default: 0)
    return Suite(
      name: name, file: path, scenarioFiles: files, overrides: overrides, repetitions: repetitions,
      seedOffset: seedOffset)
  }

  /// A path, or a glob with `*` / `?` in its last component, matched in sorted order; a pattern that
  /// matches nothing is an error (a suite silently shrinking is what a CI gate must not miss).
  static func expand(_ pattern: String, file: String, node: NodeReader) throws(InputError) -> [String] {
    let full = RelativePath.resolve(pattern, besideFile: file)
    let url = URL(fileURLWithPath: full)
    let last = url.lastPathComponent
    guard last.contains("*") || last.contains("?") else {
      guard FileManager.default.fileExists(atPath: full) else {
        throw node.mismatch("an existing scenario file")
      }
      return [full]
    }
    let dir = url.deletingLastPathComponent().path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    let matched = names.filter { fnmatch(last, $0, 0) == 0 && !isSuite($0) }.sorted()
    guard !matched.isEmpty else { throw node.mismatch("a pattern matching at least one file in \(dir)") }
    return matched.map { (dir as NSString).appendingPathComponent($0) }
  }
}
