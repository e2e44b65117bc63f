import DockSimCore
import DockSimIO
import Foundation

/// Progress of a tuning, for a progress bar or periodic log lines.
public struct TuneProgress: Sendable {
  public var phase: TrialRecord.Phase
  /// Rows of `trials.csv` done (evaluated, reused or read back on resume).
  public var done: Int
  /// Rows the tuning will write at most (the budget, validation and sensitivity probes).
  public var planned: Int
  /// Training rows of `planned`: the budget (baseline, design and local search).
  public var budget: Int
  /// Rows read back from `trials.csv` on `--resume`: the first `resumed` rows were not run now.
  public var resumed: Int
  /// The best training objective among feasible trials so far.
  public var bestObjective: Double?
  public var bestTrial: Int?
}

/// How to run a tuning: where to write, on how many cores, and what to do about earlier output.
public struct TuneOptions: Sendable {
  public var outDirectory: String
  public var jobs: Int
  /// Continue from `trials.csv` in `outDirectory` instead of starting over.
  public var resume: Bool
  /// Evaluate only this shard's share of the baseline and the space-filling design (round robin by
  /// trial number), then stop: shards are merged with `docksim merge` and the tuning finished with
  /// `--resume` on the merged directory.
  /// A shard of one (`--shard 0/1`) is the whole tuning.
  public var shard: Shard?
  public var isCancelled: @Sendable () -> Bool
  public var progress: (@Sendable (TuneProgress) -> Void)?

  public init(
    outDirectory: String, jobs: Int, resume: Bool = false, shard: Shard? = nil,
    isCancelled: @escaping @Sendable () -> Bool = { false },
    progress: (@Sendable (TuneProgress) -> Void)? = nil
  ) {
    self.outDirectory = outDirectory
    self.jobs = jobs
    self.resume = resume
    self.shard = shard
    self.isCancelled = isCancelled
    self.progress = progress
  }
}

/// What a tuning found.
public struct TuneOutcome: Sendable {
  /// The baseline (the scenarios' own parameters) on the training and validation data.
  public var baseline: (train: TrialRecord, validation: TrialRecord)
  /// The candidates scored on the validation data, best training score first (the baseline first).
  public var validated: [(train: TrialRecord, validation: TrialRecord)]
  /// The chosen set: the best of `validated` on the validation data.
  public var chosen: (train: TrialRecord, validation: TrialRecord)
  public var sensitivity: [SensitivityRow]
  /// The chosen set against the baseline over the paired validation runs; nil when the baseline is
  /// chosen.
  public var comparison: ValidationComparison?
  /// Why the local search stopped.
  public var stop: String
  /// Training evaluations used (rows of the baseline, design and local phases).
  public var trainingTrials: Int
}

/// A shard's part of a tuning: which trials it wrote.
public struct TuneShardOutcome: Sendable {
  public var trials: [Int]
  public var plannedDesignTrials: Int
}

/// Runs a tuning (`docs/tuning.md`): the baseline, a seeded space-filling design, Nelder–Mead from the
/// best design point within the budget, the best candidates scored on the validation data, the
/// winner there chosen, and one-at-a-time sensitivity probes around it.
///
/// Every decision depends only on the seed and on scores, which `trials.csv` stores exactly; so a
/// resumed tuning replays the decisions, reads finished trials back instead of running them, and ends
/// exactly where an uninterrupted one would.
public enum Tuner {
  public enum Result: Sendable {
    case finished(TuneOutcome)
    case shard(TuneShardOutcome)
  }

  public static let trialsFile = "trials.csv"
  /// The specification `trials.csv` was written under (`TuneSpecFingerprint`).
  public static let specificationFile = TuneSpecFingerprint.fileName
  public static let bestFile = "best.yaml"
  public static let sensitivityFile = "sensitivity.csv"
  public static let summaryFile = "summary.txt"

