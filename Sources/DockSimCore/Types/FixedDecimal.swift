/// Locale-free fixed-point text (`0.046`, `-1.5`, `12`) for tables and notes meant for people; the CSV
/// files use the shortest round-trip form instead.
public enum FixedDecimal {
  /// `value` rounded to `digits` decimals (half away from zero), without a locale.
  public static func format(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int64(scaled / scale)
    let frac = Int64(scaled - Double(whole) * scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(whole)" }
    let fracText = String(frac)
    return "\(sign)\(whole)." + String(repeating: "0", count: digits - fracText.count) + fracText
  }
}
