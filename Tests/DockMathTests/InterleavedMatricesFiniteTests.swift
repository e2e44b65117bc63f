import DockMath
import Testing

/// `InterleavedMatrices.allMatricesFinite()`: every element of every matrix in use, in the four-lane
/// groups and in the lanes after the last full group.
struct InterleavedMatricesFiniteTests {
  @Test(arguments: [(0, 0, 0), (3, 1, 2), (4, 0, 1), (5, 2, 2)])
  func aNonFiniteElementAnywhereIsFound(matrix: Int, row: Int, column: Int) {
    for bad in [Double.nan, .infinity, -.infinity] {
      var bank = InterleavedMatrices(rows: 3, columns: 3, count: 6)
      for k in 0..<6 { for i in 0..<3 { for j in 0..<3 { bank[k, i, j] = Double(k + i - j) * 1e300 } } }
      #expect(bank.allMatricesFinite())
      bank[matrix, row, column] = bad
      #expect(!bank.allMatricesFinite(), "\(bad) at [\(matrix)](\(row), \(column))")
    }
  }

  @Test func anEmptyBankIsFinite() {
    #expect(InterleavedMatrices(rows: 6, columns: 6).allMatricesFinite())
  }
}
