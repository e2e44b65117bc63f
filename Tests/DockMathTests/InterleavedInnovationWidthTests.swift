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
