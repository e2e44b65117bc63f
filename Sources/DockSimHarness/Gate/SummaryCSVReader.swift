import DockSimIO

/// Reads a `summary.csv` (this run's or a baseline) and checks its shape: a header starting with
/// `scenario` and holding `status`, unique non-empty column names, one row per scenario with as many
/// cells as the header, `status` `ok` or `error`, `expectations_failed` a whole number ≥ 0, and every
/// column except `scenario`, `status` and `error` a finite number or empty (not applicable). `nan` and
/// `inf` are refused: a value that cannot be compared must not be compared.
public enum SummaryCSVReader {
  /// Columns holding text; every other column holds numbers.
  public static let textColumns: Set<String> = ["scenario", "status", "error"]

  /// Reads and validates the summary at `path`.
  ///
  /// - Throws: `GateInputError` naming the file, line, column and what was expected.
  public static func read(path: String) throws(GateInputError) -> SummarySnapshot {
    try parse(GateFiles.readText(path: path, expected: "a summary CSV written by `docksim run`"), file: path)
  }

  /// Parses summary text; `file` names it in errors.
  ///
  /// - Throws: `GateInputError`, as `read(path:)`.
  public static func parse(_ text: String, file: String) throws(GateInputError) -> SummarySnapshot {
    let (columns, rows) = try table(text, file: file)
    var firstLine: [String: Int] = [:]
    for row in rows {
      if let first = firstLine[row.scenario] {
        throw GateInputError(
          file: file, line: row.line, column: 1, field: "scenario",
          message:
            "scenario '\(row.scenario)' appears again (first on line \(first)); expected one row per scenario"
            + (columns.contains("repetition")
              ? " (a seeds.csv has a row per seed: gate it against another)" : "")
        )
      }
      firstLine[row.scenario] = row.line
    }
    return SummarySnapshot(file: file, columns: columns, rows: rows)
  }

  /// Whether `text` is a seed-level table (`seeds.csv`): its header has a `repetition` column.
  public static func isSeedLevel(_ text: String, file: String) throws(GateInputError) -> Bool {
    let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
    return try CSVRecords.parse(String(firstLine), file: file).first?.cells.contains {
      $0.text == "repetition"
    }
      ?? false
  }

  /// The header and the validated rows of a summary-shaped table (`summary.csv` or `seeds.csv`), in
  /// file order; uniqueness of the rows is the caller's rule.
  static func table(_ text: String, file: String) throws(GateInputError) -> ([String], [SummaryRow]) {
    let records = try CSVRecords.parse(text, file: file)
    guard let header = records.first else {
      throw GateInputError(
        file: file, message: "the file is empty; expected a header line starting with scenario")
    }
    let columns = try checkHeader(header, file: file)
    var rows: [SummaryRow] = []
    for record in records.dropFirst() { rows.append(try readRow(record, columns: columns, file: file)) }
    return (columns, rows)
  }

  private static func checkHeader(_ header: CSVRecord, file: String) throws(GateInputError) -> [String] {
    let names = header.cells.map(\.text)
    func fail(_ cell: CSVCell, _ message: String) -> GateInputError {
      GateInputError(file: file, line: header.line, column: cell.column, message: message)
    }
    guard names.first == "scenario" else {
      throw fail(header.cells[0], "expected a summary.csv header starting with scenario, got '\(names[0])'")
    }
    var seen: Set<String> = []
    for cell in header.cells {
      guard !cell.text.isEmpty else { throw fail(cell, "empty column name in the header; expected a name") }
      guard seen.insert(cell.text).inserted else {
        throw fail(cell, "column '\(cell.text)' appears twice in the header; expected unique names")
      }
    }
    guard seen.contains("status") else {
      throw GateInputError(
        file: file, line: header.line, message: "no status column in the header; expected a summary.csv")
    }
    return names
  }

  private static func readRow(_ record: CSVRecord, columns: [String], file: String) throws(GateInputError)
    -> SummaryRow
  {
    guard record.cells.count == columns.count else {
      throw GateInputError(
        file: file, line: record.line,
        message: "expected \(columns.count) cells as in the header, got \(record.cells.count)")
    }
    var values: [String: String] = [:]
    for (name, cell) in zip(columns, record.cells) {
      func fail(_ message: String) -> GateInputError {
        GateInputError(file: file, line: record.line, column: cell.column, field: name, message: message)
      }
      switch name {
      case "scenario":
        guard !cell.text.isEmpty else { throw fail("expected a scenario name, got an empty cell") }
      case "status":
        guard cell.text == "ok" || cell.text == "error" else {
          throw fail("expected ok or error, got '\(cell.text)'")
        }
      case _ where textColumns.contains(name):
        break
      case "expectations_failed", "repetition":
        guard cell.text.isEmpty || (UInt32(cell.text) != nil && !cell.text.hasPrefix("+")) else {
          throw fail("expected a whole number ≥ 0 or an empty cell (a failed run), got '\(cell.text)'")
        }
      default:
        guard cell.text.isEmpty || Double(cell.text) != nil else {
          throw fail("expected a number or an empty cell (not applicable), got '\(cell.text)'")
        }
        guard cell.text.isEmpty || Double(cell.text)?.isFinite == true else {
          throw fail(
            "expected a finite number or an empty cell (not applicable), got '\(cell.text)'; non-finite values "
              + "cannot be compared and are refused")
        }
      }
      values[name] = cell.text
    }
    return SummaryRow(scenario: record.cells[0].text, line: record.line, values: values)
  }
}
