import DockSimCore
import DockSimHarness
import DockSimIO

/// The distribution of one metric over a scenario's seeds (`seeds.csv`), and optionally the baseline's
/// beside it: a compact strip plot, one row per sample, every seed a dot (equal values stacked), the
/// median a black bar across the row and the 10th to 90th percentile a thick line under the dots.
struct SeedDistributionPlot {
  /// The values of one file for this scenario and metric.
  struct Sample {
    var label: String
    /// Values of the seeds where the metric applies, in any order.
    var values: [Double]
    /// Seeds whose cell was empty (not applicable, or the repetition failed).
    var empty: Int
    var colour: String
    /// Filled dots for this run, open ones for the baseline: the rows differ by more than colour.
    var filled: Bool

    var seeds: Int { values.count + empty }
    var sorted: [Double] { values.sorted() }
  }

  /// The key metrics shown, in this order, when the seed file has their column.
  static let metrics: [MetricKey] = [
    .framingErrorRMS, .estimationErrorRMS, .idf1, .idSwitches, .primarySwitches, .wrongSubjectSeconds,
    .hota,
  ]

  /// Size of one plot, CSS pixels: two fit side by side in the page's column.
  static let width = 472.0
  private static let left = 84.0
  private static let right = 14.0
  private static let top = 24.0
  private static let rowHeight = 44.0
  private static let axisHeight = 36.0
  private static let dot = 6.0

  /// Unique within the page (the scenario's anchor and the metric).
  var id: String
  var metric: String
  /// This run first, then the baseline if any.
  var samples: [Sample]

  var height: Double { Self.top + Double(samples.count) * Self.rowHeight + Self.axisHeight }

  /// One `<svg>` element (no namespace: it is inlined in the HTML page).
  func svg() -> String {
    let width = Self.width
    let all = samples.flatMap(\.values)
    let ticks = NiceTicks(lower: all.min() ?? 0, upper: all.max() ?? 1, target: 5)
    let x = LinearScale(domain: ticks.domain, from: Self.left, to: width - Self.right)
    let bottom = Self.top + Double(samples.count) * Self.rowHeight
    var out = "<svg width=\"\(SVGNumber.px(width))\" height=\"\(SVGNumber.px(height))\""
    out += " viewBox=\"0 0 \(SVGNumber.px(width)) \(SVGNumber.px(height))\" role=\"img\""
    out += " font-family=\"system-ui, sans-serif\" font-size=\"11\" id=\"\(XMLText.escape(id))\">"
    out += "<title>\(XMLText.escape("\(metric) over seeds"))</title>"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>"
    out += "<text x=\"6\" y=\"15\" font-weight=\"bold\">\(XMLText.escape(metric))</text>"
    out += "<text x=\"\(SVGNumber.px(width - Self.right))\" y=\"15\" text-anchor=\"end\" fill=\"#555555\">"
    out += "dots: seeds; bar: median; line: 10th–90th percentile</text>"
    // Grid and tick labels.
    out += "<g class=\"axes\" fill=\"#333333\">"
    for v in ticks.values {
      let px = SVGNumber.px(x(v))
      out += "<line x1=\"\(px)\" y1=\"\(SVGNumber.px(Self.top))\" x2=\"\(px)\" y2=\"\(SVGNumber.px(bottom))\""
      out += " stroke=\"\(Palette.grid)\" stroke-width=\"1\"/>"
      out += "<text x=\"\(px)\" y=\"\(SVGNumber.px(bottom + 15))\" text-anchor=\"middle\">"
      out += XMLText.escape(SVGNumber.tick(v, step: ticks.step)) + "</text>"
    }
    out += "<rect x=\"\(SVGNumber.px(Self.left))\" y=\"\(SVGNumber.px(Self.top))\""
    out +=
      " width=\"\(SVGNumber.px(width - Self.right - Self.left))\" height=\"\(SVGNumber.px(bottom - Self.top))\""
    out += " fill=\"none\" stroke=\"#999999\"/>"
    out +=
      "<text x=\"\(SVGNumber.px((Self.left + width - Self.right) / 2))\" y=\"\(SVGNumber.px(bottom + 30))\""
    out += " text-anchor=\"middle\">\(XMLText.escape(metric)) (one value per seed)</text></g>"
    for (r, sample) in samples.enumerated() {
      out += row(sample, top: Self.top + Double(r) * Self.rowHeight, x: x)
    }
    return out + "</svg>"
  }

