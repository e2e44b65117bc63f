import DockMath
import DockSimTestSupport
import Testing

/// `BLAS.gemm` against the triple-loop reference.
struct GEMMTests {
  /// (m, n, k): c is m×n and the inner dimension is k; covers vectors, non-square and square.
  static let shapes: [(Int, Int, Int)] = [
    (1, 1, 1), (1, 7, 4), (7, 1, 4), (5, 6, 1), (1, 1, 9), (3, 8, 5), (8, 3, 2), (6, 6, 6), (13, 11, 17),
  ]
  static let transposes: [(Transpose, Transpose)] = [
    (.none, .none), (.none, .transposed), (.transposed, .none), (.transposed, .transposed),
  ]

  /// Random operands such that op(a) is m×k and op(b) is k×n.
  static func operands(
    m: Int, n: Int, k: Int, _ transA: Transpose, _ transB: Transpose, using g: inout SeededGenerator
  ) -> (Matrix, Matrix) {
    let a =
      transA == .none
      ? NaiveLinearAlgebra.randomMatrix(rows: m, columns: k, using: &g)
      : NaiveLinearAlgebra.randomMatrix(rows: k, columns: m, using: &g)
    let b =
      transB == .none
      ? NaiveLinearAlgebra.randomMatrix(rows: k, columns: n, using: &g)
      : NaiveLinearAlgebra.randomMatrix(rows: n, columns: k, using: &g)
    return (a, b)
  }

  @Test(arguments: shapes, transposes)
  func matchesNaiveProduct(shape: (Int, Int, Int), transposes: (Transpose, Transpose)) throws {
    let (m, n, k) = shape
    let (transA, transB) = transposes
    var g = SeededGenerator(seed: UInt64(10_000 * m + 100 * n + k))
    let (a, b) = Self.operands(m: m, n: n, k: k, transA, transB, using: &g)
    var c = NaiveLinearAlgebra.randomMatrix(rows: m, columns: n, using: &g)
    try BLAS.gemm(a, transA, b, transB, into: &c)
    let expected = NaiveLinearAlgebra.multiply(a, transA, b, transB)
    #expect(NaiveLinearAlgebra.relativeDifference(c, expected) < 1e-12)
  }

  @Test(arguments: transposes)
  func alphaScalesTheProductAndBetaTheOldOutput(transposes: (Transpose, Transpose)) throws {
    let (transA, transB) = transposes
    var g = SeededGenerator(seed: 42)
    let (a, b) = Self.operands(m: 4, n: 3, k: 5, transA, transB, using: &g)
    let c0 = NaiveLinearAlgebra.randomMatrix(rows: 4, columns: 3, using: &g)
    var c = c0
    try BLAS.gemm(a, transA, b, transB, into: &c, alpha: -0.5, beta: 2)
    let product = NaiveLinearAlgebra.multiply(a, transA, b, transB)
    var expected = Matrix(rows: 4, columns: 3)
    for i in 0..<4 {
      for j in 0..<3 { expected[i, j] = -0.5 * product[i, j] + 2 * c0[i, j] }
    }
    #expect(NaiveLinearAlgebra.relativeDifference(c, expected) < 1e-12)
  }

  @Test func betaZeroIgnoresWhateverWasInTheOutput() throws {
    let a = Matrix(rowMajor: [[1, 2], [3, 4]])
    var c = Matrix(rows: 2, columns: 2, repeating: .nan)
    try BLAS.gemm(a, .identity(2), into: &c, alpha: 3)
    #expect(c == Matrix(rowMajor: [[3, 6], [9, 12]]))
  }

  @Test func shortFormsMatchTheFullForm() throws {
    var g = SeededGenerator(seed: 7)
    let a = NaiveLinearAlgebra.randomMatrix(rows: 3, columns: 4, using: &g)
    let b = NaiveLinearAlgebra.randomMatrix(rows: 4, columns: 2, using: &g)
    let bt = b.transposed()
    var full = Matrix(rows: 3, columns: 2)
    var short = Matrix(rows: 3, columns: 2)
    try BLAS.gemm(a, .none, b, .none, into: &full)
    try BLAS.gemm(a, b, into: &short)
    #expect(short == full)
    try BLAS.gemm(a, bt, .transposed, into: &short)
    #expect(NaiveLinearAlgebra.relativeDifference(short, full) < 1e-12)
  }

  @Test func innerDimensionMismatchThrowsAndLeavesOutputAlone() throws {
    let a = Matrix(rows: 3, columns: 4)
    let b = Matrix(rows: 3, columns: 2)
    var c = Matrix(rows: 3, columns: 2, repeating: 5)
    let error = #expect(throws: LinearAlgebraError.self) { try BLAS.gemm(a, b, into: &c) }
    guard case .dimensionMismatch(let message) = error else {
      Issue.record("expected dimensionMismatch, got \(String(describing: error))")
      return
    }
    #expect(message.contains("3×4") && message.contains("3×2"))
    #expect(c == Matrix(rows: 3, columns: 2, repeating: 5))
    // Transposing a makes the same operands fit.
    var fitted = Matrix(rows: 4, columns: 2)
    try BLAS.gemm(a, .transposed, b, into: &fitted)
  }

  @Test func wrongOutputShapeThrows() {
    let a = Matrix(rows: 3, columns: 4)
    let b = Matrix(rows: 4, columns: 2)
    var c = Matrix(rows: 2, columns: 3)
    let plain = #expect(throws: LinearAlgebraError.self) { try BLAS.gemm(a, b, into: &c) }
    #expect(plain?.isDimensionMismatch == true)
    let transposed = #expect(throws: LinearAlgebraError.self) {
      try BLAS.gemm(a.transposed(), .transposed, b.transposed(), .transposed, into: &c)
    }
    #expect(transposed?.isDimensionMismatch == true)
  }
}
