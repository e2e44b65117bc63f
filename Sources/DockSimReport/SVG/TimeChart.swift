import DockSimIO

/// A chart of signals over time: series, shaded bands (a position range), horizontal reference lines
/// (a threshold, a speed cap), shaded time spans (violations) and labelled vertical event markers.
/// `svg(width:height:)` lays it out and draws it; everything it needs is in the value, so the same
/// chart always gives the same bytes.
public struct TimeChart: Sendable {
  /// A signal: its legend label, style, samples (`ys` non-finite where missing) and, for angles, the
  /// jump that means a wrap rather than motion.
  public struct Series: Sendable {
    public var label: String
    public var style: LineStyle
    public var times: [Double]
    public var values: [Double]
    public var breakAbove: Double?
    public init(label: String, style: LineStyle, times: [Double], values: [Double], breakAbove: Double? = nil)
    {
      self.label = label
      self.style = style
      self.times = times
      self.values = values
      self.breakAbove = breakAbove
    }
  }

  /// A horizontal band between two values (shaded), such as the dock's position range.
  public struct Band: Sendable {
    public var label: String
    public var range: ClosedRange<Double>
    public var colour: String
    public init(label: String, range: ClosedRange<Double>, colour: String) {
      self.label = label
      self.range = range
      self.colour = colour
    }
  }

  /// A horizontal line at `value` (one legend entry for all lines with the same label).
  public struct ReferenceLine: Sendable {
    public var label: String
    public var value: Double
    public var style: LineStyle
    public init(label: String, value: Double, style: LineStyle) {
      self.label = label
      self.value = value
      self.style = style
    }
  }

  /// Time spans shaded over the full height (the frames where a command exceeded the speed cap).
  public struct Spans: Sendable {
    public var label: String
    public var spans: [ClosedRange<Double>]
    public var colour: String
    public init(label: String, spans: [ClosedRange<Double>], colour: String) {
      self.label = label
      self.spans = spans
      self.colour = colour
    }
  }

  /// A vertical marker: an event of the scenario's timeline at `time`, labelled `label`; `detail` is
  /// the tooltip.
  public struct Marker: Sendable {
    public var time: Double
    public var label: String
    public var detail: String
    public init(time: Double, label: String, detail: String) {
      self.time = time
      self.label = label
      self.detail = detail
    }
  }

  /// Used for the SVG's accessible title and to make its clip-path id unique within the page.
  public var id: String
  public var title: String
  public var yLabel: String
  public var xLabel = "time (s)"
  public var timeRange: ClosedRange<Double>
  public var series: [Series] = []
  public var bands: [Band] = []
  public var lines: [ReferenceLine] = []
  public var spans: [Spans] = []
  public var markers: [Marker] = []
  /// Bands are included in the y axis only when that does not squash the data to less than this
  /// fraction of the height (a ±170° yaw range around a 20° walk would flatten it).
  public var bandShareMinimum = 0.3

  public init(id: String, title: String, yLabel: String, timeRange: ClosedRange<Double>) {
    self.id = id
    self.title = title
    self.yLabel = yLabel
    self.timeRange = timeRange
  }

