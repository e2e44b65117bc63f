import DockSimCore
import DockSimIO
import Foundation

extension DetectorFit {
  /// The fitted parameters as a `detector:` overlay (`docksim run --params`, `detector.profile`):
  /// `header` lines become comments on top; every fitted field, `size_reference` and
  /// `min_visible_fraction` follow, four significant digits, locale-free.
  public func yaml(header: [String] = []) -> String {
    let p = parameters
    var values = [
      ("detector.min_visible_fraction", Self.number(p.minimumVisibleFraction)),
      ("detector.size_reference", Self.number(p.sizeReference)),
    ]
    for f in fitted { values.append(("detector.\(f.field)", Self.number(f.value))) }
    return ParamsOverlayYAML.text(values.map { (path: $0.0, value: $0.1) }, comments: header)
  }

  /// Four significant digits in plain decimal notation (YAML 1.1 reads `1e-05` as a string, so never an
  /// exponent), trailing zeros removed.
  static let significantDigits = 4
  /// Beyond 12 decimals a fitted value is 0 for every use.
  static let maximumDecimals = 12

  static func number(_ x: Double) -> String {
    guard x.isFinite else { return ".nan" }
    guard x != 0 else { return "0" }
    let decimals = min(maximumDecimals, max(0, significantDigits - 1 - Int(log10(abs(x)).rounded(.down))))
    var text = String(format: "%.\(decimals)f", x)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }

  /// The fit report: counts, each parameter with its interval, and the data's statistics beside the
  /// simulated detector's.
  public func report() -> String {
    var out: [String] = []
    let o = options
    let what = isCheck ? "fit-detector --check" : "fit-detector"
    out.append(
      "\(what): \(counts.sequences) sequence(s), \(counts.frames) frames, \(counts.observations) truth boxes "
        + "with visible fraction >= \(Self.number(o.minimumVisibleFraction)), \(counts.matches) matched (IoU >= 0.5)"
    )
    if isCheck {
      out.append("the profile's parameters, not fitted here: nothing of these sequences went into them")
      out.append("")
      out.append(
        "data vs simulated (the profile's NoisyDetector on the same truth, \(o.simulationRuns) runs pooled)")
    } else {
      out.append(
        "intervals: \(Self.number(o.level * 100)) % percentile bootstrap, \(o.bootstrapSamples) replicates "
          + "(tracks resampled for box parameters, frames for false positives), seed \(o.seed)")
      out.append("size_reference \(Self.number(parameters.sizeReference)) (median truth height, normalized)")
      out.append("")
      out.append(Self.row(["parameter", "value", "lower", "upper"], widths: [26, 11, 11, 11]))
      for f in fitted {
        out.append(
          Self.row(
            [f.field, Self.number(f.value), Self.number(f.lower), Self.number(f.upper)],
            widths: [26, 11, 11, 11]))
      }
      if let fps = o.framesPerSecond, fps > 0 {
        out.append("burst_length \(Self.number(parameters.burstLength / fps)) s at \(Self.number(fps)) fps")
      }
      out.append("")
      out.append(
        "data vs simulated (fitted NoisyDetector on the same truth, \(o.simulationRuns) runs pooled)")
    }
    out.append("")
    let w = [14, 8, 8, 11, 11, 11, 11]
    out.append(
      Self.row(["height bin", "n data", "n sim", "ctr data", "ctr sim", "hgt data", "hgt sim"], widths: w))
    let hLabels = Self.binLabels(DetectorFitStatistics.heightEdges, last: "inf")
    for (k, label) in hLabels.enumerated() {
      let d = data.byHeight[k]
      let s = simulated.byHeight[k]
      out.append(
        Self.row(
          [
            label, String(d.count), String(s.count), Self.number(d.centerRMS), Self.number(s.centerRMS),
            Self.number(d.heightRMS), Self.number(s.heightRMS),
          ], widths: w))
    }
    out.append("")
    let wv = [14, 8, 8, 11, 11]
    out.append(Self.row(["visible bin", "n data", "n sim", "miss data", "miss sim"], widths: wv))
    for (k, label) in Self.binLabels(DetectorFitStatistics.visibilityEdges, last: "1").enumerated() {
      let d = data.byVisibility[k]
      let s = simulated.byVisibility[k]
      out.append(
        Self.row(
          [label, String(d.count), String(s.count), Self.number(d.missRate), Self.number(s.missRate)],
          widths: wv))
    }
    out.append("")
    let wr = [26, 11, 11]
    out.append(Self.row(["per frame / runs", "data", "sim"], widths: wr))
    out.append(
      Self.row(
        [
          "near false positives", Self.number(data.nearFalsePositivesPerFrame),
          Self.number(simulated.nearFalsePositivesPerFrame),
        ], widths: wr))
    out.append(
      Self.row(
        [
          "far false positives", Self.number(data.farFalsePositivesPerFrame),
          Self.number(simulated.farFalsePositivesPerFrame),
        ], widths: wr))
    let simRuns = Double(max(1, o.simulationRuns))
    for (k, label) in Self.runLabels().enumerated() {
      out.append(
        Self.row(
          [
            "miss runs \(label)", String(data.missRuns[k]),
            Self.number(Double(simulated.missRuns[k]) / simRuns),
          ],
          widths: wr))
    }
    out.append(
      Self.row(
        ["mean miss run (frames)", Self.number(data.meanMissRun), Self.number(simulated.meanMissRun)],
        widths: wr))
    out.append(
      Self.row(
        [
          "mean confidence, matched", Self.number(data.meanTrueConfidence),
          Self.number(simulated.meanTrueConfidence),
        ],
        widths: wr))
    out.append(
      Self.row(
        [
          "mean confidence, false", Self.number(data.meanFalseConfidence),
          Self.number(simulated.meanFalseConfidence),
        ],
        widths: wr))
    out.append(
      Self.row(
        [
          "partly hidden, boxed whole", Self.number(data.wholeExtentShare),
          Self.number(simulated.wholeExtentShare),
        ],
        widths: wr))
    out.append("(simulated miss-run counts are per run)")
    return out.joined(separator: "\n") + "\n"
  }

  static func row(_ cells: [String], widths: [Int]) -> String {
    var line = ""
    for (k, cell) in cells.enumerated() {
      let width = k < widths.count ? widths[k] : 10
      line +=
        k == 0
        ? cell.padding(toLength: max(width, cell.count), withPad: " ", startingAt: 0)
        : String(repeating: " ", count: max(1, width - cell.count)) + cell
    }
    return line
  }

  static func binLabels(_ edges: [Double], last: String) -> [String] {
    var labels: [String] = []
    var lower = 0.0
    for e in edges {
      labels.append("\(number(lower))-\(number(e))")
      lower = e
    }
    labels.append("\(number(lower))-\(last)")
    return labels
  }

  static func runLabels() -> [String] {
    var labels: [String] = []
    var lower = 1
    for e in DetectorFitStatistics.runEdges {
      labels.append(lower == e ? "\(e)" : "\(lower)-\(e)")
      lower = e + 1
    }
    labels.append("\(lower)+")
    return labels
  }
}
