import Foundation

/// Cholesky factorization and solves for a block-diagonal symmetric positive-definite matrix, all
/// blocks at once, by one of two methods (`Method`):
///
/// * `.banded`: the blocks are written into LAPACK's band storage (bandwidth = block size − 1),
///   factored by one `dpbtrf` call and solved by one `dpbtrs` or `dtbtrs` call, whatever the count;
/// * `.blockwise` (the default): each block is factored and solved in a loop over the contiguous
///   blocks, with the same arithmetic. LAPACK's band routines are unblocked for narrow bands: `dpbtf2`
///   makes a `dscal` and a `dsyr` call per column and `dtbtrs` a `dtbsv` sweep per right-hand side, so
///   for 3×3 blocks their call overhead dominates (measured in `docs/notes/2026-11-performance-history.md`).
///
/// This is how a tracker factors the innovation covariances Sₖ of all its tracks together. Storage
/// grows only when the block count exceeds every count before.
public struct BlockDiagonalCholesky: Sendable {
  /// How the blocks are factored and solved.
  public enum Method: Sendable, Equatable {
    /// One LAPACK call per operation over LAPACK's band storage.
    case banded
    /// A loop over the blocks (closed-form for each small block).
    case blockwise
  }

  /// Order of each block.
  public let blockSize: Int
  public let method: Method
  /// The lower factors Lₖ (blockwise method).
  var factors: MatrixStack
  /// Blocks in the current factor.
  public private(set) var count = 0
  /// Lower band storage, (blockSize) × (blockSize · capacity): band[d, j] = A[j + d, j].
  var band: Matrix
  /// Right-hand sides, row-stacked for dpbtrs: (blockSize · capacity) × rhsColumns.
  var rhs: Matrix

  /// A factorization of blocks of order `blockSize`.
  public init(blockSize: Int, method: Method = .blockwise) {
    precondition(blockSize > 0, "block size \(blockSize)")
    self.blockSize = blockSize
    self.method = method
    factors = MatrixStack(rows: blockSize, columns: blockSize)
    band = Matrix(rows: blockSize, columns: blockSize)
    rhs = Matrix(rows: blockSize, columns: 1)
  }

  /// Factors the block-diagonal matrix whose blocks are `blocks` (each `blockSize`×`blockSize`; only
  /// their lower triangles are read).
  /// - Throws: `notPositiveDefinite(order:)` with the order within the whole matrix (block
  ///   `(order − 1) / blockSize` failed), `invalidArgument` (including NaN input), `dimensionMismatch`.
  public mutating func factor(_ blocks: MatrixStack) throws(LinearAlgebraError) {
    let b = blockSize
    guard blocks.rows == b, blocks.columns == b else {
      throw .dimensionMismatch("BlockDiagonalCholesky.factor: blocks \(blocks.shapeText), need \(b)×\(b)")
    }
    count = blocks.count
    let order = b * count
    guard order > 0 else { return }
    if method == .blockwise {
      try factorBlockwise(blocks)
      return
    }
    if band.columns < order { band = Matrix(rows: b, columns: Swift.max(order, 2 * band.columns)) }
    blocks.withBlocks { s in
      band.withMutableStorage { ab in
        for k in 0..<count {
          for c in 0..<b {
            let j = k * b + c
            for d in 0..<b {
              // Below the block, inside the band: zero (the next block does not couple).
              ab[j * b + d] = c + d < b ? s[k * b * b + c * b + c + d] : 0
            }
          }
        }
      }
    }
    let info = LAPACKCalls.dpbtrfLower(&band, order: order, bands: b - 1)
    if info > 0 { throw .notPositiveDefinite(order: Int(info)) }
    if info < 0 { throw .invalidArgument(routine: "dpbtrf", position: Int(-info)) }
  }

  /// ln det Aₖ of block `k` of the last factorization: 2 Σ ln (Lₖ)ᵢᵢ.
  public func logDeterminant(block k: Int) -> Double {
    precondition(k >= 0 && k < count, "block \(k) of \(count)")
    var sum = 0.0
    for i in 0..<blockSize {
      sum += Foundation.log(method == .blockwise ? factors[k, i, i] : band[0, k * blockSize + i])
    }
    return 2 * sum
  }

  /// Solves A·Xₖ = Bₖ in place for every block of `rhs` (each `blockSize`×r), with the factor of the
  /// last `factor(_:)`.
  /// - Throws: `dimensionMismatch` when `rhs` does not have one block per factored block;
  ///   `invalidArgument` (including NaN input) or `lapackFailure` from dpbtrs.
  public mutating func solve(_ x: inout MatrixStack) throws(LinearAlgebraError) {
    try solve(&x, columns: x.columns)
  }

  /// Solves for the first `columns` columns of every block of `rhs` only; the other columns are left
  /// as they are (a stack sized for the most right-hand sides seen, used for fewer).
  public mutating func solve(_ x: inout MatrixStack, columns r: Int) throws(LinearAlgebraError) {
    try apply(&x, columns: r, lowerOnly: false)
  }

  /// Replaces the first `columns` columns of every block Bₖ of `rhs` by Lₖ⁻¹·Bₖ, Lₖ the lower factor
  /// (one dtbtrs call): half of a solve. With V = L⁻¹B, Bᵀ·A⁻¹·B = VᵀV, which is all a Kalman update
  /// needs (the NIS, the gain applied to the innovation, and the covariance reduction).
  public mutating func solveLower(_ x: inout MatrixStack, columns r: Int) throws(LinearAlgebraError) {
    try apply(&x, columns: r, lowerOnly: true)
  }

