/// Algebra over every block of `MatrixStack`s at once.
///
/// A product with one shared matrix (A·Bₖ) is one BLAS call over the whole stack. Products whose two
/// factors both change from block to block (Aₖ·Bₖ) have no single-call form in the BLAS this package
/// links (OpenBLAS 0.3.21 has no batched gemm, and a block-diagonal product would cost O(count²)), so
/// they run as tight loops over the contiguous blocks: the same arithmetic, without a call per block.
extension MatrixStack {
  /// cₖ = a·bₖ + beta·cₖ for every block of `b`, in one dgemm; `c` is resized to `b.count`.
  /// - Throws: `dimensionMismatch` unless `a` is `c.rows`×`b.rows` and `c` has `b.columns` columns.
  public static func multiply(
    _ a: Matrix, _ b: MatrixStack, into c: inout MatrixStack, beta: Double = 0
  ) throws(LinearAlgebraError) {
    guard a.columns == b.rows, a.rows == c.rows, b.columns == c.columns else {
      throw .dimensionMismatch(
        "MatrixStack.multiply: a \(a.shapeText), b \(b.shapeText), c \(c.shapeText); need a m×k, b k×n, c m×n"
      )
    }
    if beta == 0 || c.count != b.count { c.resize(to: b.count) }
    guard b.count > 0 else { return }
    BLASCalls.dgemm(
      a, .none, b.matrix, .none, into: &c.matrix, m: a.rows, n: b.columns * b.count, k: a.columns, alpha: 1,
      beta: beta)
  }

  /// pₖ ← a·pₖ·aᵀ + q for every block, each pₖ symmetric: two dgemm calls over the stack and a block
  /// transpose between them (pₖ·aᵀ = (a·pₖ)ᵀ when pₖ is symmetric). `scratch` is resized as needed.
  /// - Throws: `dimensionMismatch` unless `a`, `q` and the blocks are all n×n.
  public static func symmetricSandwich(
    _ a: Matrix, _ p: inout MatrixStack, plus q: Matrix, scratch: inout MatrixStack
  ) throws(LinearAlgebraError) {
    let n = p.rows
    guard a.rows == n, a.columns == n, p.columns == n, q.rows == n, q.columns == n, scratch.rows == n,
      scratch.columns == n
    else {
      throw .dimensionMismatch(
        "MatrixStack.symmetricSandwich: a \(a.shapeText), p \(p.shapeText), q \(q.shapeText), scratch \(scratch.shapeText); need n×n everywhere"
      )
    }
    try multiply(a, p, into: &scratch)
    scratch.transposeBlocks()
    let size = p.blockSize
    q.withStorage { pq in
      p.withMutableBlocks { pp in
        var o = 0
        while o < pp.count {
          for i in 0..<size { pp[o + i] = pq[i] }
          o += size
        }
      }
    }
    try multiply(a, scratch, into: &p, beta: 1)
  }

  /// Transposes every (square) block in place.
  public mutating func transposeBlocks() {
    precondition(rows == columns, "transposeBlocks needs square blocks, not \(shapeText)")
    let n = rows
    let size = blockSize
    withMutableBlocks { s in
      var o = 0
      while o < s.count {
        for j in 0..<n {
          for i in (j + 1)..<n {
            let t = s[o + j * n + i]
            s[o + j * n + i] = s[o + i * n + j]
            s[o + i * n + j] = t
          }
        }
        o += size
      }
    }
  }

  /// Makes every (square) block exactly symmetric: both halves become their mean.
  public mutating func symmetrizeBlocks() {
    precondition(rows == columns, "symmetrizeBlocks needs square blocks, not \(shapeText)")
    let n = rows
    let size = blockSize
    withMutableBlocks { s in
      var o = 0
      while o < s.count {
        for j in 0..<n {
          for i in (j + 1)..<n {
            let m = 0.5 * (s[o + j * n + i] + s[o + i * n + j])
            s[o + j * n + i] = m
            s[o + i * n + j] = m
          }
        }
        o += size
      }
    }
  }

  /// cₖ = aₖ·bₖ for every block; `c` is resized to `a.count`.
  /// - Throws: `dimensionMismatch` for shapes or counts that do not fit.
  public static func multiply(_ a: MatrixStack, _ b: MatrixStack, into c: inout MatrixStack)
    throws(LinearAlgebraError)
  {
    guard a.columns == b.rows, c.rows == a.rows, c.columns == b.columns, a.count == b.count else {
      throw .dimensionMismatch(
        "MatrixStack.multiply: a \(a.shapeText), b \(b.shapeText), c \(c.shapeText); need aₖ m×k, bₖ k×n, cₖ m×n, equal counts"
      )
    }
    perBlockProduct(a, b, transposed: false, into: &c)
  }

  /// cₖ = aₖ·bₖᵀ for every block; `c` is resized to `a.count`.
  /// - Throws: `dimensionMismatch` for shapes or counts that do not fit.
  public static func multiply(_ a: MatrixStack, transposing b: MatrixStack, into c: inout MatrixStack)
    throws(LinearAlgebraError)
  {
    guard a.columns == b.columns, c.rows == a.rows, c.columns == b.rows, a.count == b.count else {
      throw .dimensionMismatch(
        "MatrixStack.multiply(transposing:): a \(a.shapeText), b \(b.shapeText), c \(c.shapeText); need aₖ m×k, bₖ n×k, cₖ m×n, equal counts"
      )
    }
    perBlockProduct(a, b, transposed: true, into: &c)
  }

