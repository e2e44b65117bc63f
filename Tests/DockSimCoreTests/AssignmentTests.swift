import Testing

@testable import DockSimCore

/// The assignment solver against exhaustive search, and its edge cases.
struct AssignmentTests {
  /// The objective: number of pairs (maximized first), then their summed cost (minimized).
  struct Objective {
    var pairs: Int
    var sum: Double
  }

  /// Exhaustive search over every injective partial map of rows to columns using finite entries only.
  static func bruteForce(_ costs: [Double], rows: Int, columns: Int) -> Objective {
    var best = Objective(pairs: 0, sum: 0)
    var used = [Bool](repeating: false, count: columns)
    func visit(_ row: Int, _ pairs: Int, _ sum: Double) {
      if row == rows {
        if pairs > best.pairs || (pairs == best.pairs && sum < best.sum) {
          best = Objective(pairs: pairs, sum: sum)
        }
        return
      }
      visit(row + 1, pairs, sum)
      for column in 0..<columns where !used[column] && costs[row * columns + column].isFinite {
        used[column] = true
        visit(row + 1, pairs + 1, sum + costs[row * columns + column])
        used[column] = false
      }
    }
    visit(0, 0, 0)
    return best
  }

  /// Checks that `assignment` is one-to-one, uses only finite entries, and returns its objective.
  static func objective(_ assignment: [Int?], _ costs: [Double], rows: Int, columns: Int) -> Objective {
    #expect(assignment.count == rows)
    var taken = [Bool](repeating: false, count: columns)
    var result = Objective(pairs: 0, sum: 0)
    for (row, column) in assignment.enumerated() {
      guard let column else { continue }
      #expect((0..<columns).contains(column))
      #expect(!taken[column], "column \(column) assigned twice")
      taken[column] = true
      #expect(costs[row * columns + column].isFinite, "forbidden pair (\(row), \(column)) assigned")
      result.pairs += 1
      result.sum += costs[row * columns + column]
    }
    return result
  }

  /// A random matrix; `variant` cycles through the kinds of matrix that stress the solver: continuous
  /// costs, small integers (many ties), all equal, and forbidden fractions from none to nearly all,
  /// written as +∞, −∞ or NaN.
  static func randomMatrix(rows: Int, columns: Int, variant: Int, random: inout RandomStream) -> [Double] {
    let forbiddenFraction = [0.0, 0.2, 0.5, 0.85][variant % 4]
    let kind = (variant / 4) % 3
    let forbidden: [Double] = [.infinity, .infinity, -.infinity, .nan]
    return (0..<rows * columns).map { _ in
      if random.bernoulli(forbiddenFraction) { return forbidden[Int(random.next() % 4)] }
      switch kind {
      case 0: return (random.uniform() - 0.3) * 10
      case 1: return Double(random.next() % 4)
      default: return 1
      }
    }
  }

  @Test func matchesExhaustiveSearchOnRandomMatrices() {
    var random = RandomStream(seed: 2016, stream: "assignment-tests")
    var solver = AssignmentSolver()
    var checked = 0
    for rows in 1...7 {
      for columns in 1...7 {
        for variant in 0..<24 {
          let costs = Self.randomMatrix(rows: rows, columns: columns, variant: variant, random: &random)
          let assignment = solver.solve(costs: costs, rows: rows, columns: columns)
          let got = Self.objective(assignment, costs, rows: rows, columns: columns)
          let want = Self.bruteForce(costs, rows: rows, columns: columns)
          #expect(got.pairs == want.pairs, "\(rows)×\(columns) variant \(variant): \(costs)")
          #expect(abs(got.sum - want.sum) <= 1e-9, "\(rows)×\(columns) variant \(variant): \(costs)")
          // The reused workspace and a fresh one give the very same answer, ties included.
          #expect(Assignment.solve(costs: costs, rows: rows, columns: columns) == assignment)
          checked += 1
        }
      }
    }
    #expect(checked == 1176)
  }

