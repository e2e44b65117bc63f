import DockMath
import DockSimTestSupport
import Testing

/// `MatrixStack` algebra and `BlockDiagonalCholesky` against the per-block textbook reference.
struct MatrixStackTests {
  typealias Naive = NaiveLinearAlgebra

  /// A stack of `count` random blocks and the same blocks as matrices.
  static func stack(
    _ rows: Int, _ columns: Int, count: Int, spd: Bool = false, seed: UInt64
  ) -> (MatrixStack, [Matrix]) {
    var g = SeededGenerator(seed: seed)
    var s = MatrixStack(rows: rows, columns: columns, count: count)
    var blocks: [Matrix] = []
    for k in 0..<count {
      let m =
        spd
        ? Naive.randomSPD(n: rows, using: &g) : Naive.randomMatrix(rows: rows, columns: columns, using: &g)
      s.setBlock(k, columnMajor: m.storage)
      blocks.append(m)
    }
    return (s, blocks)
  }

  static func add(_ a: Matrix, _ b: Matrix, scale: Double = 1) -> Matrix {
    var c = a
    for i in 0..<a.rows { for j in 0..<a.columns { c[i, j] += scale * b[i, j] } }
    return c
  }

  @Test(arguments: [1, 3, 17])
  func sharedFactorProductIsOneProductPerBlock(count: Int) throws {
    var g = SeededGenerator(seed: 1)
    let a = Naive.randomMatrix(rows: 4, columns: 6, using: &g)
    let (b, blocks) = Self.stack(6, 5, count: count, seed: 2)
    var c = MatrixStack(rows: 4, columns: 5)
    try MatrixStack.multiply(a, b, into: &c)
    #expect(c.count == count)
    for k in 0..<count {
      #expect(Naive.relativeDifference(c.block(k), Naive.multiply(a, .none, blocks[k])) < 1e-14)
    }
    // beta = 1 accumulates.
    try MatrixStack.multiply(a, b, into: &c, beta: 1)
    for k in 0..<count {
      let twice = Self.add(Naive.multiply(a, .none, blocks[k]), Naive.multiply(a, .none, blocks[k]))
      #expect(Naive.relativeDifference(c.block(k), twice) < 1e-14)
    }
  }

  @Test(arguments: [1, 2, 16, 64])
  func symmetricSandwichIsAPAtPlusQ(count: Int) throws {
    var g = SeededGenerator(seed: 3)
    let a = Naive.randomMatrix(rows: 6, columns: 6, using: &g)
    let q = Naive.randomSPD(n: 6, using: &g)
    var (p, blocks) = Self.stack(6, 6, count: count, spd: true, seed: 4)
    var scratch = MatrixStack(rows: 6, columns: 6)
    try MatrixStack.symmetricSandwich(a, &p, plus: q, scratch: &scratch)
    for k in 0..<count {
      let want = Self.add(Naive.multiply(Naive.multiply(a, .none, blocks[k]), .none, a, .transposed), q)
      #expect(Naive.relativeDifference(p.block(k), want) < 1e-13, "block \(k)")
    }
  }

