import DockSimIO

/// A seed-level results file, `seeds.csv`: one row per (scenario, repetition) of a run with
/// repetitions. Header `scenario,repetition,seed,duration_s,frames,` then metric columns, then
/// `expectations_failed,status,error`; an empty cell means not applicable (docs/csv.md).
struct SeedTable {
  /// The columns every seed file starts and ends with, around its metric columns.
  static let leadingColumns = ["scenario", "repetition", "seed", "duration_s", "frames"]
  static let trailingColumns = ["expectations_failed", "status", "error"]

  let file: String
  /// The header, in file order.
  let columns: [String]
  /// Scenario names in first-appearance order.
  let scenarios: [String]
  /// Per scenario (indexed like `scenarios`), its rows' cells as numbers, nil where empty or text.
  private let cells: [[[Double?]]]

  /// Whether `table`'s header makes it a seed-level file (it has a `repetition` column).
  static func isSeedLevel(_ table: CSVTable) -> Bool {
    table.header.cells.contains { $0.text == "repetition" }
  }

  /// Reads and validates the seed file at `path`.
  ///
  /// - Throws: `ReportError` naming the file, line and column of a wrong header, a bad or non-finite
  ///   number, a bad status or a repeated (scenario, repetition).
  static func read(path: String) throws(ReportError) -> SeedTable {
    try SeedTable(
      table: CSVTable.read(
        path: path, expected: "a seeds.csv written by docksim run --repetitions (docs/csv.md)"))
  }

  /// Validates an already read table.
  init(table: CSVTable) throws(ReportError) {
    let names = table.header.cells.map(\.text)
    func headerError(_ index: Int, _ message: String) -> ReportError {
      ReportError(
        "\(table.file):\(table.header.line):\(table.header.cells[min(index, names.count - 1)].column): "
          + message)
    }
    let lead = Self.leadingColumns
    let trail = Self.trailingColumns
    for (k, name) in lead.enumerated() where k >= names.count || names[k] != name {
      throw headerError(
        k,
        "expected a seeds.csv header starting with \(lead.joined(separator: ",")), got '\(k < names.count ? names[k] : "")'"
      )
    }
    guard names.count >= lead.count + trail.count, Array(names.suffix(trail.count)) == trail else {
      throw headerError(
        names.count - 1,
        "expected a seeds.csv header ending with \(trail.joined(separator: ",")), got '\(names.last ?? "")'")
    }
    for (k, name) in names.enumerated() {
      guard !name.isEmpty else { throw headerError(k, "empty column name in the header; expected a name") }
      guard !names[..<k].contains(name) else {
        throw headerError(k, "column '\(name)' appears twice in the header; expected unique names")
      }
    }
    let status = names.count - 2
    let error = names.count - 1
    var scenarios: [String] = []
    var cells: [[[Double?]]] = []
    var index: [String: Int] = [:]  // lookups only
    var seen: [String: Int] = [:]  // "scenario\0repetition" → line; lookups only
    for row in table.rows {
      func fail(_ column: Int, _ message: String) -> ReportError {
        ReportError("\(table.file):\(row.line):\(row.cells[column].column): \(names[column]): \(message)")
      }
      let scenario = row.cells[0].text
      guard !scenario.isEmpty else { throw fail(0, "expected a scenario name, got an empty cell") }
      let repetitionText = row.cells[1].text
      guard let repetition = Int(repetitionText), repetition >= 0 else {
        throw fail(1, "expected a repetition number 0, 1, 2, …, got '\(repetitionText)'")
      }
      let key = scenario + "\u{0}" + String(repetition)
      if let first = seen[key] {
        throw fail(
          1,
          "repetition \(repetition) of '\(scenario)' appears again (first on line \(first)); expected one row each"
        )
      }
      seen[key] = row.line
      let statusText = row.cells[status].text
      guard statusText == "ok" || statusText == "error" else {
        throw fail(status, "expected ok or error, got '\(statusText)'")
      }
      var values: [Double?] = []
      for k in names.indices {
        guard k != 0, k != status, k != error, !row.cells[k].text.isEmpty else {
          values.append(nil)
          continue
        }
        guard let value = Double(row.cells[k].text), value.isFinite else {
          throw fail(
            k, "expected a finite number or an empty cell (not applicable), got '\(row.cells[k].text)'")
        }
        values.append(value)
      }
      if let i = index[scenario] {
        cells[i].append(values)
      } else {
        index[scenario] = scenarios.count
        scenarios.append(scenario)
        cells.append([values])
      }
    }
    file = table.file
    columns = names
    self.scenarios = scenarios
    self.cells = cells
  }

  /// Rows (seeds) of `scenario`; 0 when the file has none.
  func seedCount(_ scenario: String) -> Int {
    scenarios.firstIndex(of: scenario).map { cells[$0].count } ?? 0
  }

  /// Whether the header has `column`.
  func hasColumn(_ column: String) -> Bool { columns.contains(column) }

  /// The values of `metric` over `scenario`'s seeds, in file order, and how many of its cells were
  /// empty (not applicable, or a repetition that failed); nil when the file has no such column or no
  /// row of that scenario.
  func distribution(_ scenario: String, _ metric: String) -> (values: [Double], empty: Int)? {
    guard let column = columns.firstIndex(of: metric), let s = scenarios.firstIndex(of: scenario) else {
      return nil
    }
    var values: [Double] = []
    var empty = 0
    for row in cells[s] {
      if let value = row[column] { values.append(value) } else { empty += 1 }
    }
    return (values, empty)
  }
}
