import DockSimCore

/// The time plots of one scenario, built from its trace, its timeline events, its expectations and
/// (when known) its scenario file. Angles are drawn in degrees, rates in rad/s.
struct ScenarioPlots {
  /// The scenario's name, made safe for ids (`s3-walk-across`).
  let anchor: String
  let trace: TraceData
  let events: [EventRecord]
  let expectations: [ExpectationRecord]
  let dock: DockParameters?

  static let degrees = 180 / Double.pi

  /// A short notes line for each plot, keyed by the plot's id suffix, shown under the plot.
  struct Plot {
    var chart: TimeChart
    var caption: String
  }

  /// The five time plots that every trace has; `consistency` is the sixth, drawn when it can be.
  var plots: [Plot] { [yaw, pitch, framing, speed(.yaw), speed(.pitch)] }

  /// Values per moving mean in the consistency plot: enough that the band is narrow (about ±30 % of
  /// the mean 3), few enough that a drift of a second or two still shows at 30 frames a second.
  static let consistencyWindow = 30
  /// Degrees of freedom of one NEES or NIS value: (azimuth, elevation, log size) or (u, v, log h).
  static let consistencyDegreesOfFreedom = 3.0

  private var timeRange: ClosedRange<Double> {
    let lo = trace.timeSpan?.lowerBound ?? 0
    let hi = trace.timeSpan?.upperBound ?? 1
    return hi > lo ? lo...hi : lo...(lo + 1)
  }

  private var markers: [TimeChart.Marker] {
    events.map { e in
      let detail = "t = \(SVGNumber.text(e.time)) s: \(e.command) → \(e.result)"
      return TimeChart.Marker(time: e.time, label: e.accepted ? e.command : e.command + " ✗", detail: detail)
    }
  }

  private func chart(_ suffix: String, _ title: String, _ yLabel: String) -> TimeChart {
    var c = TimeChart(id: "\(anchor)-\(suffix)", title: title, yLabel: yLabel, timeRange: timeRange)
    c.markers = markers
    return c
  }

  /// A series of the trace, its values times `scale`. A reduced series (`SeriesDecimator`) already
  /// marks where it breaks, so it is not split again on jumps of `breakAbove`.
  private func series(
    _ label: String, _ style: LineStyle, _ s: TraceData.Series, scale: Double = 1, breakAbove: Double? = nil
  ) -> TimeChart.Series {
    TimeChart.Series(
      label: label, style: style, times: s.times, values: scale == 1 ? s.values : s.values.map { $0 * scale },
      breakAbove: s.reduced ? nil : breakAbove)
  }

  private func limitsNote(_ axis: Axis) -> String {
    guard let dock else {
      return "The dock's position range and speed cap are not drawn: pass the scenario file with --scenarios."
    }
    let p = dock[axis]
    let cap =
      "speed cap \(SVGNumber.text(p.maximumSpeed)) rad/s (\(SVGNumber.text(p.maximumSpeed * Self.degrees))°/s)"
    guard let r = p.positionRange else { return "Continuous axis (no position range); \(cap)." }
    return "Shaded: the position range \(SVGNumber.text(r.lowerBound * Self.degrees))° … "
      + "\(SVGNumber.text(r.upperBound * Self.degrees))°; \(cap)."
  }

  private func band(_ axis: Axis) -> [TimeChart.Band] {
    guard let r = dock?[axis].positionRange else { return [] }
    return [
      TimeChart.Band(
        label: "\(axis == .yaw ? "yaw" : "pitch") range of the dock",
        range: (r.lowerBound * Self.degrees)...(r.upperBound * Self.degrees),
        colour: Palette.skyBlue)
    ]
  }

  private var truthStyle: LineStyle { LineStyle(colour: Palette.blue, width: 1.5) }
  private var estimateStyle: LineStyle { LineStyle(colour: Palette.orange, width: 1.5, dash: "5 3") }
  private var cameraStyle: LineStyle { LineStyle(colour: Palette.bluishGreen, width: 2) }

