import DockSimIO

/// One line of `expectations.csv`: an `expect:` bound of a scenario and whether the run met it.
struct ExpectationRecord: Equatable {
  var scenario: String
  var metric: String
  /// Bounds as numbers (NaN: no bound on that side).
  var minimum: Double
  var maximum: Double
  /// The cell as written (empty: not applicable, which fails).
  var value: String
  /// The value as the reader read it, in the metric's unit; nil when not applicable.
  var number: Double?
  /// Whether the share required was met (`result`).
  var passed: Bool
  /// The judgement over seeds (`verdict`: pass, fail or cannot tell); in files written before the
  /// column existed, the `result`.
  var verdict: String
  /// How many runs (seeds) the bound was checked on, 1 for a plain run, and how many met it.
  var runs = 1
  var runsPassed = 1
  /// The share of seeds the bound must hold in (`share:`, 1 when not given).
  var requiredShare = 1.0

  /// Whether the verdict is a failure (a "cannot tell" is not).
  var failed: Bool { verdict == "fail" }

  /// The fewest seeds that meet `requiredShare` of `runs` (with the slack `Expectation.holds` allows).
  var runsNeeded: Int { Int((requiredShare * Double(runs) - 1e-9).rounded(.up)) }

  /// Reads `expectations.csv` at `path`, in file order.
  ///
  /// - Throws: `ReportError` naming the file, line and column.
  static func read(path: String) throws(ReportError) -> [ExpectationRecord] {
    do throws(InputError) {
      var table = try CSVTableReader(
        path: path, expected: "expectations.csv written by docksim run (docs/csv.md)")
      let c = try table.columns(["scenario", "metric", "min", "max", "value", "result"])
      // Over seeds (docs/csv.md): absent from files written before expectations were checked per seed.
      let seedColumns = ["runs", "share", "required_share"].compactMap { table.columnIndex($0) }
      let verdictColumn = table.columnIndex("verdict")
      var out: [ExpectationRecord] = []
      while let row = try table.next() {
        let passed = try row.flag(c[5], true: "pass", false: "fail")
        let number = try row.finite(c[4], empty: "not applicable")
        var record = ExpectationRecord(
          scenario: row[c[0]], metric: row[c[1]], minimum: try row.finite(c[2], empty: "no bound") ?? .nan,
          maximum: try row.finite(c[3], empty: "no bound") ?? .nan, value: row[c[4]], number: number,
          passed: passed, verdict: passed ? "pass" : "fail")
        if let v = verdictColumn {
          guard ["pass", "fail", "cannot tell"].contains(row[v]) else {
            throw row.error(v, "expected pass, fail or cannot tell, got '\(CSVNumber.shown(row[v]))'")
          }
          record.verdict = row[v]
        }
        if seedColumns.count == 3 {
          let (runs, share, required) = (seedColumns[0], seedColumns[1], seedColumns[2])
          let n = try row.count(runs)
          let observed = try row.finite(share, in: 0...1)
          let needed = try row.finite(required, in: 0...1)
          guard n >= 1 else { throw row.error(runs, "expected a whole number of runs ≥ 1, got \(n)") }
          guard needed > 0 else { throw row.error(required, "expected a share > 0, got \(row[required])") }
          record.runs = n
          record.runsPassed = Int((observed * Double(n)).rounded())
          record.requiredShare = needed
        }
        out.append(record)
      }
      return out
    } catch { throw ReportError(error) }
  }
}
