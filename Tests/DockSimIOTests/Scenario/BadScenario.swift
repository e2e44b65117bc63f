import Testing

/// An invalid scenario and what its error must say.
struct BadScenario: Sendable, CustomTestStringConvertible {
  let label: String
  let yaml: String
  /// Expected 1-based line, nil when the error has none.
  let line: Int?
  /// Expected field path, nil when the error concerns the whole file.
  let field: String?
  /// Fragments the message must contain (beyond the word "expected").
  let says: [String]

  var testDescription: String { label }

  init(_ label: String, _ yaml: String, line: Int?, field: String?, says: [String]) {
    self.label = label
    self.yaml = yaml
    self.line = line
    self.field = field
    self.says = says
  }

  static func edit(
    _ label: String, _ old: String, _ new: String, line: Int?, field: String?, says: [String]
  ) -> BadScenario {
    BadScenario(label, ScenarioSamples.base(replacing: old, with: new), line: line, field: field, says: says)
  }

  /// `base` plus `tail`, whose first line is line 11.
  static func append(_ label: String, _ tail: String, line: Int?, field: String?, says: [String])
    -> BadScenario
  {
    BadScenario(label, ScenarioSamples.base + tail, line: line, field: field, says: says)
  }
}
