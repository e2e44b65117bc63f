/// Cholesky factorization A = L·Lᵀ of a symmetric positive-definite matrix and solves with the
/// factor (LAPACK dpotrf/dpotrs, column-major, lower triangle).
///
/// Errors are thrown in every build configuration. Input is not screened for NaN or infinity by
/// DockMath; LAPACKE's own NaN check reports a NaN in the lower triangle as
/// `invalidArgument(routine:position:)` before LAPACK runs, and an infinity usually surfaces as
/// `notPositiveDefinite` or as non-finite output.
public enum Cholesky {
  /// Replaces the square matrix `a` (n×n) by its lower Cholesky factor L, in place, with
  /// A = L·Lᵀ.
  ///
  /// Only the lower triangle of `a` is read, so `a` need not be exactly symmetric. On success
  /// the strict upper triangle is set to zero, so `a` is exactly L and can be multiplied as is.
  /// After a throw the contents of `a` are unspecified (partially factored).
  /// - Throws: `LinearAlgebraError.notPositiveDefinite(order:)` when dpotrf's `info` > 0 (the
  ///   leading minor of that order is not positive definite), `invalidArgument` when `info` < 0
  ///   (including a NaN in the lower triangle), `dimensionMismatch` when `a` is not square.
  public static func factor(_ a: inout Matrix) throws(LinearAlgebraError) {
    guard a.isSquare else {
      throw .dimensionMismatch("Cholesky.factor: a is \(a.shapeText), must be square")
    }
    let info = LAPACKCalls.dpotrfLower(&a)
    if info > 0 { throw .notPositiveDefinite(order: Int(info)) }
    if info < 0 { throw .invalidArgument(routine: "dpotrf", position: Int(-info)) }
    zeroStrictUpperTriangle(&a)
  }

  /// Solves A·X = B in place: `rhs` (n×r, one right-hand side per column) is replaced by X,
  /// given `factor` (n×n) as produced by `factor(_:)`. Only the lower triangle of `factor`
  /// is read.
  /// - Throws: `dimensionMismatch` when `factor` is not square or `rhs` does not have n rows;
  ///   `invalidArgument` when dpotrs rejects an argument (including NaN input);
  ///   `lapackFailure` for any other nonzero `info`. `rhs` is unchanged after a shape error.
  public static func solve(factor: Matrix, _ rhs: inout Matrix) throws(LinearAlgebraError) {
    guard factor.isSquare && rhs.rows == factor.rows else {
      throw .dimensionMismatch(
        "Cholesky.solve: factor is \(factor.shapeText), rhs is \(rhs.shapeText); "
          + "need an n×n factor and n rows")
    }
    let info = LAPACKCalls.dpotrsLower(factor: factor, &rhs)
    if info < 0 { throw .invalidArgument(routine: "dpotrs", position: Int(-info)) }
    if info > 0 { throw .lapackFailure(routine: "dpotrs", info: info) }
  }

  /// dpotrf leaves the upper triangle as it found it; zeroing it makes the result usable as L
  /// without callers having to remember which half is meaningful.
  private static func zeroStrictUpperTriangle(_ a: inout Matrix) {
    let n = a.rows
    a.withMutableStorage { buffer in
      for j in 0..<n {
        for i in 0..<j { buffer[j * n + i] = 0 }
      }
    }
  }
}
