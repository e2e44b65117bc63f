/// One line of `expectations.csv`: an `expect:` bound of a scenario and whether the run met it.
struct ExpectationRecord: Equatable {
  var scenario: String
  var metric: String
  /// Bounds as numbers (NaN: no bound on that side).
  var minimum: Double
  var maximum: Double
  /// The cell as written (empty: not applicable, which fails).
  var value: String
  var passed: Bool

  /// Reads `expectations.csv` at `path`, in file order.
  ///
  /// - Throws: `ReportError` naming the file, line and column.
  static func read(path: String) throws(ReportError) -> [ExpectationRecord] {
    let table = try CSVTable.read(
      path: path, expected: "expectations.csv written by docksim run (docs/csv.md)")
    let columns = try ["scenario", "metric", "min", "max", "value", "result"].map {
      name throws(ReportError) in
      try table.column(name)
    }
    var out: [ExpectationRecord] = []
    for row in table.rows {
      let result = row.cells[columns[5]]
      guard result.text == "pass" || result.text == "fail" else {
        throw ReportError(
          "\(path):\(row.line):\(result.column): result: expected pass or fail, got '\(result.text)'")
      }
      let value = row.cells[columns[4]].text
      if !value.isEmpty { _ = try table.number(row, columns[4]) }
      out.append(
        ExpectationRecord(
          scenario: row.cells[columns[0]].text, metric: row.cells[columns[1]].text,
          minimum: try table.number(row, columns[2]), maximum: try table.number(row, columns[3]),
          value: value,
          passed: result.text == "pass"))
    }
    return out
  }
}
