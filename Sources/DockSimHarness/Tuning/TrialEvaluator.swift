import DockSimCore
import DockSimIO
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Scores candidates on a dataset: every scenario run and log replay of a batch of candidates is one
/// parallel job, and each candidate's row is appended to `trials.csv` as soon as it and every earlier
/// candidate of the batch are complete, so the file grows in trial order whatever the core count.
final class TrialEvaluator: @unchecked Sendable {
  let spec: TuneSpec
  let space: SearchSpace
  let data: [TrialRecord.Dataset: TuneData]
  let jobs: Int
  let isCancelled: @Sendable () -> Bool
  let log: TrialLogFile
  /// Rows already in `trials.csv` from an earlier, interrupted run, by trial and dataset.
  private var stored: [Key: TrialRecord]
  /// Every row of this tuning so far, in file order.
  private(set) var records: [TrialRecord] = []
  /// Called after each row with the rows so far.
  var rowAdded: (([TrialRecord]) -> Void)?
  /// Each validation row's runs, one metric vector per scenario seed and log, kept for the paired
  /// comparison of the chosen set with the baseline (`ValidationComparison`); nil for a failed run.
  private var validationRuns: [Int: ValidationComparison.Runs?] = [:]

  struct Key: Hashable {
    var trial: Int
    var dataset: TrialRecord.Dataset
  }

  struct Candidate {
    var trial: Int
    var phase: TrialRecord.Phase
    var values: [String]?
  }

  init(
    spec: TuneSpec, space: SearchSpace, data: [TrialRecord.Dataset: TuneData], jobs: Int,
    isCancelled: @escaping @Sendable () -> Bool, log: TrialLogFile, stored: [TrialRecord]
  ) {
    self.spec = spec
    self.space = space
    self.data = data
    self.jobs = jobs
    self.isCancelled = isCancelled
    self.log = log
    self.stored = Dictionary(stored.map { (Key(trial: $0.trial, dataset: $0.dataset), $0) }) { a, _ in a }
  }

  /// Rows read back on resume that this run has not reached (yet).
  var unusedStoredRows: Int { stored.count }

  /// The records of `candidates` on `dataset`, in order.
  func evaluate(_ candidates: [Candidate], on dataset: TrialRecord.Dataset) throws -> [TrialRecord] {
    if isCancelled() { throw TuneInterrupted() }
    let data = self.data[dataset]!
    let state = BatchState(count: candidates.count)
    var pending: [Int] = []
    for (i, c) in candidates.enumerated() {
      if let old = stored.removeValue(forKey: Key(trial: c.trial, dataset: dataset)) {
        guard old.phase == c.phase, old.values == c.values else {
          throw TuneError(
            "\(log.path): trial \(c.trial) (\(dataset.rawValue)) was written as \(old.phase.rawValue) with values [\((old.values ?? []).joined(separator: ", "))], but this tuning asks for \(c.phase.rawValue) with [\((c.values ?? []).joined(separator: ", "))]: the specification, its seed or DockSim changed since; tune into a new --out"
          )
        }
        state.finish(i, old, written: true)
      } else if dataset == .train, let values = c.values,
        let earlier = records.first(where: { $0.dataset == .train && $0.values == values })
      {
        // The local method often proposes a point that decodes to values already scored (integer and
        // choice parameters, clamping at the bounds); the result would be identical, so reuse it.
        var r = earlier
        r.trial = c.trial
        r.phase = c.phase
        r.note = "same values as trial \(earlier.trial)"
        state.finish(i, r, written: false)
      } else {
        pending.append(i)
      }
    }
    // Jobs: every scenario repetition and every log of every pending candidate.
    var jobList: [(candidate: Int, unit: Int, repetition: Int)] = []
    let unitCount = data.scenarios.count + data.logs.count
    for i in pending {
      state.expect(i, jobs: data.runCount + data.logs.count)
      for (u, unit) in data.scenarios.enumerated() {
        for r in 0..<unit.repetitions { jobList.append((i, u, r)) }
      }
      for l in data.logs.indices { jobList.append((i, data.scenarios.count + l, 0)) }
    }
    _ = unitCount
    flush(state, candidates, dataset)
    let space = self.space
    let jobsCopy = jobList
    _ = ParallelJobs.run(
      count: jobList.count, jobs: jobs, isCancelled: isCancelled,
      work: { k -> UnitResult in
        let job = jobsCopy[k]
        return Self.run(
          unit: job.unit, repetition: job.repetition, values: candidates[job.candidate].values, data, space)
      },
      completed: { [self] k, result in
        let job = jobsCopy[k]
        if state.add(job.candidate, unit: job.unit, repetition: job.repetition, result) {
          if dataset == .validation {
            validationRuns[candidates[job.candidate].trial] = state.runMetrics(job.candidate, data)
          }
          state.finish(
            job.candidate, record(candidates[job.candidate], dataset, state.units(job.candidate, data)),
            written: false)
          flush(state, candidates, dataset)
        }
      })
    if isCancelled() { throw TuneInterrupted() }
    return state.records.map { $0! }
  }

