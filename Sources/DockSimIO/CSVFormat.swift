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
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
  /// One line: cells joined by commas, ending in a newline.
  public static func line(_ cells: [String]) -> String { cells.joined(separator: ",") + "\n" }
}
