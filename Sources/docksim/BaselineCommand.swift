import ArgumentParser
import DockSimHarness
import DockSimIO
import Foundation

/// `docksim baseline update`: makes a run's summary the new baseline of `docksim gate`.
struct BaselineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "baseline",
    abstract: "Manage the baseline that `docksim gate` compares with.",
    subcommands: [Update.self])

  /// Copies a validated `summary.csv` over the baseline, atomically.
  struct Update: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "update",
      abstract: "Make a run's summary.csv the new baseline (validated, written atomically).",
      discussion: """
        The summary must have this docksim's columns and no scenario whose run failed. The file is \
        copied byte for byte. Commit the result with the change that explains it (docs/gate.md). \
        Exit codes: 0 written; 2 bad input or usage.
        """)

    @Option(name: .long, help: ArgumentHelp("The run's summary CSV.", valueName: "file"))
    var summary: String = "results/summary.csv"

    @Option(name: .long, help: ArgumentHelp("Where the baseline goes.", valueName: "file"))
    var out: String = "Scenarios/baseline/summary.csv"

    func run() throws {
      guard !summary.isEmpty, !out.isEmpty else {
        throw fail("baseline update: --summary and --out: expected file paths, got an empty string")
      }
      let text: String
      let snapshot: SummarySnapshot
      do {
        text = try GateFiles.readText(path: summary, expected: "a summary CSV written by `docksim run`")
        snapshot = try SummaryCSVReader.parse(text, file: summary)
      } catch { throw fail("\(error)") }
      guard snapshot.columns == SummaryTable.columns else {
        throw fail(
          "\(summary):1: expected the columns this docksim writes "
            + "(\(SummaryTable.columns.count) columns from scenario to error); "
            + "run `docksim run` again and update from its summary")
      }
      if let failed = snapshot.rows.first(where: \.failed) {
        throw fail(
          "\(summary):\(failed.line): status: scenario '\(failed.scenario)' failed to run; "
            + "expected a summary without failed runs as a baseline")
      }
      let previous = try? SummaryCSVReader.read(path: out)
      do { try AtomicFileWriter.write(text, to: out) } catch { throw fail("\(error)") }
      var message = "wrote \(out) (\(snapshot.rows.count) scenarios)"
      if let previous {
        let before = Set(previous.rows.map(\.scenario))
        let after = Set(snapshot.rows.map(\.scenario))
        message += "; \(after.subtracting(before).count) added, \(before.subtracting(after).count) removed"
      }
      print(message)
    }
  }
}
