/// One row of a `summary.csv` as read back: the scenario's name, its line in the file and its cells.
public struct SummaryRow: Equatable, Sendable {
  public let scenario: String
  /// 1-based line of the row in its file.
  public let line: Int
  private let values: [String: String]
  private let numbers: [String: Double]

  init(scenario: String, line: Int, values: [String: String], numbers: [String: Double]) {
    self.scenario = scenario
    self.line = line
    self.values = values
    self.numbers = numbers
  }

  /// The cell of `column` as written (empty = not applicable), or nil when the file has no such column.
  public subscript(column: String) -> String? { values[column] }

  /// The value of the number column `column` as the reader read it (a finite number of the column's
  /// kind, `SummaryCSVReader.numberKind(of:)`; seconds for `duration_s`); nil for an empty cell, a text
  /// column or a column the file lacks.
  public func number(_ column: String) -> Double? { numbers[column] }

  /// The `status` cell: `ok` or `error`.
  public var failed: Bool { values["status"] == "error" }
}

/// A `summary.csv` read back and validated (`SummaryCSVReader`): its columns in file order and its rows.
public struct SummarySnapshot: Equatable, Sendable {
  /// The path it was read from, as given.
  public let file: String
  /// The header, in file order.
  public let columns: [String]
  /// The rows, in file order.
  public let rows: [SummaryRow]
  private let rowIndex: [String: Int]
  private let columnSet: Set<String>

  init(file: String, columns: [String], rows: [SummaryRow]) {
    self.file = file
    self.columns = columns
    self.rows = rows
    var index: [String: Int] = [:]
    for (i, row) in rows.enumerated() { index[row.scenario] = i }
    rowIndex = index
    columnSet = Set(columns)
  }

  /// The row of `scenario`, if the file has one.
  public func row(_ scenario: String) -> SummaryRow? { rowIndex[scenario].map { rows[$0] } }

  /// Whether the header has `column`.
  public func hasColumn(_ column: String) -> Bool { columnSet.contains(column) }

  /// Scenario names, sorted.
  public var scenarios: [String] { rows.map(\.scenario).sorted() }
}
