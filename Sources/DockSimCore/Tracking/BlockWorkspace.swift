import DockMath

/// Block-diagonal matrices for `n` tracks at once, allocated once per track count.
///
/// Track i occupies rows and columns 6i…6i+5 of the state matrices and 3i…3i+2 of the measurement
/// matrices. Everything outside the diagonal blocks stays zero, so one BLAS/LAPACK call processes all
/// tracks: the products of block-diagonal matrices are block-diagonal, and so is the Cholesky factor of
/// a block-diagonal S.
struct BlockWorkspace {
  let n: Int
  var f: Matrix
  var q: Matrix
  var x: Matrix
  var xNext: Matrix
  var p: Matrix
  var pNext: Matrix
  var scratchStates: Matrix
  var h: Matrix
  var hp: Matrix
  var s: Matrix
  var r: Matrix
  var y: Matrix
  var w: Matrix
  var joseph: Matrix
  var scratchGain: Matrix
  var dt = Double.nan

  init(n: Int) {
    self.n = n
    let ns = 6 * n
    let nm = 3 * n
    f = Matrix(rows: ns, columns: ns)
    q = Matrix(rows: ns, columns: ns)
    x = Matrix(rows: ns, columns: 1)
    xNext = Matrix(rows: ns, columns: 1)
    p = Matrix(rows: ns, columns: ns)
    pNext = Matrix(rows: ns, columns: ns)
    scratchStates = Matrix(rows: ns, columns: ns)
    h = Matrix(rows: nm, columns: ns)
    hp = Matrix(rows: nm, columns: ns)
    s = Matrix(rows: nm, columns: nm)
    r = Matrix(rows: nm, columns: nm)
    y = Matrix(rows: nm, columns: 1)
    w = Matrix(rows: nm, columns: 1)
    joseph = Matrix(rows: ns, columns: ns)
    scratchGain = Matrix(rows: ns, columns: nm)
  }

  /// Copies the tracks' states and covariances into the diagonal blocks.
  mutating func gather(_ states: [TrackFilterState], indices: [Int]) {
    p.setZero()
    for (b, t) in indices.enumerated() {
      let o = 6 * b
      for i in 0..<6 {
        x[o + i, 0] = states[t].x[i]
        for j in 0..<6 { p[o + i, o + j] = states[t].p[j * 6 + i] }
      }
    }
  }

  /// Copies the diagonal blocks back into the tracks.
  func scatter(into states: inout [TrackFilterState], indices: [Int]) {
    for (b, t) in indices.enumerated() {
      let o = 6 * b
      for i in 0..<6 {
        states[t].x[i] = x[o + i, 0]
        for j in 0..<6 { states[t].p[j * 6 + i] = p[o + i, o + j] }
      }
    }
  }

  /// Block-diagonal F and Q for time step `dt` (rebuilt only when dt changes).
  mutating func buildMotion(dt: Double, parameters: TrackerParameters) {
    guard dt != self.dt else { return }
    self.dt = dt
    MotionModelMatrices.fill(f: &f, q: &q, dt: dt, parameters: parameters, tracks: n)
  }
}
