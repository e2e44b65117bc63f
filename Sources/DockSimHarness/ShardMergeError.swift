import DockSimIO

/// Why shards cannot be merged: which directory or file, where in it, and what was expected.
///
/// The description reads `<file>:<line>:<column>: <field>: <message>`, leaving out the parts that are
/// unknown, for example `shards/2/shard.csv:1:1: shard_count: expected 4 as in shards/0, got 3; …`.
public struct ShardMergeError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The shard directory or the file in it, as given on the command line.
  public let file: String
  /// 1-based line, when known.
  public let line: Int?
  /// 1-based column (in characters), when known.
  public let column: Int?
  /// The field or CSV column concerned, when there is one.
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

  /// The same problem found by the CSV reader shared with `docksim gate`.
  init(_ error: GateInputError) {
    self.init(
      file: error.file, line: error.line, column: error.column, field: error.field, message: error.message)
  }

  public var description: String {
    var text = file
    if let line { text += ":\(line)" }
    if let column { text += ":\(column)" }
    if let field, !field.isEmpty { text += ": \(field)" }
    return text + ": " + message
  }
}
