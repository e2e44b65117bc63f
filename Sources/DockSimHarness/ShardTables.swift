import DockSimCore
import DockSimIO
import Foundation

/// The tables and traces of one shard's output directory, read back, checked against its manifest and
/// cut into one piece per scenario the shard ran.
struct ShardTables {
  /// What the shard wrote for one of its scenarios.
  struct Item {
    /// Its `summary.csv` line, newline included.
    var summary: String
    /// Its `expectations_failed` cell.
    var expectationsFailed: String
    /// Its `expectations.csv` lines.
    var expectationLines: [String] = []
    /// Its `montecarlo.csv` lines (repeated scenarios only).
    var monteCarloLines: [String] = []
    /// The outcome the lines describe.
    var outcome: RunOutcome
    /// Its files under `traces/`, by name.
    var traceFiles: [String] = []
    /// Its `timing.csv` lines, one per repetition (when the shard ran with `--timing`).
    var timingLines: [String] = []
    /// Its `seeds.csv` lines, one per repetition (when the shard ran a repeated scenario).
    var seedLines: [String] = []
    /// Its `summary.csv` cells as written (unquoted).
    var summaryCells: [String] = []

    /// Its `seeds.csv` lines: as the shard wrote them, or — when the shard wrote no `seeds.csv`
    /// because none of its scenarios is repeated — its one run's summary row with repetition 0,
    /// which is what a single run writes for it.
    var seedRows: String {
      if !seedLines.isEmpty { return seedLines.joined() }
      return CSVFormat.line(SeedTable.cells(summaryCells: summaryCells, repetition: 0).map(CSVFormat.cell))
    }
  }

  let directory: String
  let manifest: ShardManifest
  /// One per scenario of the shard, in work-list order.
  let items: [Item]
  /// Whether the shard wrote `timing.csv` (`docksim run --timing`).
  let hasTiming: Bool

