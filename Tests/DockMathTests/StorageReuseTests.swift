import DockSimTestSupport
import Testing

@testable import DockMath

/// In-place operations must write into the existing buffer of a uniquely referenced output:
/// a copy-on-write copy would allocate in the filter's hot path and move the buffer.
struct StorageReuseTests {
  @Test func blasAndLAPACKOutputsKeepTheirBuffers() throws {
    var g = SeededGenerator(seed: 3)
    let a = NaiveLinearAlgebra.randomMatrix(rows: 3, columns: 3, using: &g)
    let spd = NaiveLinearAlgebra.randomSPD(n: 3, using: &g)
    var c = Matrix(rows: 3, columns: 3)
    var workspace = Matrix(rows: 3, columns: 3)
    var l = Matrix(rows: 3, columns: 3)
    var rhs = NaiveLinearAlgebra.randomMatrix(rows: 3, columns: 2, using: &g)
    let addresses = (c.storageAddress, workspace.storageAddress, l.storageAddress, rhs.storageAddress)

    try BLAS.gemm(a, .transposed, a, into: &c, beta: 1)
    try BLAS.sandwich(a, spd, into: &c, workspace: &workspace, beta: 1)
    l.copy(from: spd)
    try Cholesky.factor(&l)
    try Cholesky.solve(factor: l, &rhs)

    #expect(c.storageAddress == addresses.0)
    #expect(workspace.storageAddress == addresses.1)
    #expect(l.storageAddress == addresses.2)
    #expect(rhs.storageAddress == addresses.3)
  }

  @Test func matrixMutatorsKeepTheirBuffer() {
    var m = Matrix(rows: 4, columns: 4, repeating: 2)
    let address = m.storageAddress
    m.setZero()
    m.setIdentity()
    m.symmetrize()
    m.add(.identity(4), scaledBy: 2)
    m.copy(from: Matrix(rows: 4, columns: 4, repeating: 1))
    m[1, 2] = 5
    #expect(m.storageAddress == address)
  }

  @Test func aSharedBufferIsCopiedBeforeWriting() {
    // The check above is only meaningful if a copy would move the buffer; this shows it does.
    var m = Matrix(rows: 4, columns: 4, repeating: 2)
    let alias = m
    m.setZero()
    #expect(m.storageAddress != alias.storageAddress)
    #expect(alias == Matrix(rows: 4, columns: 4, repeating: 2))
  }
}
