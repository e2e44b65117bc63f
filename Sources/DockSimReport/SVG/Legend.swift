import DockSimIO

/// One legend entry: a swatch drawn like the thing it names, and its label.
public struct LegendItem: Equatable, Sendable {
  public enum Swatch: Equatable, Sendable {
    /// A line sample in the series' style.
    case line(LineStyle)
    /// A filled square (bands and marked spans), with its opacity.
    case area(colour: String, opacity: Double)
  }
  public var label: String
  public var swatch: Swatch
  public init(_ label: String, _ swatch: Swatch) {
    self.label = label
    self.swatch = swatch
  }
}

/// The legend: entries in one row above the plot, wrapping when the row is full.
public enum Legend {
  /// Approximate width of one character of the 11 px legend font, for laying entries out.
  static let characterWidth = 6.2

  /// SVG for `items` starting at (`x`, `y`) within `width` pixels, and the height it used.
  public static func svg(_ items: [LegendItem], x: Double, y: Double, width: Double) -> (
    svg: String, height: Double
  ) {
    guard !items.isEmpty else { return ("", 0) }
    var out = "<g class=\"legend\" font-size=\"11\" fill=\"#333333\">"
    var cx = x
    var cy = y + 8
    for item in items {
      let w = 30 + Double(item.label.count) * characterWidth + 16
      if cx + w > x + width, cx > x {
        cx = x
        cy += 16
      }
      switch item.swatch {
      case .line(let style):
        out += "<line x1=\"\(SVGNumber.px(cx))\" y1=\"\(SVGNumber.px(cy))\" x2=\"\(SVGNumber.px(cx + 24))\""
        out += " y2=\"\(SVGNumber.px(cy))\" \(style.attributes)/>"
      case .area(let colour, let opacity):
        out += "<rect x=\"\(SVGNumber.px(cx))\" y=\"\(SVGNumber.px(cy - 5))\" width=\"24\" height=\"10\""
        out += " fill=\"\(colour)\" fill-opacity=\"\(SVGNumber.text(opacity))\"/>"
      }
      out += "<text x=\"\(SVGNumber.px(cx + 30))\" y=\"\(SVGNumber.px(cy))\" dominant-baseline=\"middle\">"
      out += XMLText.escape(item.label) + "</text>"
      cx += w
    }
    return (out + "</g>", cy - y + 10)
  }
}
