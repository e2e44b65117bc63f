import DockMath
import DockSimTestSupport
import Testing

/// `BLAS.sandwich` (op(a)·p·op(a)ᵀ + beta·c) against the triple-loop reference.
struct SandwichTests {
  /// (m, k): op(a) is m×k, p is k×k, c is m×m.
  static let shapes: [(Int, Int)] = [(1, 1), (1, 4), (4, 1), (3, 5), (5, 3), (6, 6)]

  static func expected(_ a: Matrix, _ transA: Transpose, _ p: Matrix) -> Matrix {
    let ap = NaiveLinearAlgebra.multiply(a, transA, p, .none)
    return NaiveLinearAlgebra.multiply(ap, .none, a, transA == .none ? .transposed : .none)
  }

  @Test(arguments: shapes, [Transpose.none, .transposed])
  func matchesNaiveTripleProduct(shape: (Int, Int), transA: Transpose) throws {
    let (m, k) = shape
    var g = SeededGenerator(seed: UInt64(100 * m + k))
    let a =
      transA == .none
      ? NaiveLinearAlgebra.randomMatrix(rows: m, columns: k, using: &g)
      : NaiveLinearAlgebra.randomMatrix(rows: k, columns: m, using: &g)
    // A non-symmetric p checks the order of the factors, which a symmetric one would hide.
    let p = NaiveLinearAlgebra.randomMatrix(rows: k, columns: k, using: &g)
    let c0 = NaiveLinearAlgebra.randomMatrix(rows: m, columns: m, using: &g)
    var workspace = Matrix(rows: m, columns: k)
    var c = c0
    try BLAS.sandwich(a, transA, p, into: &c, workspace: &workspace)
    let product = Self.expected(a, transA, p)
    #expect(NaiveLinearAlgebra.relativeDifference(c, product) < 1e-12)

    c = c0
    try BLAS.sandwich(a, transA, p, into: &c, workspace: &workspace, beta: 1)
    var accumulated = product
    accumulated.add(c0)
    #expect(NaiveLinearAlgebra.relativeDifference(c, accumulated) < 1e-12)
  }

  @Test func shortFormMatchesTheFullForm() throws {
    var g = SeededGenerator(seed: 11)
    let a = NaiveLinearAlgebra.randomMatrix(rows: 2, columns: 3, using: &g)
    let p = NaiveLinearAlgebra.randomSPD(n: 3, using: &g)
    var workspace = Matrix(rows: 2, columns: 3)
    var full = Matrix(rows: 2, columns: 2)
    var short = Matrix(rows: 2, columns: 2)
    try BLAS.sandwich(a, .none, p, into: &full, workspace: &workspace)
    try BLAS.sandwich(a, p, into: &short, workspace: &workspace)
    #expect(short == full)
    #expect(NaiveLinearAlgebra.relativeDifference(short, Self.expected(a, .none, p)) < 1e-12)
  }

  @Test func badShapesThrowAndLeaveOutputAlone() {
    let a = Matrix(rows: 2, columns: 3)
    var c = Matrix(rows: 2, columns: 2, repeating: 4)
    var workspace = Matrix(rows: 2, columns: 3)
    let untouched = c

    // p must be k×k.
    var error = #expect(throws: LinearAlgebraError.self) {
      try BLAS.sandwich(a, Matrix(rows: 2, columns: 2), into: &c, workspace: &workspace)
    }
    #expect(error?.isDimensionMismatch == true)

    // op(a) is 3×2 when transposed, so workspace must be 3×2 and c 3×3.
    error = #expect(throws: LinearAlgebraError.self) {
      try BLAS.sandwich(a, .transposed, .identity(2), into: &c, workspace: &workspace)
    }
    #expect(error?.isDimensionMismatch == true)

    var wideWorkspace = Matrix(rows: 3, columns: 2)
    error = #expect(throws: LinearAlgebraError.self) {
      try BLAS.sandwich(a, .transposed, .identity(2), into: &c, workspace: &wideWorkspace)
    }
    #expect(error?.isDimensionMismatch == true)
    #expect(c == untouched)
  }
}
