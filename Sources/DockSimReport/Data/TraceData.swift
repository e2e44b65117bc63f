import DockSimCore
import DockSimIO

/// `traces/<scenario>.csv` reduced to what the time plots draw, while it is read record by record
/// (`CSVTableReader`): each plotted column is collected by a `SeriesDecimator`, the NEES and NIS moving
/// means and the frames commanded over the speed cap are computed on the way. So the memory held is
/// bounded by the plots' resolution, not by the run's length, and a trace of fewer than
/// `SeriesDecimator.defaultLimit` rows is drawn from every row, exactly as when the whole file was
/// held. Angles stay in radians here; the plots convert.
struct TraceData {
  /// A column's samples against `t_s`, NaN where a value is missing (an empty cell or `nan`).
  typealias Series = SeriesDecimator.Collected

  /// The moving mean of a NEES or NIS column over its values (frames without one skipped).
  struct MovingMean {
    /// How many frames had a value.
    var present = 0
    /// The means of `window` consecutive values, each at the time of the last; empty when
    /// `present` < `window`.
    var series = Series(times: [], values: [], reduced: false)
  }

  /// The frames whose command exceeded a speed cap.
  struct OverCap {
    /// Time spans, each from such a frame to the next frame's time (merged when they touch).
    var spans: [ClosedRange<Double>] = []
    var frames = 0
  }

  /// The first and last `t_s`; nil for a trace without rows.
  var timeSpan: ClosedRange<Double>?
  var subjectAzimuth: Series
  var subjectElevation: Series
  var estimateAzimuth: Series
  var estimateElevation: Series
  var cameraYaw: Series
  var cameraPitch: Series
  var cameraYawRate: Series
  var cameraPitchRate: Series
  var commandYaw: Series
  var commandPitch: Series
  var framingError: Series
  /// `est_nis` and `est_nees` over `window` values, or nil when the trace has no such column.
  var estimateNIS: MovingMean?
  var estimateNEES: MovingMean?
  /// The yaw and pitch commands over the dock's speed caps; nil when no cap was given.
  var yawOverCap: OverCap?
  var pitchOverCap: OverCap?

  /// The trace's plotted columns, in the order of `TraceData`'s series; the ones whose jumps of more
  /// than π are a wrap of the angle, not motion, say so.
  private static let columns: [(name: String, wraps: Bool)] = [
    ("subject_az_rad", true), ("subject_el_rad", false), ("est_az_rad", true), ("est_el_rad", false),
    ("camera_yaw_rad", true), ("camera_pitch_rad", false), ("camera_yaw_rate_rad_s", false),
    ("camera_pitch_rate_rad_s", false), ("cmd_yaw_rad_s", false), ("cmd_pitch_rad_s", false),
    ("framing_error", false),
  ]
  /// Where `cmd_yaw_rad_s` and `cmd_pitch_rad_s` are in `columns`.
  private static let commandYawIndex = 8
  private static let commandPitchIndex = 9

  /// Reads the trace at `path`.
  /// - Parameters:
  ///   - dock: the dock whose speed caps (rad/s) `yawOverCap` and `pitchOverCap` are measured
  ///     against; nil when the scenario is not known.
  ///   - window: values per moving mean of NEES and NIS.
  ///   - limit: samples per series drawn as they are before the series is reduced
  ///     (`SeriesDecimator`).
  /// - Throws: `ReportError` naming the file, line and column of a missing column or a bad cell.
  static func read(
    path: String, dock: DockParameters? = nil, window: Int = ScenarioPlots.consistencyWindow,
    limit: Int = SeriesDecimator.defaultLimit
  ) throws(ReportError) -> TraceData {
    do throws(InputError) {
      return try read(
        CSVTableReader(path: path, expected: "a trace written by docksim run (docs/csv.md)"), dock: dock,
        window: window, limit: limit)
    } catch { throw ReportError(error) }
  }