  public static func run(_ spec: TuneSpec, options: TuneOptions) throws -> Result {
    let space = SearchSpace(spec.parameters)
    let train = try TuneData(spec.train)
    let validation = try TuneData(spec.validation)
    try checkSpace(space, data: [train, validation], file: spec.file)
    let out = options.outDirectory
    // Held until the tuning returns: a second tuning into --out is refused (`OutputDirectoryBusy`),
    // and the lock dies with a killed process.
    let directory = try OutputTransaction(
      directory: out, command: "docksim tune",
      outputs: [specificationFile, trialsFile, bestFile, sensitivityFile, summaryFile].map {
        LabeledPath("output", (out as NSString).appendingPathComponent($0))
      },
      inputs: inputs(of: spec))
    defer { directory.abort() }
    let trialsPath = (out as NSString).appendingPathComponent(trialsFile)
    let fingerprint = try TuneSpecFingerprint.of(spec, train: train, validation: validation)
    let (stored, unrecorded) = try prepareTrialsFile(
      trialsPath, space: space, resume: options.resume, fingerprint: fingerprint)
    // A directory of a DockSim before trials.spec: its rows are checked against this specification as
    // they are replayed, and the specification recorded once they all agreed.
    func record() throws {
      if unrecorded { try AtomicFileWriter.write(fingerprint.text, to: fingerprintPath(trialsPath)) }
    }
    let evaluator = TrialEvaluator(
      spec: spec, space: space, data: [.train: train, .validation: validation], jobs: options.jobs,
      isCancelled: options.isCancelled, log: try TrialLogFile(path: trialsPath), stored: stored)
    let s = spec.search
    let sensitivityRows = s.sensitivityStep > 0 ? 2 * space.dimension : 0
    let planned = s.budget + (s.validateTop + 1) + sensitivityRows
    if let report = options.progress {
      evaluator.rowAdded = { rows in
        let best = rows.filter { $0.dataset == .train && $0.score.status == .ok }.min { a, b in
          a.score != b.score ? a.score < b.score : a.trial < b.trial
        }
        report(
          TuneProgress(
            phase: rows.last!.phase, done: rows.count, planned: planned, budget: s.budget,
            resumed: stored.count, bestObjective: best?.score.objective, bestTrial: best?.trial))
      }
    }
    defer { _ = evaluator }

    // Baseline and design.
    let points = SpaceFillingDesign.points(
      s.initial, count: s.initialTrials, dimension: space.dimension, seed: s.seed)
    var candidates = [TrialEvaluator.Candidate(trial: 0, phase: .baseline, values: nil)]
    var pointOf: [Int: [Double]] = [:]
    if spec.hasStart {
      let start = space.point(of: spec.parameters.map { $0.start! })
      pointOf[1] = start
      candidates.append(.init(trial: 1, phase: .design, values: space.values(at: start)))
    }
    for p in points {
      pointOf[candidates.count] = p
      candidates.append(.init(trial: candidates.count, phase: .design, values: space.values(at: p)))
    }
    if let shard = options.shard, shard.count > 1 {
      let mine = candidates.filter { shard.owns($0.trial) }
      _ = try evaluator.evaluate(mine, on: .train)
      try checkWrites(evaluator)
      try record()
      // Written last: its presence says the shard's trials are complete.
      try TuneShards.manifest(
        shard: shard, spec: spec, space: space,
        candidates: candidates.map { ($0.trial, $0.phase.rawValue, $0.values) }
      ).write(to: out)
      return .shard(TuneShardOutcome(trials: mine.map(\.trial), plannedDesignTrials: candidates.count))
    }
    var trainRecords = try evaluator.evaluate(candidates, on: .train)

    // Local search from the best design point.
    var stop = NelderMead.Stop.budget.rawValue
    let left = s.budget - candidates.count
    if s.method == .nelderMead, left > 0, space.dimension > 0 {
      let start = trainRecords.dropFirst().min { a, b in
        a.score != b.score ? a.score < b.score : a.trial < b.trial
      }!
      let result = try NelderMead().minimize(
        start: pointOf[start.trial]!, startScore: start.score, budget: left
      ) { batch in
        let first = trainRecords.count
        let local = batch.enumerated().map { k, p in
          TrialEvaluator.Candidate(trial: first + k, phase: .local, values: space.values(at: p))
        }
        for (k, p) in batch.enumerated() { pointOf[first + k] = p }
        let records = try evaluator.evaluate(local, on: .train)
        trainRecords += records
        return records.map(\.score)
      }
      stop = result.rawValue
    } else if s.method == .none {
      stop = "no local method"
    }

    // Validation: the baseline and the best training candidates that differ from each other by at
    // least a tenth of some parameter's range, so the validation data compares alternatives rather
    // than near-copies from one stretch of the local search.
    var shortlist = [trainRecords[0]]
    var picked: [[Double]] = spec.hasStart ? [pointOf[1]!] : []
    let ranked = trainRecords.dropFirst().filter { $0.score.status != .failed }.sorted { a, b in
      a.score != b.score ? a.score < b.score : a.trial < b.trial
    }
    for r in ranked where shortlist.count < s.validateTop + 1 {
      guard !shortlist.contains(where: { $0.values == r.values }) else { continue }
      let p = pointOf[r.trial]!
      let distinct = picked.allSatisfy { q in zip(p, q).map { abs($0 - $1) }.max() ?? 0 >= 0.1 }
      guard distinct else { continue }
      shortlist.append(r)
      picked.append(p)
    }
    let checked = try evaluator.evaluate(
      shortlist.map { .init(trial: $0.trial, phase: .validation, values: $0.values) }, on: .validation)
    let validated = Array(zip(shortlist, checked))
    let chosen = validated.indices.min { a, b in
      let (ta, va) = validated[a]
      let (tb, vb) = validated[b]
      if va.score != vb.score { return va.score < vb.score }
      if ta.score != tb.score { return ta.score < tb.score }
      return ta.trial < tb.trial
    }!

    // Sensitivity around the chosen set.
    var sensitivity: [SensitivityRow] = []
    let (chosenTrain, _) = validated[chosen]
    if s.sensitivityStep > 0, let center = pointOf[chosenTrain.trial] {
      var probes: [TrialEvaluator.Candidate] = []
      var sides: [(parameter: Int, high: Bool)] = []
      let centerValues = space.values(at: center)
      for i in 0..<space.dimension {
        for high in [false, true] {
          var p = center
          p[i] = min(1, max(0, p[i] + (high ? s.sensitivityStep : -s.sensitivityStep)))
          let values = space.values(at: p)
          guard values != centerValues else { continue }
          probes.append(.init(trial: trainRecords.count + probes.count, phase: .sensitivity, values: values))
          sides.append((i, high))
        }
      }
      let results = try evaluator.evaluate(probes, on: .train)
      sensitivity = SensitivityRow.rows(
        space: space, center: chosenTrain,
        probes: Array(zip(sides, results)).map { ($0.0.parameter, $0.0.high, $0.1) })
    }
    try checkWrites(evaluator)
    if evaluator.unusedStoredRows > 0 {
      throw TuneError(
        "\(trialsPath): \(evaluator.unusedStoredRows) row(s) were not reached by this tuning: the specification, its seed or the budget changed since it was written; tune into a new --out"
      )
    }
    var comparison: ValidationComparison?
    if chosenTrain.values != nil {
      let pair = [shortlist[0], chosenTrain].map {
        TrialEvaluator.Candidate(trial: $0.trial, phase: .validation, values: $0.values)
      }
      let runs = try evaluator.runs(of: pair)
      comparison = ValidationComparison.compare(
        chosen: (validated[chosen].1.score, runs[1]),
        baseline: (validated[0].1.score, runs[0]),
        objective: spec.objective)
    }
    try record()
    let outcome = TuneOutcome(
      baseline: validated[0], validated: validated, chosen: validated[chosen], sensitivity: sensitivity,
      comparison: comparison, stop: stop, trainingTrials: trainRecords.count)
    // best.yaml, sensitivity.csv and summary.txt appear together or not at all.
    do {
      try TuneReport.write(outcome, spec: spec, space: space, to: try directory.staging())
      try directory.commit()
    } catch { throw directory.unstaged(error) }
    return .finished(outcome)
  }

