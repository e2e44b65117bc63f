import ArgumentParser
import DockSimCore
import DockSimHarness
import DockSimIO
import DockSimReport
import Foundation

/// What `run` and `merge` say after writing a run's outputs: the summary table, the files written,
/// failed runs and expectations not met; exit 1 on a failed run or a failed expectation (with
/// `strict`, also on a "cannot tell"), so both can gate CI the same way.
enum RunReport {
  /// The tables a run (or a merge) may leave in its output directory besides the traces: each is
  /// either written by this run or removed, so no earlier run's table is read as this one's.
  static let tableFiles = [
    "summary.csv", "expectations.csv", MonteCarlo.fileName, SeedTable.fileName, TimingTable.fileName,
    ShardManifest.fileName, Report.fileName,
  ]

  /// `footer` (the timing line) follows the table and the list of files written; `files` are the
  /// tables written into `out` besides summary.csv and expectations.csv (montecarlo.csv, shard.csv…).
  static func finish(
    _ outcomes: [RunOutcome], out: String, quiet: Bool, strict: Bool = false, files: [String] = [],
    footer: String? = nil
  ) throws {
    let traces = (out as NSString).appendingPathComponent("traces")
    if !quiet { print(SummaryTable.text(outcomes), terminator: "") }
    let failed = outcomes.filter { $0.failure != nil }
    for f in failed { printError("docksim: scenario \(f.name) failed: \(f.failure ?? "")") }
    if !quiet {
      let tables = (["summary.csv", "expectations.csv"] + files).map {
        (out as NSString).appendingPathComponent($0)
      }
      let written = outcomes.count - failed.count
      print(
        "wrote \(tables.joined(separator: ", ")) and \(written) trace\(written == 1 ? "" : "s") in \(traces)")
    }
    if !quiet, let footer { print(footer) }
    let unmet = outcomes.flatMap { o in o.failedExpectations.map { (o.name, $0) } }
    let undecided = outcomes.flatMap { o in o.undecidedExpectations.map { (o.name, $0) } }
    for (name, e) in unmet {
      printError("docksim: \(name): expectation failed: \(describe(e))")
    }
    // Not an error unless --strict: more seeds would settle it (docs/scenarios.md).
    for (name, e) in undecided {
      let line = "\(name): expectation cannot tell: \(describe(e)); run more seeds to tell"
      if strict { printError("docksim: " + line) } else if !quiet { print(line) }
    }
    if !quiet && !unmet.isEmpty {
      print("\(unmet.count) expectation(s) failed (see \(out)/expectations.csv)")
    }
    if !failed.isEmpty || !unmet.isEmpty || (strict && !undecided.isEmpty) { throw ExitCode(1) }
  }

  /// The bound and what the runs gave: over seeds the share that held and its interval decide, not
  /// the mean.
  static func describe(_ e: ExpectationResult) -> String {
    guard e.runs > 1 else {
      let got = CSVFormat.cell(e.value)
      return "\(e.expectation.bounds), got \(got.isEmpty ? "not applicable" : got)"
    }
    let level = Int((ExpectationVerdict.confidenceLevel * 100).rounded())
    let interval = e.shareInterval.map {
      ", \(level)% CI \(FixedDecimal.format($0.lower, digits: 3))–\(FixedDecimal.format($0.upper, digits: 3))"
    }
    return "\(e.expectation.bounds) held in \(e.runsPassed) of \(e.runs) seeds (share "
      + "\(CSVFormat.cell(e.observedShare))\(interval ?? ""), required \(CSVFormat.cell(e.expectation.requiredShare)))"
  }
}
