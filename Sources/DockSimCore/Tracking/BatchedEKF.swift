import DockMath

/// The EKF of `ExtendedKalmanFilter` for every live track at once, holding the tracks' states and
/// covariances itself as stacks of blocks (`MatrixStack`), one block per track in the tracker's order.
///
/// A frame costs a fixed handful of BLAS/LAPACK calls whatever the number of tracks:
///
///     predict:  X ← F X, P ← F P Fᵀ + Q                           3 dgemm over the stacks
///     gate:     Sₖ = Hₖ Pₖ Hₖᵀ + Rₖ, all Sₖ factored together,   1 dpbtrf, 1 dtbtrs
///               NIS = |Lₖ⁻¹ yₖⱼ|² for every track × observation   (per vertical-anchor group)
///     update:   Sₖ = Lₖ Lₖᵀ factored together, V = L⁻¹ H P,        1 dpbtrf, 2 dtbtrs
///               u = L⁻¹ y: NIS = |u|², x += Vᵀ u, P ← P − Vᵀ V
///
/// The innovation covariances form one block-diagonal matrix, factored in LAPACK's band storage; the
/// products whose factors differ per track (Hₖ Pₖ) run as loops over the contiguous blocks. Every
/// workspace is kept between frames and grows only when the track count does, so a steady scene
/// allocates nothing.
public struct BatchedEKF: Sendable {
  public let model: MeasurementModel
  public let parameters: TrackerParameters
  /// Every live track's state (6×1 blocks) and covariance (6×6 blocks), in the tracker's order.
  private(set) var x = MatrixStack(rows: 6, columns: 1)
  private(set) var p = MatrixStack(rows: 6, columns: 6)

  private var f = Matrix.identity(6)
  private var q = Matrix(rows: 6, columns: 6)
  private var dt = Double.nan
  private var xNext = MatrixStack(rows: 6, columns: 1)
  private var scratch = MatrixStack(rows: 6, columns: 6)
  // The tracks of one update, gathered.
  private var ux = MatrixStack(rows: 6, columns: 1)
  private var up = MatrixStack(rows: 6, columns: 6)
  private var h = MatrixStack(rows: 3, columns: 6)
  private var hp = MatrixStack(rows: 3, columns: 6)
  private var s = MatrixStack(rows: 3, columns: 3)
  private var y = MatrixStack(rows: 3, columns: 1)
  private var chol: BlockDiagonalCholesky
  private var predicted: [(u: Double, v: Double, h: Double)] = []
  private var noise: [(u: Double, v: Double, h: Double)] = []
  private var gateY = MatrixStack(rows: 3, columns: 1)
  private var gateZ = Matrix(rows: 3, columns: 1)
  private var predictedStack = MatrixStack(rows: 3, columns: 1)

  /// An empty bank of tracks with `model`'s camera and `parameters`' noise model.
  ///
  /// `cholesky` picks how the innovation covariances are factored: blockwise (the default, fastest
  /// for 3×3 blocks) or by LAPACK's band routines (`docs/performance.md` compares them).
  public init(
    model: MeasurementModel, parameters: TrackerParameters,
    cholesky: BlockDiagonalCholesky.Method = .blockwise
  ) {
    self.model = model
    self.parameters = parameters
    chol = BlockDiagonalCholesky(blockSize: 3, method: cholesky)
  }

  /// Live tracks.
  public var count: Int { x.count }

  // MARK: Tracks

  /// Adds a track at the end, from its initial state and the standard deviations of a diagonal P.
  public mutating func append(_ initial: TrackState, standardDeviations sd: TrackState) {
    let k = x.count
    x.resize(to: k + 1)
    p.resize(to: k + 1)
    for i in 0..<6 { x[k, i, 0] = initial.component(i) }
    Self.setDiagonalCovariance(&p, block: k, standardDeviations: sd)
  }

  /// Keeps the tracks for which `keep` is true, in order.
  public mutating func retain(_ keep: (Int) -> Bool) {
    var kept = 0
    for i in 0..<x.count where keep(i) {
      if i != kept {
        x.copyBlock(from: i, to: kept)
        p.copyBlock(from: i, to: kept)
      }
      kept += 1
    }
    x.resize(to: kept)
    p.resize(to: kept)
  }

  /// Track `destination` takes track `source`'s state and covariance (`source` is left as it is).
  public mutating func copyTrack(from source: Int, to destination: Int) {
    x.copyBlock(from: source, to: destination)
    p.copyBlock(from: source, to: destination)
  }

  /// Track `i`'s posterior state (radians, ln radians, per second).
  public func state(_ i: Int) -> TrackState {
    TrackState(
      azimuth: x[i, 0, 0], elevation: x[i, 1, 0], logSize: x[i, 2, 0], azimuthRate: x[i, 3, 0],
      elevationRate: x[i, 4, 0], logSizeRate: x[i, 5, 0])
  }

