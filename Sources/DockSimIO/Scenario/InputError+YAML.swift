import Yams

extension InputError {
  /// Converts what Yams throws while composing into our error, keeping the line it points at.
  init(composing error: any Error, yaml: String, file: String) {
    guard let yamlError = error as? YamlError else {
      self.init(file: file, message: "cannot read the YAML: \(error); \(Self.wellFormed)")
      return
    }
    switch yamlError {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      // libyaml's context ("while scanning a simple key") says where the construct began; the problem
      // says what broke it. Both help; the mark is the problem's.
      // libyaml words a tab in the indentation a dozen ways, none of which names the tab.
      if let tab = Self.indentingTab(in: yaml, atOrBefore: mark.line) {
        self.init(
          file: file, line: tab.line, column: tab.column,
          message:
            "invalid YAML: a tab in the indentation; YAML does not allow tabs for indentation; use spaces")
        return
      }
      let during = context.map { "\($0.text) (line \($0.mark.line)), " } ?? ""
      self.init(file: file, line: mark.line, message: "invalid YAML: \(during)\(problem); \(Self.wellFormed)")
    case .reader(let problem, let offset, _, _):
      self.init(
        file: file, line: offset.map { Self.line(ofCharacterOffset: $0, in: yaml) },
        message: "invalid YAML: \(problem); \(Self.wellFormed)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
      let subject = duplicates.count == 1 ? "key \(keys) appears" : "keys \(keys) appear"
      // Yams marks the first occurrence of the key, not the repeat.
      self.init(
        file: file, line: context.mark.line,
        message: "\(subject) more than once in one mapping (first here); expected each field at most once")
    default:
      self.init(file: file, message: "cannot read the YAML: \(yamlError); \(Self.wellFormed)")
    }
  }

  static let wellFormed = "expected well-formed YAML (docs/scenarios.md)"

  /// The last line at or before `line` (1-based) whose indentation holds a tab before its content,
  /// with the tab's 1-based column; lines of whitespace alone are blank to YAML and skipped.
  static func indentingTab(in text: String, atOrBefore line: Int) -> (line: Int, column: Int)? {
    var found: (line: Int, column: Int)?
    for (index, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard index < line else { break }
      let indentation = content.prefix { $0 == " " || $0 == "\t" }
      guard indentation.count < content.count, content[indentation.endIndex] != "\r",
        let tab = indentation.firstIndex(of: "\t")
      else { continue }
      found = (index + 1, indentation.distance(from: indentation.startIndex, to: tab) + 1)
    }
    return found
  }

  /// 1-based line of the character at `offset` (Yams reports reader errors as a character offset).
  static func line(ofCharacterOffset offset: Int, in text: String) -> Int {
    1 + text.prefix(offset).reduce(0) { $1 == "\n" || $1 == "\r\n" ? $0 + 1 : $0 }
  }
}