  /// (a) Yaw: where the subject was, where the tracker thought it was, where the camera pointed.
  var yaw: Plot {
    var c = chart("yaw", "Yaw over time", "yaw / azimuth (°)")
    c.series = [
      series("subject (truth)", truthStyle, trace.subjectAzimuth, scale: Self.degrees, breakAbove: 180),
      series("tracker estimate", estimateStyle, trace.estimateAzimuth, scale: Self.degrees, breakAbove: 180),
      series("camera yaw", cameraStyle, trace.cameraYaw, scale: Self.degrees, breakAbove: 180),
    ]
    c.bands = band(.yaw)
    return Plot(
      chart: c,
      caption: "Positive to the right. The camera should follow the subject a little late; the estimate "
        + "is drawn at the time it was delivered. " + limitsNote(.yaw))
  }

  /// (b) Pitch, in DockKit's sign (positive tilting down), so the subject's elevation is negated.
  var pitch: Plot {
    var c = chart("pitch", "Pitch over time", "pitch (°, positive down)")
    c.series = [
      series("subject (truth, −elevation)", truthStyle, trace.subjectElevation, scale: -1 * Self.degrees),
      series("tracker estimate", estimateStyle, trace.estimateElevation, scale: -1 * Self.degrees),
      series("camera pitch", cameraStyle, trace.cameraPitch, scale: Self.degrees),
    ]
    c.bands = band(.pitch)
    return Plot(
      chart: c,
      caption:
        "DockKit's sign: positive tilts down, so the subject's elevation (positive up) is drawn negated. "
        + limitsNote(.pitch))
  }

  /// (c) Framing error with the scenario's `expect:` bounds on framing metrics.
  var framing: Plot {
    var c = chart("framing", "Framing error over time", "framing error (normalized)")
    c.series = [series("framing error", LineStyle(colour: Palette.blue), trace.framingError)]
    let dashes = [
      MetricKey.framingErrorRMS.name: "6 3", MetricKey.framingErrorP95.name: "2 2",
      MetricKey.framingErrorMax.name: "8 2 2 2",
    ]
    var described: [String] = []
    for e in expectations where e.metric.hasPrefix("framing_error") {
      let style = LineStyle(colour: Palette.vermillion, width: 1.5, dash: dashes[e.metric] ?? "4 4")
      if e.maximum.isFinite {
        c.lines.append(
          .init(label: "expect \(e.metric) ≤ \(SVGNumber.text(e.maximum))", value: e.maximum, style: style))
      }
      if e.minimum.isFinite {
        c.lines.append(
          .init(label: "expect \(e.metric) ≥ \(SVGNumber.text(e.minimum))", value: e.minimum, style: style))
      }
      described.append(
        "\(e.metric) \(e.failed ? "FAILED" : e.passed ? "passed" : "cannot tell") (\(e.number.map(SVGNumber.text) ?? "n/a"))"
      )
    }
    let bounds =
      described.isEmpty
      ? "The scenario sets no expectation on a framing metric."
      : "Dashed: the scenario's expectations on the whole run's statistic (compare the level, not single frames): "
        + described.joined(separator: ", ") + "."
    return Plot(
      chart: c,
      caption: "Distance of the subject's centre from the framing target in normalized image units (0.1 ≈ a "
        + "tenth of the frame), capped at 1 (out of frame). " + bounds)
  }

