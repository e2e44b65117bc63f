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
        The summary (or a seeds.csv, for the gate over seeds: use --out Scenarios/baseline/seeds.csv) \
        must have this docksim's columns and no run that failed. The file is copied byte for byte. \
        Commit the result with the change that explains it (docs/gate.md). \
        Exit codes: 0 written; 2 bad input or usage; 3 the write failed; 4 the file's directory \
        is in use by another docksim.
        """)

    @Option(
      name: .long, help: ArgumentHelp("The run's summary CSV (or seeds.csv).", valueName: "file"),
      completion: .file(extensions: ["csv"]))
    var summary: String = "results/summary.csv"

    @Option(
      name: .long, help: ArgumentHelp("Where the baseline goes.", valueName: "file"),
      completion: .file(extensions: ["csv"]))
    var out: String = "Scenarios/baseline/summary.csv"

    func run() throws {
      guard !summary.isEmpty, !out.isEmpty else {
        throw fail("baseline update: --summary and --out: expected file paths, got an empty string")
      }
      let text: String
      let columns: [String]
      let expected: [String]
      let rows: [SummaryRow]
      let scenarios: [String]
      do {
        text = try GateFiles.readText(
          path: summary, expected: "a summary.csv or seeds.csv written by `docksim run`")
        if try SummaryCSVReader.isSeedLevel(text, file: summary) {
          let seeds = try SeedSnapshot.parse(text, file: summary)
          (columns, expected) = (seeds.columns, SeedTable.columns)
          rows = seeds.scenarios.flatMap(\.rows)
          scenarios = seeds.scenarios.map(\.name)
        } else {
          let snapshot = try SummaryCSVReader.parse(text, file: summary)
          (columns, expected) = (snapshot.columns, SummaryTable.columns)
          rows = snapshot.rows
          scenarios = snapshot.rows.map(\.scenario)
        }
      } catch { throw fail("\(error)") }
      guard columns == expected else {
        throw fail(
          "\(summary):1: expected the columns this docksim writes "
            + "(\(expected.count) columns from scenario to error); "
            + "run `docksim run` again and update from its output")
      }
      if let failed = rows.first(where: \.failed) {
        let which = failed["repetition"].map { " (repetition \($0))" } ?? ""
        throw fail(
          "\(summary):\(failed.line): status: scenario '\(failed.scenario)'\(which) failed to run; "
            + "expected a run without failures as a baseline")
      }
      let previous = Self.scenarios(in: out)
      try writeOutput(
        text, to: out, label: "--out", command: "docksim baseline update",
        inputs: [LabeledPath("--summary", summary)])
      var message =
        "wrote \(out) (\(scenarios.count) scenarios\(rows.count > scenarios.count ? ", \(rows.count) seeds" : ""))"
      if let previous {
        let before = Set(previous)
        let after = Set(scenarios)
        message += "; \(after.subtracting(before).count) added, \(before.subtracting(after).count) removed"
      }
      print(message)
    }

    /// The scenarios of the baseline at `path` (a summary or seed table), nil when there is none to read.
    static func scenarios(in path: String) -> [String]? {
      guard let text = try? GateFiles.readText(path: path, expected: "a baseline") else { return nil }
      if (try? SummaryCSVReader.isSeedLevel(text, file: path)) == true {
        return (try? SeedSnapshot.parse(text, file: path))?.scenarios.map(\.name)
      }
      return (try? SummaryCSVReader.parse(text, file: path))?.rows.map(\.scenario)
    }
  }
}
