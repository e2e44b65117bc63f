import DockSimIO
import Foundation

extension ShardManifest {
  /// Reads the manifest of the shard output directory `directory`.
  ///
  /// - Throws: `InputError` when the directory or its `shard.csv` is missing (a run without
  ///   `--shard` writes none) or the manifest is malformed (see `parse(_:file:)`).
  public static func read(directory: String) throws(InputError) -> ShardManifest {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      throw InputError(
        file: directory, message: "no such directory; expected the output directory of `docksim run --shard`")
    }
    guard isDirectory.boolValue else {
      throw InputError(
        file: directory, message: "not a directory; expected the output directory of `docksim run --shard`")
    }
    let path = (directory as NSString).appendingPathComponent(fileName)
    guard FileManager.default.fileExists(atPath: path) else {
      throw InputError(
        file: directory,
        message:
          "no \(fileName), so not a shard; expected the output directory of `docksim run --shard INDEX/COUNT` "
          + "(a run without --shard writes no manifest)")
    }
    let text = try GateFiles.readText(
      path: path, expected: "a shard manifest written by `docksim run --shard`")
    return try parse(text, file: path)
  }

  /// Parses manifest text; `file` names it in errors.
  ///
  /// - Throws: `InputError` naming the line, column and field: a header not starting with `kind`,
  ///   an unknown kind, columns other than `runColumns`, a bad number, rows that disagree on the shard or
  ///   fingerprint, positions out of order, a fingerprint that does not match the rows.
  public static func parse(_ text: String, file: String) throws(InputError) -> ShardManifest {
    let records: [CSVRecord]
    records = try CSVReader.records(text, file: file)
    guard let header = records.first else {
      throw InputError(
        file: file, message: "the file is empty; expected a shard manifest with a header starting with kind")
    }
    guard header.cells[0].text == "kind" else {
      throw InputError(
        file: file, line: header.line, column: 1,
        message: "expected a shard manifest header starting with kind, got '\(header.cells[0].text)'")
    }
    let rows = Array(records.dropFirst())
    guard let first = rows.first else {
      throw InputError(
        file: file, line: header.line, message: "no rows; expected one row per item of the sharded work")
    }
    guard let kind = ShardKind(rawValue: first.cells[0].text) else {
      let known = ShardKind.allCases.map(\.rawValue).joined(separator: ", ")
      throw InputError(
        file: file, line: first.line, column: 1, field: "kind",
        message:
          "unknown shard kind '\(first.cells[0].text)'; expected one of: \(known) "
          + "(this docksim merges those; a newer docksim may know more)")
    }
    switch kind {
    case .run, .tune: return try parseRun(kind: kind, header: header, rows: rows, file: file)
    }
  }

  /// A `tune` manifest has the same columns: its items are trials (`scenario` holds the phase).
  private static func parseRun(kind: ShardKind, header: CSVRecord, rows: [CSVRecord], file: String)
    throws(InputError)
    -> ShardManifest
  {
    let names = header.cells.map(\.text)
    guard names == runColumns else {
      throw InputError(
        file: file, line: header.line,
        message:
          "expected the columns of a run manifest (\(runColumns.joined(separator: ","))), got \(names.joined(separator: ","))"
      )
    }
    var shard: Shard?
    var fingerprint = ""
    var entries: [Entry] = []
    var seen: [String: Int] = [:]
    for row in rows {
      try row.requireCells(runColumns.count, file: file)
      var cells: [String: CSVCell] = [:]
      for (name, cell) in zip(runColumns, row.cells) { cells[name] = cell }
      func cell(_ name: String) -> CSVCell { cells[name]! }
      func fail(_ name: String, _ message: String) -> InputError {
        InputError(file: file, line: row.line, column: cell(name).column, field: name, message: message)
      }
      func integer(_ name: String, atLeast minimum: Int) throws(InputError) -> Int {
        let text = cell(name).text
        guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text), value >= minimum
        else {
          throw fail(name, "expected an integer ≥ \(minimum), got '\(text)'")
        }
        return value
      }
      func hex(_ name: String) throws(InputError) -> UInt64 {
        let text = cell(name).text
        guard text.utf8.count == 16, text == text.lowercased(), let value = UInt64(text, radix: 16) else {
          throw fail(name, "expected 16 lowercase hexadecimal digits, got '\(text)'")
        }
        return value
      }

      guard cell("kind").text == kind.rawValue else {
        throw fail("kind", "expected \(kind.rawValue) on every row, got '\(cell("kind").text)'")
      }
      let index = try integer("shard_index", atLeast: 0)
      let count = try integer("shard_count", atLeast: 1)
      guard count <= Shard.maximumCount, index < count else {
        throw fail(
          "shard_index",
          "expected 0 ≤ shard_index < shard_count ≤ \(Shard.maximumCount), got \(index)/\(count)")
      }
      if let shard, shard != Shard(index: index, count: count) {
        throw fail("shard_index", "expected shard \(shard) as on the first row, got \(index)/\(count)")
      }
      shard = Shard(index: index, count: count)
      _ = try hex("fingerprint")
      if fingerprint.isEmpty { fingerprint = cell("fingerprint").text }
      guard cell("fingerprint").text == fingerprint else {
        throw fail(
          "fingerprint", "expected \(fingerprint) as on the first row, got '\(cell("fingerprint").text)'")
      }
      let position = try integer("position", atLeast: 0)
      guard position == entries.count else {
        throw fail("position", "expected \(entries.count) (rows in work-list order from 0), got \(position)")
      }
      let scenario = cell("scenario").text
      guard !scenario.isEmpty else { throw fail("scenario", "expected a scenario name, got an empty cell") }
      // The merge names trace files after it: never a path out of the shard's or --out's traces/.
      if let problem = ScenarioName.problem(scenario) { throw fail("scenario", problem) }
      if let other = seen[scenario] {
        throw fail("scenario", "'\(scenario)' again (first at position \(other)); expected unique names")
      }
      seen[scenario] = position
      let seedText = cell("seed").text
      guard seedText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let seed = UInt64(seedText) else {
        throw fail("seed", "expected a non-negative integer, got '\(seedText)'")
      }
      let repetitions = try integer("repetitions", atLeast: 1)
      let digest = try hex("scenario_digest")
      let inShard = cell("in_shard").text
      guard inShard == (Shard(index: index, count: count).owns(position) ? "1" : "0") else {
        throw fail(
          "in_shard",
          "expected \(position % count == index ? 1 : 0) (position \(position) belongs to shard "
            + "\(position % count) of \(count)), got '\(inShard)'")
      }
      entries.append(
        Entry(position: position, scenario: scenario, seed: seed, repetitions: repetitions, digest: digest))
    }
    let manifest = ShardManifest(kind: kind, shard: shard!, entries: entries)
    guard hex(manifest.fingerprint) == fingerprint else {
      throw InputError(
        file: file, line: rows[0].line, field: "fingerprint",
        message:
          "expected \(hex(manifest.fingerprint)), the fingerprint of the rows, got \(fingerprint); "
          + "the manifest was changed after `docksim run` wrote it")
    }
    return manifest
  }
}
