import DockMath
import Testing

/// OpenBLAS must run on the caller's thread only.
struct ThreadingTests {
  @Test func openBLASUsesOneThreadAfterTheFirstCall() throws {
    // On a multi-core machine OpenBLAS starts with one thread per core unless
    // OPENBLAS_NUM_THREADS says otherwise, so this fails if DockMath does not pin it.
    var c = Matrix(rows: 1, columns: 1)
    try BLAS.gemm(.identity(1), .identity(1), into: &c)
    #expect(LinearAlgebra.blasThreadCount == 1)
  }
}