  /// Track `i`'s direction in the base frame (radians).
  public func direction(_ i: Int) -> Direction { Direction(azimuth: x[i, 0, 0], elevation: x[i, 1, 0]) }

  /// Track `i`'s covariance, upper triangle row by row.
  public func covarianceUpper(_ i: Int) -> CovarianceUpper { CovarianceUpper { r, c in p[i, r, c] } }

  /// Whether track `i`'s state and covariance are all finite.
  public func isFinite(_ i: Int) -> Bool { x.blockIsFinite(i) && p.blockIsFinite(i) }

  // MARK: Filter

  /// Predicts every track by `dt` seconds (constant velocity; F and Q rebuilt only when `dt` changes).
  /// - Throws: `LinearAlgebraError` from BLAS shape checks (not expected with consistent stacks).
  public mutating func predictAll(dt: Double) throws {
    guard x.count > 0 else { return }
    if dt != self.dt {
      self.dt = dt
      MotionModelMatrices.fill(f: &f, q: &q, dt: dt, parameters: parameters, tracks: 1)
    }
    try MatrixStack.multiply(f, x, into: &xNext)
    x.copy(from: xNext)
    try MatrixStack.symmetricSandwich(f, &p, plus: q, scratch: &scratch)
    // A coasting track keeps turning at its rate: keep its azimuth in (−π, π] as the update does.
    for t in 0..<x.count { x[t, 0, 0] = Angle.wrap(x[t, 0, 0]) }
  }

  /// Squared Mahalanobis distances (NIS) of every observation from every track, written row-major
  /// (tracks × observations) into `out`; `allowed(track, observation)` false gives +∞ (a kind
  /// mismatch). All observations of one call share `anchor` (what their `v` measures) and `scale`.
  public mutating func distances(
    measurements z: [(u: Double, v: Double, h: Double)], pose: CameraPose, anchor: VerticalAnchor,
    scale: MeasurementNoiseScale, into out: inout [Double], allowed: (Int, Int) -> Bool
  ) throws {
    let n = x.count
    let m = z.count
    out.removeAll(keepingCapacity: true)
    guard n > 0, m > 0 else { return }
    noise.removeAll(keepingCapacity: true)
    for _ in 0..<n { noise.append((scale.u, scale.v, scale.h)) }
    try innovationCovariances(x, p, pose: pose, anchor: { _ in anchor })
    if gateY.columns < m {
      gateY = MatrixStack(rows: 3, columns: Swift.max(m, 2 * gateY.columns), count: n)
      gateZ = Matrix(rows: 3, columns: gateY.columns)
    }
    for j in 0..<m {
      gateZ[0, j] = z[j].u
      gateZ[1, j] = z[j].v
      gateZ[2, j] = z[j].h
    }
    predictedStack.resize(to: n)
    for k in 0..<n {
      predictedStack[k, 0, 0] = predicted[k].u
      predictedStack[k, 1, 0] = predicted[k].v
      predictedStack[k, 2, 0] = predicted[k].h
    }
    try gateY.setDifferences(gateZ, columns: m, minus: predictedStack)
    // NIS = yᵀ S⁻¹ y = |L⁻¹ y|².
    try chol.solveLower(&gateY, columns: m)
    gateY.columnSquaredNorms(columns: m, into: &out)
    for k in 0..<n {
      for j in 0..<m where !allowed(k, j) { out[k * m + j] = .infinity }
    }
  }

  /// ln det Sₖ of track `k`'s innovation covariance in the last `distances` call: with the NIS, the
  /// negative log-likelihood of a pair, ½(NIS + ln det S) + const.
  public func innovationLogDeterminant(_ k: Int) -> Double { chol.logDeterminant(block: k) }

