import DockSimIO

/// A seed-level table (`seeds.csv`) read back and validated: the summary's checks on every cell
/// (`SummaryCSVReader`), plus a `repetition` and a `seed` column, and each scenario's rows numbered
/// 0, 1, … in file order, one per repetition.
public struct SeedSnapshot: Equatable, Sendable {
  /// The path it was read from, as given.
  public let file: String
  /// The header, in file order.
  public let columns: [String]
  /// The scenarios in order of first appearance, each with its rows by repetition.
  public let scenarios: [(name: String, rows: [SummaryRow])]

  public static func == (a: SeedSnapshot, b: SeedSnapshot) -> Bool {
    a.file == b.file && a.columns == b.columns && a.scenarios.map(\.name) == b.scenarios.map(\.name)
      && a.scenarios.map(\.rows) == b.scenarios.map(\.rows)
  }

  /// Reads and validates the seed table at `path`.
  ///
  /// - Throws: `InputError` naming the file, line, column and what was expected.
  public static func read(path: String) throws(InputError) -> SeedSnapshot {
    try parse(
      GateFiles.readText(path: path, expected: "a seeds.csv written by `docksim run --repetitions N`"),
      file: path)
  }

  /// Parses seed-table text; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws(InputError) -> SeedSnapshot {
    let (columns, rows) = try SummaryCSVReader.table(text, file: file)
    for required in ["repetition", "seed"] where !columns.contains(required) {
      throw InputError(
        file: file, line: 1,
        message: "no \(required) column in the header; expected a seeds.csv (docs/csv.md)")
    }
    var order: [String] = []
    var byName: [String: [SummaryRow]] = [:]
    for row in rows {
      let next = byName[row.scenario]?.count ?? 0
      guard row["repetition"] == "\(next)" else {
        throw InputError(
          file: file, line: row.line, field: "repetition",
          message:
            "expected repetition \(next) of '\(row.scenario)' (each scenario's repetitions 0, 1, … in order, "
            + "one row each), got '\(row["repetition"] ?? "")'")
      }
      guard row["seed"].map({ !$0.isEmpty }) == true else {
        throw InputError(
          file: file, line: row.line, field: "seed",
          message: "expected the run's seed, a whole number ≥ 0, got '\(row["seed"] ?? "")'")
      }
      if next == 0 { order.append(row.scenario) }
      byName[row.scenario, default: []].append(row)
    }
    return SeedSnapshot(file: file, columns: columns, scenarios: order.map { ($0, byName[$0] ?? []) })
  }

  init(file: String, columns: [String], scenarios: [(name: String, rows: [SummaryRow])]) {
    self.file = file
    self.columns = columns
    self.scenarios = scenarios
  }
}