  /// Many independent blocks, their rows and columns shuffled into one mostly forbidden matrix (a
  /// crowd, or a flood of clutter, after gating): the solver splits it and must reach, block by block,
  /// the exhaustive optimum.
  @Test func independentBlocksAreSolvedToTheSameOptimum() {
    var random = RandomStream(seed: 17, stream: "assignment-blocks")
    let blocks = 40
    var shapes: [(rows: Int, columns: Int)] = []
    for _ in 0..<blocks { shapes.append((1 + Int(random.next() % 4), 1 + Int(random.next() % 4))) }
    let rows = shapes.map(\.rows).reduce(0, +)
    let columns = shapes.map(\.columns).reduce(0, +)
    // A random placement of every block's lines in the big matrix.
    var rowOrder = Array(0..<rows)
    var columnOrder = Array(0..<columns)
    for i in stride(from: rows - 1, to: 0, by: -1) { rowOrder.swapAt(i, Int(random.next() % UInt64(i + 1))) }
    for j in stride(from: columns - 1, to: 0, by: -1) {
      columnOrder.swapAt(j, Int(random.next() % UInt64(j + 1)))
    }
    var big = [Double](repeating: .infinity, count: rows * columns)
    var wanted = Objective(pairs: 0, sum: 0)
    var r0 = 0
    var c0 = 0
    for (k, shape) in shapes.enumerated() {
      let block = Self.randomMatrix(rows: shape.rows, columns: shape.columns, variant: k % 4, random: &random)
      for a in 0..<shape.rows {
        for b in 0..<shape.columns {
          big[rowOrder[r0 + a] * columns + columnOrder[c0 + b]] = block[a * shape.columns + b]
        }
      }
      let best = Self.bruteForce(block, rows: shape.rows, columns: shape.columns)
      wanted = Objective(pairs: wanted.pairs + best.pairs, sum: wanted.sum + best.sum)
      r0 += shape.rows
      c0 += shape.columns
    }
    var solver = AssignmentSolver()
    let got = solver.solve(costs: big, rows: rows, columns: columns)
    var used = Set<Int>()
    var pairs = 0
    var sum = 0.0
    for (i, j) in got.enumerated() {
      guard let j else { continue }
      #expect(big[i * columns + j].isFinite, "a forbidden pair was used")
      #expect(used.insert(j).inserted, "column \(j) assigned twice")
      pairs += 1
      sum += big[i * columns + j]
    }
    #expect(pairs == wanted.pairs)
    #expect(abs(sum - wanted.sum) < 1e-9)
  }

  @Test func emptyShapes() {
    #expect(Assignment.solve(costs: [], rows: 0, columns: 0) == [])
    #expect(Assignment.solve(costs: [], rows: 0, columns: 3) == [])
    #expect(Assignment.solve(costs: [], rows: 3, columns: 0) == [nil, nil, nil])
  }

  @Test func forbiddenRowsAndMatricesStayUnassigned() {
    let inf = Double.infinity
    #expect(Assignment.solve(costs: [inf, inf, inf, inf], rows: 2, columns: 2) == [nil, nil])
    #expect(Assignment.solve(costs: [1, 2, inf, inf, 3, 1], rows: 3, columns: 2) == [0, nil, 1])
    #expect(Assignment.solve(costs: [.nan, 5], rows: 1, columns: 2) == [1])
    #expect(Assignment.solve(costs: [-inf, 5], rows: 1, columns: 2) == [1])
  }

  @Test func morePairsBeatALowerSum() {
    // Alone, (0,0) costs 0; two pairs cost 100. The pair count comes first.
    let costs = [0, 100, 0, Double.infinity]
    #expect(Assignment.solve(costs: costs, rows: 2, columns: 2) == [1, 0])
  }

  @Test func tallAndWideMatrices() {
    #expect(Assignment.solve(costs: [5, 1, 3], rows: 3, columns: 1) == [nil, 0, nil])
    #expect(Assignment.solve(costs: [5, 1, 3], rows: 1, columns: 3) == [1])
    #expect(Assignment.solve(costs: [4, 1, 3, 2, 0, 5, 3, 2, 2], rows: 3, columns: 3) == [1, 0, 2])
    #expect(Assignment.solve(costs: [1, 9, 9, 9, 9, 1], rows: 2, columns: 3) == [0, 2])
    #expect(Assignment.solve(costs: [1, 9, 9, 9, 9, 1], rows: 3, columns: 2) == [0, nil, 1])
  }

  @Test func negativeCosts() {
    #expect(Assignment.solve(costs: [-5, -1, -1, -5], rows: 2, columns: 2) == [0, 1])
    #expect(Assignment.solve(costs: [-1, -3, -2, -9], rows: 2, columns: 2) == [0, 1])
  }

  @Test func tiesResolveToTheLowestFreeColumn() {
    #expect(Assignment.solve(costs: [Double](repeating: 0, count: 9), rows: 3, columns: 3) == [0, 1, 2])
    #expect(Assignment.solve(costs: [Double](repeating: 2, count: 8), rows: 2, columns: 4) == [0, 1])
    #expect(
      Assignment.solve(costs: [Double](repeating: 2, count: 8), rows: 4, columns: 2) == [0, 1, nil, nil])
  }

  @Test func tinyDifferencesNextToForbiddenEntriesSurvive() {
    // A finite penalty of 2·r·max|c| ≈ 1.2e16 has a resolution of 2 units, so path lengths through
    // it could lose these 1-unit differences; the exact penalty count cannot.
    let big = 3e15
    let costs = [big, big + 1, .infinity, big + 1, big + 3, big]
    #expect(Assignment.solve(costs: costs, rows: 2, columns: 3) == [0, 2])
  }
}
