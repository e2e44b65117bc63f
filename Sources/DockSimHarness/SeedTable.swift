import DockSimCore
import DockSimIO

/// `seeds.csv`: every run of a Monte Carlo work list on its own — one row per scenario and repetition
/// in work-list order — so that two runs can be compared seed by seed (`docksim gate` over seeds).
public enum SeedTable {
  public static let fileName = "seeds.csv"

  /// `scenario,repetition,seed`, then the columns of `summary.csv` after `seed`.
  public static let columns =
    ["scenario", "repetition", "seed"] + SummaryTable.columns.drop { $0 != "seed" }.dropFirst()

  /// One run: its repetition (0 is the scenario's own seed) and what it produced, its expectations
  /// checked on that run alone.
  public struct Row: Sendable {
    public var repetition: Int
    public var outcome: RunOutcome
    public init(repetition: Int, outcome: RunOutcome) {
      self.repetition = repetition
      self.outcome = outcome
    }
  }

  /// The CSV text of `seeds.csv`.
  public static func csv(_ rows: [Row]) -> String {
    var out = CSVFormat.line(columns)
    for row in rows {
      out += CSVFormat.line(
        cells(summaryCells: SummaryTable.cells(row.outcome, perSeed: true), repetition: row.repetition))
    }
    return out
  }

  /// A seed row's cells from the cells of the same run's `summary.csv` row: `repetition` goes after
  /// `scenario`. A scenario run once has the same row in both files but for that cell.
  static func cells(summaryCells: [String], repetition: Int) -> [String] {
    [summaryCells[0], CSVFormat.cell(repetition)] + summaryCells.dropFirst()
  }
}