  /// The SVG element, `width` × `height` pixels.
  public func svg(width: Double, height: Double) -> String {
    let legend = Legend.svg(legendItems, x: 60, y: 6, width: width - 70)
    let markerRoom = markers.isEmpty ? 0.0 : 84.0
    let xTicks = NiceTicks(
      lower: timeRange.lowerBound, upper: timeRange.upperBound, target: max(2, Int(width / 90)))
    let yTicks = NiceTicks(lower: yExtent.lowerBound, upper: yExtent.upperBound, target: 5)
    let area = PlotArea(
      left: 60, top: 10 + legend.height + markerRoom, right: width - 12, bottom: height - 42,
      xDomain: timeRange, yDomain: yTicks.domain)
    let clip = "clip-" + id
    var out = "<svg width=\"\(SVGNumber.px(width))\" height=\"\(SVGNumber.px(height))\""
    out += " viewBox=\"0 0 \(SVGNumber.px(width)) \(SVGNumber.px(height))\" role=\"img\""
    out += " font-family=\"system-ui, sans-serif\" id=\"\(XMLText.escape(id))\">"
    out += "<title>\(XMLText.escape(title))</title>"
    out += "<defs><clipPath id=\"\(XMLText.escape(clip))\"><rect x=\"\(SVGNumber.px(area.left))\""
    out +=
      " y=\"\(SVGNumber.px(area.top))\" width=\"\(SVGNumber.px(area.width))\" height=\"\(SVGNumber.px(area.height))\"/>"
    out += "</clipPath></defs>"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>"
    for band in bands {
      let y0 = area.y.clamped(band.range.upperBound)
      let y1 = area.y.clamped(band.range.lowerBound)
      out +=
        "<rect x=\"\(SVGNumber.px(area.left))\" y=\"\(SVGNumber.px(y0))\" width=\"\(SVGNumber.px(area.width))\""
      out += " height=\"\(SVGNumber.px(max(0, y1 - y0)))\" fill=\"\(band.colour)\" fill-opacity=\"0.15\"/>"
    }
    for group in spans {
      out += "<g fill=\"\(group.colour)\" fill-opacity=\"0.35\">"
      for span in group.spans {
        let x0 = area.x.clamped(span.lowerBound)
        let x1 = max(area.x.clamped(span.upperBound), x0 + 1)
        out +=
          "<rect x=\"\(SVGNumber.px(x0))\" y=\"\(SVGNumber.px(area.top))\" width=\"\(SVGNumber.px(x1 - x0))\""
        out += " height=\"\(SVGNumber.px(area.height))\"/>"
      }
      out += "</g>"
    }
    out += Axes.svg(area: area, xTicks: xTicks, yTicks: yTicks, xLabel: xLabel, yLabel: yLabel)
    out += markerSVG(area: area)
    for line in lines where yTicks.domain.contains(line.value) {
      let y = SVGNumber.px(area.y(line.value))
      out +=
        "<line x1=\"\(SVGNumber.px(area.left))\" y1=\"\(y)\" x2=\"\(SVGNumber.px(area.right))\" y2=\"\(y)\""
      out += " \(line.style.attributes)/>"
    }
    for s in series {
      let segments = Decimation.segments(
        xs: s.times, ys: s.values, buckets: Int(area.width.rounded()), breakAbove: s.breakAbove)
      out += Polyline.svg(segments, area: area, style: s.style, clipID: clip)
    }
    out += legend.svg
    return out + "</svg>"
  }

  /// Every legend entry: series, bands, lines (once per label), spans, and the event markers.
  var legendItems: [LegendItem] {
    var items = series.map { LegendItem($0.label, .line($0.style)) }
    items += bands.map { LegendItem($0.label, .area(colour: $0.colour, opacity: 0.15)) }
    var seen: [String] = []
    for line in lines where !seen.contains(line.label) {
      seen.append(line.label)
      items.append(LegendItem(line.label, .line(line.style)))
    }
    items += spans.filter { !$0.spans.isEmpty }.map {
      LegendItem($0.label, .area(colour: $0.colour, opacity: 0.35))
    }
    if !markers.isEmpty {
      items.append(
        LegendItem("timeline event", .line(LineStyle(colour: Palette.marker, width: 1, dash: "2 3"))))
    }
    return items
  }

  /// The y range to show: the data and the reference lines, and the bands when they fit (see
  /// `bandShareMinimum`).
  var yExtent: ClosedRange<Double> {
    var lo = Double.infinity
    var hi = -Double.infinity
    for s in series {
      for v in s.values where v.isFinite {
        lo = min(lo, v)
        hi = max(hi, v)
      }
    }
    for line in lines where line.value.isFinite {
      lo = min(lo, line.value)
      hi = max(hi, line.value)
    }
    if !lo.isFinite {
      lo = 0
      hi = 1
    }
    for band in bands {
      let wlo = min(lo, band.range.lowerBound)
      let whi = max(hi, band.range.upperBound)
      if (hi - lo) >= bandShareMinimum * (whi - wlo) {
        lo = wlo
        hi = whi
      }
    }
    return lo...hi
  }

  /// Dashed vertical lines with rotated labels above the plot; a label that would overlap the previous
  /// one is left out (its line and tooltip stay).
  private func markerSVG(area: PlotArea) -> String {
    guard !markers.isEmpty else { return "" }
    var out = "<g class=\"events\" font-size=\"10\" fill=\"\(Palette.marker)\">"
    var lastLabelled = -Double.infinity
    for m in markers where timeRange.contains(m.time) {
      let x = area.x(m.time)
      let px = SVGNumber.px(x)
      out += "<g><title>\(XMLText.escape(m.detail))</title>"
      out +=
        "<line x1=\"\(px)\" y1=\"\(SVGNumber.px(area.top - 4))\" x2=\"\(px)\" y2=\"\(SVGNumber.px(area.bottom))\""
      out += " stroke=\"\(Palette.marker)\" stroke-width=\"1\" stroke-dasharray=\"2 3\"/>"
      if x - lastLabelled >= 11 {
        lastLabelled = x
        let label = m.label.count > 22 ? String(m.label.prefix(21)) + "…" : m.label
        let ty = SVGNumber.px(area.top - 6)
        out +=
          "<text x=\"\(px)\" y=\"\(ty)\" transform=\"rotate(-45 \(px) \(ty))\">\(XMLText.escape(label))</text>"
      }
      out += "</g>"
    }
    return out + "</g>"
  }
}
