import DockSimCore
import Foundation
import Yams

/// Reads tuning specifications (`*.tune.yaml`, documented in `docs/tuning.md`).
///
/// Paths inside the file are relative to the file. Every problem is a `InputError` naming the file,
/// the line, the field and what was expected.
public enum TuneSpecLoader {
  static let fields = ["tune", "train", "validation", "parameters", "objective", "search"]
  static let datasetFields = ["scenarios", "logs"]
  static let logFields = ["log", "reference", "hfov_deg", "aspect", "tracker"]
  static let parameterFields = ["path", "min", "max", "scale", "integer", "values", "start"]
  static let objectiveFields = ["minimize", "maximize", "constraints"]
  static let searchFields = [
    "seed", "initial", "initial_trials", "method", "budget", "validate_top", "sensitivity_step",
  ]
  /// The replay command's default camera: 1.2 rad (68.75°) wide, 16:9.
  public static let defaultLogFOV = 1.2
  public static let defaultLogAspect = 16.0 / 9.0

  public static func load(path: String) throws(InputError) -> TuneSpec {
    let text = try ScenarioFiles.read(path: path)
    let root: Node?
    // As for scenarios: bounded aliases and nesting before Yams composes (a billion laughs hung it).
    root = try YAMLShape.compose(text, file: path)
    guard let root else {
      throw InputError(
        file: path, message: "the file is empty; expected a tuning mapping (docs/tuning.md)")
    }
    let m = try NodeReader(node: root, path: "", file: path).mapping(allowed: fields)
    let name = try m.required("tune", expecting: "a name for the tuning").string("a name for the tuning")
    let train = try dataset(m.required("train", expecting: "the training scenarios and logs"), file: path)
    let validation = try dataset(
      m.required("validation", expecting: "held-out scenarios and logs to choose the result on"), file: path)
    let parameters = try self.parameters(
      m.required("parameters", expecting: "a list of parameters to search"))
    let objective = try self.objective(m.required("objective", expecting: "metrics to minimize or maximize"))
    let search = try self.search(m["search"])
    let spec = TuneSpec(
      name: name, file: path, train: train, validation: validation, parameters: parameters,
      objective: objective, search: search)
    try validate(spec)
    return spec
  }

  /// Cross-field rules, also applied to a specification assembled from flags.
  public static func validate(_ spec: TuneSpec) throws(InputError) {
    func error(_ field: String, _ message: String) -> InputError {
      InputError(
        file: spec.file.isEmpty ? "docksim tune" : spec.file, line: nil, field: field, message: message)
    }
    if spec.train.isEmpty { throw error("train", "expected at least one scenario or log to train on") }
    if spec.validation.isEmpty {
      throw error("validation", "expected at least one scenario or log to validate on")
    }
    if spec.parameters.isEmpty { throw error("parameters", "expected at least one parameter to search") }
    if spec.objective.terms.isEmpty {
      throw error("objective", "expected at least one metric to minimize or maximize")
    }
    let needed = 1 + (spec.hasStart ? 1 : 0) + spec.search.initialTrials
    if spec.search.budget < needed {
      let parts = spec.hasStart ? "the baseline, the start point and" : "the baseline and"
      throw error(
        "search.budget",
        "expected a budget of at least \(needed) (\(parts) \(spec.search.initialTrials) initial trials), got \(spec.search.budget); "
          + "raise the budget (--budget) or lower search.initial_trials (--initial-trials)"
      )
    }
  }

  // MARK: Sections

  static func dataset(_ node: NodeReader, file: String) throws(InputError) -> TuneDataset {
    // A plain list is shorthand for `scenarios:`.
    if case .sequence = node.node { return TuneDataset(scenarios: try paths(node, file: file)) }
    let m = try node.mapping(allowed: datasetFields)
    var out = TuneDataset()
    if let s = m["scenarios"] { out.scenarios = try paths(s, file: file) }
    if let l = m["logs"] {
      for entry in try l.sequence("a list of logs") {
        let e = try entry.mapping(allowed: logFields)
        let log = try e.required("log", expecting: "the observation log's path").string("a file path")
        let reference = try e["reference"].map { r throws(InputError) in
          RelativePath.resolve(try r.string("a file path"), besideFile: file)
        }
        let fov = try e.degrees("hfov_deg", NumberBounds.open(0.5, 178), defaultRadians: defaultLogFOV)
        let aspect = try e.number("aspect", NumberBounds.closed(0.1, 10), default: defaultLogAspect)
        let tracker = try e["tracker"].map { t throws(InputError) in
          try TrackerSchema.read(try t.mapping(allowed: TrackerParameters.table.names))
        }
        out.logs.append(
          TuneLog(
            log: RelativePath.resolve(log, besideFile: file), reference: reference, horizontalFOV: fov,
            aspect: aspect,
            tracker: tracker ?? TrackerParameters()))
      }
    }
    return out
  }

  static func paths(_ node: NodeReader, file: String) throws(InputError) -> [String] {
    var out: [String] = []
    for p in try node.sequence("a list of scenario files, directories or suites") {
      out.append(RelativePath.resolve(try p.string("a path"), besideFile: file))
    }
    return out
  }

