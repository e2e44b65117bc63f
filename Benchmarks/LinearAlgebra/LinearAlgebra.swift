import Benchmark
import DockMath

// DockMath's per-step kernels at the EKF's sizes: each inner iteration is one call, so the scaled
// (`*`) figures package-benchmark prints are per call. Every operand is allocated before the
// measurement and written in place, so mallocCountTotal should read 0.
//
// Benchmark names in this package have no spaces or slashes: package-benchmark 1.38.1 writes
// Thresholds/<target>.<name>.p90.json with those replaced by "_" but looks the file up by the raw
// name, so `thresholds check` would not find a threshold file for a name with a space.

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 10,
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 5_000,
    // Tolerances for `thresholds check` against Thresholds/: a 2× slowdown (CI and shared machines
    // vary too much for tighter time limits), and not one allocation.
    thresholds: [
      .wallClock: BenchmarkThresholds(relative: [.p90: 100]),
      .throughput: BenchmarkThresholds(relative: [.p90: 50]),
      .mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 0]),
    ]
  )

  // C = A·B, all 6×6.
  Benchmark("BLAS.gemm-6x6") { benchmark in
    let a = LinearAlgebraFixtures.matrix(6, 6, seed: 1)
    let b = LinearAlgebraFixtures.matrix(6, 6, seed: 2)
    var c = Matrix(rows: 6, columns: 6)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      try BLAS.gemm(a, b, into: &c)
      blackHole(c[0, 0])
    }
  }

  // C = A·P·Aᵀ (two gemm calls through a 6×6 workspace), as in the covariance prediction.
  Benchmark("BLAS.sandwich-6x6") { benchmark in
    let a = LinearAlgebraFixtures.matrix(6, 6, seed: 3)
    let p = LinearAlgebraFixtures.spd(6, seed: 4)
    var c = Matrix(rows: 6, columns: 6)
    var workspace = Matrix(rows: 6, columns: 6)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      try BLAS.sandwich(a, p, into: &c, workspace: &workspace)
      blackHole(c[0, 0])
    }
  }

  // Factorization is destructive, so each call first copies S into the factor's storage (36 bytes,
  // in place), as the EKF's innovation step does.
  Benchmark("Cholesky.factor+solve-3x3") { benchmark in
    let s = LinearAlgebraFixtures.spd(3, seed: 5)
    let rhs = LinearAlgebraFixtures.matrix(3, 1, seed: 6)
    var factor = Matrix(rows: 3, columns: 3)
    var x = Matrix(rows: 3, columns: 1)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      factor.copy(from: s)
      try Cholesky.factor(&factor)
      x.copy(from: rhs)
      try Cholesky.solve(factor: factor, &x)
      blackHole(x[0, 0])
    }
  }
}

/// Deterministic, well-conditioned operands (no randomness between runs).
enum LinearAlgebraFixtures {
  /// Entries in [-1, 1) from a fixed linear congruential sequence.
  static func matrix(_ rows: Int, _ columns: Int, seed: UInt64) -> Matrix {
    var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    var values: [Double] = []
    for _ in 0..<(rows * columns) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(Double(state >> 11) / Double(1 << 53) * 2 - 1)
    }
    return Matrix(rows: rows, columns: columns, columnMajor: values)
  }

  /// A symmetric positive-definite n×n matrix: B·Bᵀ + n·I.
  static func spd(_ n: Int, seed: UInt64) -> Matrix {
    let b = matrix(n, n, seed: seed)
    var out = Matrix(rows: n, columns: n)
    for i in 0..<n {
      for j in 0..<n {
        var sum = i == j ? Double(n) : 0
        for k in 0..<n { sum += b[i, k] * b[j, k] }
        out[i, j] = sum
      }
    }
    return out
  }
}
