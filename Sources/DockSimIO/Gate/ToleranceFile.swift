import Yams

/// Loads the tolerance file of `docksim gate` (`Scenarios/baseline/tolerances.yaml`; the format is in
/// `docs/gate.md`):
///
///     metrics:                       # one entry for every metric column of summary.csv
///       framing_error_rms: { better: lower, abs: 0.002, rel: 0.10 }
///       in_frame_ratio: { better: higher, abs: 0.01 }
///     scenarios:                     # optional per-scenario overrides of some fields
///       heavy-clutter:
///         mot_false_positives: { abs: 50 }
///
/// Every metric must have an entry and every entry must name a metric: a metric added to the summary
/// without a tolerance is an error, so that nothing silently stops being gated.
public enum ToleranceFile {
  static let entryFields = ["better", "abs", "rel"]
  static let topFields = ["metrics", "scenarios", "min_seeds", "wrong_subject_max_s", "failure_rate"]

  /// Reads and validates the tolerance file at `path` against the metric columns `metrics`.
  ///
  /// - Throws: `InputError` naming the file, line, column and field of the first problem.
  public static func load(path: String, metrics: [String]) throws(InputError) -> ToleranceTable {
    let text = try GateFiles.readText(path: path, expected: "a tolerance file (YAML, docs/gate.md)")
    return try parse(yaml: text, file: path, metrics: metrics)
  }

  /// Parses tolerance YAML; `file` only names the source in errors.
  ///
  /// - Throws: `InputError`, as `load(path:metrics:)`.
  public static func parse(yaml: String, file: String, metrics: [String]) throws(InputError)
    -> ToleranceTable
  {
    let root: Node?
    // Bounded aliases and nesting, as every YAML reader: a billion laughs hung this reader (found by
    // docksim-fuzz --target tolerances, iteration 128 of seed 1).
    do { root = try YAMLShape.compose(yaml, file: file) } catch {
      throw InputError(
        file: file, line: error.line,
        message: error.message.replacingOccurrences(of: InputError.wellFormed, with: wellFormed))
    }
    guard let root, !ToleranceNode(node: root, path: "", file: file).isNull else {
      throw InputError(file: file, message: "the file is empty; expected a mapping with `metrics:`")
    }
    let top = ToleranceNode(node: root, path: "", file: file)
    var metricsNode: ToleranceNode?
    var scenariosNode: ToleranceNode?
    var seeds = SeedGateSettings()
    for (name, key, value) in try top.entries("a mapping with the fields metrics and scenarios") {
      switch name {
      case "metrics": metricsNode = value
      case "scenarios": scenariosNode = value
      case "min_seeds": seeds.minimumSeeds = try value.integer(2...1_000_000)
      case "wrong_subject_max_s": seeds.wrongSubjectMaximumSeconds = try value.nonNegativeNumber()
      case "failure_rate":
        for (field, fieldKey, fieldValue) in try value.entries("a mapping with the field abs") {
          guard field == "abs" else { throw fieldKey.error(unknown("field", field, among: ["abs"])) }
          let rate = try fieldValue.nonNegativeNumber()
          guard rate <= 1 else { throw fieldValue.mismatch("a share of seeds in [0, 1]") }
          seeds.failureRateTolerance = rate
        }
      default: throw key.error(unknown("field", name, among: topFields))
      }
    }
    guard let metricsNode else {
      throw top.error("missing field `metrics`; expected a tolerance for every metric column (docs/gate.md)")
    }
    let defaults = try readDefaults(metricsNode, metrics: metrics)
    var overrides: [String: [String: MetricTolerance]] = [:]
    if let scenariosNode {
      for (scenario, _, section) in try scenariosNode.entries("a mapping of scenario names to overrides") {
        var table: [String: MetricTolerance] = [:]
        for (metric, key, value) in try section.entries("a mapping of metric names to tolerances") {
          guard let base = defaults[metric] else {
            throw key.error(unknown("metric", metric, among: metrics) + "; expected a column of summary.csv")
          }
          table[metric] = try readEntry(value, base: base)
        }
        overrides[scenario] = table
      }
    }
    return ToleranceTable(
      file: file, metrics: metrics, defaults: defaults, overrides: overrides, seeds: seeds)
  }

  static let wellFormed = "expected well-formed YAML (docs/gate.md)"

  /// The `metrics:` section: exactly one complete entry per metric.
  private static func readDefaults(_ section: ToleranceNode, metrics: [String]) throws(InputError)
    -> [String: MetricTolerance]
  {
    var defaults: [String: MetricTolerance] = [:]
    for (metric, key, value) in try section.entries("a mapping of metric names to tolerances") {
      guard metrics.contains(metric) else {
        throw key.error(unknown("metric", metric, among: metrics) + "; expected a column of summary.csv")
      }
      defaults[metric] = try readEntry(value, base: nil)
    }
    let missing = metrics.filter { defaults[$0] == nil }
    if !missing.isEmpty {
      let names = missing.map { "'\($0)'" }.joined(separator: ", ")
      throw section.error(
        "no tolerance for \(names); expected an entry `<metric>: { better: lower|higher|zero|none, abs: …, "
          + "rel: … }` for every metric column of summary.csv (docs/gate.md)")
    }
    return defaults
  }

  /// One `{ better, abs, rel }` entry. Without `base` (the `metrics:` section) `better` is required and
  /// `abs`/`rel` default to 0; with it (an override) every field defaults to the base's.
  private static func readEntry(_ node: ToleranceNode, base: MetricTolerance?) throws(InputError)
    -> MetricTolerance
  {
    var better = base?.better
    var tolerance = base ?? MetricTolerance(better: .none)
    let expected = "a mapping with the fields better, abs, rel"
    for (name, key, value) in try node.entries(expected) {
      switch name {
      case "better": better = try value.direction()
      case "abs": tolerance.absolute = try value.nonNegativeNumber()
      case "rel": tolerance.relative = try value.nonNegativeNumber()
      default: throw key.error(unknown("field", name, among: entryFields))
      }
    }
    guard let better else {
      let names = BetterDirection.allCases.map(\.rawValue).joined(separator: ", ")
      throw node.error("missing field `better`; expected one of \(names)")
    }
    if base != nil, node.isNull { throw node.mismatch(expected) }
    tolerance.better = better
    return tolerance
  }

  private static func unknown(_ what: String, _ name: String, among candidates: [String]) -> String {
    var message = "unknown \(what) '\(name)'"
    if let guess = Suggestion.closest(to: name, among: candidates) {
      message += " (did you mean '\(guess)'?)"
    }
    if candidates.count <= 5 { message += "; expected one of: \(candidates.joined(separator: ", "))" }
    return message
  }
}
