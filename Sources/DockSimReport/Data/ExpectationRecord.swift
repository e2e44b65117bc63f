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
  /// How many runs (seeds) the bound was checked on, 1 for a plain run, and how many met it.
  var runs = 1
  var runsPassed = 1
  /// The share of seeds the bound must hold in (`share:`, 1 when not given).
  var requiredShare = 1.0

  /// The fewest seeds that meet `requiredShare` of `runs` (with the slack `Expectation.holds` allows).
  var runsNeeded: Int { Int((requiredShare * Double(runs) - 1e-9).rounded(.up)) }

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
    // Over seeds (docs/csv.md): absent from files written before expectations were checked per seed.
    let seedColumns = ["runs", "share", "required_share"].compactMap { table.columnIndex($0) }
    var out: [ExpectationRecord] = []
    for row in table.rows {
      let result = row.cells[columns[5]]
      guard result.text == "pass" || result.text == "fail" else {
        throw ReportError(
          "\(path):\(row.line):\(result.column): result: expected pass or fail, got '\(result.text)'")
      }
      let value = row.cells[columns[4]].text
      if !value.isEmpty { _ = try table.number(row, columns[4]) }
      var record = ExpectationRecord(
        scenario: row.cells[columns[0]].text, metric: row.cells[columns[1]].text,
        minimum: try table.number(row, columns[2]), maximum: try table.number(row, columns[3]),
        value: value,
        passed: result.text == "pass")
      if seedColumns.count == 3 {
        let (runs, share, required) = (seedColumns[0], seedColumns[1], seedColumns[2])
        let n = try table.number(row, runs)
        let observed = try table.number(row, share)
        let needed = try table.number(row, required)
        guard n >= 1, n == n.rounded(), observed >= 0, observed <= 1, needed > 0, needed <= 1 else {
          throw ReportError(
            "\(path):\(row.line): runs, share, required_share: expected a whole number of runs ≥ 1 and "
              + "shares in [0, 1], got \(row.cells[runs].text), \(row.cells[share].text), "
              + "\(row.cells[required].text)")
        }
        record.runs = Int(n)
        record.runsPassed = Int((observed * n).rounded())
        record.requiredShare = needed
      }
      out.append(record)
    }
    return out
  }
}
