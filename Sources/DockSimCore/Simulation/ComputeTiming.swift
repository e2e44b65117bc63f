#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Wall-clock durations in nanoseconds, counted in logarithmic buckets of fixed size: percentiles to
/// within 0.4 % of the true sample (half a bucket), the minimum and maximum exact.
///
/// Buckets follow HDR histograms: values below 256 ns have a bucket each; above, every power of two
/// is cut into 128 equal buckets, so a bucket is at most 1/128 (0.78 %) of its values wide. The bucket
/// array is allocated once, in `init`; `record` only increments a count, so measuring every frame never
/// allocates and costs a few nanoseconds.
public struct LatencyHistogram: Sendable, Equatable {
  /// Buckets per power of two (7 significant bits).
  static let subBuckets: UInt64 = 128
  /// Durations from 2^40 ns (about 18 minutes) on share the last bucket (the maximum stays exact): 256
  /// exact buckets, then 128 for each power of two from 2^8 to 2^39.
  static let bucketCount = Int(2 * subBuckets + (39 - 7) * subBuckets)

  private var counts: [UInt32]
  /// Number of durations recorded.
  public private(set) var count: Int = 0
  /// Smallest duration recorded, nanoseconds (0 when empty).
  public private(set) var minimum: UInt64 = 0
  /// Largest duration recorded, nanoseconds, exact (0 when empty).
  public private(set) var maximum: UInt64 = 0

  public init() { counts = Array(repeating: 0, count: Self.bucketCount) }

  /// The bucket holding `nanoseconds`: the value itself below 256, else 128 buckets per power of two.
  static func bucket(of nanoseconds: UInt64) -> Int {
    let capped = min(nanoseconds, (UInt64(1) << 40) - 1)
    guard capped >= 2 * subBuckets else { return Int(capped) }
    let shift = UInt64(63 - capped.leadingZeroBitCount) - 7
    return Int(shift * subBuckets + (capped >> shift))
  }

  /// The values bucket `index` holds, nanoseconds: `lower ..< lower + width`.
  static func range(of index: Int) -> (lower: UInt64, width: UInt64) {
    let i = UInt64(index)
    guard i >= 2 * subBuckets else { return (i, 1) }
    let shift = i / subBuckets - 1
    let mantissa = i - shift * subBuckets
    return (mantissa << shift, UInt64(1) << shift)
  }

  /// Counts one duration, nanoseconds.
  public mutating func record(_ nanoseconds: UInt64) {
    counts[Self.bucket(of: nanoseconds)] &+= 1
    minimum = count == 0 ? nanoseconds : min(minimum, nanoseconds)
    maximum = max(maximum, nanoseconds)
    count += 1
  }

  /// The `q`-quantile (0 < q ≤ 1) by nearest rank — the ⌈q·n⌉-th smallest duration — as the middle of
  /// its bucket kept within [minimum, maximum], nanoseconds; nil when empty. Exact below 256 ns, within
  /// half a bucket (0.4 %) above; `quantile(1)` is the exact maximum, and quantiles never decrease in q.
  public func quantile(_ q: Double) -> Double? {
    guard count > 0 else { return nil }
    let rank = max(1, min(count, Int((q * Double(count)).rounded(.up))))
    if rank == count { return Double(maximum) }
    var seen = 0
    for (index, n) in counts.enumerated() where n > 0 {
      seen += Int(n)
      if seen >= rank {
        let (lower, width) = Self.range(of: index)
        let middle = lower + width / 2
        return Double(min(max(middle, minimum), maximum))
      }
    }
    return Double(maximum)
  }
}

/// Summary of the compute time of one run's tracker updates and controller commands (wall time on a
/// monotonic clock). It depends on the machine and its load, so it never enters the deterministic
/// results (`ScenarioResult`, summary.csv, traces); `docksim run --timing` writes it to timing.csv.
public struct ComputeTiming: Sendable, Equatable {
  /// Frames simulated.
  public var frames: Int64
  /// Frame period of the scenario, seconds: the budget a frame's tracking and control must fit.
  public var framePeriod: Double
  /// Duration of each `Tracker.update`, nanoseconds (frames without a delivered batch call none).
  public var tracker: LatencyHistogram
  /// Duration of each `Controller.command`, nanoseconds (not called while the app drives the dock).
  public var controller: LatencyHistogram
  /// Tracker plus controller time within one frame, nanoseconds, over frames that called either.
  public var perFrame: LatencyHistogram

