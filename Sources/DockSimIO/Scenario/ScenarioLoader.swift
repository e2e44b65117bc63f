import DockSimCore
import Yams

/// Loads and validates scenario files (`docs/scenarios.md` describes the format).
///
/// YAML holds degrees, milliseconds and the unit in each field name; the returned `Scenario` is in the
/// core's SI units (radians, seconds, `SimDuration` microseconds). Every failure is a `InputError`
/// naming the file, the line, the field path and what was expected; the first problem found is
/// reported.
public enum ScenarioLoader {
  /// Reads, parses and validates the scenario file at `path`.
  ///
  /// - Throws: `InputError` when the path is missing or a directory, the bytes are not UTF-8, the
  ///   YAML is malformed, or any field is missing, unknown, of the wrong type or out of range.
  public static func load(path: String, overrides: ScenarioOverrides = ScenarioOverrides())
    throws(InputError) -> Scenario
  {
    try parse(yaml: try ScenarioFiles.read(path: path), file: path, overrides: overrides)
  }

  /// Parses and validates scenario YAML; `file` only names the source in errors.
  ///
  /// - Throws: `InputError`, as `load(path:)`.
  public static func parse(
    yaml: String, file: String, overrides: ScenarioOverrides = ScenarioOverrides()
  ) throws(InputError) -> Scenario {
    var root = try YAMLShape.compose(yaml, file: file)
    if !overrides.isEmpty, let r = root, case .mapping = r {
      root = try overrides.apply(to: r)
    }
    let reader = root.map { NodeReader(node: $0, path: "", file: file) }
    guard let reader, !reader.isNull else {
      throw InputError(
        file: file, line: nil,
        message: "the file is empty; expected a mapping with at least name, seed, duration_s and subjects")
    }
    guard !overrides.isEmpty else { return try ScenarioSchema.read(reader) }
    do {
      return try ScenarioSchema.read(reader)
    } catch {
      // An error in another file (a detector profile) already names that file and its line.
      guard error.file == file else { throw error }
      // The faulty value may come from an override, whose lines are not the file's: say so.
      let sources = overrides.overlays.map { "--params \($0.file)" } + overrides.assignments.map(\.source)
      // A value set on the command line has no line in the file.
      let fromSet = overrides.assignments.contains { $0.fieldPath == error.field }
      // A field an overlay defines has its line in that overlay, not in the scenario file.
      if !fromSet, let field = error.field, let (overlay, line) = overrides.overlayDefining(field) {
        throw InputError(
          file: overlay, line: line, field: error.field,
          message: error.message + " (--params \(overlay) merged into \(file))")
      }
      throw InputError(
        file: error.file, line: fromSet ? nil : error.line, field: error.field,
        message: error.message + " (scenario with overrides: \(sources.joined(separator: ", ")))")
    }
  }

  /// The scenario files named by `paths`, in order: a file stands for itself, a directory for the
  /// `*.yaml` and `*.yml` files directly inside it (not its subdirectories), sorted by path.
  ///
  /// - Throws: `InputError` for a path that does not exist or a directory without scenario files.
  public static func scenarioFiles(in paths: [String]) throws(InputError) -> [String] {
    var files: [String] = []
    for path in paths { files += try ScenarioFiles.expand(path: path) }
    return files
  }

  /// Loads every scenario named by `paths` (see `scenarioFiles(in:)`), stopping at the first error.
  ///
  /// - Throws: `InputError` for the first path or file that fails.
  public static func loadAll(paths: [String], overrides: ScenarioOverrides = ScenarioOverrides())
    throws(InputError) -> [(path: String, scenario: Scenario)]
  {
    var loaded: [(path: String, scenario: Scenario)] = []
    for file in try scenarioFiles(in: paths) {
      loaded.append((file, try load(path: file, overrides: overrides)))
    }
    return loaded
  }
}
