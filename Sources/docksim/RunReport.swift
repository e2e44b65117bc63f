import ArgumentParser
import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

/// What `run` and `merge` say after writing a run's outputs: the summary table, failed runs and
/// failed expectations; exit 1 if there are any, so both can gate CI the same way.
enum RunReport {
  /// `footer` (the timing line) follows the table and the list of files written.
  static func finish(_ outcomes: [RunOutcome], out: String, quiet: Bool, footer: String? = nil) throws {
    let traces = (out as NSString).appendingPathComponent("traces")
    if !quiet { print(SummaryTable.text(outcomes), terminator: "") }
    let failed = outcomes.filter { $0.failure != nil }
    for f in failed { printError("docksim: scenario \(f.name) failed: \(f.failure ?? "")") }
    if !quiet { print("wrote \(out)/summary.csv and \(outcomes.count - failed.count) traces in \(traces)") }
    if !quiet, let footer { print(footer) }
    let unmet = outcomes.flatMap { o in o.failedExpectations.map { (o.name, $0) } }
    for (name, e) in unmet {
      if e.runs > 1 {
        // Over seeds the share decides, not the mean.
        printError(
          "docksim: \(name): expectation failed: \(e.expectation.bounds) held in \(e.runsPassed) of \(e.runs) "
            + "seeds (share \(CSVFormat.cell(e.observedShare)), required \(CSVFormat.cell(e.expectation.requiredShare)))"
        )
        continue
      }
      let got = CSVFormat.cell(e.value)
      printError(
        "docksim: \(name): expectation failed: \(e.expectation.bounds), got \(got.isEmpty ? "not applicable" : got)"
      )
    }
    if !quiet && !unmet.isEmpty {
      print("\(unmet.count) expectation(s) failed (see \(out)/expectations.csv)")
    }
    if !failed.isEmpty || !unmet.isEmpty { throw ExitCode(1) }
  }
}
