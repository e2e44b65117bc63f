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
    var reader = try CSVTableReader(
      text: text, file: file, expected: "a shard manifest with a header starting with kind")
    let header = reader.header
    guard reader.columns[0] == "kind" else {
      throw InputError(
        file: file, line: header.line, column: 1,
        message:
          "expected a shard manifest header starting with kind, got '\(CSVNumber.shown(reader.columns[0]))'")
    }
    guard let first = try reader.next() else {
      throw InputError(
        file: file, line: header.line, message: "no rows; expected one row per item of the sharded work")
    }
    guard let kind = ShardKind(rawValue: first[0]) else {
      let known = ShardKind.allCases.map(\.rawValue).joined(separator: ", ")
      throw first.error(
        0,
        "unknown shard kind '\(CSVNumber.shown(first[0]))'; expected one of: \(known) "
          + "(this docksim merges those; a newer docksim may know more)")
    }
    switch kind {
    case .run, .tune: return try parseRun(kind: kind, reader: &reader, first: first, file: file)
    }
  }

  /// A `tune` manifest has the same columns: its items are trials (`scenario` holds the phase).
  private static func parseRun(
    kind: ShardKind, reader: inout CSVTableReader, first: CSVTableRow, file: String
  ) throws(InputError) -> ShardManifest {
    guard reader.columns == runColumns else {
      throw InputError(
        file: file, line: reader.header.line,
        message:
          "expected the columns of a run manifest (\(runColumns.joined(separator: ","))), got "
          + CSVNumber.shown(reader.columns.joined(separator: ",")))
    }
    // Looked up once: every row has exactly `runColumns`.
    let c = try reader.columns(runColumns)
    let (kindColumn, indexColumn, countColumn, fingerprintColumn) = (c[0], c[1], c[2], c[3])
    let (positionColumn, scenarioColumn, seedColumn, repetitionsColumn) = (c[4], c[5], c[6], c[7])
    let (digestColumn, inShardColumn) = (c[8], c[9])
    var shard: Shard?
    var fingerprint = ""
    var entries: [Entry] = []
    var seen: [String: Int] = [:]
    var firstLine = first.line
    var next: CSVTableRow? = first
    while let row = next {
      if entries.isEmpty { firstLine = row.line }
      guard row[kindColumn] == kind.rawValue else {
        throw row.error(
          kindColumn, "expected \(kind.rawValue) on every row, got '\(CSVNumber.shown(row[kindColumn]))'")
      }
      let index = try row.count(indexColumn)
      let count = try row.count(countColumn)
      guard count >= 1 else {
        throw row.error(countColumn, "expected an integer ≥ 1, got '\(row[countColumn])'")
      }
      guard count <= Shard.maximumCount, index < count else {
        throw row.error(
          indexColumn, "expected 0 ≤ shard_index < shard_count ≤ \(Shard.maximumCount), got \(index)/\(count)"
        )
      }
      if let shard, shard != Shard(index: index, count: count) {
        throw row.error(indexColumn, "expected shard \(shard) as on the first row, got \(index)/\(count)")
      }
      shard = Shard(index: index, count: count)
      _ = try row.digest(fingerprintColumn)
      if fingerprint.isEmpty { fingerprint = row[fingerprintColumn] }
      guard row[fingerprintColumn] == fingerprint else {
        throw row.error(
          fingerprintColumn, "expected \(fingerprint) as on the first row, got '\(row[fingerprintColumn])'")
      }
      let position = try row.count(positionColumn)
      guard position == entries.count else {
        throw row.error(
          positionColumn, "expected \(entries.count) (rows in work-list order from 0), got \(position)")
      }
      // The merge names trace files after it: never a path out of the shard's or --out's traces/.
      let scenario = try row.name(scenarioColumn)
      if let other = seen[scenario] {
        throw row.error(
          scenarioColumn, "'\(scenario)' again (first at position \(other)); expected unique names")
      }
      seen[scenario] = position
      let seed = try row.seed(seedColumn)
      let repetitions = try row.count(repetitionsColumn)
      guard repetitions >= 1 else {
        throw row.error(repetitionsColumn, "expected an integer ≥ 1, got '\(row[repetitionsColumn])'")
      }
      let digest = try row.digest(digestColumn)
      let inShard = row[inShardColumn]
      guard inShard == (Shard(index: index, count: count).owns(position) ? "1" : "0") else {
        throw row.error(
          inShardColumn,
          "expected \(position % count == index ? 1 : 0) (position \(position) belongs to shard "
            + "\(position % count) of \(count)), got '\(CSVNumber.shown(inShard))'")
      }
      entries.append(
        Entry(position: position, scenario: scenario, seed: seed, repetitions: repetitions, digest: digest))
      next = try reader.next()
    }
    let manifest = ShardManifest(kind: kind, shard: shard!, entries: entries)
    guard hex(manifest.fingerprint) == fingerprint else {
      throw InputError(
        file: file, line: firstLine, field: "fingerprint",
        message:
          "expected \(hex(manifest.fingerprint)), the fingerprint of the rows, got \(fingerprint); "
          + "the manifest was changed after `docksim run` wrote it")
    }
    return manifest
  }
}