  private mutating func apply(_ x: inout MatrixStack, columns r: Int, lowerOnly: Bool)
    throws(LinearAlgebraError)
  {
    let b = blockSize
    guard x.rows == b, x.count == count, r >= 0, r <= x.columns else {
      throw .dimensionMismatch(
        "BlockDiagonalCholesky.solve: rhs \(x.shapeText) (\(r) columns), need \(count) blocks of \(b) rows")
    }
    let order = b * count
    let width = x.columns
    guard order > 0, r > 0 else { return }
    if method == .blockwise {
      solveBlockwise(&x, columns: r, lowerOnly: lowerOnly)
      return
    }
    if rhs.rows < order || rhs.columns < r {
      rhs = Matrix(rows: Swift.max(order, 2 * rhs.rows), columns: Swift.max(r, rhs.columns))
    }
    let ld = rhs.rows
    // Row-stacked for LAPACK: row k·b + i, column c.
    x.withBlocks { px in
      rhs.withMutableStorage { pr in
        for k in 0..<count {
          for c in 0..<r { for i in 0..<b { pr[c * ld + k * b + i] = px[k * b * width + c * b + i] } }
        }
      }
    }
    if lowerOnly {
      let info = LAPACKCalls.dtbtrsLower(factor: band, order: order, bands: b - 1, &rhs, columns: r)
      if info < 0 { throw .invalidArgument(routine: "dtbtrs", position: Int(-info)) }
      if info > 0 { throw .lapackFailure(routine: "dtbtrs", info: info) }
    } else {
      let info = LAPACKCalls.dpbtrsLower(factor: band, order: order, bands: b - 1, &rhs, columns: r)
      if info < 0 { throw .invalidArgument(routine: "dpbtrs", position: Int(-info)) }
      if info > 0 { throw .lapackFailure(routine: "dpbtrs", info: info) }
    }
    rhs.withStorage { pr in
      x.withMutableBlocks { px in
        for k in 0..<count {
          for c in 0..<r { for i in 0..<b { px[k * b * width + c * b + i] = pr[c * ld + k * b + i] } }
        }
      }
    }
  }

  /// Lₖ for every block, in `factors` (lower triangle; the strict upper is zero).
  private mutating func factorBlockwise(_ blocks: MatrixStack) throws(LinearAlgebraError) {
    let b = blockSize
    factors.resize(to: blocks.count)
    let failure: LinearAlgebraError? = blocks.withBlocks { s in
      factors.withMutableBlocks { l in
        for k in 0..<blocks.count {
          let o = k * b * b
          for j in 0..<b {
            // NaN is refused as LAPACKE's check would; a non-positive pivot is not positive definite.
            for i in j..<b where s[o + j * b + i].isNaN {
              return .invalidArgument(routine: "BlockDiagonalCholesky.factor (NaN input)", position: 0)
            }
            var d = s[o + j * b + j]
            for m in 0..<j { d -= l[o + m * b + j] * l[o + m * b + j] }
            guard d > 0 else { return .notPositiveDefinite(order: k * b + j + 1) }
            let pivot = d.squareRoot()
            l[o + j * b + j] = pivot
            for i in 0..<j { l[o + j * b + i] = 0 }
            for i in (j + 1)..<b {
              var v = s[o + j * b + i]
              for m in 0..<j { v -= l[o + m * b + i] * l[o + m * b + j] }
              l[o + j * b + i] = v / pivot
            }
          }
        }
        return nil
      }
    }
    if let failure { throw failure }
  }

  /// Forward (and, for a full solve, backward) substitution with each Lₖ, block by block.
  private func solveBlockwise(_ x: inout MatrixStack, columns r: Int, lowerOnly: Bool) {
    let (b, width, count) = (blockSize, x.columns, count)
    factors.withBlocks { l in
      x.withMutableBlocks { px in
        // A constant block size lets the compiler unroll the substitutions.
        if b == 3 {
          Self.substitute(l, px, count: count, b: 3, width: width, columns: r, lowerOnly: lowerOnly)
        } else {
          Self.substitute(l, px, count: count, b: b, width: width, columns: r, lowerOnly: lowerOnly)
        }
      }
    }
  }

  @inline(__always)
  private static func substitute(
    _ l: UnsafeBufferPointer<Double>, _ px: UnsafeMutableBufferPointer<Double>, count: Int, b: Int,
    width: Int, columns r: Int, lowerOnly: Bool
  ) {
    for k in 0..<count {
      let (ol, ox) = (k * b * b, k * b * width)
      for c in 0..<r {
        let o = ox + c * b
        for i in 0..<b {
          var v = px[o + i]
          for m in 0..<i { v -= l[ol + m * b + i] * px[o + m] }
          px[o + i] = v / l[ol + i * b + i]
        }
        guard !lowerOnly else { continue }
        for i in stride(from: b - 1, through: 0, by: -1) {
          var v = px[o + i]
          for m in (i + 1)..<b { v -= l[ol + i * b + m] * px[o + m] }
          px[o + i] = v / l[ol + i * b + i]
        }
      }
    }
  }
}
