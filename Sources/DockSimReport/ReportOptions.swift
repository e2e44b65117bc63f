import DockSimCore

/// What `docksim report` (and `docksim run --report`) asks for.
public struct ReportOptions: Sendable {
  /// The `--out` directory of a run: `summary.csv`, `expectations.csv`, `traces/`.
  public var resultsDirectory: String
  /// A baseline `summary.csv` to compare with (the gate's comparison), or nil.
  public var baselineSummary: String?
  /// The gate's tolerance file, read only with a baseline.
  public var tolerances: String
  /// The scenarios as loaded, matched to the results by name: their dock limits are drawn, and the
  /// room view needs them. Scenarios not in the results are ignored.
  public var scenarios: [Scenario]
  public var sections: ReportSections

  public init(
    resultsDirectory: String, baselineSummary: String? = nil,
    tolerances: String = "Scenarios/baseline/tolerances.yaml", scenarios: [Scenario] = [],
    sections: ReportSections = .standard
  ) {
    self.resultsDirectory = resultsDirectory
    self.baselineSummary = baselineSummary
    self.tolerances = tolerances
    self.scenarios = scenarios
    self.sections = sections
  }
}
