import DockSimHarness
import DockSimIO
import Foundation

/// The files of a run's `--out` directory, read and validated before anything is drawn.
struct ResultsDirectory {
  let path: String
  let summary: SummarySnapshot
  /// nil when the directory has no `expectations.csv`.
  let expectations: [ExpectationRecord]?
  /// The gate's comparison with the baseline (`GateRun`, as `docksim gate` makes it), when a baseline
  /// was given: scenario by scenario against a summary, seed by seed against a `seeds.csv`.
  let gate: GateReport?
  /// `seeds.csv` beside `summary.csv`, when the run wrote one (a run with repetitions).
  let seeds: SeedDistributions?
  /// The baseline's seeds: the `--baseline` file itself when it is seed-level (its header has
  /// `repetition`), else a `seeds.csv` beside the baseline summary, if any.
  let baselineSeeds: SeedDistributions?

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
    do throws(InputError) {
      let summary = try SummaryCSVReader.read(path: summaryPath)
      let expectationsPath = file("expectations.csv", in: dir)
      let expectations: [ExpectationRecord]?
      do throws(ReportError) {
        expectations =
          FileManager.default.fileExists(atPath: expectationsPath)
          ? try ExpectationRecord.read(path: expectationsPath) : nil
      } catch {
        throw InputError(file: "", message: error.description)
      }
      let seedsPath = file("seeds.csv", in: dir)
      let seeds: SeedDistributions?
      var gate: GateReport?
      var baselineSeeds: SeedDistributions?
      do throws(ReportError) {
        seeds =
          FileManager.default.fileExists(atPath: seedsPath)
          ? try SeedDistributions.read(path: seedsPath) : nil
      } catch {
        throw InputError(file: "", message: error.description)
      }
      if let baseline = options.baselineSummary {
        let table = try ToleranceFile.load(path: options.tolerances, metrics: SummaryTable.metricColumns)
        let outcome = try GateRun.compare(baseline: baseline, summary: summaryPath, tolerances: table)
        gate = outcome.report
        let seedLevel = outcome.compared != summaryPath
        let beside = file("seeds.csv", in: FileSystem.parent(of: baseline) ?? "")
        let baselineSeedsPath = seedLevel ? baseline : beside
        if seedLevel || FileManager.default.fileExists(atPath: beside) {
          baselineSeeds = SeedDistributions(snapshot: try SeedSnapshot.read(path: baselineSeedsPath))
        }
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
