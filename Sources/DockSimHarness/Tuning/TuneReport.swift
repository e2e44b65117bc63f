import DockSimCore
import DockSimIO
import Foundation

/// The files a finished tuning writes besides `trials.csv`: `best.yaml` (an overlay for
/// `docksim run --params`), `sensitivity.csv` and `summary.txt` (also printed).
public enum TuneReport {
  static func write(_ o: TuneOutcome, spec: TuneSpec, space: SearchSpace, to directory: String) throws {
    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
    try AtomicFileWriter.write(bestYAML(o, spec: spec, space: space), to: path(Tuner.bestFile))
    try AtomicFileWriter.write(
      SensitivityRow.csv(o.sensitivity, space: space), to: path(Tuner.sensitivityFile))
    try AtomicFileWriter.write(summary(o, spec: spec, space: space), to: path(Tuner.summaryFile))
  }

  /// A number with five significant digits, for people.
  static func show(_ v: Double?) -> String {
    guard let v else { return "-" }
    return CSVFormat.cell(SearchSpace.significant(v, digits: 5))
  }

  static func change(_ new: Double?, from old: Double?) -> String {
    guard let new, let old, old != 0 else { return "" }
    let percent = (new - old) / abs(old) * 100
    return " (" + (percent > 0 ? "+" : "") + FixedDecimal.format(percent, digits: 1) + "%)"
  }

  /// The chosen values as nested YAML mappings (`tracker:` → `gate: 16`), in parameter order, written
  /// by `ParamsOverlayYAML` (Yams).
  public static func bestYAML(_ o: TuneOutcome, spec: TuneSpec, space: SearchSpace) -> String {
    let (t, v) = o.chosen
    var comments = [
      "docksim tune \(spec.name): trial \(t.trial), seed \(spec.search.seed)",
      "train objective \(show(t.score.objective)) (baseline \(show(o.baseline.train.score.objective)))"
        + ", validation objective \(show(v.score.objective)) (baseline \(show(o.baseline.validation.score.objective)))",
      "use with: docksim run --params best.yaml SCENARIOS",
    ]
    if let c = o.comparison { comments.insert(c.statement, at: 2) }
    guard let values = t.values else {
      comments.append("No candidate beat the scenarios' own parameters on the validation data.")
      return ParamsOverlayYAML.text([], comments: comments)
    }
    return ParamsOverlayYAML.text(
      zip(space.parameters, values).map { ($0.path, $1) }, comments: comments)
  }

  /// The report printed at the end and kept as `summary.txt`.
  public static func summary(_ o: TuneOutcome, spec: TuneSpec, space: SearchSpace) -> String {
    var lines: [String] = []
    lines.append("docksim tune \(spec.name): seed \(spec.search.seed)")
    lines.append(
      "training trials: \(o.trainingTrials) of a budget of \(spec.search.budget); local search: \(o.stop)")
    lines.append("")
    let header = [
      "candidate", "train objective", "train status", "validation objective", "validation status",
    ]
    var table = [header]
    for (t, v) in o.validated {
      let name = t.phase == .baseline ? "baseline" : "trial \(t.trial)"
      let mark = t.trial == o.chosen.train.trial ? " *" : ""
      table.append([
        name + mark, show(t.score.objective), t.score.status.rawValue, show(v.score.objective),
        v.score.status.rawValue,
      ])
    }
    let widths = header.indices.map { c in table.map { $0[c].count }.max()! }
    for row in table {
      lines.append(
        row.enumerated().map { c, cell in cell.padding(toLength: widths[c], withPad: " ", startingAt: 0) }
          .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
    }
    lines.append("")
    let (t, v) = o.chosen
    if t.values == nil {
      lines.append(
        "chosen: the baseline; no candidate beat the scenarios' own parameters on the validation data")
    } else {
      lines.append(
        "chosen: trial \(t.trial) (* above): validation objective \(show(v.score.objective))"
          + change(v.score.objective, from: o.baseline.validation.score.objective)
          + ", train objective \(show(t.score.objective))"
          + change(t.score.objective, from: o.baseline.train.score.objective))
      for (p, value) in zip(space.parameters, t.values!) { lines.append("  \(p.path) = \(value)") }
      if let c = o.comparison { lines.append(c.statement) }
    }
    if !o.sensitivity.isEmpty {
      lines.append("")
      lines.append(
        "sensitivity: training objective change for a step of \(show(spec.search.sensitivityStep)) of each range, largest first"
      )
      let order = o.sensitivity.indices.sorted { a, b in
        let x = o.sensitivity[a].swing ?? -1
        let y = o.sensitivity[b].swing ?? -1
        return x != y ? x > y : a < b
      }
      let width = o.sensitivity.map(\.parameter.count).max()!
      for i in order {
        let r = o.sensitivity[i]
        lines.append(
          "  " + r.parameter.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + show(r.swing))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
