import DockSimCore
import DockSimIO
import Foundation

/// Sharded tuning: each shard evaluates its share of the baseline and the space-filling design
/// (`docksim tune --shard`), `docksim merge` puts the shards' `trials.csv` rows back in trial order,
/// and `docksim tune --resume` on the merged directory runs the local search, the validation and the
/// probes, ending exactly where an unsharded tuning ends.
public enum TuneShards {
  /// The manifest of a tuning shard: one entry per trial of the baseline and the design, named
  /// `baseline`, `design-1`, `design-2`, ….
  static func manifest(
    shard: Shard, spec: TuneSpec, space: SearchSpace,
    candidates: [(trial: Int, phase: String, values: [String]?)]
  ) -> ShardManifest {
    ShardManifest(
      kind: .tune, shard: shard,
      entries: candidates.map { c in
        var hash = FNV1a()
        // The values, and the search space they come from: shards of other specifications disagree.
        hash.add(space.parameters.map { "\($0.path)=\(CanonicalText.of($0.domain))" }.joined(separator: ";"))
        hash.add("|" + (c.values ?? []).joined(separator: ";"))
        return ShardManifest.Entry(
          position: c.trial, scenario: c.trial == 0 ? c.phase : "\(c.phase)-\(c.trial)",
          seed: spec.search.seed, repetitions: 1, digest: hash.value)
      })
  }

  /// The `trials.csv` of an unsharded tuning stopped after its design, from the shards' directories.
  ///
  /// - Throws: `InputError` when the directories are not every shard of one tuning once, or a
  ///   shard's `trials.csv` lacks one of its trials or has another header.
  public static func merge(_ directories: [String]) throws(InputError) -> String {
    let manifests = try ShardMerge.checkedManifests(directories)
    guard manifests[0].kind == .tune else {
      throw InputError(
        file: directories[0], field: "kind",
        message: "expected tune shards, got \(manifests[0].kind.rawValue)")
    }
    var header: String?
    var rows: [Int: String] = [:]
    for (directory, manifest) in zip(directories, manifests) {
      let file = (directory as NSString).appendingPathComponent(Tuner.trialsFile)
      let text = try InputFile.text(
        path: file, expected: "the shard's trials.csv", maximumSize: GateFiles.maximumSize)
      guard text.hasSuffix("\n") else {
        throw InputError(file: file, message: "the last row is incomplete; re-run this shard")
      }
      let records: [CSVRecord]
      records = try CSVReader.records(text, file: file)
      // Rows are copied as written: split the text at record boundaries rather than re-format cells.
      let lines = TuneShards.recordTexts(text)
      guard records.count == lines.count, let first = lines.first else {
        throw InputError(file: file, message: "expected a header and one row per trial")
      }
      if let header, header != first {
        throw InputError(
          file: file, line: 1,
          message: "a header other than \(directories[0])'s; the shards come from different tunings")
      }
      header = first
      let owned = Set(manifest.owned.map(\.position))
      for (record, line) in zip(records.dropFirst(), lines.dropFirst()) {
        // A trial number is a count (`CSVNumber.count`): `+0` is not trial 0, whose row is copied as written.
        guard let trial = try? CSVNumber.count(record.cells.first?.text ?? ""), owned.contains(trial),
          rows[trial] == nil
        else {
          throw InputError(
            file: file, line: record.line, field: "trial",
            message: "expected one row for each of this shard's trials (\(manifest.owned.count))")
        }
        rows[trial] = line
      }
      for trial in manifest.owned.map(\.position) where rows[trial] == nil {
        throw InputError(
          file: file, field: "trial", message: "trial \(trial) is missing; the shard stopped early, re-run it"
        )
      }
    }
    return header! + manifests[0].entries.map { rows[$0.position]! }.joined()
  }

  /// The shards' common `trials.spec` (`TuneSpecFingerprint`), for the merged directory; nil when no
  /// shard has one (shards of a DockSim before it).
  ///
  /// - Throws: `InputError` naming the first shard whose specification differs from the first
  ///   shard's, or that has none when the first has one.
  public static func mergedSpecification(_ directories: [String]) throws(InputError) -> String? {
    var first: String?
    for (k, directory) in directories.enumerated() {
      let file = (directory as NSString).appendingPathComponent(TuneSpecFingerprint.fileName)
      let text: String?
      if FileManager.default.fileExists(atPath: file) {
        text = try InputFile.text(
          path: file, expected: "the shard's trials.spec", maximumSize: TuneSpecFingerprint.maximumSize)
      } else {
        text = nil
      }
      if k == 0 {
        first = text
      } else if text != first {
        throw InputError(
          file: text == nil ? directory : file,
          message: text == nil
            ? "no \(TuneSpecFingerprint.fileName), unlike \(directories[0]); the shards come from different tunings"
            : "another specification than \(directories[0])'s; the shards come from different tunings")
      }
    }
    return first
  }

  /// The text of each CSV record, line break included (a quoted cell may hold line breaks).
  static func recordTexts(_ text: String) -> [String] {
    var out: [String] = []
    var current = ""
    var quoted = false
    for c in text {
      current.append(c)
      if c == "\"" { quoted.toggle() }
      if c == "\n" && !quoted {
        if current != "\n" { out.append(current) }
        current = ""
      }
    }
    return out
  }
}
