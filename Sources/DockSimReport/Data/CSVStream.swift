import DockSimIO

/// A CSV file DockSim wrote, read record by record for the report: its header, then one record at a
/// time with positions for error messages, so that a trace of any length is read in bounded memory.
/// The split is DockSimIO's `CSVReader`; the rules for the header, the cell count and numbers are
/// here, and `CSVTable` (a whole small file) uses them too.
struct CSVStream {
  let file: String
  let header: CSVRecord
  private var reader: CSVReader

  /// Opens `path` and reads its header; `expected` says what the file should be ("a trace written by
  /// docksim run").
  ///
  /// - Throws: `ReportError` naming the file: missing, unreadable, empty, or a malformed header.
  init(path: String, expected: String) throws(ReportError) {
    do throws(InputError) {
      var reader = try CSVReader(path: path, expected: expected)
      self.header = try Self.header(&reader, file: path, expected: expected)
      self.reader = reader
      file = path
    } catch { throw ReportError(error) }
  }

  /// The header of `reader`'s input, its first record.
  static func header(_ reader: inout CSVReader, file: String, expected: String) throws(InputError)
    -> CSVRecord
  {
    guard let header = try reader.next() else {
      throw InputError(file: file, message: "the file is empty; expected \(expected) with a header line")
    }
    return header
  }

  /// The next record; nil at the end of the file.
  ///
  /// - Throws: `ReportError` naming the line of a quoting error or a record whose cell count differs
  ///   from the header's.
  mutating func next() throws(ReportError) -> CSVRecord? {
    do throws(InputError) {
      guard let row = try reader.next() else { return nil }
      try Self.check(row, header: header, file: file)
      return row
    } catch { throw ReportError(error) }
  }

  /// Refuses `row` when its cell count is not the header's.
  static func check(_ row: CSVRecord, header: CSVRecord, file: String) throws(InputError) {
    try row.requireCells(header.cells.count, file: file)
  }

  /// The index of `name` in the header.
  ///
  /// - Throws: `ReportError` when the header has no such column.
  func column(_ name: String) throws(ReportError) -> Int { try Self.column(name, header: header, file: file) }

  /// The index of `name` in the header, or nil when the file has no such column.
  func columnIndex(_ name: String) -> Int? { header.cells.firstIndex { $0.text == name } }

  /// The cell of `row` at `column` as a number: empty and `nan` give NaN (missing, not applicable).
  ///
  /// - Throws: `ReportError` naming the line and column of a cell that is not a number.
  func number(_ row: CSVRecord, _ column: Int) throws(ReportError) -> Double {
    try Self.number(row, column, header: header, file: file)
  }

  static func column(_ name: String, header: CSVRecord, file: String) throws(ReportError) -> Int {
    guard let i = header.cells.firstIndex(where: { $0.text == name }) else {
      throw ReportError(
        InputError(
          file: file, line: header.line, message: "no \(name) column in the header; expected one"))
    }
    return i
  }

  static func number(_ row: CSVRecord, _ column: Int, header: CSVRecord, file: String) throws(ReportError)
    -> Double
  {
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
