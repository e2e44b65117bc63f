import DockSimIO
import Foundation

/// SVG text building shared by the plots: locale-free numbers, XML escaping, the palette, axis ticks.
enum SVG {
  /// The SVG namespace: the only URI a plot contains (no external references).
  static let namespace = "http://www.w3.org/2000/svg"

  /// Okabe & Ito's colour-blind-safe palette (`Palette`), black last so that the first tracks get
  /// colours.
  static let okabeIto = [
    Palette.orange, Palette.skyBlue, Palette.bluishGreen, Palette.yellow, Palette.blue, Palette.vermillion,
    Palette.reddishPurple, Palette.black,
  ]
  /// Whether white text reads better than black on `okabeIto[index]` (the dark ones).
  static func darkPaletteColour(_ index: Int) -> Bool { [2, 4, 5, 7].contains(index) }

  /// `value` with at most two decimals, no exponent, no locale ("12.5", "-3", "0.25"): coordinates in
  /// pixels need no more, and the same double always gives the same bytes.
  static func n(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = Int64((value * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = hundredths.magnitude
    let whole = magnitude / 100
    let fraction = magnitude % 100
    if fraction == 0 { return "\(sign)\(whole)" }
    if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// `text` escaped for XML character data and attribute values (`XMLText`).
  static func escape(_ text: String) -> String { XMLText.escape(text) }

  /// A "nice" step (1, 2 or 5 times a power of ten) at least `raw` (`NiceTicks`).
  static func niceStep(_ raw: Double) -> Double { NiceTicks.niceStep(raw) }

  /// Tick values that are multiples of a 1-2-5 step, about `count` of them, within `low...high`.
  static func ticks(from low: Double, to high: Double, count: Int) -> (step: Double, values: [Double]) {
    let step = niceStep((high - low) / Double(max(count, 1)))
    var values: [Double] = []
    var k = (low / step).rounded(.up)
    while k * step <= high + step * 1e-9 {
      // Multiplying an integer count avoids the drift of repeated addition (0.1 + 0.1 + 0.1…).
      values.append(k * step == 0 ? 0 : k * step)
      k += 1
    }
    return (step, values)
  }

  /// A label: the value with as many decimals as the step needs and no trailing zeros, locale-free
  /// ("0.5", "10"; `SVGNumber.tick` keeps the step's decimals, which time labels do not want).
  static func label(_ value: Double, step: Double) -> String {
    let decimals = step >= 1 ? 0 : min(6, Int((-log10(step)).rounded(.up)))
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((value * scale).rounded())
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let whole = magnitude / UInt64(scale)
    guard decimals > 0 else { return "\(sign)\(whole)" }
    var fraction = String(magnitude % UInt64(scale))
    while fraction.count < decimals { fraction = "0" + fraction }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
  }

  /// The opening `<svg>` tag: namespace, pixel size, a matching viewBox, and the page's font.
  static func open(width: Double, height: Double, label: String) -> String {
    "<svg xmlns=\"\(namespace)\" width=\"\(n(width))\" height=\"\(n(height))\" "
      + "viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\"\(escape(label))\" "
      + "font-family=\"sans-serif\" font-size=\"11\">"
  }

  /// Rough width of `text` in pixels at `fontSize`, to decide whether a label fits (no font metrics
  /// without a browser: 0.6 em per character is generous for sans-serif digits).
  static func textWidth(_ text: String, fontSize: Double = 11) -> Double {
    Double(text.count) * fontSize * 0.6
  }
}
