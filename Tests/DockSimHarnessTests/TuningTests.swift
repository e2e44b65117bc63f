import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// A small tuning problem in a temporary directory: two short training scenarios, one validation
/// scenario with a held-out seed, two tracker and controller parameters.
struct TuningFixture {
  let directory: URL
  var spec: String { directory.appendingPathComponent("small.tune.yaml").path }

  static func scenario(_ name: String, seed: Int, to azimuth: Int) -> String {
    """
    name: \(name)
    seed: \(seed)
    duration_s: 4
    dock:
      initial: { yaw_deg: -20, pitch_deg: 0 }
    subjects:
      - id: walker
        kind: humanBody
        width_m: 0.5
        height_m: 1.7
        path:
          - { t_s: 0, azimuth_deg: -20, distance_m: 3, height_m: -0.15 }
          - { t_s: 3.5, azimuth_deg: \(azimuth), distance_m: 3, height_m: -0.15 }

    """
  }

  static let specText = """
    tune: small
    train: [ a.yaml, b.yaml ]
    validation: [ held-out.suite.yaml ]
    parameters:
      - { path: tracker.process_noise_angle, min: 0.01, max: 3, scale: log }
      - { path: controller.gain_per_s, min: 1, max: 10 }
    objective:
      minimize: { framing_error_rms: 1, estimation_error_rms_rad: 1 }
      constraints: { primary_switches: { max: 0 } }
    search: { seed: 5, initial_trials: 4, budget: 10, validate_top: 2, sensitivity_step: 0.1 }

    """

