import DockSimIO

/// The gate as JUnit XML, for CI test reports: one `<testsuite name="docksim gate">` inside
/// `<testsuites>`, one `<testcase classname="<scenario>" name="<check>">` per finding (every metric
/// compared, each scenario's status and expectations, each scenario added or removed), with a
/// `<failure>` on regressions and `<skipped>` on metrics not applicable in both files. No timestamps or
/// host names, so the same comparison always gives the same bytes.
public enum GateJUnit {
  /// The XML document, ending in a newline.
  public static func render(_ report: GateReport) -> String {
    let tests = report.findings.count
    let failures = report.failures.count
    let skipped = report.findings.filter { $0.verdict == .notApplicable }.count
    let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"0\""
    var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
    out.append("<testsuites name=\"docksim gate\" \(counts)>")
    out.append("  <testsuite name=\"docksim gate\" \(counts)>")
    for f in report.findings { out += testcase(f, strict: report.strict) }
    out.append("  </testsuite>")
    out.append("</testsuites>")
    return out.joined(separator: "\n") + "\n"
  }

  private static func testcase(_ f: GateFinding, strict: Bool) -> [String] {
    let open =
      "    <testcase classname=\"\(XMLText.escape(f.scenario))\" name=\"\(XMLText.escape(f.check))\" time=\"0\""
    let summary = description(f)
    switch f.verdict {
    case .cannotTell where strict:
      return [
        open + ">",
        "      <failure message=\"\(XMLText.escape(summary))\" type=\"cannot-tell\">\(XMLText.escape(summary))</failure>",
        "    </testcase>",
      ]
    case .cannotTell:
      return [open + ">", "      <system-out>\(XMLText.escape(summary))</system-out>", "    </testcase>"]
    case .regression:
      return [
        open + ">",
        "      <failure message=\"\(XMLText.escape(summary))\" type=\"regression\">\(XMLText.escape(summary))</failure>",
        "    </testcase>",
      ]
    case .notApplicable:
      return [
        open + ">", "      <skipped message=\"not applicable in the baseline and now\"/>", "    </testcase>",
      ]
    case .improvement, .changed:
      return [open + ">", "      <system-out>\(XMLText.escape(summary))</system-out>", "    </testcase>"]
    case .unchanged:
      return [open + "/>"]
    }
  }

  /// `walk-across framing_error_rms: 0.01092 -> 0.01417, change +0.00325 (+29.8%), tolerance lower ±0.002:
  /// REGRESSION`
  static func description(_ f: GateFinding) -> String {
    var text =
      "\(f.scenario) \(GateFormat.check(f)): \(GateFormat.value(f.baseline)) -> \(GateFormat.value(f.now))"
    let change = GateFormat.change(f)
    if !change.isEmpty { text += ", change \(change)" }
    let tolerance = GateFormat.tolerance(f)
    if !tolerance.isEmpty { text += ", tolerance \(tolerance)" }
    return text + ": " + GateFormat.verdict(f)
  }
}
