import DockSimHarness
import DockSimIO
import Foundation

/// The targets for the tables `docksim` reads back (docs/robustness.md, "Numbers read back"): the
/// gate's summary, seeds and baseline readers with the comparison and its reports, the tolerance
/// file, merge's shard readers and tune's `trials.csv` reader.
enum ReadBackTargets {
  /// The committed tolerances, read once (the fuzzer runs from the repository root).
  static let tolerances: ToleranceTable? = try? ToleranceFile.load(
    path: "Scenarios/baseline/tolerances.yaml", metrics: SummaryTable.metricColumns)
  static let baseSummary: SummarySnapshot? =
    (try? GateFiles.readText(
      path: "Scenarios/baseline/summary.csv", expected: "the baseline")).flatMap {
      try? SummaryCSVReader.parse($0, file: "Scenarios/baseline/summary.csv")
    }
  /// The committed seed baseline cut as the corpus cuts it (8 KB at a line end), so that an input
  /// mutated from that corpus entry still pairs with it and reaches the comparison.
  static let baseSeeds: SeedSnapshot? = {
    guard var bytes = FileManager.default.contents(atPath: "Scenarios/baseline/seeds.csv").map(Array.init)
    else { return nil }
    if bytes.count > 8 << 10 {
      bytes.removeLast(bytes.count - (8 << 10))
      if let end = bytes.lastIndex(of: 0x0A) { bytes.removeLast(bytes.count - end - 1) }
    }
    return try? SeedSnapshot.parse(String(decoding: bytes, as: UTF8.self), file: "seeds.csv")
  }()
  /// Few resamples: the interval's arithmetic is the same, and 10,000 per metric would make every
  /// input that pairs take a second.
  static let bootstrap = PairedBootstrap(resamples: 64)

  /// A summary.csv or seeds.csv, read as `gate` reads either file, then compared both ways (as the
  /// run's file and as the baseline) with the committed baseline of its kind, and the reports rendered.
  static func summary(_ text: String, file: String) -> String {
    guard let tolerances, let baseSummary, let baseSeeds else {
      return "no baseline (run from the repository root)"
    }
    func render(_ report: GateReport) -> Int {
      GateTextReport.render(report).utf8.count + GateMarkdown.render(report).utf8.count
        + GateJUnit.render(report).utf8.count
    }
    do {
      var size = 0
      if try SummaryCSVReader.isSeedLevel(text, file: file) {
        let now = try SeedSnapshot.parse(text, file: file)
        for (baseline, run) in [(baseSeeds, now), (now, baseSeeds)] {
          do {
            size += render(
              try SeedGateComparison.compare(
                baseline: baseline, now: run, tolerances: tolerances, bootstrap: bootstrap))
          } catch { size += error.description.utf8.count }
        }
        return "read \(now.scenarios.count) scenarios' seeds; reports of \(size) bytes"
      }
      let now = try SummaryCSVReader.parse(text, file: file)
      size += render(GateComparison.compare(baseline: baseSummary, now: now, tolerances: tolerances))
      size += render(GateComparison.compare(baseline: now, now: baseSummary, tolerances: tolerances))
      return "read \(now.rows.count) scenarios; reports of \(size) bytes"
    } catch {
      return "InputError: \(error.description)"
    }
  }

  /// A tolerance file, as `gate` loads it.
  static func tolerances(_ text: String, file: String) -> String {
    do {
      _ = try ToleranceFile.parse(yaml: text, file: file, metrics: SummaryTable.metricColumns)
      return "read the tolerances"
    } catch {
      return "InputError: \(error.description)"
    }
  }