  @Test func perBlockProductsMatchTheReference() throws {
    let (a, ab) = Self.stack(3, 6, count: 5, seed: 5)
    let (b, bb) = Self.stack(6, 4, count: 5, seed: 6)
    let (bt, btb) = Self.stack(2, 6, count: 5, seed: 7)
    let (c0, cb) = Self.stack(6, 4, count: 5, seed: 8)
    let (at, atb) = Self.stack(3, 6, count: 5, seed: 9)
    let (b3, b3b) = Self.stack(3, 4, count: 5, seed: 10)
    var ab_ = MatrixStack(rows: 3, columns: 4)
    try MatrixStack.multiply(a, b, into: &ab_)
    var abt = MatrixStack(rows: 3, columns: 2)
    try MatrixStack.multiply(a, transposing: bt, into: &abt)
    var c = c0
    try MatrixStack.add(transposing: at, times: b3, to: &c, scale: -0.5)
    for k in 0..<5 {
      #expect(Naive.relativeDifference(ab_.block(k), Naive.multiply(ab[k], .none, bb[k])) < 1e-14)
      #expect(
        Naive.relativeDifference(abt.block(k), Naive.multiply(ab[k], .none, btb[k], .transposed)) < 1e-14)
      let want = Self.add(cb[k], Naive.multiply(atb[k], .transposed, b3b[k]), scale: -0.5)
      #expect(Naive.relativeDifference(c.block(k), want) < 1e-14)
    }
  }

  @Test func differencesAndColumnNorms() throws {
    let values = Matrix(rowMajor: [[1, 2, 3], [4, 5, 6]])
    var offsets = MatrixStack(rows: 2, columns: 1, count: 2)
    offsets[0, 0, 0] = 1
    offsets[0, 1, 0] = -1
    offsets[1, 0, 0] = 0.5
    offsets[1, 1, 0] = 2
    var d = MatrixStack(rows: 2, columns: 4)
    try d.setDifferences(values, columns: 3, minus: offsets)
    #expect(d.count == 2)
    #expect(d[0, 0, 2] == 2 && d[0, 1, 2] == 7 && d[1, 0, 0] == 0.5 && d[1, 1, 1] == 3)
    var norms: [Double] = []
    d.columnSquaredNorms(columns: 3, into: &norms)
    let want: [Double] = [25, 37, 53, 4.25, 11.25, 22.25]
    #expect(norms == want)
    #expect(throws: LinearAlgebraError.self) { try d.setDifferences(values, columns: 5, minus: offsets) }
  }

  @Test func shapesThatDoNotFitAreRefused() {
    let a = MatrixStack(rows: 3, columns: 6, count: 2)
    let b = MatrixStack(rows: 5, columns: 6, count: 2)
    var c = MatrixStack(rows: 3, columns: 6)
    #expect(throws: LinearAlgebraError.self) { try MatrixStack.multiply(a, b, into: &c) }
    #expect(throws: LinearAlgebraError.self) {
      try MatrixStack.multiply(a, transposing: MatrixStack(rows: 6, columns: 6, count: 3), into: &c)
    }
    var p = MatrixStack(rows: 6, columns: 6, count: 1)
    var s = MatrixStack(rows: 6, columns: 6)
    #expect(throws: LinearAlgebraError.self) {
      try MatrixStack.symmetricSandwich(
        Matrix(rows: 5, columns: 5), &p, plus: Matrix.identity(6), scratch: &s)
    }
    var chol = BlockDiagonalCholesky(blockSize: 3)
    #expect(throws: LinearAlgebraError.self) { try chol.factor(MatrixStack(rows: 2, columns: 2, count: 1)) }
  }

  @Test func transposeAndSymmetrizeBlocks() {
    var (s, blocks) = Self.stack(4, 4, count: 3, seed: 11)
    s.transposeBlocks()
    for k in 0..<3 { #expect(s.block(k) == blocks[k].transposed()) }
    s.symmetrizeBlocks()
    for k in 0..<3 {
      for i in 0..<4 {
        for j in 0..<4 {
          #expect(s[k, i, j] == s[k, j, i])
          #expect(abs(s[k, i, j] - 0.5 * (blocks[k][i, j] + blocks[k][j, i])) < 1e-15)
        }
      }
    }
  }

  @Test func growingKeepsTheBlocksAndShrinkingKeepsTheCapacity() {
    var (s, blocks) = Self.stack(2, 3, count: 2, seed: 12)
    s.resize(to: 9)
    #expect(s.capacity >= 9)
    for k in 0..<2 { #expect(s.block(k) == blocks[k]) }
    let capacity = s.capacity
    s.resize(to: 1)
    s.resize(to: capacity)
    #expect(s.capacity == capacity)
    s.copyBlock(from: 0, to: 5)
    #expect(s.block(5) == blocks[0])
    var t = MatrixStack(rows: 2, columns: 3)
    t.copy(from: s)
    #expect(t == s || t.count == s.count)
    for k in 0..<s.count { #expect(t.block(k) == s.block(k)) }
  }
}

struct BlockDiagonalCholeskyTests {
  static let methods: [BlockDiagonalCholesky.Method] = [.blockwise, .banded]

  @Test(arguments: methods, [1, 3, 16, 70])
  func solvesEveryBlockWithItsOwnFactor(method: BlockDiagonalCholesky.Method, count: Int) throws {
    let (s, blocks) = MatrixStackTests.stack(3, 3, count: count, spd: true, seed: 20)
    let (b, rhs) = MatrixStackTests.stack(3, 7, count: count, seed: 21)
    var chol = BlockDiagonalCholesky(blockSize: 3, method: method)
    try chol.factor(s)
    var x = b
    try chol.solve(&x)
    for k in 0..<count {
      let want = try #require(NaiveLinearAlgebra.solve(blocks[k], rhs[k]))
      #expect(NaiveLinearAlgebra.relativeDifference(x.block(k), want) < 1e-12, "block \(k)")
    }
    // Fewer columns than the stack holds: the rest stay as they were.
    var partial = b
    try chol.solve(&partial, columns: 2)
    for k in 0..<count {
      for c in 0..<7 {
        for i in 0..<3 {
          #expect(partial[k, i, c] == (c < 2 ? x[k, i, c] : b[k, i, c]))
        }
      }
    }
    // The forward half: L⁻¹B, so that |L⁻¹b|² = bᵀA⁻¹b.
    var half = b
    try chol.solveLower(&half, columns: 7)
    for k in 0..<count {
      for c in 0..<7 {
        var whitened = 0.0
        var quadratic = 0.0
        for i in 0..<3 {
          whitened += half[k, i, c] * half[k, i, c]
          quadratic += b[k, i, c] * x[k, i, c]
        }
        #expect(abs(whitened - quadratic) <= 1e-12 * max(1, abs(quadratic)), "block \(k), column \(c)")
      }
    }
  }

  @Test(arguments: methods)
  func aBlockThatIsNotPositiveDefiniteIsNamedByItsOrder(method: BlockDiagonalCholesky.Method) throws {
    var (s, _) = MatrixStackTests.stack(3, 3, count: 4, spd: true, seed: 22)
    s[2, 1, 1] = -5  // block 2, its second pivot: order 2·3 + 2 = 8
    var chol = BlockDiagonalCholesky(blockSize: 3, method: method)
    #expect(throws: LinearAlgebraError.notPositiveDefinite(order: 8)) { try chol.factor(s) }
    s[2, 1, 1] = .nan
    #expect(throws: LinearAlgebraError.self) { try chol.factor(s) }
  }

  @Test(arguments: methods)
  func aRightHandSideForAnotherFactorIsRefused(method: BlockDiagonalCholesky.Method) throws {
    let (s, _) = MatrixStackTests.stack(3, 3, count: 2, spd: true, seed: 23)
    var chol = BlockDiagonalCholesky(blockSize: 3, method: method)
    try chol.factor(s)
    var wrong = MatrixStack(rows: 3, columns: 1, count: 3)
    #expect(throws: LinearAlgebraError.self) { try chol.solve(&wrong) }
  }
}
