/// The prediction of a bank of constant-velocity filters: every state is m positions followed by
/// their m rates (n = 2m), and
///
///     F = [[I, dt·I], [0, I]],   x ← F x,   P ← F P Fᵀ + Q.
///
/// F is the identity plus dt times a shift of the rates onto the positions, so each product with F
/// is one scaled addition of whole rows or columns of every matrix at once, and in the interleaved
/// layout those are contiguous runs of lanes: x ← F x is one daxpy (positions += dt·rates over every
/// filter), P·Fᵀ is one daxpy (columns 0..<m += dt·columns m..<n of every matrix), F·(P Fᵀ) is one
/// daxpy per column (rows 0..<m += dt·rows m..<n). A frame's prediction is thus 2 + n BLAS calls
/// of O(n²·count) work, where the dense products cost O(n³·count), most of it multiplying zeros.
extension InterleavedMatrices {
  /// Predicts every filter of the bank by `dt` with the constant-velocity model above: xₖ ← F xₖ and
  /// Pₖ ← F Pₖ Fᵀ + q for every k (padding lanes too; they stay zero but for q).
  ///
  /// The covariances may be stored as they are or transposed (as `InterleavedInnovation` with
  /// `covariancesTransposed` reads them): F Pᵀ Fᵀ = (F P Fᵀ)ᵀ, so either orientation comes out as it
  /// went in, given a symmetric q. Only q's non-zero entries are added.
  /// - Parameters:
  ///   - x: the states, n×1 each: positions in rows 0..<m, their rates in rows m..<n.
  ///   - p: the covariances, n×n each, as many as `x` holds.
  ///   - dt: the time step, in the rates' time unit.
  ///   - q: the process noise added to every covariance, n×n, symmetric.
  /// - Throws: `dimensionMismatch` unless n is even, `x` holds n×1 and `p` and `q` n×n, with equal
  ///   counts (nothing is changed then).
  public static func predictConstantVelocity(
    states x: inout InterleavedMatrices, covariances p: inout InterleavedMatrices, dt: Double, plus q: Matrix
  ) throws(LinearAlgebraError) {
    let n = p.rows
    guard n % 2 == 0, x.rows == n, x.columns == 1, p.columns == n, q.rows == n, q.columns == n,
      x.count == p.count
    else {
      throw .dimensionMismatch(
        "InterleavedMatrices.predictConstantVelocity: x \(x.shapeText), p \(p.shapeText), q \(q.shapeText); need xₖ n×1, pₖ and q n×n with n even, equal counts"
      )
    }
    guard p.count > 0 else { return }
    let (m, s) = (n / 2, p.stride)
    x.withMutableLanes { e in BLASCalls.daxpy(m * s, alpha: dt, e + m * s, into: e) }
    p.withMutableLanes { e in
      // P·Fᵀ: column j < m gains dt·column j + m; the columns of one matrix are consecutive runs.
      BLASCalls.daxpy(m * n * s, alpha: dt, e + m * n * s, into: e)
      // F·(P Fᵀ): in every column, row i < m gains dt·row i + m.
      for j in 0..<n { BLASCalls.daxpy(m * s, alpha: dt, e + (j * n + m) * s, into: e + j * n * s) }
    }
    p.add(q, skippingZeros: true)
  }

  /// Every matrix (padding included) gains `q` (rows×columns); with `skippingZeros`, only q's non-zero
  /// entries are added (adding an exact zero changes nothing but the sign of a zero).
  public mutating func add(_ q: Matrix, skippingZeros: Bool = false) {
    precondition(q.rows == rows && q.columns == columns, "add \(q.shapeText) to \(shapeText)")
    let s = stride
    q.withStorage { pq in
      withMutableLanes { e in
        for x in 0..<pq.count where !skippingZeros || pq[x] != 0 {
          let v = Lanes(repeating: pq[x])
          for k in Swift.stride(from: 0, to: s, by: Lanes.scalarCount) {
            e.setLanes(x &* s &+ k, e.lanes(x &* s &+ k) + v)
          }
        }
      }
    }
  }
}
