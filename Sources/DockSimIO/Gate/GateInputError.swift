/// A problem in an input of `docksim gate` or `docksim baseline` (a summary CSV, a tolerance file):
/// which file, where in it, and what was expected instead.
///
/// The description reads `<file>:<line>:<column>: <field>: <message>`, leaving out the parts that are
/// unknown, for example
/// `Scenarios/baseline/tolerances.yaml:12:3: metrics.framing_eror_rms: unknown metric …`.
/// `line` and `column` are 1-based; the column counts characters.
public struct GateInputError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The path of the file as given on the command line (or the name passed to a `parse` function).
  public let file: String
  /// 1-based line, when known.
  public let line: Int?
  /// 1-based column (in characters) within the line, when known.
  public let column: Int?
  /// The field or CSV column concerned (`metrics.idf1`, `framing_error_rms`), when there is one.
  public let field: String?
  /// What was wrong, saying what was expected.
  public let message: String

  public init(file: String, line: Int? = nil, column: Int? = nil, field: String? = nil, message: String) {
    self.file = file
    self.line = line
    self.column = line == nil ? nil : column
    self.field = field
    self.message = message
  }

  public var description: String {
    var text = file
    if let line { text += ":\(line)" }
    if let column { text += ":\(column)" }
    if let field, !field.isEmpty { text += ": \(field)" }
    return text + ": " + message
  }
}