  init(spec: String = TuningFixture.specText) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-tune-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try write("a.yaml", Self.scenario("a", seed: 3, to: 25))
    try write("b.yaml", Self.scenario("b", seed: 4, to: 40))
    try write("c.yaml", Self.scenario("c", seed: 9, to: 10))
    try write("held-out.suite.yaml", "suite: held-out\nscenarios: [ c.yaml, a.yaml ]\nseed_offset: 50\n")
    try write("small.tune.yaml", spec)
  }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: directory.appendingPathComponent(name))
  }

  func out(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// Every file under `name`, by relative path.
  func files(_ name: String) throws -> [String: Data] {
    let root = directory.appendingPathComponent(name)
    var out: [String: Data] = [:]
    for f in try FileManager.default.contentsOfDirectory(atPath: root.path) {
      out[f] = try Data(contentsOf: root.appendingPathComponent(f))
    }
    return out
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// Counts rows and asks to stop after `limit` of them, as a Ctrl-C would mid-tuning.
final class StopAfter: @unchecked Sendable {
  private let lock = NSLock()
  private var rows = 0
  let limit: Int
  init(_ limit: Int) { self.limit = limit }
  func row() {
    lock.lock()
    rows += 1
    lock.unlock()
  }
  var stop: Bool {
    lock.lock()
    defer { lock.unlock() }
    return rows >= limit
  }
}

@Suite(.serialized) struct TuningTests {
  func finished(_ r: Tuner.Result) throws -> TuneOutcome {
    guard case .finished(let o) = r else { throw TuneError("expected a finished tuning") }
    return o
  }

  @Test func sameSeedGivesIdenticalFilesWhateverTheCoreCount() throws {
    let f = try TuningFixture()
    defer { f.remove() }
    let spec = try TuneSpecLoader.load(path: f.spec)
    let one = try finished(Tuner.run(spec, options: TuneOptions(outDirectory: f.out("one"), jobs: 1)))
    _ = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("two"), jobs: 2))
    _ = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("again"), jobs: 2))
    let files = try f.files("one")
    #expect(
      files.keys.sorted() == ["best.yaml", "sensitivity.csv", "summary.txt", "trials.csv", "trials.spec"])
    #expect(try f.files("two") == files)
    #expect(try f.files("again") == files)
    // Baseline, 4 design trials, local trials up to the budget of 10, then validation and probes.
    let rows = String(decoding: files["trials.csv"]!, as: UTF8.self).split(separator: "\n").dropFirst()
    #expect(rows.filter { $0.contains(",train,") && !$0.contains(",sensitivity,") }.count == 10)
    #expect(rows.first!.hasPrefix("0,baseline,train,"))
    #expect(one.trainingTrials == 10)
    #expect(one.validated.first!.train.phase == .baseline)
    // The chosen set is at least as good as the baseline on validation: the baseline is a candidate.
    #expect(!(one.baseline.validation.score < one.chosen.validation.score))
  }

  @Test func anotherSeedSearchesOtherPoints() throws {
    let f = try TuningFixture()
    defer { f.remove() }
    var spec = try TuneSpecLoader.load(path: f.spec)
    spec.search.sensitivityStep = 0
    spec.search.method = .none
    spec.search.budget = 5
    _ = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("a"), jobs: 2))
    spec.search.seed = 6
    _ = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("b"), jobs: 2))
    #expect(try f.files("a")["trials.csv"] != f.files("b")["trials.csv"])
  }

  @Test func interruptedThenResumedEndsExactlyAsAnUninterruptedRun() throws {
    let f = try TuningFixture()
    defer { f.remove() }
    let spec = try TuneSpecLoader.load(path: f.spec)
    _ = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("whole"), jobs: 2))
    for limit in [1, 3, 7, 12] {
      let out = f.out("cut-\(limit)")
      let stopper = StopAfter(limit)
      #expect(throws: TuneInterrupted.self) {
        try Tuner.run(
          spec,
          options: TuneOptions(
            outDirectory: out, jobs: 2, isCancelled: { stopper.stop }, progress: { _ in stopper.row() }))
      }
      // Only whole rows, and nothing else written yet.
      let partial = try f.files("cut-\(limit)")
      #expect(partial.keys.sorted() == ["trials.csv", "trials.spec"])
      #expect(partial["trials.csv"]!.last == UInt8(ascii: "\n"))
      let rows = String(decoding: partial["trials.csv"]!, as: UTF8.self).split(separator: "\n").count - 1
      #expect(rows >= limit)
      let resumed = try finished(
        Tuner.run(spec, options: TuneOptions(outDirectory: out, jobs: 1, resume: true)))
      #expect(try f.files("cut-\(limit)") == f.files("whole"), "stopped after \(limit) rows")
      #expect(resumed.trainingTrials == 10)
    }
  }

  @Test func shardsMergedAndResumedEndExactlyAsOneTuning() throws {
    let f = try TuningFixture()
    defer { f.remove() }
    let spec = try TuneSpecLoader.load(path: f.spec)
    _ = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("whole"), jobs: 2))
    let shards = (0..<3).map { f.out("shard-\($0)") }
    var owned: [Int] = []
    for (i, dir) in shards.enumerated() {
      guard
        case .shard(let s) = try Tuner.run(
          spec, options: TuneOptions(outDirectory: dir, jobs: 1, shard: Shard(index: i, count: 3)))
      else { throw TuneError("expected a shard") }
      #expect(s.plannedDesignTrials == 5)
      owned += s.trials
      #expect(try f.files("shard-\(i)").keys.sorted() == ["shard.csv", "trials.csv", "trials.spec"])
    }
    #expect(owned.sorted() == [0, 1, 2, 3, 4])
    // Any order of directories; the merged rows are the unsharded tuning's first five rows.
    let merged = try TuneShards.merge(shards.reversed())
    let whole = String(decoding: try f.files("whole")["trials.csv"]!, as: UTF8.self)
    #expect(whole.hasPrefix(merged))
    #expect(merged.split(separator: "\n").count == 6)
    try FileManager.default.createDirectory(atPath: f.out("merged"), withIntermediateDirectories: true)
    try Data(merged.utf8).write(to: URL(fileURLWithPath: f.out("merged") + "/trials.csv"))
    let specification = try #require(try TuneShards.mergedSpecification(shards))
    try Data(specification.utf8).write(to: URL(fileURLWithPath: f.out("merged") + "/trials.spec"))
    _ = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("merged"), jobs: 2, resume: true))
    #expect(try f.files("merged") == f.files("whole"))
    // A missing shard, or a shard of another tuning, is refused.
    #expect(throws: InputError.self) { try TuneShards.merge(Array(shards.prefix(2))) }
    var other = spec
    other.search.seed = 77
    _ = try Tuner.run(
      other, options: TuneOptions(outDirectory: f.out("other"), jobs: 1, shard: Shard(index: 2, count: 3)))
    #expect {
      try TuneShards.merge([shards[0], shards[1], f.out("other")])
    } throws: { "\($0)".contains("fingerprint") }
    #expect {
      try TuneShards.mergedSpecification([shards[0], shards[1], f.out("other")])
    } throws: { "\($0)".contains("other/trials.spec: another specification than") }
  }

  @Test func aTornLastRowIsDroppedOnResume() throws {
    let f = try TuningFixture()
    defer { f.remove() }
    let spec = try TuneSpecLoader.load(path: f.spec)
    _ = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("whole"), jobs: 2))
    let whole = try f.files("whole")
    let text = String(decoding: whole["trials.csv"]!, as: UTF8.self)
    // The header, two rows and half of the third, as if the process died mid-write.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let torn = lines[0..<3].joined(separator: "\n") + "\n" + lines[3].prefix(20)
    try FileManager.default.createDirectory(atPath: f.out("torn"), withIntermediateDirectories: true)
    try Data(torn.utf8).write(to: URL(fileURLWithPath: f.out("torn") + "/trials.csv"))
    _ = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("torn"), jobs: 2, resume: true))
    #expect(try f.files("torn") == whole)
  }

  @Test func resumingWithAnotherSpecificationIsRefused() throws {
    let f = try TuningFixture()
    defer { f.remove() }
    var spec = try TuneSpecLoader.load(path: f.spec)
    _ = try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("run"), jobs: 2))
    let before = try f.files("run")
    spec.search.seed = 99
    #expect {
      try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("run"), jobs: 2, resume: true))
    } throws: { error in
      "\(error)".contains(
        "trials.spec: trials.csv was written under another specification: search: was seed 5")
    }
    spec.search.seed = 5
    spec.parameters.removeLast()
    #expect {
      try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("run"), jobs: 2, resume: true))
    } throws: { error in
      "\(error)".contains("another specification: parameters: was tracker.process_noise_angle")
    }
    #expect(try f.files("run") == before)
    // Without trials.spec (a DockSim before it) the rows themselves are checked, and the specification
    // is not recorded when they disagree with it.
    let specFile = URL(fileURLWithPath: f.out("run") + "/trials.spec")
    try FileManager.default.removeItem(at: specFile)
    #expect {
      try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("run"), jobs: 2, resume: true))
    } throws: { error in
      "\(error)".contains("trials.csv:1: column 8: expected 'framing_error_rms', got 'controller.gain_per_s'")
    }
    spec = try TuneSpecLoader.load(path: f.spec)
    spec.search.seed = 99
    #expect {
      try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("run"), jobs: 2, resume: true))
    } throws: { error in
      "\(error)".contains("trial 1 (train) was written as design with values")
    }
    #expect(!FileManager.default.fileExists(atPath: specFile.path))
    try before["trials.spec"]!.write(to: specFile)
    // A fresh start never overwrites earlier trials.
    #expect {
      try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("run"), jobs: 2))
    } throws: { error in
      "\(error)".contains("already exists: continue it with --resume")
    }
    #expect(try f.files("run") == before)
    #expect {
      try Tuner.run(spec, options: TuneOptions(outDirectory: f.out("nothing"), jobs: 2, resume: true))
    } throws: { error in
      "\(error)".contains("nothing to resume")
    }
  }

  @Test func bestYAMLReproducesTheChosenTrialWithRunParams() throws {
    let f = try TuningFixture()
    defer { f.remove() }
    let spec = try TuneSpecLoader.load(path: f.spec)
    let o = try finished(Tuner.run(spec, options: TuneOptions(outDirectory: f.out("run"), jobs: 2)))
    #expect(o.chosen.train.values != nil, "the small problem should improve on its baseline")
    var overrides = ScenarioOverrides()
    try overrides.addOverlay(path: f.out("run") + "/best.yaml")
    let scenarios = try ["a.yaml", "b.yaml"].map {
      try ScenarioLoader.load(path: f.directory.appendingPathComponent($0).path, overrides: overrides)
    }
    let outcomes = SuiteRunner.run(scenarios, jobs: 2, tracesDirectory: nil)
    let framing = outcomes.map { $0.result!.metric(.framingErrorRMS)! }.reduce(0, +) / 2
    let i = TuneSpec.metricNames.firstIndex(of: "framing_error_rms")!
    #expect(framing == o.chosen.train.metrics[i]!)
  }

  @Test func aRangeTheTrackerTableRefusesStopsTheTuningBeforeAnyTrial() throws {
    let spec = TuningFixture.specText.replacingOccurrences(
      of: "max: 3, scale: log", with: "max: 5000, scale: log")
    let f = try TuningFixture(spec: spec)
    defer { f.remove() }
    #expect {
      try Tuner.run(
        try TuneSpecLoader.load(path: f.spec), options: TuneOptions(outDirectory: f.out("x"), jobs: 2))
    } throws: { error in
      let text = "\(error)"
      // A tracker parameter is checked against `TrackerParameters.table` before any scenario is loaded.
      return text.hasSuffix(
        "small.tune.yaml: parameters: tracker.process_noise_angle: expected a number <= 1000, got 5000.0")
    }
    #expect(!FileManager.default.fileExists(atPath: f.out("x")))
  }
}