  /// One job: repetition `repetition` of scenario unit `unit`, or the log `unit` indexes past the
  /// scenarios, under the candidate's `values`.
  static func run(
    unit: Int, repetition: Int, values: [String]?, _ data: TuneData, _ space: SearchSpace
  ) -> UnitResult {
    if unit < data.scenarios.count {
      let scenarioUnit = data.scenarios[unit]
      do {
        var scenario = try data.load(scenarioUnit, space: space, values: values)
        // Loaded with its suite's seed offset applied; repetitions derive from it as in `docksim run`.
        scenario.seed = MonteCarlo.seed(scenario.seed, repetition: repetition)
        return .run(ScenarioRunner.run(scenario, tracesDirectory: nil))
      } catch {
        return .run(RunOutcome(name: scenarioUnit.file, seed: 0, result: nil, failure: "\(error)"))
      }
    }
    let log = data.logs[unit - data.scenarios.count]
    do {
      let parameters =
        try values.map { values throws(InputError) in
          try space.trackerParameters(values, base: log.spec.tracker, source: "the candidate's values")
        } ?? log.spec.tracker
      let camera = PinholeCamera(horizontalFOV: log.spec.horizontalFOV, aspect: log.spec.aspect)
      return .log(
        LogScore.score(
          log: log.frames, camera: camera, parameters: parameters, reference: log.reference))
    } catch {
      return .failed("\(log.spec.log): \(error)")
    }
  }

  /// The validation runs of `candidates`, one metric vector per scenario seed and log: kept from this
  /// tuning's own validation, or run again for rows read back on resume (the same numbers: every run is
  /// deterministic).
  func runs(of candidates: [Candidate]) throws -> [ValidationComparison.Runs?] {
    let data = self.data[.validation]!
    let missing = candidates.indices.filter { validationRuns[candidates[$0].trial] == nil }
    var jobList: [(candidate: Int, unit: Int, repetition: Int)] = []
    for i in missing {
      for (u, unit) in data.scenarios.enumerated() {
        for r in 0..<unit.repetitions { jobList.append((i, u, r)) }
      }
      for l in data.logs.indices { jobList.append((i, data.scenarios.count + l, 0)) }
    }
    let space = self.space
    let jobsCopy = jobList
    let results = ParallelJobs.run(
      count: jobList.count, jobs: jobs, isCancelled: isCancelled,
      work: { k -> UnitResult in
        let job = jobsCopy[k]
        return Self.run(
          unit: job.unit, repetition: job.repetition, values: candidates[job.candidate].values, data, space)
      }, completed: { _, _ in })
    if isCancelled() { throw TuneInterrupted() }
    for i in missing {
      let state = BatchState(count: 1)
      state.expect(0, jobs: Int.max)
      for (k, job) in jobList.enumerated() where job.candidate == i {
        _ = state.add(0, unit: job.unit, repetition: job.repetition, results[k] ?? .failed("not run"))
      }
      validationRuns[candidates[i].trial] = state.runMetrics(0, data)
    }
    return candidates.map { validationRuns[$0.trial] ?? nil }
  }

  /// Appends the rows of every finished candidate not yet written, in order, stopping at the first
  /// candidate still running.
  private func flush(_ state: BatchState, _ candidates: [Candidate], _ dataset: TrialRecord.Dataset) {
    while let r = state.nextReady() {
      if !r.written {
        // A failed append is kept and reported after the batch; nothing else can be done mid-batch.
        log.append(TrialLog.line(r.record, space: space))
      }
      records.append(r.record)
      rowAdded?(records)
    }
  }

