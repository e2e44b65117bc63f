import DockSimHarness
import DockSimIO

/// The comparison with a baseline (the gate's own findings and formatting): the verdict, and the
/// regressions, improvements and changes of every scenario or of one.
enum GateSection {
  /// A table of `findings` with the gate's columns, or nothing when there are none.
  static func table(_ findings: [GateFinding]) -> String {
    guard !findings.isEmpty else { return "" }
    var out = "<table><thead><tr>"
    for h in GateTextReport.headers { out += HTMLText.element("th", h, "class=\"text\"") }
    out += "</tr></thead><tbody>"
    for f in findings {
      out += f.verdict == .regression ? "<tr class=\"regression\">" : "<tr>"
      for cell in GateTextReport.cells(f) { out += HTMLText.element("td", cell, "class=\"text\"") }
      out += "</tr>"
    }
    return out + "</tbody></table>"
  }

  /// Every finding the verdict line counts, in the terminal table's order: regressions, "cannot
  /// tell", improvements, changes.
  static func shown(_ report: GateReport) -> [GateFinding] {
    report.regressions + report.cannotTell + report.improvements + report.changes
  }

  /// The suite-wide block under the overview.
  static func summary(_ report: GateReport) -> String {
    var out = "<p class=\"\(report.passed ? "pass" : "fail")\">" + XMLText.escape(report.verdictLine) + "</p>"
    out += HTMLText.element(
      "p", "Baseline \(report.baselineFile), tolerances \(report.toleranceFile).", "class=\"note\"")
    out += table(shown(report))
    for note in report.notes { out += HTMLText.element("p", "note: " + note, "class=\"note\"") }
    return out
  }
}