  /// cₖ = aₖ·op(bₖ), shapes already checked.
  private static func perBlockProduct(
    _ a: MatrixStack, _ b: MatrixStack, transposed: Bool, into c: inout MatrixStack
  ) {
    c.resize(to: a.count)
    let (m, k, n, count) = (a.rows, a.columns, c.columns, a.count)
    a.withBlocks { pa in
      b.withBlocks { pb in
        c.withMutableBlocks { pc in
          // Constant shapes let the compiler unroll the loops of the tracker's products.
          switch (m, k, n, transposed) {
          case (3, 6, 6, false): productKernel(pa, pb, pc, count, 3, 6, 6, false)
          case (3, 6, 3, true): productKernel(pa, pb, pc, count, 3, 6, 3, true)
          default: productKernel(pa, pb, pc, count, m, k, n, transposed)
          }
        }
      }
    }
  }

  @inline(__always)
  private static func productKernel(
    _ pa: UnsafeBufferPointer<Double>, _ pb: UnsafeBufferPointer<Double>,
    _ pc: UnsafeMutableBufferPointer<Double>,
    _ count: Int, _ m: Int, _ k: Int, _ n: Int, _ transposed: Bool
  ) {
    for block in 0..<count {
      let (oa, ob, oc) = (block * m * k, block * k * n, block * m * n)
      for j in 0..<n {
        for i in 0..<m { pc[oc + j * m + i] = 0 }
        for l in 0..<k {
          // bₖ is k×n, or n×k when transposed.
          let blj = transposed ? pb[ob + l * n + j] : pb[ob + j * k + l]
          for i in 0..<m { pc[oc + j * m + i] += pa[oa + l * m + i] * blj }
        }
      }
    }
  }

  /// cₖ ← cₖ + scale·aₖᵀ·bₖ for every block.
  /// - Throws: `dimensionMismatch` for shapes or counts that do not fit.
  public static func add(
    transposing a: MatrixStack, times b: MatrixStack, to c: inout MatrixStack, scale: Double = 1
  ) throws(LinearAlgebraError) {
    guard a.rows == b.rows, c.rows == a.columns, c.columns == b.columns, a.count == b.count,
      c.count == a.count
    else {
      throw .dimensionMismatch(
        "MatrixStack.add(transposing:times:to:): a \(a.shapeText), b \(b.shapeText), c \(c.shapeText); need aₖ k×m, bₖ k×n, cₖ m×n, equal counts"
      )
    }
    let (k, m, n, count) = (a.rows, a.columns, b.columns, a.count)
    a.withBlocks { pa in
      b.withBlocks { pb in
        c.withMutableBlocks { pc in
          switch (k, m, n) {
          case (3, 6, 6): transposedLeftKernel(pa, pb, pc, count, 3, 6, 6, scale)
          case (3, 6, 1): transposedLeftKernel(pa, pb, pc, count, 3, 6, 1, scale)
          default: transposedLeftKernel(pa, pb, pc, count, k, m, n, scale)
          }
        }
      }
    }
  }

  @inline(__always)
  private static func transposedLeftKernel(
    _ pa: UnsafeBufferPointer<Double>, _ pb: UnsafeBufferPointer<Double>,
    _ pc: UnsafeMutableBufferPointer<Double>,
    _ count: Int, _ k: Int, _ m: Int, _ n: Int, _ scale: Double
  ) {
    for block in 0..<count {
      let (oa, ob, oc) = (block * k * m, block * k * n, block * m * n)
      for j in 0..<n {
        for i in 0..<m {
          var sum = 0.0
          for l in 0..<k { sum += pa[oa + i * k + l] * pb[ob + j * k + l] }
          pc[oc + j * m + i] += scale * sum
        }
      }
    }
  }

  /// Sets the first `columns` columns of every block: column j of block k = column j of `values` minus
  /// block k of `offsets` (a column per block), e.g. every observation's innovation from every track's
  /// predicted measurement. Resized to `offsets.count` blocks.
  /// - Throws: `dimensionMismatch` unless `values` has `rows` rows and `columns` ≤ this stack's and
  ///   `values`' columns, and `offsets` has blocks of `rows`×1.
  public mutating func setDifferences(_ values: Matrix, columns m: Int, minus offsets: MatrixStack)
    throws(LinearAlgebraError)
  {
    guard values.rows == rows, offsets.rows == rows, offsets.columns == 1, m >= 0, m <= columns,
      m <= values.columns
    else {
      throw .dimensionMismatch(
        "MatrixStack.setDifferences: stack \(shapeText), values \(values.shapeText) (\(m) columns), offsets \(offsets.shapeText)"
      )
    }
    resize(to: offsets.count)
    let (r, width) = (rows, columns)
    values.withStorage { pv in
      offsets.withBlocks { po in
        withMutableBlocks { ps in
          for k in 0..<offsets.count {
            for j in 0..<m {
              for i in 0..<r { ps[k * r * width + j * r + i] = pv[j * r + i] - po[k * r + i] }
            }
          }
        }
      }
    }
  }

  /// The squared Euclidean norm of the first `columns` columns of every block, into `out` (resized),
  /// block-major: out[k·columns + j] = |column j of block k|².
  public func columnSquaredNorms(columns m: Int, into out: inout [Double]) {
    precondition(m >= 0 && m <= columns, "columnSquaredNorms of \(m) columns of \(shapeText)")
    out.removeAll(keepingCapacity: true)
    let (r, width) = (rows, columns)
    withBlocks { ps in
      for k in 0..<count {
        for j in 0..<m {
          var sum = 0.0
          for i in 0..<r {
            let v = ps[k * r * width + j * r + i]
            sum += v * v
          }
          out.append(sum)
        }
      }
    }
  }
}
