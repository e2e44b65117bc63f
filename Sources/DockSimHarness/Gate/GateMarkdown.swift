/// The gate's Markdown summary, for `$GITHUB_STEP_SUMMARY` or a pull-request comment: a heading with
/// the verdict, the counts, tables of regressions, improvements and changes, the scenarios added and
/// removed, and the notes.
public enum GateMarkdown {
  /// The Markdown text, ending in a newline. `reportLink`, when given, is a relative link to the run's
  /// `report.html` (plots of every scenario), listed under the counts.
  public static func render(_ report: GateReport, reportLink: String? = nil) -> String {
    var out: [String] = []
    let failures = report.regressions.count
    let undecided =
      report.strict && !report.cannotTell.isEmpty ? ", \(report.cannotTell.count) cannot tell" : ""
    out.append(
      report.passed
        ? "## ✅ docksim gate: pass"
        : "## ❌ docksim gate: fail (\(failures) regression\(failures == 1 ? "" : "s")\(undecided))")
    out.append("")
    out.append(
      "\(escape(report.counts)). Baseline `\(code(report.baselineFile))`, run `\(code(report.summaryFile))`, "
        + "tolerances `\(code(report.toleranceFile))`.")
    if let reportLink {
      out.append("")
      out.append("Plots of every scenario: [report.html](\(linkTarget(reportLink))).")
    }
    // Removed scenarios are regressions too; they are listed on their own below.
    section("Regressions", report.regressions.filter { $0.check != "scenario" }, into: &out)
    section(
      report.strict ? "Cannot tell (failing under --strict)" : "Cannot tell (not failing; more seeds needed)",
      report.cannotTell, into: &out)
    section("Improvements", report.improvements, into: &out)
    section("Changes (not gated)", report.changes.filter { $0.check != "scenario" }, into: &out)
    list("Added scenarios (new coverage)", report.added, into: &out)
    list("Removed scenarios (regressions: no longer checked)", report.removed, into: &out)
    list("Notes", report.notes, into: &out)
    if report.regressions.isEmpty && report.improvements.isEmpty && report.changes.isEmpty
      && report.cannotTell.isEmpty
    {
      out.append("")
      out.append("No regressions, improvements or changes beyond the tolerances.")
    }
    return out.joined(separator: "\n") + "\n"
  }

  private static func section(_ title: String, _ findings: [GateFinding], into out: inout [String]) {
    guard !findings.isEmpty else { return }
    out += ["", "### \(title)", ""]
    out.append("| " + GateTextReport.headers.joined(separator: " | ") + " |")
    out.append("|" + String(repeating: "---|", count: GateTextReport.headers.count))
    for f in findings {
      out.append("| " + GateTextReport.cells(f).map(escape).joined(separator: " | ") + " |")
    }
  }

  private static func list(_ title: String, _ items: [String], into out: inout [String]) {
    guard !items.isEmpty else { return }
    out += ["", "### \(title)", ""]
    out += items.map { "- " + escape($0) }
  }

  /// Text safe in a table cell: no pipe, no line break, no HTML, no emphasis characters.
  static func escape(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "|", "\\", "*", "_", "`", "<", ">", "[", "]": out += "\\" + String(c)
      case "\n", "\r", "\r\n": out += " "
      default: out.append(c)
      }
    }
    return out
  }

  /// A link target safe in Markdown: spaces and parentheses percent-encoded.
  static func linkTarget(_ path: String) -> String {
    var out = ""
    for c in path {
      switch c {
      case " ": out += "%20"
      case "(": out += "%28"
      case ")": out += "%29"
      default: out.append(c)
      }
    }
    return out
  }

  /// Text safe inside a code span: backticks and line breaks replaced.
  private static func code(_ text: String) -> String {
    String(text.map { $0 == "`" ? "'" : ($0.isNewline ? " " : $0) })
  }
}