  static func read(directory: String, manifest: ShardManifest) throws(InputError) -> ShardTables {
    let owned = manifest.owned
    var indexOf: [String: Int] = [:]
    for (k, e) in owned.enumerated() { indexOf[e.scenario] = k }
    var items = try readSummary(directory: directory, manifest: manifest)
    try readExpectations(directory: directory, manifest: manifest, indexOf: indexOf, into: &items)
    if owned.contains(where: { $0.repetitions > 1 }) {
      try readMonteCarlo(directory: directory, manifest: manifest, indexOf: indexOf, into: &items)
      try readSeeds(directory: directory, manifest: manifest, indexOf: indexOf, into: &items)
    }
    let timingFile = (directory as NSString).appendingPathComponent(TimingTable.fileName)
    let hasTiming = FileManager.default.fileExists(atPath: timingFile)
    if hasTiming {
      try readTiming(directory: directory, manifest: manifest, indexOf: indexOf, into: &items)
    }
    for (k, entry) in owned.enumerated() {
      for suffix in ScenarioRunner.traceSuffixes {
        let name = entry.scenario + suffix
        let path = (directory as NSString).appendingPathComponent("traces/\(name)")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
          items[k].traceFiles.append(name)
        } else if items[k].outcome.failure == nil {
          throw InputError(
            file: path,
            message:
              "no such file; expected the traces of scenario '\(entry.scenario)', which ran (status ok in "
              + "summary.csv)")
        }
      }
    }
    return ShardTables(directory: directory, manifest: manifest, items: items, hasTiming: hasTiming)
  }

  /// `summary.csv`: exactly one row per scenario of the shard, in order, with this docksim's columns.
  private static func readSummary(directory: String, manifest: ShardManifest) throws(InputError)
    -> [Item]
  {
    let file = (directory as NSString).appendingPathComponent("summary.csv")
    let text = try readText(file, what: "the summary.csv of the shard")
    let snapshot: SummarySnapshot
    snapshot = try SummaryCSVReader.parse(text, file: file)
    guard snapshot.columns == SummaryTable.columns else {
      throw InputError(
        file: file, line: 1,
        message:
          "expected the columns this docksim writes (\(SummaryTable.columns.count) columns from scenario to "
          + "error); run the shards and the merge with the same docksim")
    }
    let columns = SummaryTable.columns
    try checkVerbatim(
      text, [(1, columns)] + snapshot.rows.map { row in (row.line, columns.map { row[$0] ?? "" }) },
      file: file)
    let owned = manifest.owned
    guard snapshot.rows.count == owned.count else {
      throw InputError(
        file: file,
        message:
          "\(snapshot.rows.count) scenario rows; expected \(owned.count), one for each scenario of shard "
          + "\(manifest.shard) in \(ShardManifest.fileName)")
    }
    var items: [Item] = []
    for (row, entry) in zip(snapshot.rows, owned) {
      func fail(_ field: String, _ message: String) -> InputError {
        InputError(file: file, line: row.line, field: field, message: message)
      }
      guard row.scenario == entry.scenario else {
        throw fail(
          "scenario",
          "expected '\(entry.scenario)' (position \(entry.position) in \(ShardManifest.fileName)), got '\(row.scenario)'"
        )
      }
      guard row["seed"] == "\(entry.seed)" else {
        throw fail(
          "seed", "expected \(entry.seed) as in \(ShardManifest.fileName), got '\(row["seed"] ?? "")'")
      }
      var outcome: RunOutcome
      if row.failed {
        outcome = RunOutcome(name: entry.scenario, seed: entry.seed, result: nil, failure: row["error"] ?? "")
      } else {
        guard let seconds = row.number("duration_s"),
          let frames = row.number("frames").flatMap(Int64.init(exactly:))
        else {
          throw fail("duration_s", "expected a duration and a frame count on a row with status ok")
        }
        let metrics = SummaryTable.metricKeys.map { key in MetricValue(key, row.number(key.name)) }
        let result = ScenarioResult(
          name: entry.scenario, seed: entry.seed, duration: SimDuration(seconds: seconds), frames: frames,
          metrics: metrics)
        outcome = RunOutcome(name: entry.scenario, seed: entry.seed, result: result, failure: nil)
        outcome.repetitions = entry.repetitions
      }
      items.append(
        Item(
          summary: CSVFormat.line(columns.map { CSVFormat.cell(row[$0] ?? "") }),
          expectationsFailed: row["expectations_failed"] ?? "", outcome: outcome,
          summaryCells: columns.map { row[$0] ?? "" }))
    }
    return items
  }

  /// `expectations.csv`: rows of the shard's scenarios, grouped in the shard's order; each scenario's
  /// failures agree with its `expectations_failed` in `summary.csv`.
  private static func readExpectations(
    directory: String, manifest: ShardManifest, indexOf: [String: Int], into items: inout [Item]
  ) throws(InputError) {
    let file = (directory as NSString).appendingPathComponent("expectations.csv")
    let rows = try readTable(
      file, columns: SummaryTable.expectationColumns, what: "the expectations.csv of the shard")
    var last = 0
    for row in rows {
      let k = try item(of: row, file: file, manifest: manifest, indexOf: indexOf, after: &last)
      let cells = row.texts
      func number(_ i: Int) throws(InputError) -> Double? {
        try row.finite(i, Self.expectationKinds[i] ?? .finite, empty: "not applicable")
      }
      let passed = try row.flag(5, true: "pass", false: "fail")
      guard let metric = MetricCatalog.key(named: cells[1]) else {
        throw row.error(
          1, "expected a metric of this docksim's summary.csv, got '\(CSVNumber.shown(cells[1]))'")
      }
      let required = try number(8) ?? 1
      let runs = try row.count(6, empty: "one run") ?? 1
      let expectation = Expectation(
        metric: metric, minimum: try number(2), maximum: try number(3),
        share: required == 1 ? nil : required)
      let result = ExpectationResult(
        expectation: expectation, value: try number(4), passed: passed, runs: runs,
        runsPassed: Int(((try number(7) ?? 0) * Double(runs)).rounded()))
      _ = try number(9)
      _ = try number(10)
      // The verdict follows from the counts; one that does not was not written by this docksim's run.
      guard cells[11] == result.verdict.rawValue else {
        throw row.error(
          11,
          "expected '\(result.verdict.rawValue)' for \(result.runsPassed) of \(result.runs) run(s) and a "
            + "required share \(CSVFormat.cell(required)), got '\(CSVNumber.shown(cells[11]))'")
      }
      items[k].outcome.expectations.append(result)
      items[k].expectationLines.append(CSVFormat.line(cells.map(CSVFormat.cell)))
    }
    for item in items where item.outcome.result != nil {
      let summaryFile = (directory as NSString).appendingPathComponent("summary.csv")
      let failed = item.outcome.failedExpectations.count
      guard item.expectationsFailed == "\(failed)" else {
        throw InputError(
          file: file,
          message:
            "\(failed) failed expectation(s) of '\(item.outcome.name)', but \(summaryFile) counts "
            + "\(item.expectationsFailed); "
            + "expected both files from the same run of the shard")
      }
    }
  }

  /// `montecarlo.csv`: rows of the shard's repeated scenarios only, grouped in the shard's order.
  private static func readMonteCarlo(
    directory: String, manifest: ShardManifest, indexOf: [String: Int], into items: inout [Item]
  ) throws(InputError) {
    let file = (directory as NSString).appendingPathComponent(MonteCarlo.fileName)
    let rows = try readTable(file, columns: MonteCarlo.columns, what: "the montecarlo.csv of the shard")
    let owned = manifest.owned
    var last = 0
    for row in rows {
      let k = try item(of: row, file: file, manifest: manifest, indexOf: indexOf, after: &last)
      guard row[1] == "\(owned[k].repetitions)" else {
        throw row.error(
          1,
          "expected \(owned[k].repetitions), the repetitions of '\(owned[k].scenario)' in "
            + "\(ShardManifest.fileName), got '\(CSVNumber.shown(row[1]))'")
      }
      for i in 3..<MonteCarlo.columns.count { _ = try row.finite(i, empty: "not applicable") }
      items[k].monteCarloLines.append(CSVFormat.line(row.texts.map(CSVFormat.cell)))
    }
  }

  /// `seeds.csv`: for every scenario of the shard, one row per repetition (0, 1, …) with the seed
  /// `MonteCarlo.seed` derives for it, grouped in the shard's order.
  private static func readSeeds(
    directory: String, manifest: ShardManifest, indexOf: [String: Int], into items: inout [Item]
  ) throws(InputError) {
    try readRepetitions(
      SeedTable.fileName, columns: SeedTable.columns, what: "the seeds.csv of the shard", lines: \.seedLines,
      checkSeed: true, directory: directory, manifest: manifest, indexOf: indexOf, into: &items)
    // Every cell as `gate` reads a seeds.csv: numbers of their kind, finite (`SummaryCSVReader`).
    let file = (directory as NSString).appendingPathComponent(SeedTable.fileName)
    let text = try readText(file, what: "the seeds.csv of the shard")
    _ = try SummaryCSVReader.table(text, file: file)
  }

  /// `timing.csv`: for every scenario of the shard, one row per repetition (0, 1, …), grouped in the
  /// shard's order. Its numbers are not checked against anything (they are measured, not computed).
  private static func readTiming(
    directory: String, manifest: ShardManifest, indexOf: [String: Int], into items: inout [Item]
  ) throws(InputError) {
    try readRepetitions(
      TimingTable.fileName, columns: TimingTable.columns, what: "the timing.csv of the shard",
      lines: \.timingLines, checkSeed: false, directory: directory, manifest: manifest, indexOf: indexOf,
      into: &items)
  }

  /// A per-repetition table (`scenario,repetition,seed,…`): every scenario of the shard has rows for
  /// repetitions 0, 1, … in order, grouped in the shard's order; with `checkSeed`, each row's seed is
  /// the one `MonteCarlo.seed` derives. The rows are kept as written, in `lines` of their item.
  private static func readRepetitions(
    _ name: String, columns: [String], what: String, lines: WritableKeyPath<Item, [String]>, checkSeed: Bool,
    directory: String, manifest: ShardManifest, indexOf: [String: Int], into items: inout [Item]
  ) throws(InputError) {
    let file = (directory as NSString).appendingPathComponent(name)
    let rows = try readTable(file, columns: columns, what: what)
    let owned = manifest.owned
    var last = 0
    for row in rows {
      let k = try item(of: row, file: file, manifest: manifest, indexOf: indexOf, after: &last)
      let expected = items[k][keyPath: lines].count
      guard row[1] == "\(expected)", expected < owned[k].repetitions else {
        throw row.error(
          1,
          "expected repetitions 0…\(owned[k].repetitions - 1) of '\(owned[k].scenario)' in order, one row "
            + "each, got '\(CSVNumber.shown(row[1]))'")
      }
      let seed = MonteCarlo.seed(owned[k].seed, repetition: expected)
      guard !checkSeed || row[2] == "\(seed)" else {
        throw row.error(
          2,
          "expected \(seed), repetition \(expected) of seed \(owned[k].seed) in \(ShardManifest.fileName), "
            + "got '\(CSVNumber.shown(row[2]))'")
      }
      if !checkSeed {
        // timing.csv: the seed, counts (frames, calls) and times, measured; any may be empty (not measured).
        for i in 2..<columns.count {
          let kind: CSVNumber.Kind =
            i == 2 ? .seed : columns[i] == "frames" || columns[i].hasSuffix("_calls") ? .count : .nonNegative
          _ = try row.number(i, kind, empty: "not applicable")
        }
      }
      items[k][keyPath: lines].append(CSVFormat.line(row.texts.map(CSVFormat.cell)))
    }
    for (k, entry) in owned.enumerated() where items[k][keyPath: lines].count != entry.repetitions {
      throw InputError(
        file: file, field: "scenario",
        message:
          "\(items[k][keyPath: lines].count) row(s) for '\(entry.scenario)'; expected \(entry.repetitions), "
          + "one per repetition")
    }
  }

  /// What the number columns of `expectations.csv` hold: the bounds and the value any finite number,
  /// the runs a count, the shares finite numbers ≥ 0.
  static let expectationKinds: [Int: CSVNumber.Kind] = [
    2: .finite, 3: .finite, 4: .finite, 6: .count, 7: .nonNegative, 8: .nonNegative, 9: .nonNegative,
    10: .nonNegative,
  ]

  /// The index among the shard's scenarios of the scenario a row is about; rows come grouped in the
  /// shard's order (`last` is the previous row's).
  private static func item(
    of row: CSVTableRow, file: String, manifest: ShardManifest, indexOf: [String: Int], after last: inout Int
  ) throws(InputError) -> Int {
    let name = row[0]
    guard let k = indexOf[name] else {
      throw InputError(
        file: file, line: row.line, column: 1, field: "scenario",
        message: "'\(name)' is not a scenario of shard \(manifest.shard) in \(ShardManifest.fileName)")
    }
    guard k >= last else {
      throw InputError(
        file: file, line: row.line, column: 1, field: "scenario",
        message: "'\(name)' out of order; expected the rows grouped in the order of \(ShardManifest.fileName)"
      )
    }
    last = k
    return k
  }

  /// The rows of a table with exactly `columns`, checked to be as docksim writes them.
  private static func readTable(_ file: String, columns: [String], what: String) throws(InputError)
    -> [CSVTableRow]
  {
    let text = try readText(file, what: what)
    var reader = try CSVTableReader(text: text, file: file, expected: what)
    guard reader.columns == columns else {
      throw InputError(
        file: file, line: reader.header.line,
        message:
          "expected the header \(columns.joined(separator: ",")); run the shards and the merge with the same docksim"
      )
    }
    let rows = try reader.rows()
    try checkVerbatim(text, [(reader.header.line, columns)] + rows.map { ($0.line, $0.texts) }, file: file)
    return rows
  }

  /// The file's bytes are exactly `CSVFormat`'s rendering of its records, so rows re-rendered from the
  /// cells are the bytes the shard wrote (a file converted to CRLF or edited by hand is refused rather than
  /// merged into something no single run would write).
  private static func checkVerbatim(_ text: String, _ records: [(line: Int, cells: [String])], file: String)
    throws(InputError)
  {
    var rest = Substring(text).utf8
    for (line, cells) in records {
      let rendered = CSVFormat.line(cells.map(CSVFormat.cell))
      guard rest.starts(with: rendered.utf8) else {
        throw InputError(
          file: file, line: line,
          message:
            "not as `docksim run` writes it; expected the file unchanged (merge copies rows byte for byte)")
      }
      rest = rest.dropFirst(rendered.utf8.count)
    }
    guard rest.isEmpty else {
      throw InputError(
        file: file,
        message: "text after the last row; expected the file unchanged (merge copies rows byte for byte)")
    }
  }

  private static func readText(_ file: String, what: String) throws(InputError) -> String {
    guard FileManager.default.fileExists(atPath: file) else {
      throw InputError(file: file, message: "no such file; expected \(what), which every shard writes")
    }
    return try GateFiles.readText(path: file, expected: what)
  }
}
