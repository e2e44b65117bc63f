import Benchmark
import DockMath
import DockSimCore
import Foundation

// K tracks at once, one benchmark iteration = one frame:
// * `EKF-frame-K<K>`: `BatchedEKF`, every track predicted by 1/30 s and updated with one box (the
//   tracker's own batch, lane-interleaved: the prediction and the per-track algebra in lane loops,
//   four tracks per SIMD instruction, two for a last group of one or two);
// * `EKF-frame-dense-Swift-K<K>`: the same K steps with K `DenseEKF`s (plain Swift loops, Joseph form);
// * `Tracker-frame-K<K>`: `MultiTargetTracker.process` on a frame of K boxes (prediction, gating,
//   assignment, update, life cycle, primary choice), K confirmed tracks in steady state;
// * `Tracker-frame-TUD-like`: the same on a real-detection-like street sequence (StreetSequence.swift).
// Divide a frame's time by K for the time per subject-step. Setup checks that the batched and the dense
// filters agree (state and P to 1e-12) after 100 frames.

enum BatchBench {
  static let counts = [1, 4, 16, 64]
  static let trackerCounts = [1, 4, 16]
  static let pose = CameraPose(yaw: 0, pitch: 0)
  static let model = MeasurementModel(camera: TrackerBench.camera)

  /// Where subject k of K sits in the image (spread across it, lower-left origin) at frame `f`, with a
  /// small deterministic wobble of about the detector's noise.
  static func measurement(_ k: Int, of count: Int, frame f: Int) -> (u: Double, v: Double, h: Double) {
    let u = 0.08 + 0.84 * (Double(k) + 0.5) / Double(count)
    let t = Double(f) + 7 * Double(k)
    return (
      u + 0.002 * sin(0.7 * t), 0.5 + 0.05 * sin(Double(k)) + 0.0015 * cos(0.5 * t),
      0.12 * (1 + 0.005 * sin(0.3 * t))
    )
  }

  /// Every frame's measurements of `count` subjects over the 100-frame cycle, computed before timing.
  static func table(_ count: Int) -> [[(u: Double, v: Double, h: Double)]] {
    (0..<100).map { f in (0..<count).map { measurement($0, of: count, frame: f) } }
  }

  static var verbose: Bool { ProcessInfo.processInfo.environment["DOCKSIM_BENCH_VERBOSE"] != nil }
}

/// K tracks in a `BatchedEKF` and in K `DenseEKF`s, stepped frame by frame.
final class BatchRunner {
  let count: Int
  var batch: BatchedEKF
  var dense: [DenseEKF]
  private var frameBatch = 0
  private var frameDense = 0
  private var indices: [Int]
  private var scales: [MeasurementNoiseScale]
  private var anchors: [VerticalAnchor]
  private var nis: [Double] = []
  private let table: [[(u: Double, v: Double, h: Double)]]

  init(count: Int) {
    self.count = count
    table = BatchBench.table(count)
    let parameters = TrackerParameters()
    batch = BatchedEKF(model: BatchBench.model, parameters: parameters)
    dense = []
    let sd = parameters.initialStandardDeviations
    for k in 0..<count {
      let m = BatchBench.measurement(k, of: count, frame: 0)
      batch.append(
        BatchBench.model.initialState(u: m.u, v: m.v, h: m.h, pose: BatchBench.pose), standardDeviations: sd)
      var d = DenseEKF(model: BatchBench.model, parameters: parameters)
      d.initialize(u: m.u, v: m.v, height: m.h, pose: BatchBench.pose)
      dense.append(d)
    }
    indices = Array(0..<count)
    scales = Array(repeating: .one, count: count)
    anchors = Array(repeating: .center, count: count)
    nis.reserveCapacity(count)
  }

  @inline(never)
  func batchFrame() throws {
    frameBatch += 1
    try batch.predictAll(dt: TrackerBench.dt)
    try batch.update(
      indices: indices, measurements: table[frameBatch % 100], scales: scales, anchors: anchors,
      pose: BatchBench.pose, nis: &nis)
  }

  @inline(never)
  func denseFrame() {
    frameDense += 1
    for k in 0..<count {
      let m = table[frameDense % 100][k]
      dense[k].predict(dt: TrackerBench.dt)
      blackHole(dense[k].update(u: m.u, v: m.v, height: m.h, pose: BatchBench.pose))
    }
  }

