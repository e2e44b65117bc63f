import DockMath
import DockSimTestSupport
import Testing

/// The reference itself, on cases small enough to check by hand; if it were wrong the
/// comparisons against BLAS and LAPACK would prove nothing.
struct NaiveReferenceTests {
  @Test func multiplyHandComputedProduct() {
    let a = Matrix(rowMajor: [[1, 2, 3], [4, 5, 6]])
    let b = Matrix(rowMajor: [[7, 8], [9, 10], [11, 12]])
    #expect(NaiveLinearAlgebra.multiply(a, .none, b, .none) == Matrix(rowMajor: [[58, 64], [139, 154]]))
    #expect(
      NaiveLinearAlgebra.multiply(b, .transposed, a, .transposed)
        == Matrix(rowMajor: [[58, 139], [64, 154]]))
  }

  @Test func choleskyOfAKnownMatrix() throws {
    let a = Matrix(rowMajor: [[4, 12, -16], [12, 37, -43], [-16, -43, 98]])
    let l = try #require(NaiveLinearAlgebra.cholesky(a))
    #expect(l == Matrix(rowMajor: [[2, 0, 0], [6, 1, 0], [-8, 5, 3]]))
    #expect(NaiveLinearAlgebra.cholesky(Matrix(rowMajor: [[1, 2], [2, 1]])) == nil)
  }

  @Test func solveNeedsPivoting() throws {
    // The zero in the top-left corner defeats elimination without row exchanges.
    let a = Matrix(rowMajor: [[0, 1], [2, 3]])
    let b = Matrix(rowMajor: [[4], [14]])
    let x = try #require(NaiveLinearAlgebra.solve(a, b))
    #expect(x == Matrix(rowMajor: [[1], [4]]))
    #expect(NaiveLinearAlgebra.solve(Matrix(rowMajor: [[1, 2], [2, 4]]), b) == nil)
  }

  @Test func seededGeneratorIsReproducibleAndSeedDependent() {
    var first = SeededGenerator(seed: 1)
    var again = SeededGenerator(seed: 1)
    var other = SeededGenerator(seed: 2)
    let a = (0..<4).map { _ in first.next() }
    #expect(a == (0..<4).map { _ in again.next() })
    #expect(a != (0..<4).map { _ in other.next() })
    // SplitMix64's published first output for seed 1.
    #expect(a[0] == 0x910A_2DEC_8902_5CC1)
  }

  @Test func randomMatrixStaysInRangeAndRandomSPDIsSymmetric() throws {
    var g = SeededGenerator(seed: 9)
    let m = NaiveLinearAlgebra.randomMatrix(rows: 20, columns: 20, using: &g)
    #expect(m.storage.allSatisfy { (-1...1).contains($0) })
    #expect(Set(m.storage).count > 390)
    let spd = NaiveLinearAlgebra.randomSPD(n: 8, using: &g)
    #expect(spd == spd.transposed())
    #expect(NaiveLinearAlgebra.cholesky(spd) != nil)
  }

  @Test func relativeDifferenceScalesByTheReference() {
    let reference = Matrix(rowMajor: [[100, 0]])
    #expect(NaiveLinearAlgebra.relativeDifference(Matrix(rowMajor: [[101, 0]]), reference) == 0.01)
    #expect(NaiveLinearAlgebra.relativeDifference(Matrix(rowMajor: [[0.5]]), Matrix(rowMajor: [[0]])) == 0.5)
    #expect(
      NaiveLinearAlgebra.relativeDifference(Matrix(rowMajor: [[.nan]]), Matrix(rowMajor: [[0]])) == .infinity)
    #expect(
      NaiveLinearAlgebra.relativeDifference(Matrix(rows: 1, columns: 2), Matrix(rows: 2, columns: 1))
        == .infinity)
  }
}
