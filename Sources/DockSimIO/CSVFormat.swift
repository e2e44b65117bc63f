/// Locale-free CSV cell formatting shared by every file DockSim writes.
///
/// Doubles are written in Swift's shortest round-trip form (`0.1`, `1e-05`, `-3.0`), so parsing a cell
/// gives back exactly the double that was written and the bytes never depend on the machine's locale.
/// A value that is absent or not applicable is an empty cell.
public enum CSVFormat {
  public static func cell(_ value: Double?) -> String {
    guard let value else { return "" }
    if value.isNaN { return "nan" }
    return "\(value)"
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
