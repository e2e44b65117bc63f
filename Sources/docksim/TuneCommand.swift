import ArgumentParser
import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

struct TuneCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tune",
    abstract: "Search tracker and controller parameters on a training suite; choose on a validation suite.",
    discussion: """
      SPEC is a tuning file (*.tune.yaml, see docs/tuning.md); flags add to it or replace its search \
      settings, or describe the whole tuning without a file. Writes trials.csv (a row per trial, as \
      each finishes), best.yaml (an overlay for `docksim run --params`), sensitivity.csv and \
      summary.txt into --out. The same seed gives the same files whatever --jobs.

      Progress goes to standard error (a bar on a terminal, a line every --progress-interval seconds \
      otherwise): the training trials against --budget, then the validation and sensitivity rows. \
      Ctrl-C stops after the running trials with every file whole (exit 130); --resume continues \
      from trials.csv, counting on from the trials read back.

      With --shard (or a job engine's variables) only that shard's share of the baseline and design \
      runs; `docksim merge` combines the shards and --resume on the merged directory finishes.
      """)

  @Argument(
    help: ArgumentHelp("Tuning file (*.tune.yaml).", valueName: "spec"),
    completion: .file(extensions: ["yaml", "yml"]))
  var spec: String?

  @Option(
    name: .long, help: ArgumentHelp("Output directory.", valueName: "directory"), completion: .directory)
  var out: String = "tuning"

  @Option(name: .long, help: "Scenario runs at once (default: the number of cores).")
  var jobs: Int?

  @Flag(name: .long, help: "Continue the tuning in --out from its trials.csv.")
  var resume = false

  @Flag(name: .long, help: "Print no progress and no summary.")
  var quiet = false

  @OptionGroup var progressOptions: ProgressOptions

  @Option(
    name: .customLong("param"),
    help: ArgumentHelp(
      "A parameter: PATH=MIN:MAX[:log][:int] or PATH=A|B|C (repeatable), e.g. tracker.gate=6:30.",
      valueName: "spec"))
  var parameters: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp("Training scenarios, directories or suites (repeatable).", valueName: "path"),
    completion: .file(extensions: ["yaml", "yml"]))
  var train: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp("Validation scenarios, directories or suites (repeatable).", valueName: "path"),
    completion: .file(extensions: ["yaml", "yml"]))
  var validation: [String] = []

  @Option(
    name: .long, help: ArgumentHelp("Minimize a metric: METRIC[=WEIGHT] (repeatable).", valueName: "term"))
  var minimize: [String] = []

  @Option(
    name: .long, help: ArgumentHelp("Maximize a metric: METRIC[=WEIGHT] (repeatable).", valueName: "term"))
  var maximize: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A hard constraint in every scenario: METRIC<=X or METRIC>=X (repeatable).", valueName: "bound"))
  var constraint: [String] = []

  @Option(name: .long, help: "Training evaluations in all (baseline, design and local search).")
  var budget: Int?

  @Option(name: .long, help: "Seed of the space-filling design.")
  var seed: UInt64?

  @Option(name: .long, help: "Space-filling trials before the local search.")
  var initialTrials: Int?

  @Option(
    name: .long,
    help: ArgumentHelp("The space-filling design: latin-hypercube or random.", valueName: "design"),
    completion: .list(["latin-hypercube", "random"]))
  var initial: String?

  @Option(
    name: .long, help: ArgumentHelp("The local search: nelder-mead or none.", valueName: "method"),
    completion: .list(["nelder-mead", "none"]))
  var method: String?

  @OptionGroup var shardOptions: ShardOptions

  func run() throws {
    try requireOutputPath(out, option: "--out")
    let jobs = self.jobs ?? SuiteRunner.defaultJobs
    guard jobs >= 1 else { throw fail("--jobs: expected an integer ≥ 1, got \(jobs)") }
    let progressInterval = try progressOptions.interval()
    let spec: TuneSpec
    do { spec = try TuneFlags(command: self).spec() } catch { throw fail("\(error)") }
    let shard = try shardOptions.shard()
    let interruption = Interruption.shared
    interruption.install()
    let display = quiet ? nil : TuneProgressDisplay(interval: progressInterval)
    var progress: (@Sendable (TuneProgress) -> Void)?
    if let display { progress = { display.update($0) } }
    let options = TuneOptions(
      outDirectory: out, jobs: jobs, resume: resume, shard: shard, isCancelled: { interruption.isRequested },
      progress: progress)
    let result: Tuner.Result
    do {
      result = try Tuner.run(spec, options: options)
    } catch is TuneInterrupted {
      display?.finish()
      let code = 128 + (interruption.received ?? SIGINT)
      printError(
        "docksim tune: interrupted; \(out)/trials.csv holds every finished trial; continue with --resume")
      throw ExitCode(code)
    } catch {
      display?.finish()
      throw failWriting(error)
    }
    display?.finish()
    switch result {
    case .finished(let outcome):
      if !quiet {
        print(TuneReport.summary(outcome, spec: spec, space: SearchSpace(spec.parameters)), terminator: "")
        print("wrote \(out)/trials.csv, best.yaml, sensitivity.csv and summary.txt")
      }
    case .shard(let s):
      if !quiet {
        print("wrote \(s.trials.count) of \(s.plannedDesignTrials) initial trials to \(out)/trials.csv")
      }
    }
  }
}

/// The tuning described by the file and the flags together.
struct TuneFlags {
  let command: TuneCommand

