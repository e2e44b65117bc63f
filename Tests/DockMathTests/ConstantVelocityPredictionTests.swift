import DockMath
import DockSimTestSupport
import Testing

/// `InterleavedMatrices.predictConstantVelocity` against F·x and F·P·Fᵀ + Q by the textbook triple
/// loop, for every matrix of a bank, in both storage orientations.
struct ConstantVelocityPredictionTests {
  typealias Naive = NaiveLinearAlgebra

  /// F = [[I, dt·I], [0, I]] for `n` states.
  static func transition(n: Int, dt: Double) -> Matrix {
    var f = Matrix.identity(n)
    for i in 0..<(n / 2) { f[i, i + n / 2] = dt }
    return f
  }

  @Test(arguments: [(6, 1), (6, 5), (6, 16), (4, 9), (2, 3)])
  func matchesTheDenseProducts(n: Int, count: Int) throws {
    var g = SeededGenerator(seed: UInt64(n * 100 + count))
    let dt = 1.0 / 30
    let f = Self.transition(n: n, dt: dt)
    let q = Naive.randomSPD(n: n, using: &g)
    var x = InterleavedMatrices(rows: n, columns: 1, count: count)
    var p = InterleavedMatrices(rows: n, columns: n, count: count)
    var states: [Matrix] = []
    var covariances: [Matrix] = []
    for k in 0..<count {
      let xk = Naive.randomMatrix(rows: n, columns: 1, using: &g)
      let pk = Naive.randomSPD(n: n, using: &g)
      x.setMatrix(k, to: xk)
      p.setMatrix(k, to: pk)
      states.append(xk)
      covariances.append(pk)
    }
    var transposes = p
    for k in 0..<count { transposes.setMatrix(k, to: covariances[k].transposed()) }
    var xt = x
    try InterleavedMatrices.predictConstantVelocity(states: &x, covariances: &p, dt: dt, plus: q)
    try InterleavedMatrices.predictConstantVelocity(states: &xt, covariances: &transposes, dt: dt, plus: q)
    for k in 0..<count {
      let expectedX = Naive.multiply(f, .none, states[k])
      var expectedP = Naive.multiply(Naive.multiply(f, .none, covariances[k]), .none, f, .transposed)
      for i in 0..<n { for j in 0..<n { expectedP[i, j] += q[i, j] } }
      #expect(Naive.relativeDifference(x.matrix(k), expectedX) < 1e-14)
      #expect(Naive.relativeDifference(p.matrix(k), expectedP) < 1e-14)
      #expect(Naive.relativeDifference(transposes.matrix(k).transposed(), expectedP) < 1e-14)
      #expect(xt.matrix(k) == x.matrix(k))
    }
  }

