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

  /// The anchors of a page's headings as GitHub makes them: lower-cased, every character but letters,
  /// digits, `_`, `-` and spaces dropped, spaces made `-`, a repeated one suffixed `-1`, `-2`, ….
  static func anchors(_ text: String) -> Set<String> {
    var result = Set<String>()
    var counts: [String: Int] = [:]
    var inCode = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inCode.toggle() }
      guard !inCode, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
      var slug = String(
        title.unicodeScalars.filter {
          CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-" || $0 == " "
        }
        .map(Character.init)
      ).replacingOccurrences(of: " ", with: "-")
      if let n = counts[slug] {
        counts[slug] = n + 1
        slug += "-\(n + 1)"
      } else {
        counts[slug] = 0
      }
      result.insert(slug)
    }
    return result
  }

  /// Markdown links `](target)` in `text`: the path (empty for the page itself) and the anchor.
  static func targets(_ text: String) -> [(path: String, anchor: String?)] {
    var result: [(String, String?)] = []
    var rest = Substring(text)
    while let open = rest.range(of: "](") {
      rest = rest[open.upperBound...]
      guard let close = rest.firstIndex(of: ")") else { break }
      let target = String(rest[..<close])
      rest = rest[close...]
      if target.contains("://") || target.hasPrefix("mailto:") || target.contains(" ") { continue }
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      result.append((String(parts[0]), parts.count > 1 ? String(parts[1]) : nil))
    }
    return result
  }

  /// The paths of Markdown links `](target)` in `text` that name another file, without their `#anchor`.
  static func links(_ text: String) -> [String] {
    targets(text).map(\.path).filter { !$0.isEmpty }
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

  @Test func everyAnchorLinkNamesAHeadingOfItsPage() throws {
    var files = [CLI.repository.appendingPathComponent("README.md")]
    files += try Self.pages().map { Self.docs.appendingPathComponent($0) }
    for file in files {
      let text = try Self.text(file)
      for (path, anchor) in Self.targets(text) {
        guard let anchor, path.isEmpty || path.hasSuffix(".md") else { continue }
        let page = path.isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(path)
        guard let target = try? Self.text(page) else { continue }  // a missing file: the test below
        #expect(
          Self.anchors(target).contains(anchor),
          "\(file.lastPathComponent): link to \(path)#\(anchor), no such heading")
      }
    }
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