  /// (f) NEES and NIS of the primary over time: moving means of `consistencyWindow` values against
  /// the two-sided 95 % band of χ²(3W)/W, the band such a mean of a consistent filter stays in. The
  /// plot is left out (nil) when neither column has `consistencyWindow` values; `notes` says why for
  /// each column not drawn.
  var consistency: (plot: Plot?, notes: [String]) {
    let w = Self.consistencyWindow
    var c = chart("consistency", "Filter consistency over time: NEES and NIS", "moving mean of \(w) values")
    var notes: [String] = []
    let columns: [(name: String, label: String, values: TraceData.MovingMean?, style: LineStyle)] = [
      ("est_nees", "NEES of the primary", trace.estimateNEES, LineStyle(colour: Palette.blue, width: 1.5)),
      (
        "est_nis", "NIS of the primary's updates", trace.estimateNIS,
        LineStyle(colour: Palette.orange, width: 1.5, dash: "5 3")
      ),
    ]
    for column in columns {
      guard let values = column.values else {
        notes.append("\(column.name) is not drawn: the trace has no such column.")
        continue
      }
      let present = values.present
      guard present >= w else {
        notes.append(
          present == 0
            ? "\(column.name) is not drawn: the column has no values."
            : "\(column.name) is not drawn: \(present) value\(present == 1 ? "" : "s"), fewer than the window of \(w)."
        )
        continue
      }
      c.series.append(series("\(column.label), mean of \(w)", column.style, values.series))
    }
    guard !c.series.isEmpty else { return (nil, notes) }
    let band = ChiSquare.meanBand(count: w, degreesOfFreedom: Self.consistencyDegreesOfFreedom)
    let total = Int(Self.consistencyDegreesOfFreedom) * w
    c.bands = [
      .init(
        label:
          "95 % band of χ²(\(total))/\(w): \(SVGNumber.text(band.lowerBound)) … \(SVGNumber.text(band.upperBound))",
        range: band, colour: Palette.bluishGreen)
    ]
    c.lines = [
      .init(
        label: "3: a consistent filter's mean", value: Self.consistencyDegreesOfFreedom,
        style: LineStyle(colour: Palette.black, width: 1, dash: "6 3"))
    ]
    let caption =
      "Each point is the mean of the last \(w) values (NEES: frames where the primary sits on a subject; "
      + "NIS: frames where it was updated), drawn at the last one's time. A consistent filter's NEES and "
      + "NIS are χ² with 3 degrees of freedom, so such a mean stays in the shaded band 95 % of the time: "
      + "above it the filter is overconfident (its covariance too small), below it too cautious. Values "
      + "are not independent from frame to frame, so read lasting excursions, not single crossings."
      + (notes.isEmpty ? "" : " " + notes.joined(separator: " "))
    return (Plot(chart: c, caption: caption), notes)
  }

  /// (d) Commanded and measured camera speed on one axis, the speed cap, and the frames over it.
  func speed(_ axis: Axis) -> Plot {
    let name = axis == .yaw ? "yaw" : "pitch"
    var c = chart("\(name)-speed", "Camera \(name) speed over time", "\(name) speed (rad/s)")
    let command = axis == .yaw ? trace.commandYaw : trace.commandPitch
    let actual = axis == .yaw ? trace.cameraYawRate : trace.cameraPitchRate
    c.series = [
      series("commanded", LineStyle(colour: Palette.orange, width: 1.5, dash: "5 3"), command),
      series("actual (encoders)", LineStyle(colour: Palette.blue), actual),
    ]
    var note = "The dock's speed cap is not drawn: pass the scenario file with --scenarios."
    if let cap = dock?[axis].maximumSpeed, let overCap = axis == .yaw ? trace.yawOverCap : trace.pitchOverCap
    {
      let style = LineStyle(colour: Palette.reddishPurple, width: 1.5, dash: "6 3")
      c.lines = [
        .init(label: "speed cap ±\(SVGNumber.text(cap)) rad/s", value: cap, style: style),
        .init(label: "speed cap ±\(SVGNumber.text(cap)) rad/s", value: -cap, style: style),
      ]
      let frames = overCap.frames
      c.spans = [.init(label: "command over the speed cap", spans: overCap.spans, colour: Palette.vermillion)]
      note =
        frames == 0
        ? "No frame commanded more than the cap."
        : "Shaded: \(frames) frame\(frames == 1 ? "" : "s") whose command exceeded the cap (the dock clamps it; counted in speed_cap_violations)."
    }
    return Plot(
      chart: c,
      caption:
        "The controller's velocity command (acts after the command latency) and the axis speed measured "
        + "from the encoders. " + note)
  }
}