  /// The row of a candidate from its scenario outcomes (one per unit, repetitions merged) and log scores.
  private func record(
    _ c: Candidate, _ dataset: TrialRecord.Dataset, _ units: [UnitResult]
  ) -> TrialRecord {
    let keys = MetricCatalog.all
    let names = keys.map(\.name)
    func failed(_ why: String) -> TrialRecord {
      TrialRecord(
        trial: c.trial, phase: c.phase, dataset: dataset, score: .failed, values: c.values,
        metrics: names.map { _ in nil }, note: why)
    }
    var perUnit: [[Double?]] = []
    for u in units {
      switch u {
      case .run(let o):
        guard let result = o.result else { return failed("\(o.name): \(o.failure ?? "failed")") }
        perUnit.append(keys.map { result.metric($0) })
      case .log(let s): perUnit.append(keys.map { s.value(of: $0) })
      case .failed(let why): return failed(why)
      }
    }
    let means: [Double?] = names.indices.map { m in
      let values = perUnit.compactMap { $0[m] }
      return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
    var objective = 0.0
    for t in spec.objective.terms {
      if let v = means[keys.firstIndex(of: t.metric)!] { objective += t.weight * v }
    }
    var violation = 0.0
    for bound in spec.objective.constraints {
      let m = keys.firstIndex(of: bound.metric)!
      for values in perUnit {
        guard let v = values[m] else { continue }
        if let lo = bound.minimum, v < lo { violation += lo - v }
        if let hi = bound.maximum, v > hi { violation += v - hi }
      }
    }
    guard objective.isFinite, violation.isFinite else {
      return failed("the objective is not a finite number")
    }
    return TrialRecord(
      trial: c.trial, phase: c.phase, dataset: dataset,
      score: TrialScore(
        status: violation > 0 ? .infeasible : .ok, objective: objective, violation: violation),
      values: c.values, metrics: means, note: "")
  }
}

/// One job's result: a scenario run, a log replay, or why it could not run.
enum UnitResult: Sendable {
  case run(RunOutcome)
  case log(LogScore)
  case failed(String)
}

/// A batch's progress: job results per candidate and the rows ready to append, in order.
private final class BatchState: @unchecked Sendable {
  private var expected: [Int]
  private var results: [[Int: [Int: UnitResult]]]
  private(set) var records: [TrialRecord?]
  private var written: [Bool]
  private var nextToFlush = 0

  init(count: Int) {
    expected = Array(repeating: 0, count: count)
    results = Array(repeating: [:], count: count)
    records = Array(repeating: nil, count: count)
    written = Array(repeating: false, count: count)
  }
  func expect(_ i: Int, jobs: Int) { expected[i] = jobs }
  /// Adds one job's result; true when the candidate has all of its results.
  func add(_ i: Int, unit: Int, repetition: Int, _ r: UnitResult) -> Bool {
    results[i][unit, default: [:]][repetition] = r
    expected[i] -= 1
    return expected[i] == 0
  }
  func finish(_ i: Int, _ r: TrialRecord, written w: Bool) {
    records[i] = r
    written[i] = w
  }
  /// Per unit in order: the run (repetitions merged by their mean) or the log score.
  func units(_ i: Int, _ data: TuneData) -> [UnitResult] {
    var out: [UnitResult] = []
    for (u, unit) in data.scenarios.enumerated() {
      let runs = (0..<unit.repetitions).map { results[i][u]![$0]! }
      if runs.count == 1 {
        out.append(runs[0])
        continue
      }
      let outcomes = runs.compactMap { r -> RunOutcome? in
        if case .run(let o) = r { return o }
        return nil
      }
      out.append(.run(MonteCarlo.aggregate(outcomes, expectations: []).0))
    }
    for l in data.logs.indices { out.append(results[i][data.scenarios.count + l]![0]!) }
    return out
  }
  /// Per unit in order, each repetition's metrics (`MetricCatalog.all`), or nil when a run failed.
  func runMetrics(_ i: Int, _ data: TuneData) -> ValidationComparison.Runs? {
    let keys = MetricCatalog.all
    var out: ValidationComparison.Runs = []
    for (u, unit) in data.scenarios.enumerated() {
      var runs: [[Double?]] = []
      for r in 0..<unit.repetitions {
        guard case .run(let o)? = results[i][u]?[r], let result = o.result else { return nil }
        runs.append(keys.map { result.metric($0) })
      }
      out.append(runs)
    }
    for l in data.logs.indices {
      guard case .log(let s)? = results[i][data.scenarios.count + l]?[0] else { return nil }
      out.append([keys.map { s.value(of: $0) }])
    }
    return out
  }

  func nextReady() -> (record: TrialRecord, written: Bool)? {
    guard nextToFlush < records.count, let r = records[nextToFlush] else { return nil }
    nextToFlush += 1
    return (r, written[nextToFlush - 1])
  }
}

/// The tuning was interrupted (SIGINT or SIGTERM); every row written so far is whole.
public struct TuneInterrupted: Error, CustomStringConvertible {
  public var description: String { "interrupted" }
}

/// `trials.csv` open for appending: one write per row, and a row the file system refused part of (a
/// full disk) is cut off again, so the file holds whole rows only; a resumed run drops a torn last row
/// should the process be killed mid-write. After a failure nothing more is appended.
final class TrialLogFile: @unchecked Sendable {
  let path: String
  private let descriptor: Int32
  private(set) var failure: IOFailure?

  init(path: String) throws {
    self.path = path
    descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw IOFailure(path: path, errno: errno, doing: "cannot open for appending")
    }
  }

  deinit { close(descriptor) }

  func append(_ line: String) {
    guard failure == nil else { return }
    let end = lseek(descriptor, 0, SEEK_END)
    do { try FileSystem.writeAll(descriptor, Array(line.utf8), path: path) } catch {
      failure = error as? IOFailure ?? IOFailure(path: path, message: "cannot write: \(error)")
      if end >= 0 { _ = ftruncate(descriptor, end) }
    }
  }
}
