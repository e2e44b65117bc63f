import DockSimCore
import DockSimIO

/// Reads a `summary.csv` (this run's or a baseline) and checks its shape: a header starting with
/// `scenario` and holding `status`, unique non-empty column names, one row per scenario with as many
/// cells as the header, `status` `ok` or `error`, and every other column a number of its kind
/// (`numberKind(of:)`, read by `CSVNumber`): `seed` a seed, `frames`, `expectations_failed` and
/// `repetition` whole numbers ≥ 0, `duration_s` and the count metrics finite numbers ≥ 0, every other
/// metric a finite number; any may be empty (not applicable, or a failed run). `nan` and
/// `inf` are refused: a value that cannot be compared must not be compared. The one reader of summary
/// and seed tables: `gate`, `baseline update` and `merge` (a shard's `summary.csv` and `seeds.csv`).
public enum SummaryCSVReader {
  /// Columns holding text; every other column holds numbers.
  public static let textColumns: Set<String> = ["scenario", "status", "error"]

  /// The column names of the count metrics (`MetricCatalog.counts`), read as numbers ≥ 0.
  static let countColumns = Set(MetricCatalog.counts.map(\.name))

  /// What a number column of a summary or seed table holds.
  public static func numberKind(of column: String) -> CSVNumber.Kind {
    switch column {
    case "seed": .seed
    case "frames", "expectations_failed", "repetition": .count
    case "duration_s": .nonNegative
    case _ where countColumns.contains(column): .nonNegative
    default: .finite
    }
  }

  /// What an empty cell means in `column` (for the message).
  static func emptyMeaning(of column: String) -> String {
    switch column {
    // The writer writes a seed on every row; hand-made failed rows (tests, older tools) leave it empty.
    case "seed", "frames", "expectations_failed", "repetition": "a failed run"
    default: "not applicable"
    }
  }

  /// Reads and validates the summary at `path`.
  ///
  /// - Throws: `InputError` naming the file, line, column and what was expected.
  public static func read(path: String) throws(InputError) -> SummarySnapshot {
    try parse(GateFiles.readText(path: path, expected: "a summary CSV written by `docksim run`"), file: path)
  }

  /// Parses summary text; `file` names it in errors.
  ///
  /// - Throws: `InputError`, as `read(path:)`.
  public static func parse(_ text: String, file: String) throws(InputError) -> SummarySnapshot {
    let (columns, rows) = try table(text, file: file)
    var firstLine: [String: Int] = [:]
    for row in rows {
      if let first = firstLine[row.scenario] {
        throw InputError(
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
  public static func isSeedLevel(_ text: String, file: String) throws(InputError) -> Bool {
    let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
    return try CSVReader.records(String(firstLine), file: file).first?.cells.contains {
      $0.text == "repetition"
    }
      ?? false
  }

  /// The header and the validated rows of a summary-shaped table (`summary.csv` or `seeds.csv`), in
  /// file order; uniqueness of the rows is the caller's rule.
  static func table(_ text: String, file: String) throws(InputError) -> ([String], [SummaryRow]) {
    var reader = try CSVTableReader(
      text: text, file: file, expected: "a summary.csv or seeds.csv written by `docksim run`")
    let columns = reader.columns
    guard columns.first == "scenario" else {
      throw InputError(
        file: file, line: reader.header.line, column: 1,
        message: "expected a summary.csv header starting with scenario, got '\(CSVNumber.shown(columns[0]))'")
    }
    guard let status = reader.columnIndex("status") else {
      throw InputError(
        file: file, line: reader.header.line,
        message: "no status column in the header; expected a summary.csv")
    }
    var rows: [SummaryRow] = []
    while let row = try reader.next() {
      var values: [String: String] = [:]
      var numbers: [String: Double] = [:]
      for (i, name) in columns.enumerated() {
        switch name {
        case "scenario":
          // Names read back become file names (a report's traces, a merge's): never a path.
          _ = try row.name(i)
        case "status":
          _ = try row.word(status, ["ok", "error"])
        case _ where textColumns.contains(name):
          break
        default:
          numbers[name] = try row.number(i, numberKind(of: name), empty: emptyMeaning(of: name))
        }
        values[name] = row[i]
      }
      rows.append(SummaryRow(scenario: row[0], line: row.line, values: values, numbers: numbers))
    }
    return (columns, rows)
  }
}
