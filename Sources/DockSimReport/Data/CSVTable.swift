import DockSimHarness
import DockSimIO

/// A small CSV file read whole for the report (events, expectations): its header and records, with
/// positions for error messages. The rules (header, cell count, numbers) are `CSVStream`'s, which
/// reads a trace record by record instead.
struct CSVTable {
  let file: String
  let header: CSVRecord
  let rows: [CSVRecord]

  /// Reads `path`; `expected` says what the file should be ("an events file written by docksim run").
  ///
  /// - Throws: `ReportError` naming the file, line and column.
  static func read(path: String, expected: String) throws(ReportError) -> CSVTable {
    do throws(InputError) {
      let text = try GateFiles.readText(path: path, expected: expected)
      var reader = CSVReader(text: text, file: path)
      let header = try CSVStream.header(&reader, file: path, expected: expected)
      var rows: [CSVRecord] = []
      while let row = try reader.next() {
        try CSVStream.check(row, header: header, file: path)
        rows.append(row)
      }
      return CSVTable(file: path, header: header, rows: rows)
    } catch { throw ReportError(error) }
  }

  /// The index of `name` in the header.
  ///
  /// - Throws: `ReportError` when the header has no such column.
  func column(_ name: String) throws(ReportError) -> Int {
    try CSVStream.column(name, header: header, file: file)
  }

  /// The index of `name` in the header, or nil when the file has no such column.
  func columnIndex(_ name: String) -> Int? { header.cells.firstIndex { $0.text == name } }

  /// The cell of `row` at `column` as a number: empty and `nan` give NaN (missing, not applicable).
  ///
  /// - Throws: `ReportError` naming the line and column of a cell that is not a number.
  func number(_ row: CSVRecord, _ column: Int) throws(ReportError) -> Double {
    try CSVStream.number(row, column, header: header, file: file)
  }
}