  /// A filter's prediction does not depend on how many filters share the bank, nor on its place in
  /// it (the lane loops treat every lane alike; the BLAS daxpy they replaced rounded the elements
  /// after its last full block of 16 differently). The filter under test sits first and last, in
  /// banks of 1 to 41 filters.
  @Test(arguments: [0, 3, 4, 5, 11, 12, 13, 16, 17, 40])
  func aMatrixComesOutTheSameWhateverTheBankHolds(others: Int) throws {
    var g = SeededGenerator(seed: 99 + UInt64(others))
    let q = Naive.randomSPD(n: 6, using: &g)
    let x0 = Naive.randomMatrix(rows: 6, columns: 1, using: &g)
    let p0 = Naive.randomSPD(n: 6, using: &g)
    var alone = (
      InterleavedMatrices(rows: 6, columns: 1, count: 1), InterleavedMatrices(rows: 6, columns: 6, count: 1)
    )
    alone.0.setMatrix(0, to: x0)
    alone.1.setMatrix(0, to: p0)
    var crowds: [(InterleavedMatrices, InterleavedMatrices, at: Int)] = []
    for at in [0, others] {
      var crowd = (
        InterleavedMatrices(rows: 6, columns: 1, count: others + 1),
        InterleavedMatrices(rows: 6, columns: 6, count: others + 1)
      )
      for k in 0...others {
        crowd.0.setMatrix(k, to: k == at ? x0 : Naive.randomMatrix(rows: 6, columns: 1, using: &g))
        crowd.1.setMatrix(k, to: k == at ? p0 : Naive.randomSPD(n: 6, using: &g))
      }
      crowds.append((crowd.0, crowd.1, at))
    }
    for _ in 0..<30 {
      try InterleavedMatrices.predictConstantVelocity(
        states: &alone.0, covariances: &alone.1, dt: 0.033, plus: q)
      for i in crowds.indices {
        var (x, p, at) = crowds[i]
        try InterleavedMatrices.predictConstantVelocity(states: &x, covariances: &p, dt: 0.033, plus: q)
        crowds[i] = (x, p, at)
      }
    }
    for (x, p, at) in crowds {
      #expect(
        x.matrix(at).storage.map(\.bitPattern) == alone.0.matrix(0).storage.map(\.bitPattern), "at \(at)")
      #expect(
        p.matrix(at).storage.map(\.bitPattern) == alone.1.matrix(0).storage.map(\.bitPattern), "at \(at)")
    }
  }

  /// Every element to the bit as documented: the column step, then the row step, then q's addition,
  /// each a multiplication and an addition rounded in turn (no fused multiply-add), in plain scalar
  /// arithmetic; for the six states of the tracker (two lanes at a time) and for other sizes.
  @Test(arguments: [(6, 1), (6, 2), (6, 7), (4, 5), (2, 3), (8, 2)])
  func everyElementIsRoundedAsDocumented(n: Int, count: Int) throws {
    var g = SeededGenerator(seed: UInt64(n * 1000 + count))
    let dt = 0.033
    var q = Naive.randomSPD(n: n, using: &g)
    q[0, 1] = 0
    q[1, 0] = 0
    var x = InterleavedMatrices(rows: n, columns: 1, count: count)
    var p = InterleavedMatrices(rows: n, columns: n, count: count)
    for k in 0..<count {
      x.setMatrix(k, to: Naive.randomMatrix(rows: n, columns: 1, using: &g))
      // Not symmetric: the steps must follow the storage as it is.
      p.setMatrix(k, to: Naive.randomMatrix(rows: n, columns: n, using: &g))
    }
    let (x0, p0) = (x, p)
    try InterleavedMatrices.predictConstantVelocity(states: &x, covariances: &p, dt: dt, plus: q)
    let m = n / 2
    for k in 0..<count {
      var e = x0.matrix(k)
      for i in 0..<m { e[i, 0] = e[i, 0] + dt * e[i + m, 0] }
      #expect(x.matrix(k).storage.map(\.bitPattern) == e.storage.map(\.bitPattern), "state \(k)")
      var a = p0.matrix(k)
      for j in 0..<m { for i in 0..<n { a[i, j] = a[i, j] + dt * a[i, j + m] } }
      for j in 0..<n { for i in 0..<m { a[i, j] = a[i, j] + dt * a[i + m, j] } }
      for j in 0..<n { for i in 0..<n { a[i, j] = a[i, j] + q[i, j] } }
      #expect(p.matrix(k).storage.map(\.bitPattern) == a.storage.map(\.bitPattern), "covariance \(k)")
    }
  }

  @Test func shapesThatDoNotFitThrowAndChangeNothing() {
    var x = InterleavedMatrices(rows: 6, columns: 1, count: 2)
    var p = InterleavedMatrices(rows: 6, columns: 6, count: 2)
    x[0, 3, 0] = 1
    p[1, 0, 0] = 2
    let (x0, p0) = (x, p)
    // q of another size.
    #expect(throws: LinearAlgebraError.self) {
      try InterleavedMatrices.predictConstantVelocity(
        states: &x, covariances: &p, dt: 0.1, plus: Matrix(rows: 5, columns: 5))
    }
    // An odd state size has no positions-then-rates split.
    var oddX = InterleavedMatrices(rows: 5, columns: 1, count: 2)
    var oddP = InterleavedMatrices(rows: 5, columns: 5, count: 2)
    #expect(throws: LinearAlgebraError.self) {
      try InterleavedMatrices.predictConstantVelocity(
        states: &oddX, covariances: &oddP, dt: 0.1, plus: Matrix(rows: 5, columns: 5))
    }
    // Fewer covariances than states.
    var fewer = InterleavedMatrices(rows: 6, columns: 6, count: 1)
    #expect(throws: LinearAlgebraError.self) {
      try InterleavedMatrices.predictConstantVelocity(
        states: &x, covariances: &fewer, dt: 0.1, plus: Matrix(rows: 6, columns: 6))
    }
    #expect(x.matrix(0) == x0.matrix(0) && p.matrix(1) == p0.matrix(1))
  }

  @Test func laneAccessAndElementTransformAddressTheSameElements() {
    var bank = InterleavedMatrices(rows: 3, columns: 2, count: 6)
    for k in 0..<6 { for i in 0..<3 { for j in 0..<2 { bank[k, i, j] = Double(100 * k + 10 * i + j) } } }
    #expect(bank.lanes(from: 4, row: 2, column: 1) == SIMD4(421, 521, 0, 0))
    bank.setLanes(from: 0, row: 1, column: 0, to: SIMD4(-1, -2, -3, -4))
    #expect(bank[3, 1, 0] == -4 && bank[0, 1, 1] == 11)
    // Several elements at once, in column-major order across the columns: (1, 0), (2, 0), (0, 1).
    bank.setLanes(
      from: 4, row: 1, column: 0, to: [SIMD4(7, 8, 9, 10), SIMD4(11, 12, 13, 14), SIMD4(15, 16, 0, 0)])
    #expect(bank[4, 1, 0] == 7 && bank[5, 2, 0] == 12 && bank[4, 0, 1] == 15 && bank[5, 0, 1] == 16)
    #expect(bank[3, 1, 0] == -4 && bank[4, 1, 1] == 411)
    bank.transformElement(row: 0, column: 1) { $0 + 0.5 }
    #expect((0..<4).allSatisfy { bank[$0, 0, 1] == Double(100 * $0 + 1) + 0.5 })
    #expect(bank[4, 0, 1] == 15.5 && bank[5, 0, 1] == 16.5)
    #expect(bank[0, 0, 0] == 0)
  }
}