  private static func read(_ table: CSVTableReader, dock: DockParameters?, window: Int, limit: Int)
    throws(InputError) -> TraceData
  {
    var table = table
    let time = try table.column("t_s")
    let plotted = try table.columns(columns.map(\.name))
    var decimators = columns.map { SeriesDecimator(limit: limit, breakAbove: $0.wraps ? .pi : nil) }
    var nis = table.columnIndex("est_nis").map { ConsistencyColumn($0, window, limit) }
    var nees = table.columnIndex("est_nees").map { ConsistencyColumn($0, window, limit) }
    var yawCap = dock.map { OverCapScan(cap: $0[.yaw].maximumSpeed) }
    var pitchCap = dock.map { OverCapScan(cap: $0[.pitch].maximumSpeed) }
    var first: Double?
    var last: Double?
    var values = [Double](repeating: 0, count: columns.count)
    while let row = try table.next() {
      let t = try row.finite(time)
      // A plotted value may be missing in a frame (an estimate before the first detection).
      for k in plotted.indices { values[k] = try row.finiteOrMissing(plotted[k]) }
      guard last.map({ t >= $0 }) ?? true else {
        throw row.error(time, "expected a time not earlier than the row before, got '\(row[time])'")
      }
      if first == nil { first = t }
      last = t
      for k in plotted.indices { decimators[k].append(t, values[k]) }
      try nis?.add(row, at: t)
      try nees?.add(row, at: t)
      yawCap?.add(t, command: values[Self.commandYawIndex])
      pitchCap?.add(t, command: values[Self.commandPitchIndex])
    }
    let series = decimators.map(\.collected)
    return TraceData(
      timeSpan: first.flatMap { f in last.map { f...$0 } }, subjectAzimuth: series[0],
      subjectElevation: series[1], estimateAzimuth: series[2], estimateElevation: series[3],
      cameraYaw: series[4], cameraPitch: series[5], cameraYawRate: series[6], cameraPitchRate: series[7],
      commandYaw: series[8], commandPitch: series[9], framingError: series[10],
      estimateNIS: nis?.result, estimateNEES: nees?.result, yawOverCap: yawCap?.result,
      pitchOverCap: pitchCap?.result)
  }

  /// A NEES or NIS column, checked and averaged as it is read. Frames without a value are skipped;
  /// an infinite or negative value is refused.
  private struct ConsistencyColumn {
    let column: Int
    var mean: SampleStatistics.MovingMean
    var present = 0
    var means: SeriesDecimator

    init(_ column: Int, _ window: Int, _ limit: Int) {
      self.column = column
      mean = SampleStatistics.MovingMean(window: window)
      means = SeriesDecimator(limit: limit)
    }

    /// Adds the value of `row`, at time `t`.
    mutating func add(_ row: CSVTableRow, at t: Double) throws(InputError) {
      let value = try row.finiteOrMissing(column, .nonNegative)
      guard value.isFinite else { return }
      present += 1
      if let m = mean.add(value) { means.append(t, m) }
    }

    var result: MovingMean { MovingMean(present: present, series: means.collected) }
  }

  /// Finds the frames whose command exceeds `cap`; a frame's span ends at the next frame's time, so
  /// each is closed when the next row arrives.
  private struct OverCapScan {
    let cap: Double
    var overCap = OverCap()
    /// The time of the last frame over the cap, while its span is open.
    var open: Double?

    init(cap: Double) { self.cap = cap }

    mutating func add(_ t: Double, command: Double) {
      if let start = open { close(start, t) }
      open = nil
      if command.isFinite && abs(command) > cap * (1 + 1e-9) {
        overCap.frames += 1
        open = t
      }
    }

    private mutating func close(_ start: Double, _ end: Double) {
      if let last = overCap.spans.last, last.upperBound >= start {
        overCap.spans[overCap.spans.count - 1] = last.lowerBound...end
      } else {
        overCap.spans.append(start...end)
      }
    }

    var result: OverCap {
      var scan = self
      if let start = scan.open { scan.close(start, start) }
      return scan.overCap
    }
  }
}
