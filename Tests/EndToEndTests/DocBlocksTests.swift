import Foundation
import Testing

/// A fenced code block of README.md or of a page of docs/, and what checks it.
///
/// Every block carries a language tag: `sh` (commands, run), `yaml` (a scenario or suite, validated),
/// `json` (parsed), `swift` (compiled elsewhere; it must say where) or `text` (a synopsis, an output, a
/// formula: nothing to run). A comment on the line before the fence changes what happens to it:
///
///     <!-- doc-block: ci -->                 CI runs it: each `make TARGET` of it is in .ci/run
///     <!-- doc-block: run by PATH -->        PATH (a script or a test) runs it and names the page
///     <!-- doc-block: fragment of PATH -->   a part of PATH: each line of it is in that file
///     <!-- doc-block: part of PATH -->       YAML sections that, put in the scenario PATH, validate
///     <!-- doc-block: file PATH -->          written to PATH of the page's scratch copy, for a later block
///     <!-- doc-block: skip: REASON -->       not run, for the reason given
struct DocBlock: CustomStringConvertible, Sendable {
  enum Directive: Equatable, Sendable {
    case none
    case ci
    case runBy(String)
    case fragmentOf(String)
    case partOf(String)
    case file(String)
    case skip(String)
  }

  /// `README.md` or `docs/<page>.md`.
  var page: String
  /// The line of the opening fence, counted from 1.
  var line: Int
  var tag: String
  var directive: Directive
  /// The block's lines less the fence's indentation, each ending in a newline.
  var body: String

  var description: String { "\(page):\(line)" }

  static let tags: Set<String> = ["sh", "yaml", "json", "swift", "text"]
  static let marker = "<!-- doc-block:"

  /// README.md, then the pages of docs/ in name order (docs/notes/ holds dated history, not reference).
  static func pages() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: CLI.repository.appendingPathComponent("docs").path
    ).filter { $0.hasSuffix(".md") }.sorted()
    return ["README.md"] + docs.map { "docs/\($0)" }
  }

  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  static func directive(_ text: String, at place: String) throws -> Directive {
    if text == "ci" { return .ci }
    for (prefix, make) in [
      ("run by ", Directive.runBy), ("fragment of ", Directive.fragmentOf), ("part of ", Directive.partOf),
      ("file ", Directive.file),
      ("skip: ", Directive.skip),
    ] as [(String, (String) -> Directive)] where text.hasPrefix(prefix) {
      let argument = text.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
      guard !argument.isEmpty else { break }
      return make(argument)
    }
    throw ParseError(
      description:
        "\(place): doc-block: expected ci, run by PATH, fragment of PATH, part of PATH, file PATH or skip: REASON, got '\(text)'"
    )
  }

  /// The blocks of `page`, in order.
  static func blocks(of page: String) throws -> [DocBlock] {
    let text = try String(contentsOf: CLI.repository.appendingPathComponent(page), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var result: [DocBlock] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let indent = line.prefix { $0 == " " }.count
      let trimmed = line.dropFirst(indent)
      guard trimmed.hasPrefix("```") else {
        index += 1
        continue
      }
      let tag = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
      let place = "\(page):\(index + 1)"
      var directive = Directive.none
      if index > 0 {
        let previous = lines[index - 1].trimmingCharacters(in: .whitespaces)
        if previous.hasPrefix(marker), previous.hasSuffix("-->") {
          let inner = previous.dropFirst(marker.count).dropLast(3).trimmingCharacters(in: .whitespaces)
          directive = try Self.directive(inner, at: place)
        }
      }
      var body = ""
      var end = index + 1
      while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
        body += String(lines[end].dropFirst(min(indent, lines[end].prefix { $0 == " " }.count))) + "\n"
        end += 1
      }
      guard end < lines.count else { throw ParseError(description: "\(place): the block is never closed") }
      result.append(DocBlock(page: page, line: index + 1, tag: tag, directive: directive, body: body))
      index = end + 1
    }
    return result
  }

  static func all() throws -> [DocBlock] { try pages().flatMap { try blocks(of: $0) } }

  /// `document` with the top-level sections of `fragment` in place of its own (added at the end where it
  /// has none): a top-level section is a line starting with a key, and the indented lines after it.
  static func merge(_ fragment: String, into document: String) -> String {
    func key(_ line: Substring) -> String? {
      guard let first = line.first, first != " ", first != "#", first != "-",
        let colon = line.firstIndex(of: ":")
      else { return nil }
      return String(line[..<colon])
    }
    let replaced = Set(fragment.split(separator: "\n").compactMap(key))
    var kept: [Substring] = []
    var dropping = false
    for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
      if let k = key(line) { dropping = replaced.contains(k) }
      if !dropping { kept.append(line) }
    }
    return kept.joined(separator: "\n") + "\n" + fragment
  }

  /// The targets of the `make` commands of a block.
  var makeTargets: [String] {
    body.split(separator: "\n").flatMap { line -> [String] in
      let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      return code.components(separatedBy: "&&").compactMap { command in
        // A CI workflow's step (`- run: make test`) runs the command after `run:`.
        let words = command.split(separator: " ").map(String.init).drop { $0 == "-" || $0 == "run:" }
        guard words.first == "make" else { return nil }
        return words.dropFirst().first { !$0.hasPrefix("-") && !$0.contains("=") } ?? ""
      }
    }
  }
}