  /// Every file a tuning reads: its specification, the datasets' scenarios (files under a directory),
  /// logs and references.
  static func inputs(of spec: TuneSpec) -> [LabeledPath] {
    var inputs = [LabeledPath("tuning specification", spec.file)]
    for dataset in [spec.train, spec.validation] {
      inputs += dataset.scenarios.flatMap { OutputPaths.files(under: $0) }.map { LabeledPath("scenario", $0) }
      for log in dataset.logs {
        inputs.append(LabeledPath("log", log.log))
        if let reference = log.reference { inputs.append(LabeledPath("reference", reference)) }
      }
    }
    return inputs
  }

  /// Loads every training and validation scenario once at each end of every parameter's range (and
  /// with each choice), so a misspelt field or a range a scenario refuses stops the tuning at once.
  static func checkSpace(_ space: SearchSpace, data: [TuneData], file: String) throws {
    try checkTrackerParameters(space, file: file)
    for d in data {
      for unit in d.scenarios {
        do { _ = try d.load(unit, space: space, values: nil) } catch { throw TuneError("\(error)") }
      }
    }
    for (i, value) in space.probeValues {
      let p = space.parameters[i]
      var probe = ScenarioOverrides()
      do { try probe.addAssignment("\(p.path)=\(value)") } catch {
        throw TuneError("\(file): parameters: \(p.path): \(error)")
      }
      for d in data {
        for unit in d.scenarios {
          var o = unit.overrides
          o.assignments += probe.assignments
          do { _ = try ScenarioLoader.load(path: unit.file, overrides: o) } catch {
            throw TuneError("\(file): parameters: \(p.path) = \(value) is refused by a scenario: \(error)")
          }
        }
      }
    }
  }

