import DockMath
import DockSimTestSupport
import Testing

/// `InterleavedMatrices` and `InterleavedInnovation` against the per-block `MatrixStack` /
/// `BlockDiagonalCholesky` algorithms they replace in the tracker: the same bits, not just close.
struct InterleavedMatricesTests {
  typealias Naive = NaiveLinearAlgebra

  /// `count` random matrices (SPD when asked), as a bank, a stack and a list.
  static func banks(
    _ rows: Int, _ columns: Int, count: Int, spd: Bool = false, seed: UInt64
  ) -> (InterleavedMatrices, MatrixStack, [Matrix]) {
    var g = SeededGenerator(seed: seed)
    var bank = InterleavedMatrices(rows: rows, columns: columns, count: count)
    var stack = MatrixStack(rows: rows, columns: columns, count: count)
    var list: [Matrix] = []
    for k in 0..<count {
      let m =
        spd
        ? Naive.randomSPD(n: rows, using: &g) : Naive.randomMatrix(rows: rows, columns: columns, using: &g)
      bank.setMatrix(k, to: m)
      stack.setBlock(k, columnMajor: m.storage)
      list.append(m)
    }
    return (bank, stack, list)
  }

  @Test func resizeKeepsMatricesAcrossStrideChangesAndZeroesNewOnes() {
    var (bank, _, list) = Self.banks(3, 2, count: 3, seed: 1)
    #expect(bank.stride == 16)
    bank.resize(to: 19)
    #expect(bank.stride == 32 && bank.count == 19)
    for k in 0..<3 { #expect(bank.matrix(k) == list[k]) }
    for k in 3..<19 { #expect(bank.matrix(k) == Matrix(rows: 3, columns: 2)) }
    bank.resize(to: 2)
    #expect(bank.stride == 16)
    for k in 0..<2 { #expect(bank.matrix(k) == list[k]) }
    bank.resize(to: 3)
    #expect(bank.matrix(2) == Matrix(rows: 3, columns: 2), "a dropped matrix does not come back")
    // Within one stride too (nothing moves; dropped lanes are padding until added again, as zero).
    var same = Self.banks(3, 2, count: 5, seed: 2).0
    same.resize(to: 2)
    same.resize(to: 4)
    #expect(same.stride == 16)
    for k in 2..<4 { #expect(same.matrix(k) == Matrix(rows: 3, columns: 2), "matrix \(k)") }
  }

  @Test func elementAccessCopiesAndRetainAddressMatrices() {
    var (bank, _, list) = Self.banks(2, 2, count: 6, seed: 2)
    #expect(bank[4, 1, 0] == list[4][1, 0])
    bank.copyMatrix(from: 5, to: 0)
    #expect(bank.matrix(0) == list[5])
    bank.retain { $0 % 2 == 1 }
    #expect(bank.count == 3)
    #expect(bank.matrix(0) == list[1] && bank.matrix(1) == list[3] && bank.matrix(2) == list[5])
    var other = InterleavedMatrices(rows: 2, columns: 2, count: 1)
    other.copyMatrix(0, from: bank, matrix: 2)
    #expect(other.matrix(0) == list[5])
    #expect(bank.matrixIsFinite(1))
    bank[1, 0, 1] = .nan
    #expect(!bank.matrixIsFinite(1) && bank.matrixIsFinite(0))
  }

  @Test(arguments: [1, 5, 16])
  func sharedProductsAreOneProductPerMatrix(count: Int) throws {
    var g = SeededGenerator(seed: 3)
    let a = Naive.randomMatrix(rows: 6, columns: 6, using: &g)
    let (x, _, xs) = Self.banks(6, 1, count: count, seed: 4)
    var y = InterleavedMatrices(rows: 6, columns: 1)
    try InterleavedMatrices.multiply(a, vectors: x, into: &y)
    let (b, _, bs) = Self.banks(4, 6, count: count, seed: 5)
    var c = InterleavedMatrices(rows: 4, columns: 6)
    try InterleavedMatrices.multiply(b, transposing: a, into: &c)
    for k in 0..<count {
      #expect(Naive.relativeDifference(y.matrix(k), Naive.multiply(a, .none, xs[k])) < 1e-14)
      #expect(Naive.relativeDifference(c.matrix(k), Naive.multiply(bs[k], .none, a, .transposed)) < 1e-14)
    }
  }

  /// The bank holds transposes; the result must be the transpose of MatrixStack's, bit for bit, also
  /// for matrices that are not symmetric (a coasting track's covariance after a prediction).
  @Test(arguments: [1, 4, 7, 16])
  func sandwichOfTransposesMatchesMatrixStackBitForBit(count: Int) throws {
    var g = SeededGenerator(seed: 6)
    let a = Naive.randomMatrix(rows: 6, columns: 6, using: &g)
    let r = Naive.randomMatrix(rows: 6, columns: 6, using: &g)
    let q = Naive.multiply(r, .none, r, .transposed)  // symmetric
    var (_, stack, list) = Self.banks(6, 6, count: count, seed: 7)
    var bank = InterleavedMatrices(rows: 6, columns: 6, count: count)
    for k in 0..<count { bank.setMatrix(k, to: list[k].transposed()) }
    var stackScratch = MatrixStack(rows: 6, columns: 6)
    var bankScratch = InterleavedMatrices(rows: 6, columns: 6)
    for _ in 0..<3 {
      try MatrixStack.symmetricSandwich(a, &stack, plus: q, scratch: &stackScratch)
      try InterleavedMatrices.symmetricSandwich(a, transposes: &bank, plus: q, scratch: &bankScratch)
    }
    for k in 0..<count { #expect(bank.matrix(k) == stack.block(k).transposed(), "matrix \(k)") }
  }

  @Test func sharedProductsRefuseShapesThatDoNotFit() {
    let a = Matrix(rows: 6, columns: 5)
    let x = InterleavedMatrices(rows: 6, columns: 1, count: 2)
    var y = InterleavedMatrices(rows: 6, columns: 1)
    #expect(throws: LinearAlgebraError.self) { try InterleavedMatrices.multiply(a, vectors: x, into: &y) }
    var c = InterleavedMatrices(rows: 6, columns: 6)
    #expect(throws: LinearAlgebraError.self) {
      try InterleavedMatrices.multiply(x, transposing: Matrix.identity(6), into: &c)
    }
    var p = InterleavedMatrices(rows: 6, columns: 6, count: 2)
    var s = InterleavedMatrices(rows: 5, columns: 5)
    #expect(throws: LinearAlgebraError.self) {
      try InterleavedMatrices.symmetricSandwich(
        Matrix.identity(6), transposes: &p, plus: Matrix.identity(6), scratch: &s)
    }
  }

  // MARK: InterleavedInnovation

  /// Random filters: SPD covariances, Jacobians with the tracker's zero pattern (columns 3–5 and
  /// entries (0, 2), (2, 0), (2, 1) zero), noise variances and innovations.
  struct Filters {
    var p: InterleavedMatrices
    var pStack: MatrixStack
    var h: InterleavedMatrices
    var hStack: MatrixStack
    var r = InterleavedMatrices(rows: 3, columns: 1)
    var y = InterleavedMatrices(rows: 3, columns: 1)
    var x = InterleavedMatrices(rows: 6, columns: 1)

    init(count: Int, seed: UInt64) {
      (p, pStack, _) = InterleavedMatricesTests.banks(6, 6, count: count, spd: true, seed: seed)
      var g = SeededGenerator(seed: seed + 100)
      h = InterleavedMatrices(rows: 3, columns: 6, count: count)
      hStack = MatrixStack(rows: 3, columns: 6, count: count)
      r.resize(to: count)
      y.resize(to: count)
      x.resize(to: count)
      for k in 0..<count {
        for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 2)] {
          let v = Double.random(in: -2...2, using: &g)
          h[k, i, j] = v
          hStack[k, i, j] = v
        }
        for i in 0..<3 {
          r[k, i, 0] = Double.random(in: 0.01...0.1, using: &g)
          y[k, i, 0] = Double.random(in: -1...1, using: &g)
        }
        for i in 0..<6 { x[k, i, 0] = Double.random(in: -1...1, using: &g) }
      }
    }
  }

  /// The tracker's previous update, step by step on stacks (BatchedEKF before the lanes).
  static func stackUpdate(_ f: Filters) throws -> (
    x: MatrixStack, p: MatrixStack, nis: [Double], l: BlockDiagonalCholesky
  ) {
    let n = f.p.count
    var hp = MatrixStack(rows: 3, columns: 6)
    try MatrixStack.multiply(f.hStack, f.pStack, into: &hp)
    var s = MatrixStack(rows: 3, columns: 3)
    try MatrixStack.multiply(hp, transposing: f.hStack, into: &s)
    for k in 0..<n { for i in 0..<3 { s[k, i, i] += f.r[k, i, 0] } }
    var chol = BlockDiagonalCholesky(blockSize: 3)
    try chol.factor(s)
    var y = MatrixStack(rows: 3, columns: 1, count: n)
    var x = MatrixStack(rows: 6, columns: 1, count: n)
    for k in 0..<n {
      for i in 0..<3 { y[k, i, 0] = f.y[k, i, 0] }
      for i in 0..<6 { x[k, i, 0] = f.x[k, i, 0] }
    }
    try chol.solveLower(&hp, columns: 6)
    try chol.solveLower(&y, columns: 1)
    var nis: [Double] = []
    for k in 0..<n { nis.append(y[k, 0, 0] * y[k, 0, 0] + y[k, 1, 0] * y[k, 1, 0] + y[k, 2, 0] * y[k, 2, 0]) }
    var p = f.pStack
    try MatrixStack.add(transposing: hp, times: y, to: &x)
    try MatrixStack.add(transposing: hp, times: hp, to: &p, scale: -1)
    p.symmetrizeBlocks()
    return (x, p, nis, chol)
  }

  /// |a − b| within `tolerance` relative to max(1, |b|): rounding, not a different result.
  static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(b))
  }

  // The lane kernels multiply by each pivot's reciprocal where the blockwise algorithm divides, so
  // they agree to rounding (a few ulps), not bit for bit.
  @Test(arguments: [1, 3, 16, 17])
  func updateMatchesTheStackAlgorithmToRounding(count: Int) throws {
    var f = Filters(count: count, seed: 11)
    let want = try Self.stackUpdate(f)
    var innovation = InterleavedInnovation(measurementSize: 3, stateSize: 6)
    try innovation.factor(covariances: f.p, jacobians: f.h, noiseVariances: f.r)
    for k in 0..<count { #expect(Self.close(innovation.logDeterminant(k), want.l.logDeterminant(block: k))) }
    var nis: [Double] = []
    var reset: [Int] = []
    try innovation.update(
      states: &f.x, covariances: &f.p, innovations: f.y, nis: &nis, notPositiveDefinite: &reset)
    #expect(nis.count == count)
    for k in 0..<count { #expect(Self.close(nis[k], want.nis[k]), "NIS \(k)") }
    #expect(reset.isEmpty)
    for k in 0..<count {
      #expect(Naive.relativeDifference(f.x.matrix(k), want.x.block(k)) < 1e-12, "state \(k)")
      #expect(Naive.relativeDifference(f.p.matrix(k), want.p.block(k)) < 1e-12, "covariance \(k)")
    }
  }

  @Test func transposedCovariancesGiveTheSameUpdate() throws {
    var f = Filters(count: 5, seed: 12)
    // A non-symmetric P (rounding of a prediction), stored as P and as Pᵀ.
    for k in 0..<5 { f.p[k, 4, 1] += 1e-9 }
    var g = f
    for k in 0..<5 { g.p.setMatrix(k, to: f.p.matrix(k).transposed()) }
    var plain = InterleavedInnovation(measurementSize: 3, stateSize: 6)
    var transposed = InterleavedInnovation(measurementSize: 3, stateSize: 6, covariancesTransposed: true)
    try plain.factor(covariances: f.p, jacobians: f.h, noiseVariances: f.r)
    try transposed.factor(covariances: g.p, jacobians: g.h, noiseVariances: g.r)
    var (n1, n2, r1, r2) = ([Double](), [Double](), [Int](), [Int]())
    try plain.update(states: &f.x, covariances: &f.p, innovations: f.y, nis: &n1, notPositiveDefinite: &r1)
    try transposed.update(
      states: &g.x, covariances: &g.p, innovations: g.y, nis: &n2, notPositiveDefinite: &r2)
    #expect(n1 == n2)
    for k in 0..<5 {
      #expect(f.x.matrix(k) == g.x.matrix(k))
      #expect(f.p.matrix(k) == g.p.matrix(k), "symmetric after the update, so either orientation")
    }
  }

  @Test func squaredDistancesAreWhitenedInnovationNorms() throws {
    let f = Filters(count: 6, seed: 13)
    let want = try Self.stackUpdate(f)
    var innovation = InterleavedInnovation(measurementSize: 3, stateSize: 6)
    try innovation.factor(covariances: f.p, jacobians: f.h, noiseVariances: f.r)
    let z = Matrix(rowMajor: [[0.1, 0.5, -0.2], [0.3, -0.4, 0.0], [1.0, 0.2, 0.7]])
    var out: [Double] = []
    try innovation.squaredDistances(of: z, columns: 2, from: f.y, into: &out)
    #expect(out.count == 12)
    var chol = want.l
    var predicted = MatrixStack(rows: 3, columns: 1, count: 6)
    for k in 0..<6 { for i in 0..<3 { predicted[k, i, 0] = f.y[k, i, 0] } }
    var d = MatrixStack(rows: 3, columns: 2, count: 6)
    try d.setDifferences(z, columns: 2, minus: predicted)
    try chol.solveLower(&d, columns: 2)
    var norms: [Double] = []
    d.columnSquaredNorms(columns: 2, into: &norms)
    #expect(norms.count == 12)
    for (a, b) in zip(out, norms) { #expect(Self.close(a, b), "\(a) vs \(b)") }
  }

  @Test func anUpdateThatLeavesPIndefiniteIsReported() throws {
    // One state, one measurement: S = P + R = 0.5 with R = −0.5 factors, but P − P S⁻¹ P = −1.
    var p = InterleavedMatrices(rows: 1, columns: 1, count: 6)
    var h = InterleavedMatrices(rows: 1, columns: 1, count: 6)
    var r = InterleavedMatrices(rows: 1, columns: 1, count: 6)
    var x = InterleavedMatrices(rows: 1, columns: 1, count: 6)
    let y = InterleavedMatrices(rows: 1, columns: 1, count: 6)
    for k in 0..<6 {
      p[k, 0, 0] = 1
      h[k, 0, 0] = 1
      r[k, 0, 0] = k == 1 || k == 5 ? -0.5 : 3
    }
    var innovation = InterleavedInnovation(measurementSize: 1, stateSize: 1)
    try innovation.factor(covariances: p, jacobians: h, noiseVariances: r)
    var nis: [Double] = []
    var reset: [Int] = []
    try innovation.update(states: &x, covariances: &p, innovations: y, nis: &nis, notPositiveDefinite: &reset)
    #expect(reset == [1, 5])
    #expect(p[0, 0, 0] == 0.75)  // 1 − 1·4⁻¹·1
  }

  @Test func factorReportsTheFirstFailingFilterAsBlockDiagonalCholeskyDoes() throws {
    var f = Filters(count: 7, seed: 14)
    f.r[5, 1, 0] = -1e6
    f.r[6, 0, 0] = -1e6
    var innovation = InterleavedInnovation(measurementSize: 3, stateSize: 6)
    #expect(throws: LinearAlgebraError.notPositiveDefinite(order: 5 * 3 + 2)) {
      try innovation.factor(covariances: f.p, jacobians: f.h, noiseVariances: f.r)
    }
    f.r[2, 2, 0] = .nan
    #expect(
      throws: LinearAlgebraError.invalidArgument(
        routine: "InterleavedInnovation.factor (NaN input)", position: 0)
    ) {
      try innovation.factor(covariances: f.p, jacobians: f.h, noiseVariances: f.r)
    }
  }

  @Test func innovationRefusesShapesThatDoNotFit() throws {
    var f = Filters(count: 3, seed: 15)
    var innovation = InterleavedInnovation(measurementSize: 3, stateSize: 6)
    let short = InterleavedMatrices(rows: 3, columns: 1, count: 2)
    #expect(throws: LinearAlgebraError.self) {
      try innovation.factor(covariances: f.p, jacobians: f.h, noiseVariances: short)
    }
    #expect(throws: LinearAlgebraError.self) {
      try innovation.factor(covariances: f.h, jacobians: f.h, noiseVariances: f.r)
    }
    try innovation.factor(covariances: f.p, jacobians: f.h, noiseVariances: f.r)
    var nis: [Double] = []
    var reset: [Int] = []
    let before = f.x.matrix(0)
    #expect(throws: LinearAlgebraError.self) {
      try innovation.update(
        states: &f.x, covariances: &f.p, innovations: short, nis: &nis, notPositiveDefinite: &reset)
    }
    #expect(f.x.matrix(0) == before)
    var out: [Double] = []
    #expect(throws: LinearAlgebraError.self) {
      try innovation.squaredDistances(of: Matrix(rows: 2, columns: 1), columns: 1, from: f.y, into: &out)
    }
    #expect(throws: LinearAlgebraError.self) {
      try innovation.squaredDistances(of: Matrix(rows: 3, columns: 1), columns: 2, from: f.y, into: &out)
    }
  }
}
