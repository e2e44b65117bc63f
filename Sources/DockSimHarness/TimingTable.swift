import DockSimCore
import DockSimIO
import Foundation

/// `timing.csv`: the tracker's and controller's compute time per run, for `docksim run --timing`.
///
/// Wall time depends on the machine, its load and `--jobs`, so this table is kept apart from the
/// deterministic outputs (summary.csv, expectations.csv, traces), which stay byte-identical with and
/// without it. Rows follow the work list (each item's repetitions in order), never completion order.
public enum TimingTable {
  /// The file's name in the output directory.
  public static let fileName = "timing.csv"

  /// One run: a scenario, or one Monte Carlo repetition of it.
  public struct Row: Sendable, Equatable {
    public var scenario: String
    /// 0 for a plain run and for a repeated scenario's own seed; k for its k-th derived seed.
    public var repetition: Int
    /// The seed this run used.
    public var seed: UInt64
    /// nil when the run failed before simulating (its cells are then empty).
    public var timing: ComputeTiming?
    public init(scenario: String, repetition: Int, seed: UInt64, timing: ComputeTiming?) {
      self.scenario = scenario
      self.repetition = repetition
      self.seed = seed
      self.timing = timing
    }
  }

  /// The columns, units in the names (µs = microseconds; shares are fractions of the frame period).
  public static let columns = [
    "scenario", "repetition", "seed", "frames", "tracker_calls", "tracker_p50_us", "tracker_p99_us",
    "tracker_max_us", "controller_calls", "controller_p50_us", "controller_p99_us", "controller_max_us",
    "frame_compute_p99_us", "frame_compute_max_us", "frame_budget_share_p99",
  ]

  /// The whole file: the header, then one line per row.
  public static func csv(_ rows: [Row]) -> String {
    CSVFormat.line(columns) + rows.map(line).joined()
  }

  /// One row's line, newline included. Percentiles of a histogram with nothing recorded (a scenario
  /// whose controller was never consulted) are empty cells.
  public static func line(_ row: Row) -> String {
    var cells = [CSVFormat.cell(row.scenario), CSVFormat.cell(row.repetition), CSVFormat.cell(row.seed)]
    guard let t = row.timing else {
      return CSVFormat.line(cells + Array(repeating: "", count: columns.count - cells.count))
    }
    func micros(_ nanoseconds: Double?) -> String { CSVFormat.cell(nanoseconds.map { $0 / 1000 }) }
    cells.append(CSVFormat.cell(t.frames))
    for h in [t.tracker, t.controller] {
      cells += [
        CSVFormat.cell(h.count), micros(h.quantile(0.5)), micros(h.quantile(0.99)), micros(h.quantile(1)),
      ]
    }
    cells += [micros(t.perFrame.quantile(0.99)), micros(t.perFrame.quantile(1))]
    // Six decimals (33 ns of a 30 fps frame) are plenty for a share and keep the cell short.
    cells.append(CSVFormat.cell(t.budgetShare(0.99).map { ($0 * 1e6).rounded() / 1e6 }))
    return CSVFormat.line(cells)
  }

  /// The line `docksim run --timing` ends with: the largest tracker p99 and frame budget share p99
  /// over the runs, naming the scenario (and repetition); nil when no run measured anything.
  public static func headline(_ rows: [Row]) -> String? {
    func label(_ r: Row) -> String { r.repetition == 0 ? r.scenario : "\(r.scenario) #\(r.repetition)" }
    let tracker = rows.compactMap { r in r.timing?.tracker.quantile(0.99).map { (r, $0) } }.max {
      $0.1 < $1.1
    }
    let share = rows.compactMap { r in r.timing?.budgetShare(0.99).map { (r, $0) } }.max { $0.1 < $1.1 }
    guard let tracker, let share else { return nil }
    let micros = String(format: "%.1f", tracker.1 / 1000)
    let percent = String(format: "%.2f", share.1 * 100)
    return "timing: worst tracker p99 \(micros) µs (\(label(tracker.0))); worst tracker+controller p99 "
      + "\(percent)% of a frame period (\(label(share.0)))"
  }
}
