import Foundation
import Testing

/// docs/README.md is the index of the documentation: every page is in it, the README leads to it, and
/// every relative link in the README and the pages points at a file that exists.
struct DocsIndexTests {
  static let docs = CLI.repository.appendingPathComponent("docs")

  static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  static func pages() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
  }

  /// The targets of Markdown links `](target)` in `text`, without their `#anchor`.
  static func links(_ text: String) -> [String] {
    var result: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "](") {
      rest = rest[open.upperBound...]
      guard let close = rest.firstIndex(of: ")") else { break }
      let target = String(rest[..<close])
      rest = rest[close...]
      let path = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
      if path.isEmpty || path.contains("://") || path.hasPrefix("mailto:") || path.contains(" ") { continue }
      result.append(path)
    }
    return result
  }

  @Test func everyPageIsInTheIndexAndTheReadmeLeadsThere() throws {
    let index = try Self.text(Self.docs.appendingPathComponent("README.md"))
    let linked = Set(Self.links(index))
    for page in try Self.pages() where page != "README.md" {
      #expect(linked.contains(page), "docs/README.md does not link \(page)")
    }
    let readme = try Self.text(CLI.repository.appendingPathComponent("README.md"))
    #expect(Self.links(readme).contains("docs/README.md"), "README.md does not link the docs index")
  }

  @Test func everyRelativeLinkPointsAtAFileThatExists() throws {
    var files = [CLI.repository.appendingPathComponent("README.md")]
    files += try Self.pages().map { Self.docs.appendingPathComponent($0) }
    for file in files {
      let base = file.deletingLastPathComponent()
      for target in Self.links(try Self.text(file)) {
        let path = base.appendingPathComponent(target).standardizedFileURL.path
        #expect(
          FileManager.default.fileExists(atPath: path),
          "\(file.lastPathComponent): link to \(target), no such file")
      }
    }
  }
}

/// Figures of the package itself quoted in the docs agree with the package.
struct DocsQuotedFactsTests {
  static func documents() throws -> [(name: String, text: String)] {
    var files = [CLI.repository.appendingPathComponent("README.md")]
    files += try DocsIndexTests.pages().map { DocsIndexTests.docs.appendingPathComponent($0) }
    return try files.map { ($0.lastPathComponent, try DocsIndexTests.text($0)) }
  }

  /// Every `from: "…"` of a DockSim dependency names the version `docksim --version` prints.
  @Test func everyDependencyExampleNamesThisVersion() throws {
    let r = try CLI.run(["--version"])
    let version = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(r.status == 0 && !version.isEmpty)
    var seen = 0
    for (name, text) in try Self.documents() {
      for line in text.split(separator: "\n") where line.contains("/DockSim\"") && line.contains("from: \"") {
        seen += 1
        #expect(line.contains("from: \"\(version)\""), "\(name): \(line) (docksim --version: \(version))")
      }
    }
    #expect(seen >= 2)
  }

  /// The CI examples use one Swift container image.
  @Test func everyCIExampleUsesTheSameContainer() throws {
    var images: [String: [String]] = [:]
    for (name, text) in try Self.documents() {
      for line in text.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("container: swift:") else { continue }
        let image = String(trimmed.dropFirst("container: ".count).split(separator: " ")[0])
        images[image, default: []].append(name)
      }
    }
    #expect(images.count == 1, "container images: \(images.sorted { $0.key < $1.key })")
  }
}
