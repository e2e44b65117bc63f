import DockMath
import DockSimTestSupport
import Testing

/// `Cholesky.factor` and `Cholesky.solve` against the reference and known failures.
struct CholeskyTests {
  @Test(arguments: [1, 2, 3, 6, 10, 25])
  func factorTimesItsTransposeReproducesA(n: Int) throws {
    var g = SeededGenerator(seed: UInt64(1000 + n))
    let a = NaiveLinearAlgebra.randomSPD(n: n, using: &g)
    var l = a
    try Cholesky.factor(&l)
    let reproduced = NaiveLinearAlgebra.multiply(l, .none, l, .transposed)
    #expect(NaiveLinearAlgebra.relativeDifference(reproduced, a) < 1e-12)
    let reference = try #require(NaiveLinearAlgebra.cholesky(a))
    #expect(NaiveLinearAlgebra.relativeDifference(l, reference) < 1e-12)
  }

  @Test func strictUpperTriangleIsZeroAfterFactoring() throws {
    var g = SeededGenerator(seed: 5)
    var l = NaiveLinearAlgebra.randomSPD(n: 5, using: &g)
    try Cholesky.factor(&l)
    for j in 0..<5 {
      for i in 0..<j { #expect(l[i, j] == 0, "L[\(i), \(j)]") }
      #expect(l[j, j] > 0)
    }
  }

  @Test func onlyTheLowerTriangleIsRead() throws {
    var g = SeededGenerator(seed: 6)
    let a = NaiveLinearAlgebra.randomSPD(n: 4, using: &g)
    var clean = a
    var scribbled = a
    scribbled[0, 3] = .nan
    scribbled[1, 2] = 1e300
    try Cholesky.factor(&clean)
    try Cholesky.factor(&scribbled)
    #expect(scribbled == clean)
  }

  @Test(arguments: [(1, 1), (1, 3), (3, 2), (6, 5), (12, 4)])
  func solveMatchesGaussianElimination(shape: (Int, Int)) throws {
    let (n, rhsCount) = shape
    var g = SeededGenerator(seed: UInt64(2000 + 10 * n + rhsCount))
    let a = NaiveLinearAlgebra.randomSPD(n: n, using: &g)
    let b = NaiveLinearAlgebra.randomMatrix(rows: n, columns: rhsCount, using: &g)
    var l = a
    try Cholesky.factor(&l)
    var x = b
    try Cholesky.solve(factor: l, &x)
    let expected = try #require(NaiveLinearAlgebra.solve(a, b))
    #expect(NaiveLinearAlgebra.relativeDifference(x, expected) < 1e-12)
    let residual = NaiveLinearAlgebra.multiply(a, .none, x, .none)
    #expect(NaiveLinearAlgebra.relativeDifference(residual, b) < 1e-12)
  }

  @Test func indefiniteMatrixReportsTheFailingLeadingMinor() {
    var a = Matrix(rowMajor: [[1, 0, 0], [0, -1, 0], [0, 0, 1]])
    #expect(throws: LinearAlgebraError.notPositiveDefinite(order: 2)) { try Cholesky.factor(&a) }
  }

  @Test func indefiniteWithPositiveDiagonalIsCaughtToo() {
    // Eigenvalues 3 and -1: positive diagonal, but the 2×2 leading minor is negative.
    var a = Matrix(rowMajor: [[1, 2], [2, 1]])
    #expect(throws: LinearAlgebraError.notPositiveDefinite(order: 2)) { try Cholesky.factor(&a) }
  }

  @Test func zeroMatrixFailsAtTheFirstMinor() {
    var a = Matrix(rows: 3, columns: 3)
    #expect(throws: LinearAlgebraError.notPositiveDefinite(order: 1)) { try Cholesky.factor(&a) }
  }

  @Test func nanInTheLowerTriangleThrowsInsteadOfCrashing() {
    // LAPACKE screens its input for NaN and reports argument 4 (the matrix) as invalid.
    var a = Matrix.identity(3)
    a[2, 0] = .nan
    #expect(throws: LinearAlgebraError.invalidArgument(routine: "dpotrf", position: 4)) {
      try Cholesky.factor(&a)
    }
  }

  @Test func nonSquareFactorThrows() {
    var a = Matrix(rows: 2, columns: 3)
    let error = #expect(throws: LinearAlgebraError.self) { try Cholesky.factor(&a) }
    #expect(error?.isDimensionMismatch == true)
  }

  @Test func solveWithBadShapesThrowsAndLeavesRhsAlone() {
    var rhs = Matrix(rows: 3, columns: 2, repeating: 1)
    let untouched = rhs
    var error = #expect(throws: LinearAlgebraError.self) {
      try Cholesky.solve(factor: .identity(2), &rhs)
    }
    #expect(error?.isDimensionMismatch == true)
    error = #expect(throws: LinearAlgebraError.self) {
      try Cholesky.solve(factor: Matrix(rows: 3, columns: 2), &rhs)
    }
    #expect(error?.isDimensionMismatch == true)
    #expect(rhs == untouched)
  }
}
