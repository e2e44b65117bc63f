import DockSimCore

/// The CSV `docksim score` writes: a `sequence` column, then `MetricCatalog.motScore`'s metrics under
/// their `summary.csv` names; one row per sequence in the order given, then the overall row. Counts
/// are whole numbers, ratios in shortest round-trip form, an empty cell where a ratio does not apply.
public enum MOTScoreTable {
  public static var columns: [String] { ["sequence"] + MetricCatalog.motScore.map(\.name) }

  public static func csv(_ scores: [MOTScore]) -> String {
    var text = CSVFormat.line(columns)
    for score in scores {
      var cells = [CSVFormat.cell(score.name)]
      for metric in score.metrics {
        precondition(MetricCatalog.motScore.contains(metric.key), "\(metric.name) is not a score column")
        cells.append(CSVFormat.cell(metric.value, of: metric.key))
      }
      text += CSVFormat.line(cells)
    }
    return text
  }
}