/// Every code block of the README and the docs is run, validated or compiled somewhere, and says where.
/// The static checks run in `make test`; running the blocks (`make doc-blocks`, in CI) copies the
/// checkout once per page and runs that page's blocks in order in the copy.
struct DocBlocksTests {
  @Test func everyBlockHasAKnownTagAndACheck() throws {
    let ciTargets = try Self.ciMakeTargets()
    var count = 0
    for block in try DocBlock.all() {
      count += 1
      #expect(
        DocBlock.tags.contains(block.tag),
        "\(block): a block tagged '\(block.tag)'; tag it sh, yaml, json, swift or text (docs/README.md, \"Code blocks\")"
      )
      switch block.directive {
      case .none:
        #expect(
          block.tag != "swift",
          "\(block): a swift block must name what compiles it (<!-- doc-block: run by PATH --> or fragment of PATH)"
        )
        if block.tag == "json" {
          #expect(
            (try? JSONSerialization.jsonObject(with: Data(block.body.utf8))) != nil,
            "\(block): not valid JSON")
        }
      case .ci:
        let targets = block.makeTargets
        #expect(!targets.isEmpty, "\(block): marked ci but runs no make target")
        for target in targets {
          #expect(ciTargets.contains(target), "\(block): marked ci, but .ci/run does not make \(target)")
        }
      case .runBy(let path):
        let text = try? String(contentsOf: CLI.repository.appendingPathComponent(path), encoding: .utf8)
        #expect(text != nil, "\(block): run by \(path), no such file")
        #expect(text?.contains(block.page) ?? true, "\(block): \(path) does not name \(block.page)")
      case .fragmentOf(let path):
        let text = try? String(contentsOf: CLI.repository.appendingPathComponent(path), encoding: .utf8)
        #expect(text != nil, "\(block): a fragment of \(path), no such file")
        for line in block.body.split(separator: "\n") {
          // A comment explains the fragment; the file's own comments may say it otherwise.
          let comment = line.range(of: block.tag == "swift" ? " //" : " #")?.lowerBound ?? line.endIndex
          let code = line[..<comment].trimmingCharacters(in: .whitespaces)
          // A comment line of the block's language is the docs' own; Swift's `#expect(…)` is code.
          if code.isEmpty || code.hasPrefix(block.tag == "swift" ? "//" : "#") { continue }
          #expect(text?.contains(code) ?? true, "\(block): '\(code)' is not in \(path)")
        }
      case .partOf(let path):
        #expect(block.tag == "yaml", "\(block): part of \(path) is for YAML")
        #expect(
          FileManager.default.fileExists(atPath: CLI.repository.appendingPathComponent(path).path),
          "\(block): part of \(path), no such file")
      case .file(let path):
        #expect(
          !path.hasPrefix("/") && !path.split(separator: "/").contains(".."),
          "\(block): file \(path) must stay inside the checkout")
        #expect(block.tag != "sh", "\(block): an sh block is run, not written")
      case .skip(let reason):
        #expect(reason.count >= 20, "\(block): say why it is skipped: '\(reason)'")
      }
    }
    #expect(count > 100, "found \(count) blocks")
  }

  /// The make targets .ci/run runs, and the targets those depend on in the Makefile.
  static func ciMakeTargets() throws -> Set<String> {
    let script = try String(contentsOf: CLI.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
    let makefile = try String(contentsOf: CLI.repository.appendingPathComponent("Makefile"), encoding: .utf8)
    let run = Set(
      DocBlock(page: ".ci/run", line: 1, tag: "sh", directive: .none, body: script).makeTargets)
    var result = run
    for line in makefile.split(separator: "\n") where !line.hasPrefix("\t") && !line.hasPrefix("#") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, !parts[1].hasPrefix("="), run.contains(String(parts[0])) else { continue }
      result.formUnion(parts[1].split(separator: " ").map(String.init))
    }
    return result
  }

  @Test func theParserReadsDirectivesAndRefusesUnknownOnes() throws {
    #expect(try DocBlock.directive("ci", at: "x") == .ci)
    #expect(try DocBlock.directive("run by scripts/a.sh", at: "x") == .runBy("scripts/a.sh"))
    #expect(try DocBlock.directive("skip: needs a cluster", at: "x") == .skip("needs a cluster"))
    #expect(throws: DocBlock.ParseError.self) { try DocBlock.directive("sometimes", at: "x") }
    #expect(throws: DocBlock.ParseError.self) { try DocBlock.directive("file ", at: "x") }
    #expect(
      DocBlock.merge("events:\n  - b\n", into: "name: x\nevents:\n  - a\n# c\nseed: 1\n")
        == "name: x\nseed: 1\n\nevents:\n  - b\n")
    let block = DocBlock(
      page: "p", line: 1, tag: "sh", directive: .ci,
      body: "make run    # builds\nmake test && make acceptance OUT=y\necho make\n  - run: make gate-seeds\n")
    #expect(block.makeTargets == ["run", "test", "acceptance", "gate-seeds"])
  }

  /// The pages `DOCKSIM_DOC_BLOCKS` asks to run: `all`, or page paths separated by commas.
  static var requested: [String] {
    guard let value = ProcessInfo.processInfo.environment["DOCKSIM_DOC_BLOCKS"], !value.isEmpty else {
      return []
    }
    let pages = (try? DocBlock.pages()) ?? []
    if value == "all" { return pages }
    return value.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
  }

  @Test(
    .enabled(if: !requested.isEmpty, "runs with DOCKSIM_DOC_BLOCKS=all (make doc-blocks)"),
    .timeLimit(.minutes(30)), arguments: requested)
  func everyBlockOfThePageRuns(page: String) throws {
    let blocks = try DocBlock.blocks(of: page).filter { block in
      switch block.directive {
      case .none: return block.tag == "sh" || block.tag == "yaml"
      case .file, .partOf: return true
      default: return false
      }
    }
    guard !blocks.isEmpty else { return }
    let scratch = try DocScratch(page: page)
    defer { scratch.remove() }
    for block in blocks {
      let name = ".doc-blocks/\(block.line).\(block.tag)"
      switch (block.directive, block.tag) {
      case (.file(let path), _):
        try scratch.write(block.body, to: path)
      case (.partOf(let path), _):
        let document = try String(contentsOf: scratch.root.appendingPathComponent(path), encoding: .utf8)
        // Beside the scenario, so that its relative paths mean what they mean there.
        let merged =
          (path.split(separator: "/").dropLast().map(String.init) + ["doc-block-\(block.line).yaml"])
          .joined(separator: "/")
        try scratch.write(DocBlock.merge(block.body, into: document), to: merged)
        let r = try scratch.run("docksim validate \(merged)")
        #expect(r.status == 0, "\(block): in \(path), docksim validate exits \(r.status)\n\(r.output)")
      case (_, "yaml"):
        try scratch.write(block.body, to: name)
        let r = try scratch.run("docksim validate \(name)")
        #expect(r.status == 0, "\(block): docksim validate exits \(r.status)\n\(r.output)")
      default:
        try scratch.write(block.body, to: name)
        let r = try scratch.run("bash -euo pipefail \(name)")
        #expect(r.status == 0, "\(block): exits \(r.status)\n\(r.output)")
        if r.status != 0 { return }  // the page's later blocks build on this one
      }
    }
  }
}