  /// Updates the tracks at `indices` (ascending, distinct) with one measurement each; `scales` and `anchors`
  /// per measurement. Each track's NIS is written to `nis`, in the order of `indices`.
  public mutating func update(
    indices: [Int], measurements z: [(u: Double, v: Double, h: Double)], scales: [MeasurementNoiseScale],
    anchors: [VerticalAnchor], pose: CameraPose, nis: inout [Double]
  ) throws {
    let n = indices.count
    nis.removeAll(keepingCapacity: true)
    guard n > 0 else { return }
    // Every track measured (the usual steady state): work on the stacks in place, no gathering.
    let all = n == x.count
    var swapped = false
    // A throw below must not leave the tracks' stacks swapped out.
    defer {
      if swapped {
        swap(&ux, &x)
        swap(&up, &p)
      }
    }
    if all {
      swap(&ux, &x)
      swap(&up, &p)
      swapped = true
    } else {
      ux.resize(to: n)
      up.resize(to: n)
      for (b, t) in indices.enumerated() {
        ux.copyBlock(b, from: x, block: t)
        up.copyBlock(b, from: p, block: t)
      }
    }
    noise.removeAll(keepingCapacity: true)
    for k in scales { noise.append((k.u, k.v, k.h)) }
    try innovationCovariances(ux, up, pose: pose, anchor: { anchors[$0] })
    y.resize(to: n)
    for k in 0..<n {
      y[k, 0, 0] = z[k].u - predicted[k].u
      y[k, 1, 0] = z[k].v - predicted[k].v
      y[k, 2, 0] = z[k].h - predicted[k].h
    }
    // With L the Cholesky factor of S, V = L⁻¹ H P and u = L⁻¹ y:
    // NIS = |u|², K y = (H P)ᵀ S⁻¹ y = Vᵀ u, K S Kᵀ = (H P)ᵀ S⁻¹ (H P) = Vᵀ V. Only forward solves.
    try chol.solveLower(&hp, columns: 6)
    try chol.solveLower(&y, columns: 1)
    for k in 0..<n { nis.append(y[k, 0, 0] * y[k, 0, 0] + y[k, 1, 0] * y[k, 1, 0] + y[k, 2, 0] * y[k, 2, 0]) }
    try MatrixStack.add(transposing: hp, times: y, to: &ux)
    try MatrixStack.add(transposing: hp, times: hp, to: &up, scale: -1)
    up.symmetrizeBlocks()
    // P − VᵀV can lose positive definiteness to cancellation when a measurement is far more precise
    // than the prediction (S nearly singular). Such a track starts its covariance afresh rather than
    // carry an indefinite one into the next frames (its state is kept).
    for b in 0..<n where !up.blockIsPositiveDefinite(b) { resetCovariance(&up, block: b) }
    if all {
      for t in 0..<n { ux[t, 0, 0] = Angle.wrap(ux[t, 0, 0]) }
    } else {
      for (b, t) in indices.enumerated() {
        x.copyBlock(t, from: ux, block: b)
        x[t, 0, 0] = Angle.wrap(x[t, 0, 0])
        p.copyBlock(t, from: up, block: b)
      }
    }
  }

  /// Block `block` of `stack` becomes the initial covariance (diagonal of the initial standard deviations).
  private func resetCovariance(_ stack: inout MatrixStack, block: Int) {
    Self.setDiagonalCovariance(&stack, block: block, standardDeviations: parameters.initialStandardDeviations)
  }

  /// Block `block` of `stack` becomes diag(sd²), sd in the state's order.
  private static func setDiagonalCovariance(
    _ stack: inout MatrixStack, block: Int, standardDeviations sd: TrackState
  ) {
    for i in 0..<6 { for j in 0..<6 { stack[block, i, j] = i == j ? sd.component(i) * sd.component(i) : 0 } }
  }

  /// Fills `h`, `hp` = H P, the predicted measurements and the factor of every S = H P Hᵀ + R, for the
  /// tracks of `xs`/`ps` with the noise scales in `noise`.
  private mutating func innovationCovariances(
    _ xs: MatrixStack, _ ps: MatrixStack, pose: CameraPose, anchor: (Int) -> VerticalAnchor
  ) throws {
    let n = xs.count
    h.resize(to: n)
    predicted.removeAll(keepingCapacity: true)
    for k in 0..<n {
      let e = model.evaluate(azimuth: xs[k, 0, 0], elevation: xs[k, 1, 0], logSize: xs[k, 2, 0], pose: pose)
      let half = anchor(k).sign / 2
      predicted.append((e.u, e.v + half * e.h, e.h))
      h[k, 0, 0] = e.duAz
      h[k, 0, 1] = e.duEl
      h[k, 1, 0] = e.dvAz
      h[k, 1, 1] = e.dvEl
      h[k, 1, 2] = half * e.dhLs
      h[k, 2, 2] = e.dhLs
    }
    try MatrixStack.multiply(h, ps, into: &hp)
    try MatrixStack.multiply(hp, transposing: h, into: &s)
    let center = parameters.measurementNoiseCenter
    let size = parameters.measurementNoiseHeight
    for k in 0..<n {
      s[k, 0, 0] += (center * noise[k].u) * (center * noise[k].u)
      s[k, 1, 1] += (center * noise[k].v) * (center * noise[k].v)
      s[k, 2, 2] += (size * noise[k].h) * (size * noise[k].h)
    }
    try chol.factor(s)
  }
}

extension TrackState {
  /// Component `i` in the order of `components`, without building the array.
  fileprivate func component(_ i: Int) -> Double {
    switch i {
    case 0: azimuth
    case 1: elevation
    case 2: logSize
    case 3: azimuthRate
    case 4: elevationRate
    default: logSizeRate
    }
  }
}

extension TrackerParameters {
  /// The standard deviations of a new track's diagonal covariance, in the state's order (radians, ln
  /// radians, per second).
  public var initialStandardDeviations: TrackState {
    TrackState(
      azimuth: initialStdAngle, elevation: initialStdAngle, logSize: initialStdLogSize,
      azimuthRate: initialStdAngleRate, elevationRate: initialStdAngleRate, logSizeRate: initialStdLogSizeRate
    )
  }
}
