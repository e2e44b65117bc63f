/// Products of every matrix of an `InterleavedMatrices` bank with one shared matrix: each is one
/// dgemm over the whole bank (the lanes in padding are multiplied too; they cost at most
/// `laneWidth − 1` matrices' worth).
extension InterleavedMatrices {
  /// yₖ = a·xₖ for every column vector xₖ of `x` (one dgemm: the bank seen as a stride×rows matrix
  /// times aᵀ); `y` is resized to `x.count`.
  /// - Throws: `dimensionMismatch` unless `x` and `y` hold column vectors and `a` is `y.rows`×`x.rows`.
  public static func multiply(_ a: Matrix, vectors x: InterleavedMatrices, into y: inout InterleavedMatrices)
    throws(LinearAlgebraError)
  {
    guard x.columns == 1, y.columns == 1, a.columns == x.rows, a.rows == y.rows else {
      throw .dimensionMismatch(
        "InterleavedMatrices.multiply(vectors:): a \(a.shapeText), x \(x.shapeText), y \(y.shapeText); need a m×n, xₖ n×1, yₖ m×1"
      )
    }
    y.resize(to: x.count)
    let s = x.stride
    x.withLanes { px in
      y.withMutableLanes { py in
        BLASCalls.dgemm(
          px, lda: s, a, .transposed, into: py, ldc: s, m: s, n: a.rows, k: a.columns, alpha: 1, beta: 0)
      }
    }
  }

  /// cₖ = bₖ·aᵀ (or cₖ + bₖ·aᵀ when `accumulate`) for every matrix bₖ of `b` (one dgemm: the bank
  /// seen as a (rows·stride)×columns matrix times aᵀ); `c` is resized to `b.count`.
  /// - Throws: `dimensionMismatch` unless `a` is `c.columns`×`b.columns` and `c` has `b.rows` rows, or
  ///   when accumulating into a `c` of another count.
  public static func multiply(
    _ b: InterleavedMatrices, transposing a: Matrix, into c: inout InterleavedMatrices,
    accumulate: Bool = false
  ) throws(LinearAlgebraError) {
    guard a.columns == b.columns, a.rows == c.columns, c.rows == b.rows, !accumulate || c.count == b.count
    else {
      throw .dimensionMismatch(
        "InterleavedMatrices.multiply(transposing:): b \(b.shapeText), a \(a.shapeText), c \(c.shapeText); need bₖ m×k, a n×k, cₖ m×n"
      )
    }
    c.resize(to: b.count)
    let ld = b.rows * b.stride
    b.withLanes { pb in
      c.withMutableLanes { pc in
        BLASCalls.dgemm(
          pb, lda: ld, a, .transposed, into: pc, ldc: ld, m: ld, n: a.rows, k: a.columns, alpha: 1,
          beta: accumulate ? 1 : 0)
      }
    }
  }

  /// pₖ ← a·pₖ·aᵀ + q for every matrix of a bank that holds the transposes tₖ = pₖᵀ (for a
  /// symmetric pₖ, pₖ itself): afterwards tₖ = (a·pₖ·aᵀ + q)ᵀ. Two dgemm calls over the bank and one
  /// lane-wise transpose between them; `scratch` is resized as needed.
  ///
  /// Every element is rounded as `MatrixStack.symmetricSandwich` rounds the same element of pₖ (the
  /// same products summed in the same order), which is why the bank holds transposes: that order
  /// computes (a·(a·pₖ)ᵀ)ᵀ = (a·pₖ)·aᵀ directly, with right-hand products only. q must be symmetric.
  /// - Throws: `dimensionMismatch` unless `a`, `q` and the matrices are all n×n.
  public static func symmetricSandwich(
    _ a: Matrix, transposes t: inout InterleavedMatrices, plus q: Matrix, scratch: inout InterleavedMatrices
  ) throws(LinearAlgebraError) {
    let n = t.rows
    guard a.rows == n, a.columns == n, t.columns == n, q.rows == n, q.columns == n, scratch.rows == n,
      scratch.columns == n
    else {
      throw .dimensionMismatch(
        "InterleavedMatrices.symmetricSandwich: a \(a.shapeText), t \(t.shapeText), q \(q.shapeText), scratch \(scratch.shapeText); need n×n everywhere"
      )
    }
    // tₖ·aᵀ = (a·pₖ)ᵀ; transposed, a·pₖ; times aᵀ, (a·pₖ)·aᵀ = (a·pₖ·aᵀ)ᵀ, accumulated onto q
    // (dgemm's beta = 1, as MatrixStack does it).
    try multiply(t, transposing: a, into: &scratch)
    scratch.transposeMatrices()
    t.fill(q)
    try multiply(scratch, transposing: a, into: &t, accumulate: true)
  }

  /// Transposes every (square) matrix in place.
  public mutating func transposeMatrices() {
    precondition(rows == columns, "transposeMatrices needs square matrices, not \(shapeText)")
    let (n, s) = (rows, stride)
    withMutableLanes { e in
      for j in 0..<n {
        for i in (j + 1)..<n {
          let (a, b) = ((j &* n &+ i) &* s, (i &* n &+ j) &* s)
          for k in Swift.stride(from: 0, to: s, by: Lanes.scalarCount) {
            let t = e.lanes(a &+ k)
            e.setLanes(a &+ k, e.lanes(b &+ k))
            e.setLanes(b &+ k, t)
          }
        }
      }
    }
  }

  /// Every matrix (padding included) becomes `q` (rows×columns).
  public mutating func fill(_ q: Matrix) {
    precondition(q.rows == rows && q.columns == columns, "fill \(shapeText) with \(q.shapeText)")
    let s = stride
    q.withStorage { pq in
      withMutableLanes { e in
        for x in 0..<pq.count {
          let v = Lanes(repeating: pq[x])
          for k in Swift.stride(from: 0, to: s, by: Lanes.scalarCount) { e.setLanes(x &* s &+ k, v) }
        }
      }
    }
  }
}