struct SearchSpaceTests {
  let space = SearchSpace([
    TuneParameter(path: "a", domain: .real(lower: 0.01, upper: 100, logarithmic: true)),
    TuneParameter(path: "b", domain: .real(lower: -1, upper: 1, logarithmic: false)),
    TuneParameter(path: "c", domain: .integer(lower: 5, upper: 9, logarithmic: false)),
    TuneParameter(path: "d", domain: .choice(["left", "center", "right"])),
  ])

  @Test func decodesEveryKindOfParameter() {
    #expect(space.values(at: [0, 0, 0, 0]) == ["0.01", "-1.0", "5", "left"])
    #expect(space.values(at: [1, 1, 1, 1]) == ["100.0", "1.0", "9", "right"])
    #expect(space.values(at: [0.5, 0.5, 0.5, 0.5]) == ["1.0", "0.0", "7", "center"])
    // Outside the cube clamps; a third of the cube per choice.
    #expect(space.values(at: [-3, 7, 0.124, 0.34]) == ["0.01", "1.0", "5", "center"])
    #expect(space.values(at: [0.25, 0.123456789, 0.126, 0.666]) == ["0.1", "-0.753086", "6", "center"])
  }

  @Test func roundsToSixSignificantDigits() {
    #expect(SearchSpace.significant(0.0123456789) == 0.0123457)
    #expect(SearchSpace.significant(123_456_789) == 123_457_000)
    #expect(SearchSpace.significant(-2.5e-7, digits: 1) == -3e-7)
    #expect(SearchSpace.significant(0) == 0)
  }
}

