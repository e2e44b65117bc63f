import DockMath

/// The EKF of `ExtendedKalmanFilter`, for many tracks at once: each step is a handful of BLAS/LAPACK
/// calls on block-diagonal matrices (see `BlockWorkspace`), whatever the number of tracks.
///
///     predict:  X⁻ = F X,  P⁻ = F P Fᵀ + Q                                   2 calls
///     gate:     S = H P⁻ Hᵀ + R, chol(S), W = S⁻¹ Y for all track×observation   4 calls
///     update:   S, chol(S), Kᵀ = S⁻¹ H P⁻, x += K y, Joseph form              ~9 calls
///
/// Workspaces are allocated once per track count and reused, so a steady scene allocates nothing.
struct BatchedEKF {
  let model: MeasurementModel
  let parameters: TrackerParameters
  private var workspaces: [Int: BlockWorkspace] = [:]
  private var gateY = Matrix(rows: 0, columns: 0)
  private var gateW = Matrix(rows: 0, columns: 0)

  init(model: MeasurementModel, parameters: TrackerParameters) {
    self.model = model
    self.parameters = parameters
  }

  private mutating func workspace(_ n: Int) -> BlockWorkspace {
    if let w = workspaces.removeValue(forKey: n) { return w }
    return BlockWorkspace(n: n)
  }

  /// Predicts the tracks at `indices` by `dt` seconds.
  mutating func predict(_ states: inout [TrackFilterState], indices: [Int], dt: Double) throws {
    guard !indices.isEmpty else { return }
    var ws = workspace(indices.count)
    defer { workspaces[indices.count] = ws }
    ws.buildMotion(dt: dt, parameters: parameters)
    ws.gather(states, indices: indices)
    try BLAS.gemm(ws.f, ws.x, into: &ws.xNext)
    ws.x.copy(from: ws.xNext)
    ws.pNext.copy(from: ws.q)
    try BLAS.sandwich(ws.f, ws.p, into: &ws.pNext, workspace: &ws.scratchStates, beta: 1)
    ws.p.copy(from: ws.pNext)
    ws.scatter(into: &states, indices: indices)
  }

  /// Squared Mahalanobis distances (NIS) of every observation from every track, row-major
  /// tracks × observations; `allowed(track, observation)` false gives +∞ (for example a kind mismatch).
  /// All observations of one call share `anchor` (what their `v` measures) and `scale`.
  mutating func distances(
    _ states: [TrackFilterState], indices: [Int], measurements: [(u: Double, v: Double, h: Double)],
    pose: CameraPose, anchor: VerticalAnchor = .center, scale: MeasurementNoiseScale = .one,
    allowed: (Int, Int) -> Bool
  ) throws -> [Double] {
    let n = indices.count
    let m = measurements.count
    guard n > 0, m > 0 else { return [] }
    var ws = workspace(n)
    defer { workspaces[n] = ws }
    ws.gather(states, indices: indices)
    var predicted = [(u: Double, v: Double, h: Double)](repeating: (0, 0, 0), count: n)
    fillJacobian(
      &ws, predicted: &predicted, pose: pose, scales: Array(repeating: scale, count: n),
      anchors: Array(repeating: anchor, count: n))
    try BLAS.gemm(ws.h, ws.p, into: &ws.hp)
    ws.s.copy(from: ws.r)
    try BLAS.gemm(ws.hp, ws.h, .transposed, into: &ws.s, beta: 1)
    try Cholesky.factor(&ws.s)
    if gateY.rows != 3 * n || gateY.columns != m {
      gateY = Matrix(rows: 3 * n, columns: m)
      gateW = Matrix(rows: 3 * n, columns: m)
    }
    for i in 0..<n {
      for j in 0..<m {
        gateY[3 * i, j] = measurements[j].u - predicted[i].u
        gateY[3 * i + 1, j] = measurements[j].v - predicted[i].v
        gateY[3 * i + 2, j] = measurements[j].h - predicted[i].h
      }
    }
    gateW.copy(from: gateY)
    try Cholesky.solve(factor: ws.s, &gateW)
    var out = [Double](repeating: .infinity, count: n * m)
    for i in 0..<n {
      for j in 0..<m where allowed(i, j) {
        var d = 0.0
        for r in 3 * i..<3 * i + 3 { d += gateY[r, j] * gateW[r, j] }
        out[i * m + j] = d
      }
    }
    return out
  }