  /// Checks every `tracker.*` parameter against `TrackerParameters.table`: a field it declares, searched
  /// as the field's kind (an integer field with `integer`, a boolean one by its values), and every value
  /// the search can try (each end of the range, each choice) within the field's range, each on its own
  /// (a rule between fields is left to the trial).
  static func checkTrackerParameters(_ space: SearchSpace, file: String) throws {
    let source = "\(file): parameters"
    for (i, p) in space.parameters.enumerated() where p.path.hasPrefix(SearchSpace.trackerPrefix) {
      let field = String(p.path.dropFirst(SearchSpace.trackerPrefix.count))
      if let entry = TrackerParameters.table[name: field] {
        switch (entry.kind, p.domain) {
        case (.integer, .real):
          throw TuneError(
            "\(source): \(p.path): expected an integer range (integer: true in a specification, :int with --param): the field takes \(entry.expectation(in: TrackerParameters.table.defaults))"
          )
        case (.boolean, .real), (.boolean, .integer):
          throw TuneError(
            "\(source): \(p.path): expected values to choose from (values: [true, false], or true|false with --param): the field takes true or false"
          )
        default: break
        }
      }
      for (k, value) in space.probeValues where k == i {
        do { _ = try TrackerParameterInput.parameters([(field, value)], source: source) } catch {
          throw TuneError("\(error)")
        }
      }
    }
  }

  /// `trials.spec` beside the `trials.csv` at `trialsPath`.
  static func fingerprintPath(_ trialsPath: String) -> String {
    ((trialsPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(specificationFile)
  }

  /// Creates `trials.csv` with its header and `trials.spec` beside it, or reads `trials.csv` back to
  /// resume once `trials.spec` shows the same specification. `unrecorded`: the directory has no
  /// `trials.spec` (a DockSim before it), so the rows are resumed under this specification, to be
  /// recorded once they agree with it.
  static func prepareTrialsFile(
    _ path: String, space: SearchSpace, resume: Bool, fingerprint: TuneSpecFingerprint
  ) throws -> (records: [TrialRecord], unrecorded: Bool) {
    let exists = FileManager.default.fileExists(atPath: path)
    let specPath = fingerprintPath(path)
    if !resume {
      if exists {
        throw TuneError(
          "\(path) already exists: continue it with --resume, or choose another --out (nothing was changed)")
      }
      // Before trials.csv, whose presence is what a resume looks for.
      try AtomicFileWriter.write(fingerprint.text, to: specPath)
      try AtomicFileWriter.write(TrialLog.header(space), to: path)
      return ([], false)
    }
    guard exists else { throw TuneError("\(path): nothing to resume (no such file); start without --resume") }
    let recorded = FileManager.default.fileExists(atPath: specPath)
    if recorded {
      let old = try TuneSpecFingerprint.parse(
        try InputFile.text(
          path: specPath, expected: "the tuning's specification as `docksim tune` writes it",
          maximumSize: TuneSpecFingerprint.maximumSize), file: specPath)
      let differences = fingerprint.differences(from: old)
      guard differences.isEmpty else {
        throw TuneError(
          "\(specPath): trials.csv was written under another specification: "
            + differences.joined(separator: "; ")
            + "; resume with the specification it was written under, or tune into a new --out (nothing was changed)"
        )
      }
    }
    let text: String
    do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
      throw TuneError("\(path): cannot read as UTF-8 text: \(error.localizedDescription)")
    }
    let (records, complete) = try TrialLog.read(text, file: path, space: space)
    // A torn last row (killed mid-write) is dropped before appending.
    if complete.utf8.count != text.utf8.count { try AtomicFileWriter.write(complete, to: path) }
    return (records, !recorded)
  }

  static func checkWrites(_ evaluator: TrialEvaluator) throws {
    if let failure = evaluator.log.failure { throw failure }
  }
}
