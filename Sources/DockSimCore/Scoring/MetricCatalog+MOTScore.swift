extension MetricKey {
  // MARK: Only in `docksim score`'s output (py-motmetrics' names in parentheses)
  public static let motRecall = MetricKey(
    "mot_recall", title: "recall", help: "matched truth rows / truth rows (recall)")
  public static let motPrecision = MetricKey(
    "mot_precision", title: "precision", help: "matched track rows / track rows (precision)")
  public static let mostlyTracked = MetricKey(
    "mostly_tracked", title: "MT", help: "objects matched in ≥ 80 % of their rows (mostly_tracked)", digits: 0
  )
  public static let partiallyTracked = MetricKey(
    "partially_tracked", title: "PT", help: "objects matched in 20 … 80 % of their rows (partially_tracked)",
    digits: 0)
  public static let mostlyLost = MetricKey(
    "mostly_lost", title: "ML", help: "objects matched in < 20 % of their rows (mostly_lost)", digits: 0)
  public static let uniqueObjects = MetricKey(
    "unique_objects", title: "objects", help: "distinct ground-truth ids (num_unique_objects)", digits: 0)
  public static let scoredFrames = MetricKey(
    "scored_frames", title: "frames", help: "frames with a truth or track row (num_frames)", digits: 0)
  public static let truthRows = MetricKey(
    "truth_rows", title: "truth rows", help: "ground-truth rows scored (num_objects)", digits: 0)
  public static let trackRows = MetricKey(
    "track_rows", title: "track rows", help: "track rows scored (num_predictions)", digits: 0)
}

extension MetricCatalog {
  /// The columns of `docksim score`: the multi-object tracking metrics of `scenario` under the same
  /// names, then the counts py-motmetrics also reports.
  public static let motScore: [MetricKey] = [
    .mota, .motpDistance, .idf1, .idp, .idr, .hota, .detA, .assA, .locA, .idSwitches, .fragmentations,
    .motFalsePositives, .motMisses, .motRecall, .motPrecision, .mostlyTracked, .partiallyTracked,
    .mostlyLost, .uniqueObjects, .scoredFrames, .truthRows, .trackRows,
  ]
}
