import DockMath
import Testing

/// The Swift code of DockMath's DocC article "The safe API over BLAS and LAPACK", verbatim, so it
/// compiles and runs (DockSimCoreTests' DocCSnippetsMatchTests checks the article still shows this code).
@Suite struct DocCArticleSnippetTests {
  @Test func safeBLASAndLAPACK() throws {
    let a = Matrix(rowMajor: [[1, 2], [3, 4]])
    let b = Matrix.identity(2)
    var c = Matrix(rows: 2, columns: 2)
    try BLAS.gemm(a, b, into: &c)
    #expect(c == a)

    var l = Matrix(rowMajor: [[4, 2], [2, 3]])
    try Cholesky.factor(&l)  // l is now the lower factor L with L·Lᵀ = A
    var x = Matrix(rowMajor: [[2], [1]])
    try Cholesky.solve(factor: l, &x)  // x solves A·x = [2, 1]ᵀ
    #expect(abs(x[0, 0] - 0.5) < 1e-12 && abs(x[1, 0]) < 1e-12)
  }
}
