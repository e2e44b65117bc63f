/// Dense BLAS operations on column-major `Matrix` values, backed by OpenBLAS running on the
/// caller's thread.
///
/// Results go into an `inout` matrix of the right shape that is overwritten (or accumulated
/// into, via `beta`) in place, so nothing is allocated while the output is uniquely referenced.
/// Every shape is checked before anything is written; a mismatch throws
/// `LinearAlgebraError.dimensionMismatch` and leaves every operand unchanged.
public enum BLAS {
  /// c = alpha·op(a)·op(b) + beta·c (cblas_dgemm, column-major).
  ///
  /// With op(a) m×k and op(b) k×n, `c` must be m×n. When `beta` is 0, `c` is not read, so its
  /// previous contents (even NaN) do not matter.
  /// - Throws: `LinearAlgebraError.dimensionMismatch` when the inner dimensions differ or `c`
  ///   is not m×n.
  public static func gemm(
    _ a: Matrix, _ transA: Transpose = .none, _ b: Matrix, _ transB: Transpose = .none,
    into c: inout Matrix, alpha: Double = 1, beta: Double = 0
  ) throws(LinearAlgebraError) {
    let (m, k) = a.shape(transA)
    let (kb, n) = b.shape(transB)
    guard k == kb else {
      throw .dimensionMismatch(
        "gemm: \(a.shapeText("a", transA)) · \(b.shapeText("b", transB)), inner dimensions differ")
    }
    guard c.rows == m && c.columns == n else {
      throw .dimensionMismatch(
        "gemm: \(a.shapeText("a", transA)) · \(b.shapeText("b", transB)) is \(m)×\(n), c is \(c.shapeText)")
    }
    BLASCalls.dgemm(a, transA, b, transB, into: &c, m: m, n: n, k: k, alpha: alpha, beta: beta)
  }

  /// c = alpha·a·op(b) + beta·c; the same as the full `gemm` with `transA: .none`.
  ///
  /// Swift matches unlabeled arguments by position, so a call such as `gemm(a, b, into: &c)`
  /// cannot skip the defaulted `transA` of the full form; this overload makes it compile.
  /// - Throws: `LinearAlgebraError.dimensionMismatch` as the full form.
  public static func gemm(
    _ a: Matrix, _ b: Matrix, _ transB: Transpose = .none,
    into c: inout Matrix, alpha: Double = 1, beta: Double = 0
  ) throws(LinearAlgebraError) {
    try gemm(a, .none, b, transB, into: &c, alpha: alpha, beta: beta)
  }

  /// c = op(a)·p·op(a)ᵀ + beta·c, the congruence used to propagate covariances.
  ///
  /// With op(a) m×k, `p` must be k×k, `workspace` m×k (it receives op(a)·p and is clobbered)
  /// and `c` m×m. Passing the workspace in keeps the call allocation-free. A symmetric `p` gives
  /// a `c` that is symmetric only up to rounding; see `Matrix.symmetrize()`.
  /// - Throws: `LinearAlgebraError.dimensionMismatch` for any other shapes.
  public static func sandwich(
    _ a: Matrix, _ transA: Transpose = .none, _ p: Matrix,
    into c: inout Matrix, workspace: inout Matrix, beta: Double = 0
  ) throws(LinearAlgebraError) {
    let (m, k) = a.shape(transA)
    // Messages are built only on failure: string interpolation allocates, and this runs per step.
    func mismatch(_ detail: String) -> LinearAlgebraError {
      .dimensionMismatch("sandwich: \(a.shapeText("a", transA)), p \(p.shapeText); \(detail)")
    }
    guard p.rows == k && p.columns == k else {
      throw mismatch("p must be \(k)×\(k)")
    }
    guard workspace.rows == m && workspace.columns == k else {
      throw mismatch("workspace is \(workspace.shapeText), must be \(m)×\(k)")
    }
    guard c.rows == m && c.columns == m else {
      throw mismatch("c is \(c.shapeText), must be \(m)×\(m)")
    }
    BLASCalls.dgemm(a, transA, p, .none, into: &workspace, m: m, n: k, k: k, alpha: 1, beta: 0)
    BLASCalls.dgemm(workspace, .none, a, transA.flipped, into: &c, m: m, n: m, k: k, alpha: 1, beta: beta)
  }

  /// c = a·p·aᵀ + beta·c; the same as the full `sandwich` with `transA: .none`, for calls such as
  /// `sandwich(a, p, into: &c, workspace: &w)` that cannot skip the defaulted `transA`.
  /// - Throws: `LinearAlgebraError.dimensionMismatch` as the full form.
  public static func sandwich(
    _ a: Matrix, _ p: Matrix, into c: inout Matrix, workspace: inout Matrix, beta: Double = 0
  ) throws(LinearAlgebraError) {
    try sandwich(a, .none, p, into: &c, workspace: &workspace, beta: beta)
  }

  /// xᵀ·y for two vectors (cblas_ddot). Either may be n×1 or 1×n; both hold their n elements
  /// contiguously in column-major storage.
  /// - Throws: `LinearAlgebraError.dimensionMismatch` when either is not a vector or the
  ///   element counts differ.
  public static func dot(_ x: Matrix, _ y: Matrix) throws(LinearAlgebraError) -> Double {
    guard x.isVector && y.isVector && x.count == y.count else {
      throw .dimensionMismatch("dot: x \(x.shapeText), y \(y.shapeText); need two vectors of equal length")
    }
    return BLASCalls.ddot(x, y)
  }
}
