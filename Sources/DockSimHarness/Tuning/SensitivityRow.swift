import DockSimIO

/// How the training objective moves when one parameter of the chosen set steps down or up by
/// `sensitivity_step` of its range, the others held.
public struct SensitivityRow: Sendable {
  public var parameter: String
  public var value: String
  public var low: TrialRecord?
  public var high: TrialRecord?
  /// The larger |objective change| of the two probes (feasible or not); nil when neither probe ran
  /// or neither has an objective.
  public var swing: Double?

  static func rows(
    space: SearchSpace, center: TrialRecord, probes: [(parameter: Int, high: Bool, record: TrialRecord)]
  ) -> [SensitivityRow] {
    space.parameters.enumerated().map { i, p in
      let low = probes.first { $0.parameter == i && !$0.high }?.record
      let high = probes.first { $0.parameter == i && $0.high }?.record
      let deltas = [low, high].compactMap { r -> Double? in
        guard let o = r?.score.objective, let c = center.score.objective else { return nil }
        return abs(o - c)
      }
      return SensitivityRow(
        parameter: p.path, value: center.values?[i] ?? "", low: low, high: high, swing: deltas.max())
    }
  }

  public static let columns = [
    "parameter", "value", "low_value", "low_objective", "low_status", "high_value", "high_objective",
    "high_status", "swing",
  ]

  /// `sensitivity.csv`, in parameter order.
  public static func csv(_ rows: [SensitivityRow], space: SearchSpace) -> String {
    var out = CSVFormat.line(columns)
    for r in rows {
      let i = space.parameters.firstIndex { $0.path == r.parameter }!
      out += CSVFormat.line([
        CSVFormat.cell(r.parameter), CSVFormat.cell(r.value), CSVFormat.cell(r.low?.values?[i] ?? ""),
        CSVFormat.cell(r.low?.score.objective), r.low?.score.status.rawValue ?? "",
        CSVFormat.cell(r.high?.values?[i] ?? ""), CSVFormat.cell(r.high?.score.objective),
        r.high?.score.status.rawValue ?? "", CSVFormat.cell(r.swing),
      ])
    }
    return out
  }
}
