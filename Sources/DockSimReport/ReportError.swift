import DockSimIO

/// Why a report could not be made: which file (and where in it) and what was expected. Nothing is
/// written when one is thrown.
public struct ReportError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The message, starting with the file (`results/traces/a.csv:12:5: t_s: expected a number…`).
  public let description: String

  public init(_ description: String) { self.description = description }

  /// An input error from the shared readers (`file:line:column: field: message`).
  init(_ error: InputError) { description = error.description }
}