  static func parameters(_ node: NodeReader) throws(InputError) -> [TuneParameter] {
    var out: [TuneParameter] = []
    for entry in try node.sequence("a list of parameters") {
      let m = try entry.mapping(allowed: parameterFields)
      let pathNode = try m.required("path", expecting: "a scenario field such as tracker.gate")
      let path = try pathNode.string("a scenario field such as tracker.gate")
      if let why = pathProblem(path) { throw pathNode.mismatch(why) }
      if out.contains(where: { $0.path == path }) {
        throw pathNode.error("'\(path)' is already a parameter; each field may be searched once")
      }
      if let values = m["values"] {
        for key in ["min", "max", "scale", "integer"] where m[key] != nil {
          throw entry.error("give either values (a choice) or min and max (a range), not both")
        }
        var choices: [String] = []
        for v in try values.sequence("a list of at least two values") {
          guard case .scalar = v.node, !v.isNull else { throw v.mismatch("a scalar value") }
          let text = try v.string()
          if choices.contains(text) { throw v.error("'\(text)' is listed twice") }
          choices.append(text)
        }
        guard choices.count >= 2 else { throw values.mismatch("a list of at least two values") }
        var start: String?
        if let st = m["start"] {
          start = try st.string()
          guard choices.contains(start!) else { throw st.mismatch("one of the values") }
        }
        out.append(TuneParameter(path: path, domain: .choice(choices), start: start))
        continue
      }
      let range = NumberBounds.closed(-1e12, 1e12)
      let lower = try m.required("min", expecting: "the smallest value to try").number(range)
      let upperNode = try m.required("max", expecting: "the largest value to try")
      let upper = try upperNode.number(range)
      guard lower < upper else { throw upperNode.mismatch("a max above min (\(CSVFormat.cell(lower)))") }
      var logarithmic = false
      if let s = m["scale"] {
        let scale = try s.string("linear or log")
        guard scale == "linear" || scale == "log" else { throw s.mismatch("linear or log") }
        logarithmic = scale == "log"
        if logarithmic && lower <= 0 {
          throw s.error("a log scale needs min > 0, got min \(CSVFormat.cell(lower))")
        }
      }
      if try m.bool("integer", default: false) {
        guard let lo = Int(exactly: lower), let hi = Int(exactly: upper) else {
          throw entry.error("an integer parameter needs whole min and max")
        }
        out.append(
          TuneParameter(path: path, domain: .integer(lower: lo, upper: hi, logarithmic: logarithmic)))
      } else {
        out.append(
          TuneParameter(path: path, domain: .real(lower: lower, upper: upper, logarithmic: logarithmic)))
      }
    }
    guard out.count <= 64 else { throw node.mismatch("at most 64 parameters") }
    return out
  }

  /// Why `path` cannot be a tuning parameter, or nil. Only mapping keys: a tuned set is written as a
  /// `--params` overlay, and an overlay replaces lists whole.
  public static func pathProblem(_ path: String) -> String? {
    let parts = path.split(separator: ".", omittingEmptySubsequences: false)
    let ok = parts.allSatisfy { part in
      !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }
    return ok ? nil : "a dotted path of field names such as tracker.gate (list elements cannot be tuned)"
  }

  static func objective(_ node: NodeReader) throws(InputError) -> TuneObjective {
    let m = try node.mapping(allowed: objectiveFields)
    var terms: [TuneObjective.Term] = []
    for (key, sign) in [("minimize", 1.0), ("maximize", -1.0)] {
      guard let section = m[key] else { continue }
      let weights = try section.mapping(allowed: TuneSpec.metricNames)
      for metric in MetricCatalog.all {
        guard let w = weights[metric.name] else { continue }
        if terms.contains(where: { $0.metric == metric }) {
          throw w.error("'\(metric.name)' is both minimized and maximized")
        }
        terms.append(.init(metric: metric, weight: sign * (try w.number(NumberBounds.positive(max: 1e9)))))
      }
    }
    var constraints: [Expectation] = []
    if let c = m["constraints"] {
      let bounds = try c.mapping(allowed: TuneSpec.metricNames)
      for metric in MetricCatalog.all {
        guard let entry = bounds[metric.name] else { continue }
        constraints.append(try ExpectSchema.expectation(metric, entry))
      }
    }
    return TuneObjective(terms: terms, constraints: constraints)
  }

  static func search(_ node: NodeReader?) throws(InputError) -> TuneSearch {
    let d = TuneSearch()
    guard let node else { return d }
    let m = try node.mapping(allowed: searchFields)
    var s = d
    if let seed = m["seed"] { s.seed = UInt64(try seed.integer(0...Int.max)) }
    if let i = m["initial"] {
      let text = try i.string()
      guard let v = TuneSearch.Initial(rawValue: text) else { throw i.mismatch("latin-hypercube or random") }
      s.initial = v
    }
    s.initialTrials = try m.integer("initial_trials", 1...10_000, default: d.initialTrials)
    if let i = m["method"] {
      let text = try i.string()
      guard let v = TuneSearch.Method(rawValue: text) else { throw i.mismatch("nelder-mead or none") }
      s.method = v
    }
    s.budget = try m.integer("budget", 1...1_000_000, default: d.budget)
    s.validateTop = try m.integer("validate_top", 0...1000, default: d.validateTop)
    s.sensitivityStep = try m.number(
      "sensitivity_step", NumberBounds.closed(0, 0.5), default: d.sensitivityStep)
    return s
  }
}
