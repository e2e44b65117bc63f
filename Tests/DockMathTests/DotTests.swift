import DockMath
import DockSimTestSupport
import Testing

/// `BLAS.dot` on row and column vectors.
struct DotTests {
  @Test(arguments: [1, 2, 7, 50])
  func matchesTheNaiveSumForEveryOrientation(n: Int) throws {
    var g = SeededGenerator(seed: UInt64(n))
    let x = NaiveLinearAlgebra.randomMatrix(rows: n, columns: 1, using: &g)
    let y = NaiveLinearAlgebra.randomMatrix(rows: n, columns: 1, using: &g)
    let expected = NaiveLinearAlgebra.multiply(x, .transposed, y, .none)[0, 0]
    let tolerance = 1e-13 * Double(n)
    #expect(abs(try BLAS.dot(x, y) - expected) <= tolerance)
    #expect(abs(try BLAS.dot(x.transposed(), y) - expected) <= tolerance)
    #expect(abs(try BLAS.dot(x, y.transposed()) - expected) <= tolerance)
    #expect(abs(try BLAS.dot(x.transposed(), y.transposed()) - expected) <= tolerance)
  }

  @Test func exactSmallCase() throws {
    let x = Matrix(rowMajor: [[1], [2], [3]])
    let y = Matrix(rowMajor: [[4, -5, 6]])
    #expect(try BLAS.dot(x, y) == 12)
  }

  @Test func differentLengthsThrow() {
    let error = #expect(throws: LinearAlgebraError.self) {
      try BLAS.dot(Matrix(rows: 3, columns: 1), Matrix(rows: 4, columns: 1))
    }
    #expect(error?.isDimensionMismatch == true)
  }

  @Test func nonVectorsThrowEvenWithEqualCounts() {
    let error = #expect(throws: LinearAlgebraError.self) {
      try BLAS.dot(Matrix(rows: 2, columns: 2), Matrix(rows: 4, columns: 1))
    }
    #expect(error?.isDimensionMismatch == true)
  }
}
