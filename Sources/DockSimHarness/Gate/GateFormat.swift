import DockSimIO
import Foundation

/// Locale-free text for the gate's tables: values to 4 significant digits, signed changes with their
/// relative size, and tolerances. The same finding always gives the same bytes.
public enum GateFormat {
  /// A cell for display: `missing` (no row or column), `n/a` (empty: not applicable), a number to 4
  /// significant digits, or the text as written (`ok`, `error`, `present`).
  public static func value(_ cell: String?) -> String {
    guard let cell else { return "missing" }
    if cell.isEmpty { return "n/a" }
    // The cells come from the readers, which have held them to the number rule; reading them by the
    // same rule shows a text column's word (`ok`, `present`) as it is.
    guard let x = try? CSVNumber.finite(cell) else { return cell }
    return significant(x)
  }

  /// `now − baseline` with a sign, and the relative change when the baseline is not 0:
  /// `+0.00325 (+29.8%)`. Empty when either side is not a number.
  ///
  /// Over seeds: the mean per-seed worsening with its 95 % interval and the seeds compared,
  /// `+0.00325 worse (95% CI +0.0011 … +0.0054; 20 seeds)`; for a rate, the seeds whose outcome
  /// changed and the McNemar p-value.
  public static func change(_ finding: GateFinding) -> String {
    if let s = finding.seeds {
      let direction =
        finding.tolerance?.better == BetterDirection.none
        ? "" : s.change > 0 ? " worse" : s.change < 0 ? " better" : ""
      var text =
        signed(s.change) + direction + " (95% CI " + signed(s.lower) + " … " + signed(s.upper) + "; "
        + "\(s.seeds) seed\(s.seeds == 1 ? "" : "s")"
      if s.leftOut > 0 { text += ", \(s.leftOut) left out" }
      return text + ")"
    }
    if let r = finding.rate {
      return "\(r.newlyFailing) newly failing, \(r.newlyPassing) newly passing (McNemar p = "
        + significant(r.pValue, digits: 3) + "; \(r.seeds) seeds)"
    }
    guard let (b, n) = finding.numbers, b.isFinite, n.isFinite else { return "" }
    let delta = n - b
    var text = (delta > 0 ? "+" : "") + significant(delta, digits: 3)
    if b != 0, delta != 0 {
      let percent = delta / abs(b) * 100
      text += " (" + (percent > 0 ? "+" : "") + significant(percent, digits: 3) + "%)"
    }
    return text
  }

  /// The direction and the allowance that applied: `lower ±0.002`. Empty for non-metric checks.
  public static func tolerance(_ finding: GateFinding) -> String {
    if let r = finding.rate { return "rate +" + percent(r.tolerance) }
    guard let t = finding.tolerance else { return "" }
    guard let allowance = finding.allowance else { return "\(t.better.rawValue)" }
    return "\(t.better.rawValue) ±\(significant(allowance))"
  }

  /// The verdict in words, with the note: `REGRESSION`, `improvement`, `changed: became applicable`.
  public static func verdict(_ finding: GateFinding) -> String {
    let word: String
    switch finding.verdict {
    case .regression: word = "REGRESSION"
    case .improvement: word = "improvement"
    case .changed: word = "changed"
    case .cannotTell: word = "CANNOT TELL"
    case .unchanged: word = "ok"
    case .notApplicable: word = "n/a"
    }
    return finding.note.isEmpty ? word : "\(word): \(finding.note)"
  }

  /// A failure rate with its interval: `3/20 (15%, 95% CI 3.21–37.9%)`.
  public static func rate(_ failing: Int, _ seeds: Int, _ interval: (lower: Double, upper: Double)) -> String
  {
    "\(failing)/\(seeds) (" + percent(Double(failing) / Double(seeds)) + ", 95% CI "
      + significant(interval.lower * 100, digits: 3) + "–" + percent(interval.upper) + ")"
  }

  /// A fraction as a percentage to 3 significant digits: `0.15` → `15%`.
  public static func percent(_ x: Double) -> String { significant(x * 100, digits: 3) + "%" }

  /// A number to 3 significant digits with its sign: `+0.00325`, `-1.2`, `0`.
  static func signed(_ x: Double) -> String { (x > 0 ? "+" : "") + significant(x, digits: 3) }

  /// The check's name in a table: the column, or `(scenario)` for a scenario added or removed.
  public static func check(_ finding: GateFinding) -> String {
    finding.check == "scenario" ? "(scenario)" : finding.check
  }

  /// `x` to `digits` significant digits without trailing zeros: `0.01092`, `812`, `1.5e-05`.
  public static func significant(_ x: Double, digits: Int = 4) -> String {
    guard x.isFinite else { return x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf") }
    if x == 0 { return "0" }
    var exponent = Int(floor(log10(abs(x))))
    // Rounding can carry into the next decade (9.9996 → 10.00).
    if abs(x) * pow(10, Double(digits - 1 - exponent)) >= pow(10, Double(digits)) - 0.5 { exponent += 1 }
    if exponent < -4 || exponent >= 7 {
      let mantissa = x / pow(10, Double(exponent))
      return trimmed(fixed(mantissa, digits - 1)) + "e" + (exponent < 0 ? "-" : "+")
        + (abs(exponent) < 10 ? "0" : "") + String(abs(exponent))
    }
    return trimmed(fixed(x, max(0, digits - 1 - exponent)))
  }

  /// `x` with exactly `decimals` decimals, by integer arithmetic (no locale, no printf).
  public static func fixed(_ x: Double, _ decimals: Int) -> String {
    let scale = pow(10, Double(decimals))
    let scaled = (abs(x) * scale).rounded()
    guard scaled < 9e18 else { return CSVFormat.cell(x) }
    let units = Int64(scaled)
    let divisor = Int64(scale)
    let sign = x < 0 && units != 0 ? "-" : ""
    let whole = String(units / divisor)
    guard decimals > 0 else { return sign + whole }
    let fraction = String(units % divisor)
    return sign + whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }

  private static func trimmed(_ text: String) -> String {
    guard text.contains(".") else { return text }
    var t = Substring(text)
    while t.hasSuffix("0") { t = t.dropLast() }
    if t.hasSuffix(".") { t = t.dropLast() }
    return String(t)
  }
}
