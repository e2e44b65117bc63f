import DockSimHarness
import DockSimIO

/// A CSV file read for the report: its header and records, with positions for error messages. The
/// split is DockSimIO's `CSVReader`, so quoting rules and messages are the same everywhere.
struct CSVTable {
  let file: String
  let header: CSVRecord
  let rows: [CSVRecord]

  /// Reads `path`; `expected` says what the file should be ("a trace written by docksim run").
  ///
  /// - Throws: `ReportError` naming the file, line and column.
  static func read(path: String, expected: String) throws(ReportError) -> CSVTable {
    do throws(InputError) {
      let text = try GateFiles.readText(path: path, expected: expected)
      let records = try CSVReader.records(text, file: path)
      guard let header = records.first else {
        throw InputError(
          file: path, message: "the file is empty; expected \(expected) with a header line")
      }
      let table = CSVTable(file: path, header: header, rows: Array(records.dropFirst()))
      for row in table.rows where row.cells.count != header.cells.count {
        throw InputError(
          file: path, line: row.line,
          message: "expected \(header.cells.count) cells as in the header, got \(row.cells.count)")
      }
      return table
    } catch { throw ReportError(error) }
  }

  /// The index of `name` in the header.
  ///
  /// - Throws: `ReportError` when the header has no such column.
  func column(_ name: String) throws(ReportError) -> Int {
    guard let i = columnIndex(name) else {
      throw ReportError(
        InputError(
          file: file, line: header.line, message: "no \(name) column in the header; expected one"))
    }
    return i
  }

  /// The index of `name` in the header, or nil when the file has no such column.
  func columnIndex(_ name: String) -> Int? { header.cells.firstIndex { $0.text == name } }

  /// The cell of `row` at `column` as a number: empty and `nan` give NaN (missing, not applicable).
  ///
  /// - Throws: `ReportError` naming the line and column of a cell that is not a number.
  func number(_ row: CSVRecord, _ column: Int) throws(ReportError) -> Double {
    let cell = row.cells[column]
    if cell.text.isEmpty { return .nan }
    guard let value = Double(cell.text) else {
      throw ReportError(
        InputError(
          file: file, line: row.line, column: cell.column, field: header.cells[column].text,
          message: "expected a number or an empty cell, got '\(cell.text)'"))
    }
    return value
  }
}
