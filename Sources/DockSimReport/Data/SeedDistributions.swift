import DockSimHarness

/// A seed-level results file (`seeds.csv`) as the report draws it: read and validated by the gate's
/// own reader (`SeedSnapshot`: every cell finite or empty, each scenario's repetitions 0, 1, … in
/// order), then looked up per scenario and metric.
struct SeedDistributions {
  let snapshot: SeedSnapshot

  var file: String { snapshot.file }

  /// Reads and validates the seed file at `path`.
  ///
  /// - Throws: `ReportError` naming the file, line and column of what is wrong.
  static func read(path: String) throws(ReportError) -> SeedDistributions {
    do {
      return SeedDistributions(snapshot: try SeedSnapshot.read(path: path))
    } catch {
      throw ReportError(error)
    }
  }

  /// Rows (seeds) of `scenario`; 0 when the file has none.
  func seedCount(_ scenario: String) -> Int { rows(scenario)?.count ?? 0 }

  /// The values of `metric` over `scenario`'s seeds, in file order, and how many of its cells were
  /// empty (not applicable, or a repetition that failed); nil when the file has no such column or no
  /// row of that scenario.
  func distribution(_ scenario: String, _ metric: String) -> (values: [Double], empty: Int)? {
    guard snapshot.columns.contains(metric), let rows = rows(scenario) else { return nil }
    var values: [Double] = []
    var empty = 0
    for row in rows {
      // The reader has refused anything but a finite number or an empty cell.
      if let value = row.number(metric) { values.append(value) } else { empty += 1 }
    }
    return (values, empty)
  }

  private func rows(_ scenario: String) -> [SummaryRow]? {
    snapshot.scenarios.first { $0.name == scenario }?.rows
  }
}
