/// A problem in a file a command reads: which file, where in it, and what was expected instead. The one
/// error of every reader (scenarios, tune specs, tolerance files, summaries and seed tables, shards,
/// trials, traces and objects for the report, observation logs, reference tracks, identity truth); the
/// command-line tool prints it and exits with code 2.
///
/// The description reads `<file>:<line>:<column>: <field>: <message>`, leaving out the parts that are
/// unknown, for example `Scenarios/walk.yaml:14: dock.yaw.max_speed_deg_s: expected a number > 0, got -3`
/// or `out/summary.csv:3:17: idf1: expected a finite number, got 'nan'`.
public struct InputError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The path of the file (or directory) as given, or the name passed to a `parse` function.
  public let file: String
  /// 1-based line, when one line is at fault.
  public let line: Int?
  /// 1-based column within the line, counted in characters, when known (never without a line).
  public let column: Int?
  /// The field concerned, when there is one: a dotted YAML path with sequence indices in brackets
  /// (`subjects[1].path[0].t_s`) or a CSV column name (`framing_error_rms`).
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
