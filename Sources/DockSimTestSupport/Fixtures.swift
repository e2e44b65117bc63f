import Foundation

/// Reference data kept in `Tests/Fixtures` (copied from the shared fixtures so tests pass on a fresh
/// clone; see `Tests/Fixtures/README.md`).
public enum Fixtures {
  /// The repository's `Tests/Fixtures` directory.
  public static var directory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures")
  }

  /// The rows of a fixture CSV as dictionaries of column name to cell text, in file order.
  public static func csv(_ relativePath: String) throws -> [[String: String]] {
    let text = try String(contentsOf: directory.appendingPathComponent(relativePath), encoding: .utf8)
    var lines = text.split(separator: "\n").map(String.init)
    let header = lines.removeFirst().split(separator: ",").map(String.init)
    return lines.map { line in
      let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      var row: [String: String] = [:]
      for (k, v) in zip(header, cells) { row[k] = v }
      return row
    }
  }

  /// A numeric cell (`nan` parses as NaN).
  public static func number(_ row: [String: String], _ key: String) -> Double {
    guard let cell = row[key] else { preconditionFailure("no column \(key)") }
    return cell == "nan" ? .nan : Double(cell)!
  }
}