  /// Shard directories written from a bundle: sections `==> s0/summary.csv <==` followed by the file's
  /// lines. The directories `s0` and `s1` are then merged as `docksim merge` merges them (in memory,
  /// nothing written). A section whose path is not a plain relative path is skipped.
  static func shard(_ text: String) -> String {
    let fm = FileManager.default
    // In memory where there is a tmpfs: on a disk, creating and removing the files costs 50 ms an input.
    let base = fm.isWritableFile(atPath: "/dev/shm") ? "/dev/shm/" : NSTemporaryDirectory()
    let root = base + "docksim-fuzz-shard-\(getpid())"
    try? fm.removeItem(atPath: root)
    var files: [(path: String, lines: [Substring])] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("==> "), line.hasSuffix(" <=="), line.count > 8 {
        files.append((String(line.dropFirst(4).dropLast(4)), []))
      } else if !files.isEmpty {
        files[files.count - 1].lines.append(line)
      }
    }
    for (path, lines) in files where isPlainRelative(path) {
      let url = URL(fileURLWithPath: root).appendingPathComponent(path)
      try? fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      _ = fm.createFile(atPath: url.path, contents: Data(lines.joined(separator: "\n").utf8))
    }
    defer { try? fm.removeItem(atPath: root) }
    do {
      _ = try ShardMerge.merge([root + "/s0", root + "/s1"])
      return "merged"
    } catch {
      return "InputError: \(error.description)"
    }
  }

  /// A path of at most three components of letters, digits, `.`, `_` and `-`, none of them `.` or `..`.
  static func isPlainRelative(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return (1...3).contains(parts.count)
      && parts.allSatisfy { part in
        !part.isEmpty && part != "." && part != ".." && part.count <= 64
          && part.unicodeScalars.allSatisfy {
            ($0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)))
          }
      }
  }

  /// Any table, read by `CSVTableReader` with every typed accessor on every cell (each refusal is
  /// formatted, as a user would see it), then as the objects trace `score --objects` reads back.
  static func table(_ text: String, file: String) -> String {
    var read = 0
    var refused = 0
    func tally(_ body: () throws(InputError) -> Void) {
      do {
        try body()
        read += 1
      } catch {
        refused += error.description.utf8.count > 0 ? 1 : 0
      }
    }
    do {
      var reader = try CSVTableReader(text: text, file: file, expected: "a table", skipsComments: true)
      _ = try? reader.columns(["scenario", "t_s", "frame"])
      while let row = try reader.next() {
        for i in row.columns.indices {
          tally { () throws(InputError) in _ = try row.finite(i) }
          tally { () throws(InputError) in _ = try row.finite(i, in: -1...1, unit: " rad") }
          tally { () throws(InputError) in _ = try row.finite(i, .nonNegative, empty: "not applicable") }
          tally { () throws(InputError) in _ = try row.finiteOrMissing(i, .nonNegative) }
          tally { () throws(InputError) in _ = try row.count(i) }
          tally { () throws(InputError) in _ = try row.count(i, empty: "a failed run") }
          tally { () throws(InputError) in _ = try row.seed(i) }
          tally { () throws(InputError) in _ = try row.seed(i, empty: "a failed run") }
          tally { () throws(InputError) in _ = try row.number(i, .seed, empty: "a failed run") }
          tally { () throws(InputError) in _ = try row.name(i) }
          tally { () throws(InputError) in _ = try row.digest(i) }
          tally { () throws(InputError) in _ = try row.word(i, ["ok", "error", "pass"]) }
          tally { () throws(InputError) in _ = try row.flag(i, true: "1", false: "0") }
        }
      }
    } catch {
      refused += 1
    }
    let objects: String
    do {
      let contents = try ObjectsCSVFile.parse(text, file: file)
      objects = "objects trace of \(contents.objects.count) boxes"
    } catch {
      objects = "objects trace refused (\(error.description.utf8.count) bytes)"
    }
    return "\(read) cells read, \(refused) refused; \(objects)"
  }

  /// The search space of the `trials` corpus (`Tests/Fixtures/fuzz/seeds/trials/`): the parameters
  /// of `TuneCommandTests`.
  static let space = SearchSpace([
    TuneParameter(
      path: "tracker.process_noise_angle", domain: .real(lower: 0.01, upper: 3, logarithmic: true)),
    TuneParameter(path: "controller.gain_per_s", domain: .real(lower: 1, upper: 10, logarithmic: false)),
    TuneParameter(path: "controller.feedforward", domain: .choice(["true", "false"])),
  ])

  /// A trials.csv, as `tune --resume` reads it back.
  static func trials(_ text: String, file: String) -> String {
    do {
      let (records, complete) = try TrialLog.read(text, file: file, space: space)
      return "read \(records.count) trials, \(complete.utf8.count) bytes whole"
    } catch {
      return "TuneError: \(error)"
    }
  }
}
