/// The prediction of a bank of constant-velocity filters: every state is m positions followed by
/// their m rates (n = 2m), and
///
///     F = [[I, dt·I], [0, I]],   x ← F x,   P ← F P Fᵀ + Q.
///
/// F is the identity plus dt times a shift of the rates onto the positions, so F P Fᵀ is P plus
/// scaled copies of whole rows and columns: P·Fᵀ adds dt·column j + m to column j < m, F·(P Fᵀ) then
/// adds dt·row i + m to row i < m, x ← F x adds dt·rate i to position i. That is O(n²) work per filter
/// where the dense products cost O(n³), most of it multiplying zeros.
///
/// It runs in lane loops, one pass over each covariance per group of lanes, rather than as the
/// 2 + n BLAS daxpy calls over the whole bank it replaced: at these sizes the calls' fixed cost was
/// most of the time (a bank of one filter paid eight calls over sixteen lanes, about a fifth of its
/// whole frame), and OpenBLAS rounds `y + α·x` as a fused multiply-add or not depending on the
/// machine's kernel (and, past its last block of 16, on where an element falls). Here every element
/// is one multiplication and one addition, each rounded, in the same order for every filter: a
/// filter's prediction depends neither on the machine nor on how many filters share the bank. (A
/// crossover to BLAS for large banks would break the second: a fused multiply-add per element in
/// Swift, to match OpenBLAS, is a call to the C library's `fma` on baseline x86-64, 3 ns each.)
extension InterleavedMatrices {
  /// Predicts every filter of the bank by `dt` with the constant-velocity model above: xₖ ← F xₖ and
  /// Pₖ ← F Pₖ Fᵀ + q for every k. Lanes past the filters are padding: those in a filter's lane pair
  /// (six states) or group of four (other sizes) are predicted too, the others left as they are.
  ///
  /// The covariances may be stored as they are or transposed (as `InterleavedInnovation` with
  /// `covariancesTransposed` reads them): F Pᵀ Fᵀ = (F P Fᵀ)ᵀ, so either orientation comes out as it
  /// went in, given a symmetric q. Each element is rounded as if the column step, the row step and
  /// the addition of q were done in turn over the whole matrix; every entry of q is added (a zero
  /// changes nothing but a −0 into +0), so the additions need no branch.
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
    let (count, xs, ps) = (p.count, x.stride, p.stride)
    q.withStorage { pq in
      x.withMutableLanes { ex in
        p.withMutableLanes { ep in
          if n == 6 {
            // The tracker's six states: two lanes at a time, so that a pair of columns fits in the
            // sixteen SSE registers (twelve values), and a bank of one filter computes one pair.
            let k = ConstantVelocityKernel6(
              x: ex, xStride: xs, p: ep, pStride: ps, q: pq.baseAddress!, dt: dt)
            for c in Swift.stride(from: 0, to: count, by: 2) { k.predict(lanes: c) }
          } else {
            let k = ConstantVelocityKernel(x: ex, xStride: xs, p: ep, pStride: ps, q: pq.baseAddress!, dt: dt)
            for c in Swift.stride(from: 0, to: count, by: Lanes.scalarCount) { k.predict(lanes: c, n: n) }
          }
        }
      }
    }
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

/// One lane group's prediction, in place (see `predictConstantVelocity`): four lanes at a time, any
/// even n.
private struct ConstantVelocityKernel {
  let x: UnsafeMutablePointer<Double>
  let xStride: Int
  let p: UnsafeMutablePointer<Double>
  let pStride: Int
  /// Column-major n×n.
  let q: UnsafePointer<Double>
  let dt: Double

