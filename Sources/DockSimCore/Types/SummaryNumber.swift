/// Locale-free fixed-point formatting for human-readable notes (three decimals).
enum SummaryNumber {
  static func format(_ x: Double) -> String {
    guard x.isFinite else { return "\(x)" }
    let scaled = (abs(x) * 1000).rounded()
    let whole = Int64(scaled / 1000)
    let frac = Int64(scaled) - whole * 1000
    let f = String(frac)
    return (x < 0 && scaled != 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 3 - f.count) + f
  }
}
