import DockSimIO

extension GateComparison {
  /// Notes on what was not compared: columns in one file only, columns without a tolerance, and
  /// overrides for scenarios in neither file. Lists are in column order or sorted.
  /// Over seeds, where both files have the same columns: columns without a tolerance and stale
  /// overrides.
  static func notes(columns: [String], tolerances: ToleranceTable, scenarios: [String]) -> [String] {
    let special = Set(
      [
        "scenario", "repetition", "status", "error", "expectations_failed",
        SeedGateComparison.wrongSubjectColumn,
      ]
        + identityColumns)
    return toleranceNotes(
      compared: columns.filter { !special.contains($0) }, tolerances: tolerances, scenarios: scenarios,
      files: "file")
  }

  static func notes(
    baseline: SummarySnapshot, now: SummarySnapshot, tolerances: ToleranceTable, scenarios: [String]
  ) -> [String] {
    let special = Set(["scenario", "status", "error", "expectations_failed"] + identityColumns)
    var notes: [String] = []
    let onlyNow = now.columns.filter { !special.contains($0) && !baseline.hasColumn($0) }
    if !onlyNow.isEmpty {
      notes.append(
        "columns new since the baseline, not compared until it is updated: \(onlyNow.joined(separator: ", "))"
      )
    }
    let onlyBaseline = baseline.columns.filter { !special.contains($0) && !now.hasColumn($0) }
    if !onlyBaseline.isEmpty {
      notes.append(
        "columns in the baseline but not in this run, not compared: \(onlyBaseline.joined(separator: ", "))")
    }
    return notes
      + toleranceNotes(
        compared: now.columns.filter { !special.contains($0) && baseline.hasColumn($0) },
        tolerances: tolerances, scenarios: scenarios, files: "summary")
  }

  /// Of the `compared` columns, those without a tolerance; and the tolerance file's overrides for
  /// scenarios in neither file (`files` names them in the note: "file", "summary").
  private static func toleranceNotes(
    compared: [String], tolerances: ToleranceTable, scenarios: [String], files: String
  ) -> [String] {
    let known = Set(tolerances.metrics)
    var notes: [String] = []
    let ungated = compared.filter { !known.contains($0) }
    if !ungated.isEmpty {
      notes.append(
        "columns without a tolerance in \(tolerances.file), not compared: \(ungated.joined(separator: ", "))")
    }
    let present = Set(scenarios)
    let stale = tolerances.overriddenScenarios.filter { !present.contains($0) }
    if !stale.isEmpty {
      notes.append(
        "\(tolerances.file) has overrides for scenarios in neither \(files): \(stale.joined(separator: ", "))"
      )
    }
    return notes
  }
}