  /// Updates the tracks at `indices` with one measurement each (`anchors` says what each `v` measures);
  /// returns each track's NIS.
  mutating func update(
    _ states: inout [TrackFilterState], indices: [Int], measurements: [(u: Double, v: Double, h: Double)],
    scales: [MeasurementNoiseScale], anchors: [VerticalAnchor], pose: CameraPose
  ) throws -> [Double] {
    let n = indices.count
    guard n > 0 else { return [] }
    var ws = workspace(n)
    defer { workspaces[n] = ws }
    ws.gather(states, indices: indices)
    var predicted = [(u: Double, v: Double, h: Double)](repeating: (0, 0, 0), count: n)
    fillJacobian(&ws, predicted: &predicted, pose: pose, scales: scales, anchors: anchors)
    for i in 0..<n {
      ws.y[3 * i, 0] = measurements[i].u - predicted[i].u
      ws.y[3 * i + 1, 0] = measurements[i].v - predicted[i].v
      ws.y[3 * i + 2, 0] = measurements[i].h - predicted[i].h
    }
    try BLAS.gemm(ws.h, ws.p, into: &ws.hp)
    ws.s.copy(from: ws.r)
    try BLAS.gemm(ws.hp, ws.h, .transposed, into: &ws.s, beta: 1)
    try Cholesky.factor(&ws.s)
    ws.w.copy(from: ws.y)
    try Cholesky.solve(factor: ws.s, &ws.w)
    var nis = [Double](repeating: 0, count: n)
    for i in 0..<n { for r in 3 * i..<3 * i + 3 { nis[i] += ws.y[r, 0] * ws.w[r, 0] } }
    // hp becomes Kᵀ = S⁻¹ H P⁻.
    try Cholesky.solve(factor: ws.s, &ws.hp)
    try BLAS.gemm(ws.hp, .transposed, ws.y, into: &ws.x, beta: 1)
    ws.joseph.setIdentity()
    try BLAS.gemm(ws.hp, .transposed, ws.h, into: &ws.joseph, alpha: -1, beta: 1)
    try BLAS.sandwich(ws.joseph, ws.p, into: &ws.pNext, workspace: &ws.scratchStates)
    try BLAS.sandwich(ws.hp, .transposed, ws.r, into: &ws.pNext, workspace: &ws.scratchGain, beta: 1)
    ws.pNext.symmetrize()
    ws.p.copy(from: ws.pNext)
    for i in 0..<n { ws.x[6 * i, 0] = Angle.wrap(ws.x[6 * i, 0]) }
    ws.scatter(into: &states, indices: indices)
    return nis
  }

  /// Fills the block-diagonal H and R and the predicted measurements.
  private func fillJacobian(
    _ ws: inout BlockWorkspace, predicted: inout [(u: Double, v: Double, h: Double)], pose: CameraPose,
    scales: [MeasurementNoiseScale], anchors: [VerticalAnchor]
  ) {
    let center = parameters.measurementNoiseCenter
    let size = parameters.measurementNoiseHeight
    for i in 0..<ws.n {
      let o = 6 * i
      let e = model.evaluate(
        azimuth: ws.x[o, 0], elevation: ws.x[o + 1, 0], logSize: ws.x[o + 2, 0], pose: pose)
      let half = anchors[i].sign / 2
      predicted[i] = (e.u, e.v + half * e.h, e.h)
      let row = 3 * i
      ws.h[row, o] = e.duAz
      ws.h[row, o + 1] = e.duEl
      ws.h[row + 1, o] = e.dvAz
      ws.h[row + 1, o + 1] = e.dvEl
      ws.h[row + 1, o + 2] = half * e.dhLs
      ws.h[row + 2, o + 2] = e.dhLs
      let k = scales[i]
      ws.r[row, row] = (center * k.u) * (center * k.u)
      ws.r[row + 1, row + 1] = (center * k.v) * (center * k.v)
      ws.r[row + 2, row + 2] = (size * k.h) * (size * k.h)
    }
  }
}
