import DockSimCore
import DockSimIO
import Foundation

/// One scenario file of a command's inputs as every command expands it: the file, the overrides it
/// loads under, its Monte Carlo repetitions and its suite's seed offset. Kept apart from the loaded
/// scenario so that `tune` can reload the file with each candidate's values on top.
public struct ExpandedScenario: Sendable {
  /// The scenario file.
  public var file: String
  /// The suite file it came from, or nil for a file or directory named directly.
  public var suite: String?
  /// The suite's overrides, then the command line's.
  public var overrides: ScenarioOverrides
  /// Seeds run: 1 for a plain run.
  public var repetitions: Int
  /// The suite's `seed_offset` (0 outside a suite); see `SuiteExpansion.seed`.
  public var seedOffset: Int

  /// The scenario under `overrides` (and `extra` on top), its seed replaced by the base seed its
  /// suite's seed offset picks: repetition 0 runs exactly this scenario.
  public func load(adding extra: ScenarioOverrides? = nil) throws -> Scenario {
    var all = overrides
    if let extra {
      all.overlays += extra.overlays
      all.assignments += extra.assignments
    }
    var scenario = try ScenarioLoader.load(path: file, overrides: all)
    scenario.seed = SuiteExpansion.seed(scenario.seed, seedOffset: seedOffset, repetition: 0)
    return scenario
  }
}

/// The one expansion of a command's scenario paths — files, directories and suites — used by `run`,
/// `validate`, `report` and `tune`, so that they all see the same (scenario, seed) list.
///
/// A file is recognised by its content (`FileKind`): a suite expands into its scenario files under
/// its overrides, repetitions and seed offset; a scenario stands for itself; any other DockSim file
/// (a tuning specification, tolerances, a parameter overlay, a CSV table) is refused with what it is
/// and which command takes it. A directory expands into its scenario files (the suites beside them,
/// which name those scenarios, are skipped), or into its suites when it holds no scenario, both in
/// byte order of their paths, not recursively.
public struct SuiteExpansion: Sendable {
  /// Every scenario file, in the order of the paths, globs expanded.
  public var scenarios: [ExpandedScenario]
  /// Every suite read, in order (their overlay files are inputs of the command too).
  public var suites: [Suite]

  /// Expands `paths`; the command line's `overrides` go on top of each suite's, and `repetitions`,
  /// when given, replaces every scenario's. Errors name the file and what was expected.
  public init(paths: [String], overrides: ScenarioOverrides = ScenarioOverrides(), repetitions: Int? = nil)
    throws(InputError)
  {
    scenarios = []
    suites = []
    for path in paths {
      for (file, kind) in try Self.files(path) {
        if kind == .suite {
          let suite = try SuiteLoader.load(path: file)
          suites.append(suite)
          var combined = suite.overrides
          combined.overlays += overrides.overlays
          combined.assignments += overrides.assignments
          for scenario in suite.scenarioFiles {
            if let other = try FileKind.requireScenarioOrSuite(scenario), other == .suite {
              throw InputError(
                file: scenario,
                message: "is a suite, named by the suite \(file); a suite names scenario files only")
            }
            scenarios.append(
              ExpandedScenario(
                file: scenario, suite: file, overrides: combined,
                repetitions: repetitions ?? suite.repetitions, seedOffset: suite.seedOffset))
          }
        } else {
          scenarios.append(
            ExpandedScenario(
              file: file, suite: nil, overrides: overrides, repetitions: repetitions ?? 1, seedOffset: 0))
        }
      }
    }
  }

  /// The seed of repetition `repetition` of a scenario whose file says `own`, in a suite with
  /// `seedOffset`: the offset picks a derived seed as the base (0 keeps `own`), and the repetitions
  /// derive from that base as from any scenario's seed (`MonteCarlo.seed`). The one meaning of
  /// `seed_offset` (docs/scenarios.md, Suites).
  public static func seed(_ own: UInt64, seedOffset: Int, repetition: Int) -> UInt64 {
    MonteCarlo.seed(MonteCarlo.seed(own, repetition: seedOffset), repetition: repetition)
  }

  /// The files `path` stands for with their kinds: a file itself (a scenario or a suite), a
  /// directory its scenarios, or else its suites. Refuses any other kind of file, naming it.
  public static func files(_ path: String) throws(InputError) -> [(file: String, kind: FileKind)] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(
        file: path, message: "no such file or directory; expected a scenario file or a directory, or a suite")
    }
    guard isDirectory.boolValue else {
      return [(path, try FileKind.requireScenarioOrSuite(path) ?? .scenario)]
    }
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
      throw InputError(file: path, message: "cannot list the directory: \(error.localizedDescription)")
    }
    let prefix = path.hasSuffix("/") ? path : path + "/"
    // Hidden files are editors' and atomic writers' temporaries.
    let yaml = names.filter { name in
      let lower = name.lowercased()
      guard !name.hasPrefix("."), lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") else { return false }
      var isSubdirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: prefix + name, isDirectory: &isSubdirectory)
        && !isSubdirectory.boolValue
    }
    // Byte order of the paths, not a locale's collation, so every machine runs them in one order.
    .map { prefix + $0 }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    var scenarios: [String] = []
    var suites: [String] = []
    var others: [(String, FileKind)] = []
    for file in yaml {
      switch FileKind.recognise(path: file) {
      case .suite: suites.append(file)
      case .scenario, nil: scenarios.append(file)
      case let kind?: others.append((file, kind))
      }
    }
    // Every other YAML file would have failed as a scenario before anything ran; say what it is.
    if let (file, kind) = others.first {
      throw InputError(
        file: file,
        message: "is \(kind.description), not a scenario or a suite; \(kind.takenBy)"
          + (scenarios.isEmpty && suites.isEmpty
            ? " (the directory \(path) holds no scenario or suite)"
            : "; move it out of the directory \(path)"))
    }
    if !scenarios.isEmpty { return scenarios.map { ($0, .scenario) } }
    if !suites.isEmpty { return suites.map { ($0, .suite) } }
    // A run's --out is the directory people most often give by mistake: it is what `report` reads.
    if names.contains("summary.csv") {
      throw InputError(
        file: path,
        message: "holds a run's results (summary.csv) and no scenario or suite; "
          + "to look at them: docksim report \(path)")
    }
    throw InputError(
      file: path, message: "no .yaml or .yml files in this directory; expected scenarios or suites")
  }
}
