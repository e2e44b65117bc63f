import Foundation

/// The data rows of a CSV file a user brings (observation logs, reference tracks): blank lines and
/// `#` comment lines skipped, the header required exactly, every row's cell count checked.
struct InputCSV {
  struct Row {
    let file: String
    /// 1-based line in the file.
    let line: Int
    let cells: [String]

    /// An error at this row, in `column` when one cell is at fault.
    func fail(_ column: String?, _ message: String) -> LogError {
      LogError(file: file, line: line, column: column, message: message)
    }
  }

  /// The rows of `text` after its header; `what` names the kind of file in the empty-file error.
  static func rows(_ text: String, file: String, columns: [String], what: String) throws(LogError) -> [Row] {
    var rows: [Row] = []
    var sawHeader = false
    var lineNumber = 0
    for line in CSVFormat.lines(text) {
      lineNumber += 1
      if line.isEmpty || line.hasPrefix("#") { continue }
      let row = Row(
        file: file, line: lineNumber,
        cells: line.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
      if !sawHeader {
        guard row.cells == columns else {
          throw row.fail(nil, "expected the header \(columns.joined(separator: ",")), got \(line)")
        }
        sawHeader = true
        continue
      }
      guard row.cells.count == columns.count else {
        throw row.fail(nil, "expected \(columns.count) cells, got \(row.cells.count)")
      }
      rows.append(row)
    }
    guard sawHeader else {
      throw LogError(file: file, line: nil, column: nil, message: "empty \(what), expected a header line")
    }
    return rows
  }

  /// The UTF-8 text of the CSV file at `path`; errors name the file and what was expected.
  static func readText(path: String) throws(LogError) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw LogError(file: path, line: nil, column: nil, message: "no such file")
    }
    guard !isDirectory.boolValue else {
      throw LogError(file: path, line: nil, column: nil, message: "is a directory, expected a CSV file")
    }
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      throw LogError(
        file: path, line: nil, column: nil, message: "cannot read: \(error.localizedDescription)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw LogError(file: path, line: nil, column: nil, message: "not UTF-8 text, expected a CSV file")
    }
    return text
  }
}
