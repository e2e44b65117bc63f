import DockMath
import Testing

/// `InterleavedInnovation.keepFilters(at:)` and `InterleavedMatrices.keepMatrices(at:)`: an update of
/// some of the factored filters without factoring them again.
struct InterleavedInnovationKeepTests {
  typealias Filters = InterleavedMatricesTests.Filters

  /// The filters at `indices` of `f`, as a bank of their own.
  static func gathered(_ f: Filters, _ indices: [Int]) -> Filters {
    var g = f
    g.p.keepMatrices(at: indices)
    g.h.keepMatrices(at: indices)
    g.r.keepMatrices(at: indices)
    g.y.keepMatrices(at: indices)
    g.x.keepMatrices(at: indices)
    return g
  }

  @Test func keepMatricesGathersInOrderAcrossLaneGroups() {
    var bank = InterleavedMatrices(rows: 2, columns: 1, count: 10)
    for k in 0..<10 { for i in 0..<2 { bank[k, i, 0] = Double(10 * k + i) } }
    bank.keepMatrices(at: [0, 5, 6, 9])
    #expect(bank.count == 4 && bank.stride == 16)
    for (b, k) in [0, 5, 6, 9].enumerated() {
      #expect(bank[b, 0, 0] == Double(10 * k) && bank[b, 1, 0] == Double(10 * k + 1), "matrix \(b)")
    }
    bank.keepMatrices(at: [])
    #expect(bank.count == 0)
  }

  // Filters 1, 4 and 8 of nine (three lane groups, different lanes): the kept factors must give the
  // same bits as factoring those three alone, lane positions notwithstanding.
  @Test(arguments: [[1, 4, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8], [8]])
  func anUpdateWithKeptFactorsMatchesFactoringTheFiltersAlone(indices: [Int]) throws {
    let f = Filters(count: 9, seed: 21)
    var kept = Self.gathered(f, indices)
    var alone = kept
    var all = InterleavedInnovation(measurementSize: 3, stateSize: 6)
    try all.factor(covariances: f.p, jacobians: f.h, noiseVariances: f.r)
    all.keepFilters(at: indices)
    #expect(all.count == indices.count)
    var own = InterleavedInnovation(measurementSize: 3, stateSize: 6)
    try own.factor(covariances: alone.p, jacobians: alone.h, noiseVariances: alone.r)
    for b in indices.indices { #expect(all.logDeterminant(b) == own.logDeterminant(b), "filter \(b)") }
    var (n1, n2, r1, r2) = ([Double](), [Double](), [Int](), [Int]())
    try all.update(
      states: &kept.x, covariances: &kept.p, innovations: kept.y, nis: &n1, notPositiveDefinite: &r1)
    try own.update(
      states: &alone.x, covariances: &alone.p, innovations: alone.y, nis: &n2, notPositiveDefinite: &r2)
    #expect(n1 == n2 && r1 == r2)
    for b in indices.indices {
      #expect(kept.x.matrix(b) == alone.x.matrix(b), "state \(b)")
      #expect(kept.p.matrix(b) == alone.p.matrix(b), "covariance \(b)")
    }
  }

  @Test func anUpdateOfMoreFiltersThanWereKeptIsRejected() throws {
    var f = Filters(count: 6, seed: 22)
    var innovation = InterleavedInnovation(measurementSize: 3, stateSize: 6)
    try innovation.factor(covariances: f.p, jacobians: f.h, noiseVariances: f.r)
    innovation.keepFilters(at: [0, 2])
    var (nis, reset) = ([Double](), [Int]())
    let before = f.p.matrix(0)
    #expect(throws: LinearAlgebraError.self) {
      try innovation.update(
        states: &f.x, covariances: &f.p, innovations: f.y, nis: &nis, notPositiveDefinite: &reset)
    }
    #expect(f.p.matrix(0) == before, "nothing changed")
  }
}
