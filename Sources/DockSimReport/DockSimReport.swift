/// HTML reports of a run's results with SVG plots (`docksim report`, `docs/report.md`).
public enum DockSimReport {
  /// The report format's version, written into every page.
  public static let formatVersion = 1
}