  public init(
    frames: Int64, framePeriod: Double, tracker: LatencyHistogram, controller: LatencyHistogram,
    perFrame: LatencyHistogram
  ) {
    self.frames = frames
    self.framePeriod = framePeriod
    self.tracker = tracker
    self.controller = controller
    self.perFrame = perFrame
  }

  /// The per-frame compute time's `q`-quantile as a fraction of the frame period (0.5 = half the
  /// budget); nil when no frame tracked or controlled.
  public func budgetShare(_ q: Double) -> Double? {
    perFrame.quantile(q).map { $0 / 1e9 / framePeriod }
  }
}

/// Measures the tracker's and controller's wall time inside `Simulation` when it is asked to
/// (`Simulation.measuresComputeTime`). Only durations are recorded; nothing read from the clock ever
/// reaches the simulated state, so the simulation runs the same with and without it.
struct ComputeTimer {
  var tracker = LatencyHistogram()
  var controller = LatencyHistogram()
  var perFrame = LatencyHistogram()
  /// The frame whose time is being added up, and its total so far, nanoseconds.
  private var pending: (frame: Int64, nanoseconds: UInt64)?

  /// Nanoseconds on the monotonic clock (never set back, unlike the time of day).
  static func now() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
  }

  mutating func recordTracker(_ nanoseconds: UInt64, frame: Int64) {
    tracker.record(nanoseconds)
    add(nanoseconds, frame: frame)
  }

  mutating func recordController(_ nanoseconds: UInt64, frame: Int64) {
    controller.record(nanoseconds)
    add(nanoseconds, frame: frame)
  }

  private mutating func add(_ nanoseconds: UInt64, frame: Int64) {
    if let p = pending, p.frame == frame {
      pending = (frame, p.nanoseconds &+ nanoseconds)
    } else {
      if let p = pending { perFrame.record(p.nanoseconds) }
      pending = (frame, nanoseconds)
    }
  }

  /// The histograms with the last frame's total counted.
  func summary(frames: Int64, framePeriod: Double) -> ComputeTiming {
    var perFrame = perFrame
    if let p = pending { perFrame.record(p.nanoseconds) }
    return ComputeTiming(
      frames: frames, framePeriod: framePeriod, tracker: tracker, controller: controller, perFrame: perFrame)
  }
}

extension Simulation {
  /// Whether the wall time of every tracker update and controller command is measured (off by
  /// default; then the loop reads no clock). Turn it on before running; the measurement never changes
  /// what is simulated.
  public var measuresComputeTime: Bool {
    get { computeTimer != nil }
    set { computeTimer = newValue ? (computeTimer ?? ComputeTimer()) : nil }
  }

  /// The compute time measured so far, or nil when `measuresComputeTime` is off.
  public var computeTiming: ComputeTiming? {
    computeTimer?.summary(
      frames: lastRecord.map { $0.frame + 1 } ?? 0, framePeriod: 1 / scenario.frameRateHz)
  }

  /// `tracker.update(with:)`, timed when measuring.
  mutating func timedTrackerUpdate(with batch: ObservationBatch, frame: Int64) -> [Track] {
    guard computeTimer != nil else { return tracker.update(with: batch) }
    let start = ComputeTimer.now()
    let tracks = tracker.update(with: batch)
    computeTimer?.recordTracker(ComputeTimer.now() &- start, frame: frame)
    return tracks
  }

  /// `controller.command(…)`, timed when measuring.
  mutating func timedControllerCommand(
    primary: Track?, tracks: [Track], motion: MotionState, framing: Framing, frame: Int64
  ) -> DockCommand {
    guard computeTimer != nil else {
      return controller.command(primary: primary, tracks: tracks, motion: motion, framing: framing)
    }
    let start = ComputeTimer.now()
    let command = controller.command(primary: primary, tracks: tracks, motion: motion, framing: framing)
    computeTimer?.recordController(ComputeTimer.now() &- start, frame: frame)
    return command
  }
}