  /// What messages call the specification when the flags alone describe it.
  static let flagsAsFile = "tune (command-line flags)"

  func spec() throws -> TuneSpec {
    var spec: TuneSpec
    if let file = command.spec {
      spec = try TuneSpecLoader.load(path: file)
    } else {
      // Messages name the spec by its file; without one, the flags are the spec.
      spec = TuneSpec(
        name: "command-line", file: TuneFlags.flagsAsFile, train: TuneDataset(), validation: TuneDataset(),
        parameters: [],
        objective: TuneObjective(terms: [], constraints: []), search: TuneSearch())
    }
    if !command.train.isEmpty { spec.train.scenarios += command.train }
    if !command.validation.isEmpty { spec.validation.scenarios += command.validation }
    for text in command.parameters {
      let p = try TuneFlags.parameter(text)
      if let i = spec.parameters.firstIndex(where: { $0.path == p.path }) {
        spec.parameters[i] = p
      } else {
        spec.parameters.append(p)
      }
    }
    for (texts, sign, flag) in [
      (command.minimize, 1.0, "--minimize"), (command.maximize, -1.0, "--maximize"),
    ] {
      for text in texts {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let metric = try TuneFlags.metric(parts.first ?? "", flag: "\(flag) \(text)")
        var weight = 1.0
        if parts.count == 2 {
          guard let w = Double(parts[1]), w.isFinite, w > 0 else {
            throw TuneError("\(flag) \(text): expected a weight > 0 after '='")
          }
          weight = w
        }
        spec.objective.terms.removeAll { $0.metric == metric }
        spec.objective.terms.append(.init(metric: metric, weight: sign * weight))
      }
    }
    for text in command.constraint {
      for (op, isMax) in [("<=", true), (">=", false)] {
        guard let r = text.range(of: op) else { continue }
        let metric = try TuneFlags.metric(String(text[..<r.lowerBound]), flag: "--constraint \(text)")
        guard let v = Double(text[r.upperBound...]), v.isFinite else {
          throw TuneError("--constraint \(text): expected a number after '\(op)'")
        }
        spec.objective.constraints.append(
          Expectation(metric: metric, minimum: isMax ? nil : v, maximum: isMax ? v : nil))
      }
      guard text.contains("<=") || text.contains(">=") else {
        throw TuneError("--constraint \(text): expected METRIC<=X or METRIC>=X")
      }
    }
    if let b = command.budget {
      guard (1...1_000_000).contains(b) else {
        throw TuneError("--budget: expected an integer in 1...1000000, got \(b)")
      }
      spec.search.budget = b
    }
    if let s = command.seed { spec.search.seed = s }
    if let n = command.initialTrials {
      guard (1...10_000).contains(n) else {
        throw TuneError("--initial-trials: expected an integer in 1...10000, got \(n)")
      }
      spec.search.initialTrials = n
    }
    if let i = command.initial {
      guard let v = TuneSearch.Initial(rawValue: i) else {
        throw TuneError("--initial: expected latin-hypercube or random, got \(i)")
      }
      spec.search.initial = v
    }
    if let m = command.method {
      guard let v = TuneSearch.Method(rawValue: m) else {
        throw TuneError("--method: expected nelder-mead or none, got \(m)")
      }
      spec.search.method = v
    }
    try TuneSpecLoader.validate(spec)
    return spec
  }

  /// The metric named `name`, which an objective or constraint may name.
  static func metric(_ name: String, flag: String) throws -> MetricKey {
    guard let key = MetricCatalog.key(named: name) else {
      throw TuneError(
        "\(flag): unknown metric '\(name)'; expected one of: \(TuneSpec.metricNames.joined(separator: ", "))"
      )
    }
    return key
  }

  /// `PATH=MIN:MAX[:log][:int]` or `PATH=A|B|C`.
  static func parameter(_ text: String) throws -> TuneParameter {
    func bad(_ why: String) -> TuneError { TuneError("--param \(text): \(why)") }
    guard let eq = text.firstIndex(of: "=") else { throw bad("expected PATH=MIN:MAX or PATH=A|B|C") }
    let path = String(text[..<eq])
    let rest = String(text[text.index(after: eq)...])
    if let why = TuneSpecLoader.pathProblem(path) { throw bad("expected \(why)") }
    if rest.contains("|") {
      let values = rest.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      guard values.allSatisfy({ !$0.isEmpty }), Set(values).count == values.count, values.count >= 2 else {
        throw bad("expected at least two different, non-empty choices separated by |")
      }
      return TuneParameter(path: path, domain: .choice(values))
    }
    let parts = rest.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, let lo = Double(parts[0]), let hi = Double(parts[1]), lo.isFinite, hi.isFinite
    else {
      throw bad("expected MIN:MAX with two finite numbers")
    }
    guard lo < hi else { throw bad("expected MIN < MAX") }
    var log = false
    var integer = false
    for flag in parts.dropFirst(2) {
      switch flag {
      case "log": log = true
      case "int": integer = true
      default: throw bad("unknown option '\(flag)'; expected log or int")
      }
    }
    if log && lo <= 0 { throw bad("a log scale needs MIN > 0") }
    if integer {
      guard let a = Int(exactly: lo), let b = Int(exactly: hi) else {
        throw bad("an integer range needs whole MIN and MAX")
      }
      return TuneParameter(path: path, domain: .integer(lower: a, upper: b, logarithmic: log))
    }
    return TuneParameter(path: path, domain: .real(lower: lo, upper: hi, logarithmic: log))
  }
}
