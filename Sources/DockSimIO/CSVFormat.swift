import DockSimCore

/// Locale-free CSV cell formatting shared by every file DockSim writes.
///
/// Doubles are written in Swift's shortest round-trip form (`0.1`, `1e-05`, `-3.0`), so parsing a cell
/// gives back exactly the double that was written and the bytes never depend on the machine's locale.
/// A value that is absent or not applicable is an empty cell, and so is a NaN (the NIS of a frame
/// without a measurement): no file DockSim writes holds `nan`, so every reader has one rule for "no
/// value". Metric values that could not be defined are caught before they reach a writer
/// (`ScenarioRunner` fails such a run), so an empty metric cell always means "not applicable".
public enum CSVFormat {
  public static func cell(_ value: Double?) -> String {
    guard let value, !value.isNaN else { return "" }
    return "\(value)"
  }
  /// A metric's value: a count (`MetricCatalog.counts`) that is a whole number is written as an
  /// integer (`3`, not `3.0`); a mean of counts over seeds keeps its fraction (`0.35`). Other metrics
  /// as `cell(_:)`.
  public static func cell(_ value: Double?, of metric: MetricKey) -> String {
    if let value, MetricCatalog.counts.contains(metric), let whole = Int64(exactly: value) {
      return String(whole)
    }
    return cell(value)
  }
  public static func cell(_ value: Int64) -> String { "\(value)" }
  public static func cell(_ value: Int) -> String { "\(value)" }
  public static func cell(_ value: UInt64) -> String { "\(value)" }
  /// A text cell, quoted when it holds a comma, quote or line break.
  public static func cell(_ text: String) -> String {
    // `isNewline`, not `== "\n"`: Swift keeps "\r\n" as one Character, equal to neither "\n" nor "\r".
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
  /// One line: cells joined by commas, ending in a newline.
  public static func line(_ cells: [String]) -> String { cells.joined(separator: ",") + "\n" }
  /// The lines of a file DockSim reads, split at "\n" or "\r\n" (files saved on Windows), without
  /// their line breaks; a final line break leaves an empty last line.
  public static func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
  }
}
