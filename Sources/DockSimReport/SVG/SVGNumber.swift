import DockSimHarness

/// Locale-free number text for SVG coordinates and axis labels, so the same data gives the same bytes
/// on every machine.
public enum SVGNumber {
  /// A coordinate in pixels to 0.1 px (finer is invisible and only makes the file larger): `12.5`,
  /// `300`, `-4.2`.
  public static func px(_ x: Double) -> String {
    let tenths = (x * 10).rounded()
    guard tenths.isFinite, abs(tenths) < 1e15 else { return "0" }
    let units = Int64(tenths)
    let sign = units < 0 ? "-" : ""
    let whole = abs(units) / 10
    let fraction = abs(units) % 10
    return sign + String(whole) + (fraction == 0 ? "" : "." + String(fraction))
  }

  /// A tick label: `value` with the decimals its tick `step` needs (step 0.05 → 2 decimals), never
  /// `-0`.
  public static func tick(_ value: Double, step: Double) -> String {
    GateFormat.fixed(value, decimals(for: step))
  }

  /// The decimals that show every multiple of `step` exactly: 0 for steps ≥ 1, 1 for 0.5 or 0.2, …
  public static func decimals(for step: Double) -> Int {
    guard step.isFinite, step > 0 else { return 0 }
    var d = 0
    var scaled = step
    // 1-2-5 steps need at most -floor(log10(step)) decimals; the loop also copes with 2.5-like steps.
    while d < 12, abs(scaled - scaled.rounded()) > 1e-9 * max(1, abs(scaled)) {
      scaled *= 10
      d += 1
    }
    return d
  }

  /// A value in a caption or tooltip, to 4 significant digits (`GateFormat.significant`).
  public static func text(_ x: Double) -> String { GateFormat.significant(x) }
}