  @inline(__always)
  func predict(lanes c: Int, n: Int) {
    let m = n / 2
    let a = Lanes(repeating: dt)
    for i in 0..<m {
      let (position, rate) = (i &* xStride &+ c, (i &+ m) &* xStride &+ c)
      x.setLanes(position, x.lanes(position) + a * x.lanes(rate))
    }
    // Element (i, j) of the storage is at (j·n + i)·stride + lane.
    @inline(__always) func at(_ i: Int, _ j: Int) -> Int { (j &* n &+ i) &* pStride &+ c }
    @inline(__always) func q(_ i: Int, _ j: Int) -> Lanes { Lanes(repeating: self.q[j &* n &+ i]) }
    for j in 0..<m {
      // Column j: the column step (+ dt·column j + m), then in rows i < m the row step (+ dt·row i + m
      // of the column-stepped matrix), then q.
      for i in 0..<n { p.setLanes(at(i, j), p.lanes(at(i, j)) + a * p.lanes(at(i, j &+ m))) }
      for i in 0..<m { p.setLanes(at(i, j), p.lanes(at(i, j)) + a * p.lanes(at(i &+ m, j)) + q(i, j)) }
      for i in m..<n { p.setLanes(at(i, j), p.lanes(at(i, j)) + q(i, j)) }
    }
    for j in m..<n {
      // Column j ≥ m: the column step leaves it; the row step adds dt·row i + m to row i < m; then q.
      for i in 0..<m { p.setLanes(at(i, j), p.lanes(at(i, j)) + a * p.lanes(at(i &+ m, j)) + q(i, j)) }
      for i in m..<n { p.setLanes(at(i, j), p.lanes(at(i, j)) + q(i, j)) }
    }
  }
}

/// `ConstantVelocityKernel` for six states (m = 3), two lanes at a time, every element computed as
/// there; the twelve elements of a pair of columns are named values (in registers), not an array.
private struct ConstantVelocityKernel6 {
  typealias Pair = SIMD2<Double>
  let x: UnsafeMutablePointer<Double>
  let xStride: Int
  let p: UnsafeMutablePointer<Double>
  let pStride: Int
  let q: UnsafePointer<Double>
  let dt: Double

  @inline(__always) func load(_ p: UnsafeMutablePointer<Double>, _ offset: Int) -> Pair {
    UnsafeRawPointer(p + offset).loadUnaligned(as: Pair.self)
  }

  @inline(__always) func store(_ value: Pair, _ p: UnsafeMutablePointer<Double>, _ offset: Int) {
    UnsafeMutableRawPointer(p + offset).storeBytes(of: value, as: Pair.self)
  }

  @inline(__always)
  func predict(lanes c: Int) {
    let a = Pair(repeating: dt)
    for i in 0..<3 {
      let (position, rate) = (i &* xStride &+ c, (i &+ 3) &* xStride &+ c)
      store(load(x, position) + a * load(x, rate), x, position)
    }
    let s = pStride
    for j in 0..<3 {
      // Element (i, j) of the storage is at (6j + i)·stride + lane: columns j and j + 3 from here.
      let (lc, rc) = (6 &* j &* s &+ c, 6 &* (j &+ 3) &* s &+ c)
      let (l0, l1, l2, l3, l4, l5) = (
        load(p, lc), load(p, lc &+ s), load(p, lc &+ 2 &* s), load(p, lc &+ 3 &* s), load(p, lc &+ 4 &* s),
        load(p, lc &+ 5 &* s)
      )
      let (r0, r1, r2, r3, r4, r5) = (
        load(p, rc), load(p, rc &+ s), load(p, rc &+ 2 &* s), load(p, rc &+ 3 &* s), load(p, rc &+ 4 &* s),
        load(p, rc &+ 5 &* s)
      )
      // The column step on column j, then the row step on both columns (rows i < 3 gain dt·row
      // i + 3), then q.
      let (s0, s1, s2, s3, s4, s5) = (
        l0 + a * r0, l1 + a * r1, l2 + a * r2, l3 + a * r3, l4 + a * r4, l5 + a * r5
      )
      let (b0, b1, b2) = (s0 + a * s3, s1 + a * s4, s2 + a * s5)
      let (e0, e1, e2) = (r0 + a * r3, r1 + a * r4, r2 + a * r5)
      let (ql, qr) = (q + 6 &* j, q + 6 &* (j &+ 3))
      @inline(__always) func plusQ(_ v: Pair, _ q: Double) -> Pair { v + Pair(repeating: q) }
      store(plusQ(b0, ql[0]), p, lc)
      store(plusQ(b1, ql[1]), p, lc &+ s)
      store(plusQ(b2, ql[2]), p, lc &+ 2 &* s)
      store(plusQ(s3, ql[3]), p, lc &+ 3 &* s)
      store(plusQ(s4, ql[4]), p, lc &+ 4 &* s)
      store(plusQ(s5, ql[5]), p, lc &+ 5 &* s)
      store(plusQ(e0, qr[0]), p, rc)
      store(plusQ(e1, qr[1]), p, rc &+ s)
      store(plusQ(e2, qr[2]), p, rc &+ 2 &* s)
      store(plusQ(r3, qr[3]), p, rc &+ 3 &* s)
      store(plusQ(r4, qr[4]), p, rc &+ 4 &* s)
      store(plusQ(r5, qr[5]), p, rc &+ 5 &* s)
    }
  }
}