struct SpaceFillingDesignTests {
  @Test func latinHypercubeHasOnePointPerStratumOnEveryAxis() {
    for (n, d) in [(1, 1), (7, 3), (20, 5)] {
      let points = SpaceFillingDesign.points(.latinHypercube, count: n, dimension: d, seed: 42)
      #expect(points.count == n)
      for j in 0..<d {
        let strata = points.map { Int($0[j] * Double(n)) }.sorted()
        #expect(strata == Array(0..<n))
      }
    }
  }

  @Test func pointsDependOnTheSeedAlone() {
    let a = SpaceFillingDesign.points(.random, count: 5, dimension: 3, seed: 1)
    #expect(a == SpaceFillingDesign.points(.random, count: 5, dimension: 3, seed: 1))
    #expect(a != SpaceFillingDesign.points(.random, count: 5, dimension: 3, seed: 2))
    #expect(a.allSatisfy { $0.allSatisfy { (0..<1).contains($0) } })
  }
}

struct NelderMeadTests {
  func score(_ v: Double) -> TrialScore { TrialScore(status: .ok, objective: v, violation: 0) }

  @Test func findsTheMinimumOfAQuadraticInsideTheCube() throws {
    let target = [0.3, 0.7, 0.55]
    func f(_ p: [Double]) -> Double { zip(p, target).map { ($0 - $1) * ($0 - $1) }.reduce(0, +) }
    var evaluations = 0
    var best = Double.infinity
    let start = [0.9, 0.1, 0.2]
    let stop = try NelderMead().minimize(start: start, startScore: score(f(start)), budget: 400) { batch in
      evaluations += batch.count
      for p in batch { best = min(best, f(p)) }
      return batch.map { score(f($0)) }
    }
    #expect(stop == .converged)
    #expect(evaluations <= 400)
    #expect(best < 1e-5)
  }

  @Test func neverExceedsItsBudgetAndStaysInTheCube() throws {
    var evaluations = 0
    let stop = try NelderMead().minimize(start: [0.5, 0.5], startScore: score(1), budget: 9) { batch in
      evaluations += batch.count
      #expect(batch.allSatisfy { $0.allSatisfy { (0...1).contains($0) } })
      // Lower towards a corner outside the cube: the search presses against the bounds.
      return batch.map { score(-$0[0] - $0[1]) }
    }
    #expect(stop == .budget)
    #expect(evaluations <= 9)
  }

  @Test func prefersFeasiblePointsWhateverTheirObjective() throws {
    // Infeasible where x > 0.5, with a lower objective there: the search must stay feasible.
    func s(_ p: [Double]) -> TrialScore {
      p[0] > 0.5
        ? TrialScore(status: .infeasible, objective: -10, violation: p[0] - 0.5) : score(-p[0])
    }
    var bestFeasible = 0.0
    _ = try NelderMead().minimize(start: [0.1], startScore: s([0.1]), budget: 60) { batch in
      for p in batch where p[0] <= 0.5 { bestFeasible = max(bestFeasible, p[0]) }
      return batch.map(s)
    }
    #expect(bestFeasible > 0.45)
  }

  @Test func scoresRankFailedLastAndInfeasibleAfterFeasible() {
    let ok = score(5)
    let better = score(1)
    let infeasible = TrialScore(status: .infeasible, objective: -100, violation: 0.1)
    let worse = TrialScore(status: .infeasible, objective: -100, violation: 2)
    #expect(better < ok && ok < infeasible && infeasible < worse && worse < .failed)
  }
}