  /// Largest differences between the two after `frames` frames of each.
  static func checked(count: Int, frames: Int = 100) throws -> BatchRunner {
    let r = BatchRunner(count: count)
    for _ in 0..<frames {
      try r.batchFrame()
      r.denseFrame()
    }
    var dx = 0.0
    var dp = 0.0
    for k in 0..<count {
      let a = r.batch.state(k).components
      let b = r.dense[k].state.components
      for i in 0..<6 { dx = max(dx, abs(a[i] - b[i])) }
      let pa = r.batch.covarianceUpper(k)
      var n = 0
      for i in 0..<6 {
        for j in i..<6 {
          dp = max(dp, abs(pa[n] - r.dense[k].p[i, j]))
          n += 1
        }
      }
    }
    if BatchBench.verbose {
      FileHandle.standardError.write(
        Data("Batched check, K=\(count): \(frames) frames, max |Δx| = \(dx), max |ΔP| = \(dp)\n".utf8))
    }
    guard dx <= 1e-12, dp <= 1e-12 else { throw EKFMismatch(stateDifference: dx, covarianceDifference: dp) }
    return BatchRunner(count: count)
  }
}

/// A `MultiTargetTracker` fed K well-separated boxes a frame, warmed up to K confirmed tracks.
final class TrackerFrameRunner {
  let count: Int
  var tracker: MultiTargetTracker
  private var frame = 0
  private let frames: [[Observation]]

  init(count: Int) throws {
    self.count = count
    tracker = MultiTargetTracker(camera: TrackerBench.camera, parameters: TrackerParameters())
    frames = BatchBench.table(count).map { row in
      row.map { m in
        let w = 0.4 * m.h
        return Observation(
          kind: .humanBody, rect: NormalizedRect(x: m.u - w / 2, y: m.v - m.h / 2, width: w, height: m.h))
      }
    }
    for _ in 0..<100 { step() }
    let confirmed = tracker.tracks.filter { $0.status == .confirmed }.count
    guard confirmed == count, tracker.tracks.count == count else {
      throw TrackerSetupError(
        description: "warm-up left \(tracker.tracks.count) tracks (\(confirmed) confirmed), expected \(count)"
      )
    }
  }

  @inline(never)
  func step() {
    frame += 1
    blackHole(
      tracker.process(time: Double(frame) / 30, pose: BatchBench.pose, observations: frames[frame % 100])
        .count)
  }
}

struct TrackerSetupError: Error, CustomStringConvertible {
  var description: String
}

func registerBatchedBenchmarks() {
  let frameConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 1,
    scalingFactor: .kilo,
    maxDuration: .seconds(5),
    maxIterations: 200,
    thresholds: [
      .wallClock: BenchmarkThresholds(relative: [.p90: 100]),
      .cpuTotal: BenchmarkThresholds(relative: [.p90: 100]),
      // Package-benchmark's own /proc reads allocate a few times per sample; one allocation per frame
      // would add a thousand.
      .mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 100]),
    ]
  )
  for k in BatchBench.counts {
    Benchmark("EKF-frame-K\(k)", configuration: frameConfiguration) { benchmark, runner in
      for _ in benchmark.scaledIterations { try runner.batchFrame() }
      blackHole(runner.batch.state(0).azimuth)
    } setup: {
      try BatchRunner.checked(count: k)
    }
    Benchmark("EKF-frame-dense-Swift-K\(k)", configuration: frameConfiguration) { benchmark, runner in
      for _ in benchmark.scaledIterations { runner.denseFrame() }
      blackHole(runner.dense[0].state.azimuth)
    } setup: {
      BatchRunner(count: k)
    }
  }
  for k in BatchBench.trackerCounts {
    Benchmark("Tracker-frame-K\(k)", configuration: frameConfiguration) { benchmark, runner in
      for _ in benchmark.scaledIterations { runner.step() }
    } setup: {
      try TrackerFrameRunner(count: k)
    }
  }
  registerStreetSequenceBenchmark(configuration: frameConfiguration)
  registerCrowdBenchmarks()
}
