import DockSimIO

/// The frame of a chart: grid lines at the ticks, tick labels, and the axis titles with their units.
public enum Axes {
  /// SVG elements for `area` with `xTicks` and `yTicks`; `xLabel` and `yLabel` include the unit
  /// ("time (s)", "yaw (°)").
  public static func svg(area: PlotArea, xTicks: NiceTicks, yTicks: NiceTicks, xLabel: String, yLabel: String)
    -> String
  {
    var out = "<g class=\"axes\" font-size=\"11\" fill=\"#333333\">"
    for v in yTicks.values {
      let y = SVGNumber.px(area.y(v))
      out +=
        "<line x1=\"\(SVGNumber.px(area.left))\" y1=\"\(y)\" x2=\"\(SVGNumber.px(area.right))\" y2=\"\(y)\""
      out += " stroke=\"\(Palette.grid)\" stroke-width=\"1\"/>"
      out +=
        "<text x=\"\(SVGNumber.px(area.left - 6))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">"
      out += XMLText.escape(SVGNumber.tick(v, step: yTicks.step)) + "</text>"
    }
    for v in xTicks.values where v >= area.x.domain.lowerBound - 1e-9 && v <= area.x.domain.upperBound + 1e-9
    {
      let x = SVGNumber.px(area.x(v))
      out +=
        "<line x1=\"\(x)\" y1=\"\(SVGNumber.px(area.top))\" x2=\"\(x)\" y2=\"\(SVGNumber.px(area.bottom))\""
      out += " stroke=\"\(Palette.grid)\" stroke-width=\"1\"/>"
      out += "<text x=\"\(x)\" y=\"\(SVGNumber.px(area.bottom + 16))\" text-anchor=\"middle\">"
      out += XMLText.escape(SVGNumber.tick(v, step: xTicks.step)) + "</text>"
    }
    out +=
      "<rect x=\"\(SVGNumber.px(area.left))\" y=\"\(SVGNumber.px(area.top))\" width=\"\(SVGNumber.px(area.width))\""
    out += " height=\"\(SVGNumber.px(area.height))\" fill=\"none\" stroke=\"#999999\"/>"
    out += "<text x=\"\(SVGNumber.px((area.left + area.right) / 2))\" y=\"\(SVGNumber.px(area.bottom + 34))\""
    out += " text-anchor=\"middle\">\(XMLText.escape(xLabel))</text>"
    let cy = SVGNumber.px((area.top + area.bottom) / 2)
    out += "<text x=\"14\" y=\"\(cy)\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(cy))\">"
    out += XMLText.escape(yLabel) + "</text>"
    return out + "</g>"
  }
}
