import DockSimCore

/// What `docksim tune` searches, on which data, for what (`docs/tuning.md` describes the file).
public struct TuneSpec: Sendable {
  /// The tuning's name, for reports.
  public var name: String
  /// The file it was read from (`""` when built from flags alone), for messages.
  public var file: String
  /// The data the search scores candidates on.
  public var train: TuneDataset
  /// Held-out data the best candidates are compared on; the chosen set is the best here.
  public var validation: TuneDataset
  /// The search space, in the order of the trials.csv columns.
  public var parameters: [TuneParameter]
  public var objective: TuneObjective
  public var search: TuneSearch

  public init(
    name: String, file: String, train: TuneDataset, validation: TuneDataset, parameters: [TuneParameter],
    objective: TuneObjective, search: TuneSearch
  ) {
    self.name = name
    self.file = file
    self.train = train
    self.validation = validation
    self.parameters = parameters
    self.objective = objective
    self.search = search
  }
}

/// Scenarios (files, directories or suites) and recorded logs that a candidate is scored on.
public struct TuneDataset: Sendable, Equatable {
  public var scenarios: [String]
  public var logs: [TuneLog]
  public init(scenarios: [String] = [], logs: [TuneLog] = []) {
    self.scenarios = scenarios
    self.logs = logs
  }
  public var isEmpty: Bool { scenarios.isEmpty && logs.isEmpty }
}

/// A recorded observation log replayed through the tracker, with the camera it was recorded with.
public struct TuneLog: Sendable, Equatable {
  /// The observation log (format in `docs/csv.md`).
  public var log: String
  /// The subject's true direction per frame, when known (format in `docs/csv.md`).
  public var reference: String?
  /// Horizontal field of view, radians.
  public var horizontalFOV: Double
  /// Image width / height.
  public var aspect: Double
  /// The tracker the log is replayed with before the candidate's `tracker.*` values are set: the
  /// built-in defaults with the entry's `tracker` fields (e.g. constant noise for a detector whose
  /// noise does not grow with the box).
  public var tracker: TrackerParameters
  public init(
    log: String, reference: String?, horizontalFOV: Double, aspect: Double,
    tracker: TrackerParameters = TrackerParameters()
  ) {
    self.log = log
    self.reference = reference
    self.horizontalFOV = horizontalFOV
    self.aspect = aspect
    self.tracker = tracker
  }
}

/// One dimension of the search space: a scenario field and the values it may take.
public struct TuneParameter: Sendable, Equatable {
  public enum Domain: Sendable, Equatable {
    /// A real number in `lower...upper`; `logarithmic` spreads the search evenly over the magnitudes.
    case real(lower: Double, upper: Double, logarithmic: Bool)
    /// A whole number in `lower...upper`.
    case integer(lower: Int, upper: Int, logarithmic: Bool)
    /// One of these YAML scalars, as written (`true`, `left`, `0.5`).
    case choice([String])
  }
  /// The scenario field as a dotted path of mapping keys (`tracker.process_noise_angle`).
  public var path: String
  public var domain: Domain
  /// Where the search starts (usually the current value): when every parameter has one, the start
  /// point is the first design trial, so the local method begins there unless the design finds better.
  public var start: String?
  public init(path: String, domain: Domain, start: String? = nil) {
    self.path = path
    self.domain = domain
    self.start = start
  }
}

/// The number a candidate is ranked by (lower is better) and the bounds it must keep.
///
/// objective = Σ weight × value(metric), with maximized metrics entering with a negative weight;
/// `value` is the mean of the metric over the dataset's scenarios (or logs) where it applies, and a
/// term with no value anywhere contributes 0. A constraint holds when every scenario's (and log's)
/// value lies within its bounds; the amount by which values fall outside is the candidate's violation,
/// and any feasible candidate ranks before every infeasible one.
public struct TuneObjective: Sendable, Equatable {
  public struct Term: Sendable, Equatable {
    public var metric: MetricKey
    /// Positive to minimize the metric, negative to maximize it.
    public var weight: Double
    public init(metric: MetricKey, weight: Double) {
      self.metric = metric
      self.weight = weight
    }
  }
  public var terms: [Term]
  public var constraints: [Expectation]
  public init(terms: [Term], constraints: [Expectation]) {
    self.terms = terms
    self.constraints = constraints
  }
}

/// How the search proceeds and how long.
public struct TuneSearch: Sendable, Equatable {
  public enum Initial: String, Sendable, CaseIterable { case latinHypercube = "latin-hypercube", random }
  public enum Method: String, Sendable, CaseIterable { case nelderMead = "nelder-mead", none }
  /// Seeds the space-filling design; the whole tuning is a function of it and the results.
  public var seed: UInt64
  public var initial: Initial
  /// Space-filling candidates evaluated before the local method starts.
  public var initialTrials: Int
  public var method: Method
  /// Training evaluations in all: the baseline, the design and the local method.
  public var budget: Int
  /// How many of the best training candidates are also scored on the validation data.
  public var validateTop: Int
  /// Step of the one-at-a-time sensitivity probes, as a fraction of each parameter's range (0: none).
  public var sensitivityStep: Double
  public init(
    seed: UInt64 = 1, initial: Initial = .latinHypercube, initialTrials: Int = 10,
    method: Method = .nelderMead,
    budget: Int = 40, validateTop: Int = 3, sensitivityStep: Double = 0.1
  ) {
    self.seed = seed
    self.initial = initial
    self.initialTrials = initialTrials
    self.method = method
    self.budget = budget
    self.validateTop = validateTop
    self.sensitivityStep = sensitivityStep
  }
}

extension TuneSpec {
  /// Whether every parameter has a start value, so the search starts from a known point.
  public var hasStart: Bool { !parameters.isEmpty && parameters.allSatisfy { $0.start != nil } }

  /// Metrics the recorded-log scoring reports, besides the scenario metrics of `MetricCatalog`.
  public static let logMetricNames = MetricCatalog.recordedLog.map(\.name)
  /// Every metric an objective or constraint may name.
  public static let metricNames = MetricCatalog.all.map(\.name)
}
