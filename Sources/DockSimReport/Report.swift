import DockSimIO

/// `docksim report`: one self-contained HTML page (inline CSS, SVG and a little JS; no network) of a
/// run's results. See docs/report.md.
public enum Report {
  /// The page for `options`. The same inputs give the same bytes.
  ///
  /// - Throws: `ReportError` for a missing or malformed input (naming the file, line and column).
  public static func html(_ options: ReportOptions) throws(ReportError) -> String {
    let results = try ResultsDirectory.load(options)
    return try ReportPage.html(results: results, scenarios: options.scenarios, sections: options.sections)
  }

  /// Builds the page and writes it to `path` through the output transaction; on any error nothing is
  /// written.
  ///
  /// - Throws: `ReportError`.
  public static func write(_ options: ReportOptions, to path: String) throws(ReportError) {
    let page = try html(options)
    do {
      let transaction = try OutputTransaction(files: [LabeledPath("report", path)], command: "docksim report")
      defer { transaction.abort() }
      try transaction.write(page, file: path)
      try transaction.commit()
    } catch {
      throw ReportError("\(path): cannot write the report: \(error)")
    }
  }

  /// Where `docksim report` writes by default: `report.html` in the results directory.
  public static let fileName = "report.html"
}
