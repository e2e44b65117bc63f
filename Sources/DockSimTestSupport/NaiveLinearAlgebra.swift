import DockMath

/// Textbook linear algebra written with plain loops, as an independent reference for testing
/// the BLAS/LAPACK-backed operations in DockMath. Slow and allocating on purpose: clarity is the
/// point. Matrices are column-major `Matrix` values; only the public element subscript is used.
public enum NaiveLinearAlgebra {
  /// op(a)·op(b) by the triple loop, where op(a) is m×k and op(b) k×n; the result is m×n.
  /// - Precondition: the inner dimensions agree.
  public static func multiply(
    _ a: Matrix, _ transA: Transpose = .none, _ b: Matrix, _ transB: Transpose = .none
  ) -> Matrix {
    let opA = transA == .none ? a : a.transposed()
    let opB = transB == .none ? b : b.transposed()
    precondition(opA.columns == opB.rows, "multiply: \(opA.shapeText) · \(opB.shapeText)")
    var c = Matrix(rows: opA.rows, columns: opB.columns)
    for i in 0..<opA.rows {
      for j in 0..<opB.columns {
        var sum = 0.0
        for p in 0..<opA.columns { sum += opA[i, p] * opB[p, j] }
        c[i, j] = sum
      }
    }
    return c
  }

  /// The lower Cholesky factor L (n×n, zero above the diagonal) with L·Lᵀ = a, by the
  /// Cholesky–Banachiewicz recurrence on the lower triangle of `a`; `nil` when a pivot is not
  /// strictly positive (or not a number), i.e. `a` is not positive definite.
  /// - Precondition: `a` is square.
  public static func cholesky(_ a: Matrix) -> Matrix? {
    precondition(a.isSquare, "cholesky: \(a.shapeText) is not square")
    let n = a.rows
    var l = Matrix(rows: n, columns: n)
    for i in 0..<n {
      for j in 0...i {
        var sum = a[i, j]
        for p in 0..<j { sum -= l[i, p] * l[j, p] }
        if i == j {
          guard sum > 0 else { return nil }
          l[i, i] = sum.squareRoot()
        } else {
          l[i, j] = sum / l[j, j]
        }
      }
    }
    return l
  }

  /// X with a·X = b, by Gaussian elimination with partial pivoting; `a` is n×n, `b` n×r and
  /// X n×r. `nil` when a pivot is exactly zero (a is singular).
  /// - Precondition: `a` is square and `b` has as many rows.
  public static func solve(_ a: Matrix, _ b: Matrix) -> Matrix? {
    precondition(a.isSquare && b.rows == a.rows, "solve: a \(a.shapeText), b \(b.shapeText)")
    let n = a.rows
    var u = a
    var x = b
    for k in 0..<n {
      var pivotRow = k
      for i in k..<n where abs(u[i, k]) > abs(u[pivotRow, k]) { pivotRow = i }
      guard u[pivotRow, k] != 0 else { return nil }
      if pivotRow != k {
        for j in 0..<n { (u[k, j], u[pivotRow, j]) = (u[pivotRow, j], u[k, j]) }
        for j in 0..<x.columns { (x[k, j], x[pivotRow, j]) = (x[pivotRow, j], x[k, j]) }
      }
      for i in (k + 1)..<n {
        let factor = u[i, k] / u[k, k]
        for j in k..<n { u[i, j] -= factor * u[k, j] }
        for j in 0..<x.columns { x[i, j] -= factor * x[k, j] }
      }
    }
    for k in stride(from: n - 1, through: 0, by: -1) {
      for j in 0..<x.columns {
        var sum = x[k, j]
        for p in (k + 1)..<n { sum -= u[k, p] * x[p, j] }
        x[k, j] = sum / u[k, k]
      }
    }
    return x
  }

  /// A `rows`×`columns` matrix with elements uniform in [-1, 1], drawn column by column.
  public static func randomMatrix<G: RandomNumberGenerator>(
    rows: Int, columns: Int, using generator: inout G
  ) -> Matrix {
    var values: [Double] = []
    values.reserveCapacity(rows * columns)
    for _ in 0..<(rows * columns) { values.append(Double.random(in: -1...1, using: &generator)) }
    return Matrix(rows: rows, columns: columns, columnMajor: values)
  }

  /// A random n×n symmetric positive-definite matrix M·Mᵀ + n·I, with M from `randomMatrix`;
  /// the n·I shift keeps it well conditioned. Exactly symmetric by construction.
  public static func randomSPD<G: RandomNumberGenerator>(n: Int, using generator: inout G) -> Matrix {
    let m = randomMatrix(rows: n, columns: n, using: &generator)
    var a = multiply(m, .none, m, .transposed)
    for i in 0..<n { a[i, i] += Double(n) }
    return a
  }

  /// The largest absolute element difference between `a` and `b`, divided by the largest
  /// absolute element of `b` (or 1 if that is smaller), so it reads as a relative error for large
  /// entries and an absolute one near zero. Infinity when the shapes differ or either holds NaN.
  public static func relativeDifference(_ a: Matrix, _ b: Matrix) -> Double {
    guard a.rows == b.rows && a.columns == b.columns else { return .infinity }
    var difference = 0.0
    var scale = 1.0
    for (x, y) in zip(a.storage, b.storage) {
      let d = abs(x - y)
      guard !d.isNaN else { return .infinity }
      difference = max(difference, d)
      scale = max(scale, abs(y))
    }
    return difference / scale
  }
}