  private func row(_ sample: Sample, top y0: Double, x: LinearScale) -> String {
    var out = "<g class=\"seed-row\" data-seeds=\"\(sample.seeds)\" data-empty=\"\(sample.empty)\">"
    out += "<title>\(XMLText.escape(Self.summary(sample)))</title>"
    out += "<text x=\"6\" y=\"\(SVGNumber.px(y0 + 18))\" fill=\"\(sample.colour)\" font-weight=\"bold\">"
    out += XMLText.escape(sample.label) + "</text>"
    let counts = "n \(sample.seeds)" + (sample.empty > 0 ? ", \(sample.empty) empty" : "")
    out += "<text x=\"6\" y=\"\(SVGNumber.px(y0 + 33))\" font-size=\"10\" fill=\"#555555\">"
    out += XMLText.escape(counts) + "</text>"
    let sorted = sample.sorted
    guard !sorted.isEmpty else {
      out += "<text x=\"\(SVGNumber.px(Self.left + 8))\" y=\"\(SVGNumber.px(y0 + 26))\" fill=\"#555555\">"
      out += "no values: every cell is empty (not applicable)</text>"
      return out + "</g>"
    }
    // The 10th–90th percentile line under the dots, with end caps.
    let lineY = y0 + Self.rowHeight - 5
    let p10 = x(MonteCarlo.nearestRank(sorted, 0.1))
    let p90 = x(MonteCarlo.nearestRank(sorted, 0.9))
    out += "<path class=\"percentiles\" d=\"M\(SVGNumber.px(p10)) \(SVGNumber.px(lineY - 4))"
    out += "V\(SVGNumber.px(lineY + 4))M\(SVGNumber.px(p10)) \(SVGNumber.px(lineY))"
    out +=
      "H\(SVGNumber.px(p90))M\(SVGNumber.px(p90)) \(SVGNumber.px(lineY - 4))V\(SVGNumber.px(lineY + 4))\""
    out += " stroke=\"\(sample.colour)\" stroke-width=\"3\" fill=\"none\"/>"
    // Dots: values falling in one dot-wide pixel column are stacked upwards, squeezed when many.
    let base = y0 + Self.rowHeight - 13
    let room = Self.rowHeight - 18 - Self.dot
    var start = 0
    while start < sorted.count {
      let column = ((x(sorted[start]) - Self.left) / Self.dot).rounded(.down)
      var end = start + 1
      while end < sorted.count, ((x(sorted[end]) - Self.left) / Self.dot).rounded(.down) == column {
        end += 1
      }
      let spacing = min(Self.dot, room / Double(max(end - start - 1, 1)))
      for k in start..<end {
        let cy = base - Double(k - start) * spacing
        out +=
          "<circle cx=\"\(SVGNumber.px(x(sorted[k])))\" cy=\"\(SVGNumber.px(cy))\" r=\"\(SVGNumber.px(Self.dot / 2 - 0.5))\""
        out +=
          sample.filled
          ? " fill=\"\(sample.colour)\" fill-opacity=\"0.75\"/>"
          : " fill=\"#FFFFFF\" stroke=\"\(sample.colour)\" stroke-width=\"1.2\"/>"
      }
      start = end
    }
    let median = SVGNumber.px(x(MonteCarlo.nearestRank(sorted, 0.5)))
    out += "<line class=\"median\" x1=\"\(median)\" y1=\"\(SVGNumber.px(y0 + 3))\" x2=\"\(median)\""
    out += " y2=\"\(SVGNumber.px(lineY + 5))\" stroke=\"\(Palette.black)\" stroke-width=\"2\"/>"
    return out + "</g>"
  }

  /// `label: n seeds (e empty), median m, 10th–90th percentile a … b`, for tooltips and captions.
  static func summary(_ sample: Sample) -> String {
    let sorted = sample.sorted
    var text = "\(sample.label): \(sample.seeds) seed\(sample.seeds == 1 ? "" : "s")"
    if sample.empty > 0 { text += " (\(sample.empty) empty)" }
    guard !sorted.isEmpty else { return text + ", no values" }
    text += ", median \(SVGNumber.text(MonteCarlo.nearestRank(sorted, 0.5)))"
    text += ", 10th–90th percentile \(SVGNumber.text(MonteCarlo.nearestRank(sorted, 0.1)))"
    return text + " … \(SVGNumber.text(MonteCarlo.nearestRank(sorted, 0.9)))"
  }

  /// The figure's caption: each sample's summary.
  var caption: String {
    "\(metric) over seeds. " + samples.map(Self.summary).joined(separator: "; ") + "."
  }
}
