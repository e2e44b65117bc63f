/// How a series is stroked: colour, width and dash pattern (so lines differ by more than colour).
public struct LineStyle: Equatable, Sendable {
  public var colour: String
  public var width: Double
  /// An SVG `stroke-dasharray`, nil for a solid line.
  public var dash: String?
  public init(colour: String, width: Double = 1.5, dash: String? = nil) {
    self.colour = colour
    self.width = width
    self.dash = dash
  }

  /// The stroke attributes.
  var attributes: String {
    "stroke=\"\(colour)\" stroke-width=\"\(SVGNumber.px(width))\""
      + (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")
  }
}

/// Draws decimated segments as SVG polylines in a plot area, clipped to it.
public enum Polyline {
  /// One `<polyline>` per segment with two or more points, a dot for a single point.
  public static func svg(_ segments: [[PlotPoint]], area: PlotArea, style: LineStyle, clipID: String)
    -> String
  {
    var out = "<g fill=\"none\" \(style.attributes) clip-path=\"url(#\(clipID))\">"
    for segment in segments {
      if segment.count == 1, let p = segment.first {
        out += "<circle cx=\"\(SVGNumber.px(area.x(p.x)))\" cy=\"\(SVGNumber.px(area.y(p.y)))\" r=\"1.5\""
        out += " fill=\"\(style.colour)\" stroke=\"none\"/>"
        continue
      }
      out += "<polyline points=\""
      var first = true
      for p in segment {
        if !first { out += " " }
        first = false
        out += SVGNumber.px(area.x(p.x)) + "," + SVGNumber.px(area.y(p.y))
      }
      out += "\"/>"
    }
    return out + "</g>"
  }
}
