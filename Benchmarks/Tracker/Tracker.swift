import Benchmark
import DockMath
import DockSimCore
import Foundation

// One EKF step (predict by 1/30 s, then update with one [u, v, h] measurement) of the built-in
// `ExtendedKalmanFilter` (DockMath → OpenBLAS/LAPACKE), side by side with `DenseEKF`, the same
// arithmetic in plain Swift loops over inline arrays. Each inner iteration is one step of a filter
// that keeps running across iterations, fed a fixed cyclic measurement sequence near the K1 track,
// so the scaled (`*`) figures are per step at steady state (each sample is the mean of 10⁶ steps).
//
// Before either benchmark runs, its setup runs both filters from the same start over the same 100
// steps and fails the benchmark unless their states agree to 1e-12 (and P to 1e-12): the comparison
// is between two implementations of one computation.

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 1,
    // A million steps per sample: package-benchmark reads CPU time on Linux from /proc in 10 ms
    // scheduler ticks, so a sample must run for seconds for cpuTotal to resolve ~10 ns per step.
    scalingFactor: .mega,
    maxDuration: .seconds(10),
    maxIterations: 10,
    // Tolerances for `thresholds check` against Thresholds/: a 2× slowdown (on a VM even CPU time
    // grows when the host is busy), and 1,000 allocations per sample of 10⁶ steps — package-benchmark's
    // own /proc reads for cpuTotal allocate 16–18 times per sample, while one allocation per step
    // would add 10⁶.
    thresholds: [
      .wallClock: BenchmarkThresholds(relative: [.p90: 100]),
      .cpuTotal: BenchmarkThresholds(relative: [.p90: 100]),
      .mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 1_000]),
    ]
  )

  Benchmark("EKF-step-DockMath") { benchmark, runner in
    for _ in benchmark.scaledIterations {
      try runner.blasStep()
    }
    blackHole(runner.blas.state.azimuth)
  } setup: {
    try TrackerBench.checkedRunner()
  }

  Benchmark("EKF-step-dense-Swift") { benchmark, runner in
    for _ in benchmark.scaledIterations {
      runner.denseStep()
    }
    blackHole(runner.dense.state.azimuth)
  } setup: {
    try TrackerBench.checkedRunner()
  }

  registerBatchedBenchmarks()
}

/// Both filters and the cursor into the measurement sequence, in a class so that the filters'
/// storage stays uniquely referenced (and so in place) from one benchmark iteration to the next.
final class TrackerRunner {
  var blas: ExtendedKalmanFilter
  var dense: DenseEKF
  private var nextBLAS = 0
  private var nextDense = 0

  init() {
    let model = MeasurementModel(camera: TrackerBench.camera)
    blas = ExtendedKalmanFilter(model: model, parameters: TrackerParameters())
    dense = DenseEKF(model: model, parameters: TrackerParameters())
    let z0 = TrackerBench.start
    blas.initialize(u: z0.u, v: z0.v, height: z0.h, pose: z0.pose)
    dense.initialize(u: z0.u, v: z0.v, height: z0.h, pose: z0.pose)
  }

  @inline(never)
  func blasStep() throws {
    let z = TrackerBench.sequence[nextBLAS]
    nextBLAS = nextBLAS + 1 == TrackerBench.sequence.count ? 0 : nextBLAS + 1
    try blas.predict(dt: TrackerBench.dt)
    blackHole(try blas.update(u: z.u, v: z.v, height: z.h, pose: z.pose))
  }

  @inline(never)
  func denseStep() {
    let z = TrackerBench.sequence[nextDense]
    nextDense = nextDense + 1 == TrackerBench.sequence.count ? 0 : nextDense + 1
    dense.predict(dt: TrackerBench.dt)
    blackHole(dense.update(u: z.u, v: z.v, height: z.h, pose: z.pose))
  }
}

struct EKFMismatch: Error, CustomStringConvertible {
  var stateDifference: Double
  var covarianceDifference: Double
  var description: String {
    "DenseEKF and ExtendedKalmanFilter differ after \(TrackerBench.sequence.count) steps: "
      + "max |Δx| = \(stateDifference), max |ΔP| = \(covarianceDifference) (tolerance 1e-12)"
  }
}

enum TrackerBench {
  /// The camera of the EKF fixtures (`Tests/Fixtures/ekf`, as in EKFFixtureTests).
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
  static let dt = 1.0 / 30.0

  typealias Measurement = (u: Double, v: Double, h: Double, pose: CameraPose)

  /// Frames 0–3 of `Tests/Fixtures/ekf/K1_camera.csv` (psi, theta; pose pitch = −theta) and
  /// `K1_meas.csv` (u, v, h).
  static let k1: [Measurement] = [
    (
      0.49483567071582124, 0.49594368432589997, 0.08496615412585759,
      CameraPose(yaw: 0.3420202169847881, pitch: -0.14447577809450124)
    ),
    (
      0.5084794143320535, 0.49911261379182686, 0.09727927315465708,
      CameraPose(yaw: 0.34216542486105445, pitch: -0.14448499328455766)
    ),
    (
      0.505572744284999, 0.493565884714137, 0.09275055999123041,
      CameraPose(yaw: 0.3424703740038343, pitch: -0.14449833986115598)
    ),
    (
      0.5015282217316097, 0.5047431429091597, 0.09002656851919089,
      CameraPose(yaw: 0.34294971439691574, pitch: -0.14451142266983477)
    ),
  ]

  /// The filter starts from frame 0.
  static let start = k1[0]

  /// 100 measurements that stay near the track: the K1 frames 1, 2, 3, 0, 1, … in turn (each with
  /// its own camera pose), plus small deterministic wobbles — a few thousandths of the image in u
  /// and v and half a percent in h, about the fixture's own measurement noise.
  static let sequence: [Measurement] = (1...100).map { k in
    let base = k1[k % k1.count]
    let t = Double(k)
    return (
      base.u + 0.002 * sin(0.7 * t), base.v + 0.0015 * cos(0.5 * t),
      base.h * (1 + 0.005 * sin(0.3 * t)), base.pose
    )
  }

  /// Runs both filters over the sequence once, checks they agree, and returns a fresh pair
  /// (re-initialized at frame 0) for the measurement.
  static func checkedRunner() throws -> TrackerRunner {
    let (dx, dp) = try difference()
    if ProcessInfo.processInfo.environment["DOCKSIM_BENCH_VERBOSE"] != nil {
      FileHandle.standardError.write(
        Data("Tracker check: \(sequence.count) steps, max |Δx| = \(dx), max |ΔP| = \(dp)\n".utf8))
    }
    guard dx <= 1e-12, dp <= 1e-12 else {
      throw EKFMismatch(stateDifference: dx, covarianceDifference: dp)
    }
    return TrackerRunner()
  }

  /// The largest absolute differences in state and in covariance after one pass of the sequence.
  static func difference() throws -> (state: Double, covariance: Double) {
    let runner = TrackerRunner()
    for _ in sequence {
      try runner.blasStep()
      runner.denseStep()
    }
    let a = runner.blas.state.components
    let b = runner.dense.state.components
    var dx = 0.0
    for i in 0..<6 { dx = max(dx, abs(a[i] - b[i])) }
    var dp = 0.0
    for i in 0..<6 {
      for j in 0..<6 { dp = max(dp, abs(runner.blas.p[i, j] - runner.dense.p[i, j])) }
    }
    return (dx, dp)
  }
}
