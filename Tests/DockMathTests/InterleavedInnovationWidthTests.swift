import DockMath
import Testing

/// The innovation kernels run a last lane group of one or two filters two lanes wide and every other
/// group four wide: a filter's factor, NIS, distances, state and covariance must not depend on which
/// width its group ran at, nor on its neighbours.
struct InterleavedInnovationWidthTests {
  typealias Filters = InterleavedMatricesTests.Filters

  /// Filter `k` of `f` alone (a bank of one: the two-lane path).
  static func alone(_ f: Filters, _ k: Int) -> Filters { InterleavedInnovationKeepTests.gathered(f, [k]) }

  struct Outcome {
    var logDeterminants: [Double]
    var nis: [Double]
    var distances: [Double]
    var x: [[UInt64]]
    var p: [[UInt64]]
  }

  static let z = Matrix(rowMajor: [[0.1, 0.5, -0.2], [0.3, -0.4, 0.0], [1.0, 0.2, 0.7]])

  static func run(_ f: Filters) throws -> Outcome {
    var f = f
    var innovation = InterleavedInnovation(measurementSize: 3, stateSize: 6, covariancesTransposed: true)
    try innovation.factor(covariances: f.p, jacobians: f.h, noiseVariances: f.r)
    let logDeterminants = (0..<f.p.count).map { innovation.logDeterminant($0) }
    var distances: [Double] = []
    try innovation.squaredDistances(of: z, columns: 3, from: f.y, into: &distances)
    var (nis, reset) = ([Double](), [Int]())
    try innovation.update(
      states: &f.x, covariances: &f.p, innovations: f.y, nis: &nis, notPositiveDefinite: &reset)
    #expect(reset.isEmpty)
    return Outcome(
      logDeterminants: logDeterminants, nis: nis, distances: distances,
      x: (0..<f.x.count).map { f.x.matrix($0).storage.map(\.bitPattern) },
      p: (0..<f.p.count).map { f.p.matrix($0).storage.map(\.bitPattern) })
  }

  // Banks of 1…9: their last group is two lanes wide for 1, 2, 5, 6 and 9 filters, four wide for the
  // others; every filter is compared with itself alone.
  @Test(arguments: 1...9)
  func aFilterComesOutTheSameAtEitherWidth(count: Int) throws {
    let f = Filters(count: count, seed: 40 + UInt64(count))
    let all = try Self.run(f)
    for k in 0..<count {
      let one = try Self.run(Self.alone(f, k))
      #expect(all.logDeterminants[k].bitPattern == one.logDeterminants[0].bitPattern, "filter \(k)")
      #expect(all.nis[k].bitPattern == one.nis[0].bitPattern, "filter \(k)")
      #expect(
        all.distances[(3 * k)..<(3 * k + 3)].map(\.bitPattern) == one.distances.map(\.bitPattern),
        "filter \(k)")
      #expect(all.x[k] == one.x[0], "filter \(k)")
      #expect(all.p[k] == one.p[0], "filter \(k)")
    }
  }
}

/// `observedStates`: an m×k Jacobian (the measurement depends on the first k states) gives the bits
/// of the m×n one whose other columns are zero, which the kernels skip.
struct InterleavedInnovationObservedStatesTests {
  @Test(arguments: [1, 2, 5, 9])
  func theFirstColumnsAloneGiveTheSameBits(count: Int) throws {
    let f = InterleavedMatricesTests.Filters(count: count, seed: 60 + UInt64(count))
    var narrow = f
    narrow.h = InterleavedMatrices(rows: 3, columns: 3, count: count)
    for k in 0..<count { for i in 0..<3 { for j in 0..<3 { narrow.h[k, i, j] = f.h[k, i, j] } } }
    var full = f
    var a = InterleavedInnovation(measurementSize: 3, stateSize: 6, covariancesTransposed: true)
    var b = InterleavedInnovation(
      measurementSize: 3, stateSize: 6, observedStates: 3, covariancesTransposed: true)
    try a.factor(covariances: full.p, jacobians: full.h, noiseVariances: full.r)
    try b.factor(covariances: narrow.p, jacobians: narrow.h, noiseVariances: narrow.r)
    var (n1, n2, r1, r2) = ([Double](), [Double](), [Int](), [Int]())
    try a.update(
      states: &full.x, covariances: &full.p, innovations: full.y, nis: &n1, notPositiveDefinite: &r1)
    try b.update(
      states: &narrow.x, covariances: &narrow.p, innovations: narrow.y, nis: &n2, notPositiveDefinite: &r2)
    #expect(n1.map(\.bitPattern) == n2.map(\.bitPattern) && r1 == r2)
    for k in 0..<count {
      #expect(a.logDeterminant(k).bitPattern == b.logDeterminant(k).bitPattern, "filter \(k)")
      #expect(full.x.matrix(k).storage.map(\.bitPattern) == narrow.x.matrix(k).storage.map(\.bitPattern))
      #expect(full.p.matrix(k).storage.map(\.bitPattern) == narrow.p.matrix(k).storage.map(\.bitPattern))
    }
    // A Jacobian of the full width is refused once the bank observes three states.
    #expect(throws: LinearAlgebraError.self) {
      try b.factor(covariances: f.p, jacobians: f.h, noiseVariances: f.r)
    }
  }
}
