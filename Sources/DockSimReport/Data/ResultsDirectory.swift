import DockSimHarness
import DockSimIO
import Foundation

/// The files of a run's `--out` directory, read and validated before anything is drawn.
struct ResultsDirectory {
  let path: String
  let summary: SummarySnapshot
  /// nil when the directory has no `expectations.csv`.
  let expectations: [ExpectationRecord]?
  /// The gate's comparison with the baseline, when a baseline summary was given.
  let gate: GateReport?
  /// `seeds.csv` beside `summary.csv`, when the run wrote one (a run with repetitions).
  let seeds: SeedTable?
  /// The baseline's seeds: the `--baseline` file itself when it is seed-level (its header has
  /// `repetition`), else a `seeds.csv` beside the baseline summary, if any.
  let baselineSeeds: SeedTable?

  /// Reads `options.resultsDirectory`'s summary and expectations, and the baseline comparison.
  ///
  /// - Throws: `ReportError` for a missing directory or summary, or a malformed file.
  static func load(_ options: ReportOptions) throws(ReportError) -> ResultsDirectory {
    let dir = options.resultsDirectory
    var isDirectory: ObjCBool = false
    guard !dir.isEmpty, FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory) else {
      throw ReportError(
        "\(dir.isEmpty ? "''" : dir): no such directory; expected the --out directory of docksim run")
    }
    guard isDirectory.boolValue else {
      throw ReportError("\(dir): is a file; expected the --out directory of docksim run")
    }
    let summaryPath = file("summary.csv", in: dir)
    guard FileManager.default.fileExists(atPath: summaryPath) else {
      throw ReportError(
        "\(summaryPath): no such file; expected the summary.csv written by docksim run into \(dir)")
    }
    do throws(GateInputError) {
      let summary = try SummaryCSVReader.read(path: summaryPath)
      let expectationsPath = file("expectations.csv", in: dir)
      let expectations: [ExpectationRecord]?
      do throws(ReportError) {
        expectations =
          FileManager.default.fileExists(atPath: expectationsPath)
          ? try ExpectationRecord.read(path: expectationsPath) : nil
      } catch {
        throw GateInputError(file: "", message: error.description)
      }
      var gate: GateReport?
      var seeds: SeedTable?
      var baselineSeeds: SeedTable?
      do throws(ReportError) {
        let seedsPath = file("seeds.csv", in: dir)
        if FileManager.default.fileExists(atPath: seedsPath) { seeds = try SeedTable.read(path: seedsPath) }
        if let baseline = options.baselineSummary, FileManager.default.fileExists(atPath: baseline) {
          let table = try CSVTable.read(path: baseline, expected: "a baseline summary.csv or seeds.csv")
          if SeedTable.isSeedLevel(table) {
            baselineSeeds = try SeedTable(table: table)
          } else {
            let beside = file("seeds.csv", in: (baseline as NSString).deletingLastPathComponent)
            if FileManager.default.fileExists(atPath: beside) {
              baselineSeeds = try SeedTable.read(path: beside)
            }
          }
        }
      } catch {
        throw GateInputError(file: "", message: error.description)
      }
      // A seed-level baseline has no summary for the gate to compare with: it is shown only as
      // distributions in each scenario's section.
      if let baseline = options.baselineSummary, baselineSeeds?.file != baseline {
        let table = try ToleranceFile.load(path: options.tolerances, metrics: SummaryTable.metricColumns)
        let base = try SummaryCSVReader.read(path: baseline)
        gate = GateComparison.compare(baseline: base, now: summary, tolerances: table)
      }
      return ResultsDirectory(
        path: dir, summary: summary, expectations: expectations, gate: gate, seeds: seeds,
        baselineSeeds: baselineSeeds)
    } catch {
      // An expectations error arrives already described; others carry their file.
      throw ReportError(error.file.isEmpty ? error.message : error.description)
    }
  }

  /// `name` inside `directory`.
  static func file(_ name: String, in directory: String) -> String {
    (directory as NSString).appendingPathComponent(name)
  }

  /// The trace files of `scenario`: `traces/<scenario>.csv`, `.events.csv`, `.objects.csv`.
  func trace(_ scenario: String, _ suffix: String) -> String {
    Self.file("traces/\(scenario)\(suffix)", in: path)
  }
}