/// A copy of the checkout's files for one page's blocks: `docksim` on PATH (and in .build/release/, as
/// the docs also write it), `make` limited to the targets that only run the built binary, a home
/// directory of its own, and a git repository with everything committed.
struct DocScratch {
  let root: URL
  let bin: URL

  /// The make targets a block may run here: they run the built binary and never build.
  static let makeTargets = ["run", "gate-seeds", "install", "determinism"]
  /// How long one block may run.
  static let blockTimeLimitSeconds = 1200
  /// Who commits in the copy's repository (a CI container may have no git identity configured).
  static let gitIdentity = [
    "GIT_AUTHOR_NAME": "doc-blocks", "GIT_AUTHOR_EMAIL": "doc-blocks@localhost",
    "GIT_COMMITTER_NAME": "doc-blocks", "GIT_COMMITTER_EMAIL": "doc-blocks@localhost",
  ]

  init(page: String) throws {
    root = try CLI.temporaryDirectory()
    bin = root.appendingPathComponent(".doc-bin")
    let repository = CLI.repository.path
    let docksim = try CLI.binary
    let fuzz = docksim.deletingLastPathComponent().appendingPathComponent("docksim-fuzz")
    let make = try Self.shell("command -v make", in: root).output.trimmingCharacters(
      in: .whitespacesAndNewlines)
    let setup = """
      git -C '\(repository)' ls-files -z -co --exclude-standard | tar --null -C '\(repository)' -T - -cf - | tar -xf -
      mkdir -p .doc-bin .doc-blocks .home .build/release
      ln -s '\(docksim.path)' .doc-bin/docksim
      ln -s '\(docksim.path)' .build/release/docksim
      if [ -x '\(fuzz.path)' ]; then ln -s '\(fuzz.path)' .build/release/docksim-fuzz; fi
      cat > .doc-bin/make <<'EOF'
      #!/bin/sh
      # make in a doc block's copy of the checkout: only targets that run the built binary, never a build.
      for a in "$@"; do
        case "$a" in
          \(Self.makeTargets.joined(separator: "|"))|-*|*=*) ;;
          *) echo "doc-blocks: 'make $a' would build here; mark the block <!-- doc-block: ci --> if CI runs it" >&2; exit 97 ;;
        esac
      done
      exec '\(make)' -o build -o bootstrap "$@"
      EOF
      chmod +x .doc-bin/make
      git init -q && git add -A && git commit -qm 'the checkout' && echo '.doc-*/' >> .git/info/exclude
      """
    let r = try Self.shell(setup, in: root, environment: Self.gitIdentity)
    guard r.status == 0 else {
      throw CLIError("doc-blocks: could not copy the checkout for \(page): \(r.output)")
    }
  }

  func write(_ text: String, to path: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  func run(_ command: String) throws -> (status: Int32, output: String) {
    try Self.shell(
      "timeout \(Self.blockTimeLimitSeconds) \(command)", in: root,
      environment: [
        "PATH": "\(bin.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
        "HOME": root.appendingPathComponent(".home").path,
      ].merging(Self.gitIdentity) { a, _ in a })
  }

  func remove() { try? FileManager.default.removeItem(at: root) }

  /// Runs `script` with bash in `directory`; standard output and error together, the last 60 lines.
  static func shell(_ script: String, in directory: URL, environment: [String: String] = [:]) throws
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = directory
    process.environment = CLI.environment(environment)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    return (process.terminationStatus, lines.suffix(60).joined(separator: "\n"))
  }
}
