import DockSimIO
import Foundation

/// The one way a baseline file is compared with a run's file, for `docksim gate` and the report: two
/// `summary.csv` are compared scenario by scenario (`GateComparison`), two `seeds.csv` seed by seed
/// (`SeedGateComparison`). A seed-level baseline against a run's `summary.csv` compares the `seeds.csv`
/// beside that summary; a summary baseline against a `seeds.csv` is refused.
public enum GateRun {
  public struct Outcome: Sendable {
    public var report: GateReport
    /// The run's file that was compared: `summary`, or the `seeds.csv` beside it.
    public var compared: String
    /// Set when the comparison used the `seeds.csv` beside the given summary, saying so.
    public var notice: String?
  }

  /// Reads both files and compares them (`docs/gate.md`).
  ///
  /// - Throws: `InputError` naming the file, line and column of what is wrong with either file,
  ///   or what differs between two seed-level files.
  public static func compare(
    baseline: String, summary: String, tolerances: ToleranceTable, strict: Bool = false
  )
    throws(InputError) -> Outcome
  {
    let baseText = try GateFiles.readText(path: baseline, expected: "a summary CSV written by `docksim run`")
    let nowText = try GateFiles.readText(path: summary, expected: "a summary CSV written by `docksim run`")
    let seedBaseline = try SummaryCSVReader.isSeedLevel(baseText, file: baseline)
    let seedNow = try SummaryCSVReader.isSeedLevel(nowText, file: summary)
    switch (seedBaseline, seedNow) {
    case (false, false):
      let base = try SummaryCSVReader.parse(baseText, file: baseline)
      let now = try SummaryCSVReader.parse(nowText, file: summary)
      return Outcome(
        report: GateComparison.compare(baseline: base, now: now, tolerances: tolerances), compared: summary)
    case (false, true):
      throw InputError(
        file: baseline,
        message:
          "a summary.csv (one row per scenario), but \(summary) is a seeds.csv; expected a seeds.csv baseline "
          + "to compare seed by seed, or the summary.csv beside \(summary)")
    case (true, true):
      let base = try SeedSnapshot.parse(baseText, file: baseline)
      let now = try SeedSnapshot.parse(nowText, file: summary)
      return Outcome(
        report: try SeedGateComparison.compare(
          baseline: base, now: now, tolerances: tolerances, strict: strict),
        compared: summary)
    case (true, false):
      // The baseline is seed-level: compare this run's seeds, which `run` writes beside its summary.
      // FileSystem.parent, not deletingLastPathComponent: Foundation traps on a one-component path.
      let beside = ((FileSystem.parent(of: summary) ?? "") as NSString).appendingPathComponent(
        SeedTable.fileName)
      guard FileManager.default.fileExists(atPath: beside) else {
        throw InputError(
          file: beside,
          message:
            "no such file; the baseline \(baseline) is a seeds.csv, so the gate compares seed by seed and "
            + "needs the seeds.csv of this run (`docksim run --repetitions N` writes it beside summary.csv)")
      }
      let base = try SeedSnapshot.parse(baseText, file: baseline)
      let now = try SeedSnapshot.read(path: beside)
      return Outcome(
        report: try SeedGateComparison.compare(
          baseline: base, now: now, tolerances: tolerances, strict: strict),
        compared: beside,
        notice: "the baseline is seed-level; comparing \(beside) (beside \(summary))")
    }
  }
}
