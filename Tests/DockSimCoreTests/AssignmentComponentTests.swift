import DockSimCore
import Testing

/// The assignment solver on the sparse matrices a gated tracker produces: many small components, most
/// of them a single pair, a single row or a single column, which the solver settles without its
/// augmenting search. Each result is checked against the unique optimum found by exhaustive search
/// (costs drawn continuous, so no two assignments tie), and the tie rule of single lines directly.
struct AssignmentComponentTests {
  /// The unique best assignment (most pairs, then least sum) by exhaustive search; nil entries for
  /// rows left out. Only meaningful when no two assignments tie.
  static func exhaustive(_ costs: [Double], rows: Int, columns: Int) -> [Int?] {
    var best: (pairs: Int, sum: Double, assignment: [Int?]) = (0, 0, Array(repeating: nil, count: rows))
    var current = [Int?](repeating: nil, count: rows)
    var used = [Bool](repeating: false, count: columns)
    func visit(_ row: Int, _ pairs: Int, _ sum: Double) {
      if row == rows {
        if pairs > best.pairs || (pairs == best.pairs && sum < best.sum) { best = (pairs, sum, current) }
        return
      }
      visit(row + 1, pairs, sum)
      for column in 0..<columns where !used[column] && costs[row * columns + column].isFinite {
        used[column] = true
        current[row] = column
        visit(row + 1, pairs + 1, sum + costs[row * columns + column])
        current[row] = nil
        used[column] = false
      }
    }
    visit(0, 0, 0)
    return best.assignment
  }

  /// A gated-looking matrix: each entry finite with probability `density`, continuous costs (some
  /// negative), forbidden entries as +∞, −∞ or NaN.
  static func sparseMatrix(rows: Int, columns: Int, density: Double, random: inout RandomStream) -> [Double] {
    let forbidden: [Double] = [.infinity, -.infinity, .nan]
    return (0..<rows * columns).map { _ in
      random.bernoulli(density) ? (random.uniform() - 0.2) * 20 : forbidden[Int(random.next() % 3)]
    }
  }

  @Test func sparseMatricesGetTheUniqueOptimum() {
    var random = RandomStream(seed: 19, stream: "assignment-components")
    var solver = AssignmentSolver()
    var checked = 0
    for trial in 0..<1_200 {
      let rows = 1 + Int(random.next() % 6)
      let columns = 1 + Int(random.next() % 6)
      // From nearly empty (every finite entry its own component) to half full (one big component).
      let density = [0.08, 0.15, 0.25, 0.5][trial % 4]
      let costs = Self.sparseMatrix(rows: rows, columns: columns, density: density, random: &random)
      let expected = Self.exhaustive(costs, rows: rows, columns: columns)
      // One workspace across every shape (its buffers are reset in place when the size repeats) and a
      // fresh one must agree with the exhaustive search alike.
      let reused = solver.solve(costs: costs, rows: rows, columns: columns)
      let fresh = Assignment.solve(costs: costs, rows: rows, columns: columns)
      #expect(reused == expected, "\(rows)×\(columns) trial \(trial): \(costs)")
      #expect(fresh == expected, "\(rows)×\(columns) trial \(trial): \(costs)")
      checked += 1
    }
    #expect(checked == 1_200)
  }

  @Test func aDiagonalOfGatedPairsAssignsEachRowItsOwnColumn() {
    // The steady tracker frame: every track gates only its own box, in shuffled order.
    let n = 16
    let columnOf = (0..<n).map { ($0 * 7 + 3) % n }
    var costs = [Double](repeating: .infinity, count: n * n)
    for i in 0..<n { costs[i * n + columnOf[i]] = Double(i) - 4.5 }
    #expect(Assignment.solve(costs: costs, rows: n, columns: n) == columnOf.map { Optional($0) })
  }

  @Test func aSingleRowTakesItsLeastEntryAndTheFirstOfEqualOnes() {
    let inf = Double.infinity
    // Row 0 alone gates columns 1, 2 and 4 (row 1 gates nothing): least entry wins.
    #expect(
      Assignment.solve(costs: [inf, 3, 2, inf, 5, inf, inf, inf, inf, inf], rows: 2, columns: 5) == [2, nil])
    // Equal least entries: the lowest column; −0 and +0 are equal.
    #expect(Assignment.solve(costs: [inf, 1, 4, 1], rows: 1, columns: 4) == [1])
    #expect(Assignment.solve(costs: [0.0, -0.0], rows: 1, columns: 2) == [0])
    #expect(Assignment.solve(costs: [-0.0, 0.0], rows: 1, columns: 2) == [0])
  }

  @Test func aSingleColumnGoesToItsLeastRowAndTheFirstOfEqualOnes() {
    let inf = Double.infinity
    #expect(Assignment.solve(costs: [inf, 7, inf, 6, inf, 6], rows: 3, columns: 2) == [nil, 1, nil])
    #expect(Assignment.solve(costs: [2, 2, 2], rows: 3, columns: 1) == [0, nil, nil])
    #expect(Assignment.solve(costs: [.nan, 2, 1], rows: 3, columns: 1) == [nil, nil, 0])
  }

  @Test func singleLinesBesideALargerComponentKeepTheirOwnAnswer() {
    let inf = Double.infinity
    // Rows 0–1 × columns 0–1 compete (the cross pairing is cheaper: 1 + 1 < 0 + 5); row 2 has only
    // column 3; column 2 is gated by rows 3 and 4 alike.
    let costs: [Double] = [
      0, 1, inf, inf,
      1, 5, inf, inf,
      inf, inf, inf, 9,
      inf, inf, 4, inf,
      inf, inf, 4, inf,
    ]
    #expect(Assignment.solve(costs: costs, rows: 5, columns: 4) == [1, 0, 3, 2, nil])
  }
}
