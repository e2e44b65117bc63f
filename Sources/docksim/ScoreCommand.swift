import ArgumentParser
import DockSimCore
import DockSimIO
import Foundation

/// `docksim score`: scores tracks from any tracker against ground truth with the metrics of
/// `summary.csv` (CLEAR MOT, identity, HOTA): MOTChallenge text files or DockSim objects traces in, one
/// CSV row per sequence plus an overall row out (docs/metrics.md, "Scoring tracks from elsewhere").
struct ScoreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "score",
    abstract: "Score tracks against ground truth (MOTChallenge files or objects.csv) with MOTA, IDF1, HOTA.",
    discussion: """
      Give MOTChallenge sequences as --truth GT --tracks TRACKS pairs (the i-th --truth goes with the \
      i-th --tracks), or DockSim objects traces (traces/<scenario>.objects.csv, truth and tracks in \
      one file) with --objects; not both kinds at once. Matching: --match iou pairs boxes whose \
      IoU ≥ 1 − threshold (default threshold 0.5, as py-motmetrics and MOTChallenge; HOTA's \
      similarity is the IoU); --match center pairs centres within the threshold (for objects traces \
      the default is the file's match_threshold, the run's own matching; for MOTChallenge files give \
      --threshold in pixels). Output: CSV, one row per sequence and an OVERALL row accumulated over \
      all of them (docs/csv.md). Exit codes: 0 scored; 2 bad input or usage; 3 --out could not be \
      written; 4 --out's directory is in use by another docksim.
      """)

  enum Match: String, ExpressibleByArgument, CaseIterable {
    case iou
    case center
  }

  @Option(
    name: .long,
    help: ArgumentHelp("MOTChallenge ground truth (gt.txt); repeat for more sequences.", valueName: "file"))
  var truth: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp("MOTChallenge tracker result for the --truth at the same position.", valueName: "file")
  )
  var tracks: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp("A DockSim objects trace (truth and tracks); repeatable.", valueName: "file"))
  var objects: [String] = []

  @Option(
    name: .long, parsing: .upToNextOption,
    help: ArgumentHelp(
      "Sequence names, one per sequence in input order: --name a b, or --name a --name b (default: from the paths).",
      valueName: "name"))
  var name: [String] = []

  @Option(
    name: .long,
    help:
      "Matching: iou (box overlap) or center (centre distance). Default: iou for MOTChallenge files, center for objects traces."
  )
  var match: Match?

  @Option(
    name: .long,
    help: "Largest 1 − IoU (iou; default 0.5) or centre distance (center; the unit of the rows) of a pair.")
  var threshold: Double?

  @Option(
    name: .long,
    help:
      "Drop MOTChallenge truth rows whose 7th column is below this (default -1, keeps all; 1 for MOT16+ gt).")
  var truthMinConfidence: Double = -1

  @Option(
    name: .long, help: "Drop MOTChallenge track rows whose 7th column is below this (default -1, keeps all).")
  var tracksMinConfidence: Double = -1

  @Option(
    name: .long,
    help: ArgumentHelp("Write the CSV here (atomically) instead of to standard output.", valueName: "file"))
  var out: String?

  func run() throws {
    guard objects.isEmpty || (truth.isEmpty && tracks.isEmpty) else {
      throw fail("score: give --truth/--tracks (MOTChallenge) or --objects (DockSim traces), not both")
    }
    guard !objects.isEmpty || !truth.isEmpty || !tracks.isEmpty else {
      throw fail("score: expected --truth GT --tracks TRACKS, or --objects FILE")
    }
    guard truth.count == tracks.count else {
      throw fail(
        "score: expected one --tracks per --truth, got \(truth.count) --truth and \(tracks.count) --tracks")
    }
    let inputs = objects.isEmpty ? truth + tracks : objects
    for path in inputs where path.isEmpty { throw fail("score: expected a file path, got an empty string") }
    let count = objects.isEmpty ? truth.count : objects.count
    guard name.isEmpty || name.count == count else {
      throw fail("score: --name: expected one name per sequence (\(count)), got \(name.count)")
    }
    for (option, value) in [
      ("--truth-min-confidence", truthMinConfidence), ("--tracks-min-confidence", tracksMinConfidence),
    ]
    where !value.isFinite {
      throw fail("score: \(option): expected a finite number, got \(value)")
    }
    if let threshold, !(threshold.isFinite && threshold > 0) {
      throw fail("score: --threshold: expected a finite number > 0, got \(threshold)")
    }
    // Opened before anything is read: checks that --out is none of the inputs and holds its directory.
    let transaction = try out.map { out in
      try openTransaction(
        files: [LabeledPath("--out", out)], command: "docksim score",
        inputs: objects.map { LabeledPath("--objects", $0) } + truth.map { LabeledPath("--truth", $0) }
          + tracks.map { LabeledPath("--tracks", $0) })
    }
    defer { transaction?.abort() }

    let sequences: [MOTSequence]
    let matching: MOTMatching
    do {
      if objects.isEmpty {
        (sequences, matching) = try motChallengeSequences()
      } else {
        (sequences, matching) = try objectsSequences()
      }
    } catch let error as InputError { throw fail("\(error)") }
    let (perSequence, overall) = MOTScorer.score(sequences, matching: matching)
    let text = MOTScoreTable.csv(perSequence + [overall])
    guard let out, let transaction else {
      print(text, terminator: "")
      return
    }
    try transaction.publish([(text, out)])
  }

  private func motChallengeSequences() throws -> ([MOTSequence], MOTMatching) {
    let matching: MOTMatching
    switch match ?? .iou {
    case .iou: matching = try .iou(threshold: iouThreshold())
    case .center:
      guard let threshold else {
        throw fail("score: --match center on MOTChallenge files needs --threshold (a distance in pixels)")
      }
      matching = .center(threshold: threshold)
    }
    var sequences: [MOTSequence] = []
    for (k, (truthPath, tracksPath)) in zip(truth, tracks).enumerated() {
      let objects = try MOTChallengeFile.read(path: truthPath, minimumConfidence: truthMinConfidence)
      let hypotheses = try MOTChallengeFile.read(path: tracksPath, minimumConfidence: tracksMinConfidence)
      let sequenceName = name.isEmpty ? Self.sequenceName(ofTruth: truthPath) : name[k]
      sequences.append(MOTSequence(name: sequenceName, objects: objects, hypotheses: hypotheses))
    }
    return (sequences, matching)
  }

  private func objectsSequences() throws -> ([MOTSequence], MOTMatching) {
    var sequences: [MOTSequence] = []
    var thresholds: [(path: String, value: Double)] = []
    for (k, path) in objects.enumerated() {
      let contents = try ObjectsCSVFile.read(path: path)
      if let value = contents.matchThreshold { thresholds.append((path, value)) }
      let sequenceName = name.isEmpty ? Self.sequenceName(ofObjects: path) : name[k]
      sequences.append(
        MOTSequence(name: sequenceName, objects: contents.objects, hypotheses: contents.hypotheses))
    }
    switch match ?? .center {
    case .iou: return (sequences, try .iou(threshold: iouThreshold()))
    case .center:
      if let threshold { return (sequences, .center(threshold: threshold)) }
      guard let first = thresholds.first else {
        throw fail("score: the objects traces have no rows, so no match_threshold; give --threshold")
      }
      if let other = thresholds.first(where: { $0.value != first.value }) {
        throw fail(
          "score: \(other.path): match_threshold \(other.value) differs from \(first.value) in \(first.path); "
            + "give --threshold to score them together")
      }
      return (sequences, .center(threshold: first.value))
    }
  }

  private func iouThreshold() throws -> Double {
    let value = threshold ?? MOTBox.defaultIoUDistanceThreshold
    guard value <= 1 else {
      throw fail("score: --threshold: with --match iou expected at most 1 (1 − IoU), got \(value)")
    }
    return value
  }

  /// `SEQ/gt/gt.txt` and `SEQ/gt.txt` are sequence SEQ; any other file is named by its base name.
  static func sequenceName(ofTruth path: String) -> String {
    let url = URL(fileURLWithPath: path)
    var directory = url.deletingLastPathComponent()
    guard url.lastPathComponent == "gt.txt" else { return url.deletingPathExtension().lastPathComponent }
    if directory.lastPathComponent == "gt" { directory = directory.deletingLastPathComponent() }
    return directory.lastPathComponent
  }

  /// `traces/walk.objects.csv` is sequence walk.
  static func sequenceName(ofObjects path: String) -> String {
    let file = URL(fileURLWithPath: path).lastPathComponent
    for suffix in [".objects.csv", ".csv"] where file.hasSuffix(suffix) {
      return String(file.dropLast(suffix.count))
    }
    return file
  }
}
