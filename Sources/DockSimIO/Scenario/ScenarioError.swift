/// Why a scenario file could not be loaded: which file, where in it, and what was expected instead.
///
/// The description reads `<file>:<line>: <field>: <message>`, leaving out the parts that are unknown,
/// for example `Scenarios/walk.yaml:14: dock.yaw.max_speed_deg_s: expected a number > 0, got -3`.
/// `line` is 1-based; `field` is the dotted path of the offending field with sequence indices in
/// brackets (`subjects[1].path[0].t_s`).
public struct ScenarioError: Error, CustomStringConvertible, Equatable {
  /// The path of the file as given to the loader (or the name passed to `parse(yaml:file:)`).
  public let file: String
  /// 1-based line of the offending node, when known.
  public let line: Int?
  /// Dotted field path, when the error concerns one field or section.
  public let field: String?
  /// What was wrong, saying what was expected.
  public let message: String

  public init(file: String, line: Int? = nil, field: String? = nil, message: String) {
    self.file = file
    self.line = line
    self.field = field
    self.message = message
  }

  public var description: String {
    var text = file
    if let line { text += ":\(line)" }
    if let field, !field.isEmpty { text += ": \(field)" }
    return text + ": " + message
  }
}
