/// A reusable workspace for `Assignment.solve`: the same minimum-cost rectangular assignment, with the
/// buffers kept between calls so a per-frame loop does not allocate once they have grown to the largest
/// matrix seen.
///
/// **Objective.** Entries that are not finite (+∞, −∞ or NaN) are forbidden pairs. Among one-to-one
/// partial assignments of rows to columns using only finite entries, the solver first maximizes the
/// number of pairs, then minimizes the sum of their costs. Costs may be negative. Their magnitude
/// times `min(rows, columns)` must stay far below `Double.greatestFiniteMagnitude`.
///
/// **Method.** Shortest augmenting paths with dual potentials (Jonker & Volgenant 1987; the
/// rectangular form of Crouse 2016, as in SciPy's `linear_sum_assignment`), O(n²·m) for n = the
/// shorter side, m = the longer side. The shorter side is the one that is augmented; a tall matrix is
/// solved transposed.
///
/// **Why "most pairs first" is exact.** Every entry is costed as a `PenalizedCost`: (1, 0) when
/// forbidden, (0, c) when finite, compared lexicographically. The method needs only an ordered abelian
/// group of costs, so it returns a complete assignment of the n lines of the shorter side minimizing
/// (F, S), F the number of forbidden pairs used and S the sum of the finite ones. Dropping the
/// forbidden pairs gives the answer:
/// * Let P be a best partial assignment (K pairs, sum S_P). Extending P to all n lines (possible since
///   m ≥ n) adds only forbidden pairs: a finite pair between two lines P leaves free would make K + 1
///   pairs. So a complete assignment costing (n − K, S_P) exists, and the solver's (F, S) ≤ (n − K, S_P).
/// * Its finite pairs form a partial assignment of n − F ≥ K pairs, so n − F = K by the maximality of
///   K, and then S ≥ S_P by the minimality of S_P. Hence (F, S) = (n − K, S_P): the same objective.
///
/// **Ties.** The result depends only on the matrix's values and shape. Lines of the shorter side are
/// inserted in increasing index order. Each search scans columns (of the longer side) in increasing
/// index order and settles the column of least tentative path cost; among equal costs it prefers a
/// free column (which ends the search), then the lowest index. So among equally good assignments the
/// same one is returned on every run and platform (up to the platform's floating-point arithmetic).
public struct AssignmentSolver: Sendable {
  /// The matrix as short × long, row-major; a wide input is copied as is, a tall one transposed.
  private var work: [Double] = []
  /// Dual potential of each short-side line.
  private var rowPotential: [PenalizedCost] = []
  /// Dual potential of each long-side line.
  private var columnPotential: [PenalizedCost] = []
  /// Tentative shortest path cost to each long-side line in the current search.
  private var pathCost: [PenalizedCost] = []
  /// The short-side line from which each long-side line was reached in the current search.
  private var predecessor: [Int] = []
  /// The long-side line assigned to each short-side line, or −1.
  private var columnOfRow: [Int] = []
  /// The short-side line assigned to each long-side line, or −1.
  private var rowOfColumn: [Int] = []
  private var rowVisited: [Bool] = []
  private var columnSettled: [Bool] = []
  /// Union-find parents over rows then columns (−1: a root), and each line's root after the pass.
  private var parent: [Int] = []
  private var rootOf: [Int] = []
  /// Each component's lines as two chains in increasing index order, indexed by the component's root:
  /// its first and last row and column (−1: none), and each line's successor in its chain (−1: last).
  private var firstRow: [Int] = []
  private var lastRow: [Int] = []
  private var firstColumn: [Int] = []
  private var lastColumn: [Int] = []
  private var nextLine: [Int] = []
  private var componentRows: [Int] = []
  private var componentColumns: [Int] = []
  /// The component's submatrix and its solution.
  private var sub: [Double] = []
  private var subAssignment: [Int?] = []

  public init() {}

  /// Minimum-cost one-to-one assignment of rows to columns (see the type's documentation for the
  /// objective and tie-breaking). `costs` is row-major with `rows * columns` entries, in any unit.
  /// Returns, for each row, its column or nil. Costs no allocation beyond the returned array once the
  /// workspace has grown.
  public mutating func solve(costs: [Double], rows: Int, columns: Int) -> [Int?] {
    var assignment: [Int?] = []
    solve(costs: costs, rows: rows, columns: columns, into: &assignment)
    return assignment
  }

  /// As `solve(costs:rows:columns:)`, writing the result into `assignment` (resized to `rows`) so that
  /// a caller that keeps the array allocates nothing.
  ///
  /// **Pruning.** Pairs of lines with no finite entry between them never interact: the problem splits
  /// into the connected components of its finite entries (a gated association is mostly +∞, so a crowd
  /// or a flood of clutter splits into many small problems), each solved on its own in order of its
  /// lowest row. The objective is separable over components, so the answer is the same optimum; the
  /// cost is Σ n_k²·m_k over the components instead of n²·m for the whole matrix.
  public mutating func solve(costs: [Double], rows: Int, columns: Int, into assignment: inout [Int?]) {
    precondition(rows >= 0 && columns >= 0, "negative matrix shape \(rows)×\(columns)")
    precondition(costs.count == rows * columns, "\(costs.count) costs for a \(rows)×\(columns) matrix")
    Self.reset(&assignment, to: nil, count: rows)
    guard rows > 0 && columns > 0 else { return }
    if assignIsolatedPairs(costs: costs, rows: rows, columns: columns, into: &assignment) { return }

    // Union-find over the lines: rows 0..<rows, columns rows..<rows+columns.
    let lines = rows + columns
    Self.reset(&parent, to: -1, count: lines)
    for i in 0..<rows {
      let base = i * columns
      for j in 0..<columns where costs[base + j].isFinite { union(i, rows + j) }
    }
    // Chain every line onto its component in one pass, so gathering a component costs its own size,
    // not a scan of every line (a gated frame has about as many components as tracks).
    Self.reset(&rootOf, to: -1, count: lines)
    Self.reset(&firstRow, to: -1, count: lines)
    Self.reset(&lastRow, to: -1, count: lines)
    Self.reset(&firstColumn, to: -1, count: lines)
    Self.reset(&lastColumn, to: -1, count: lines)
    Self.reset(&nextLine, to: -1, count: lines)
    for line in 0..<lines {
      let root = find(line)
      rootOf[line] = root
      if line < rows {
        if lastRow[root] < 0 { firstRow[root] = line } else { nextLine[lastRow[root]] = line }
        lastRow[root] = line
      } else {
        if lastColumn[root] < 0 { firstColumn[root] = line } else { nextLine[lastColumn[root]] = line }
        lastColumn[root] = line
      }
    }
    // Components in order of their lowest row.
    for first in 0..<rows {
      let root = rootOf[first]
      // A row with no finite entry is its own root with no columns: it takes no pair.
      guard firstRow[root] == first, firstColumn[root] >= 0 else { continue }
      if firstRow[root] == lastRow[root] || firstColumn[root] == lastColumn[root] {
        // One row or one column (the usual gated pair is a 1×1 component): the best pair is the
        // least finite entry, the lowest index among equals, as `solveDense` would choose.
        assignSingleLine(costs: costs, columns: columns, root: root, rows: rows, into: &assignment)
        continue
      }
      componentRows.removeAll(keepingCapacity: true)
      componentColumns.removeAll(keepingCapacity: true)
      var line = first
      while line >= 0 {
        componentRows.append(line)
        line = nextLine[line]
      }
      line = firstColumn[root]
      while line >= 0 {
        componentColumns.append(line - rows)
        line = nextLine[line]
      }
      sub.removeAll(keepingCapacity: true)
      for i in componentRows {
        for j in componentColumns { sub.append(costs[i * columns + j]) }
      }
      solveDense(rows: componentRows.count, columns: componentColumns.count)
      for (a, i) in componentRows.enumerated() {
        if let b = subAssignment[a] { assignment[i] = componentColumns[b] }
      }
    }
  }

  /// The usual gated frame, subjects far enough apart that each track gates at most its own box: when
  /// every row and every column holds at most one finite entry, each component is that one pair (or a
  /// lone line, which takes none), and `assignSingleLine` would pick it. Assigns those pairs and
  /// returns true; otherwise leaves `assignment` all nil and returns false. One pass over the matrix
  /// instead of the union-find and its buffers.
  private mutating func assignIsolatedPairs(
    costs: [Double], rows: Int, columns: Int, into assignment: inout [Int?]
  ) -> Bool {
    Self.reset(&rowOfColumn, to: -1, count: columns)
    for i in 0..<rows {
      let base = i * columns
      var found = -1
      for j in 0..<columns where costs[base + j].isFinite {
        guard found < 0, rowOfColumn[j] < 0 else {
          Self.reset(&assignment, to: nil, count: rows)
          return false
        }
        found = j
        rowOfColumn[j] = i
      }
      if found >= 0 { assignment[i] = found }
    }
    return true
  }

  /// Solves a component with a single row or a single column (`root`'s chains): that line takes the
  /// least finite entry along it, the first in index order among equal ones.
  ///
  /// This is exactly `solveDense`'s answer on such a component: its one augmenting search starts with
  /// zero potentials, so each tentative cost is the entry itself (0 + c − 0 − 0 = c exactly), every
  /// column is free, and it settles the first least entry; a component's entries along its single line
  /// include a finite one, which outranks every forbidden one.
  private func assignSingleLine(
    costs: [Double], columns: Int, root: Int, rows: Int, into assignment: inout [Int?]
  ) {
    let singleRow = firstRow[root] == lastRow[root]
    var bestRow = -1
    var bestColumn = -1
    var bestCost = 0.0
    var row = firstRow[root]
    var column = firstColumn[root] - rows
    while row >= 0 && column >= 0 {
      let c = costs[row * columns + column]
      if c.isFinite && (bestRow < 0 || c < bestCost) {
        bestRow = row
        bestColumn = column
        bestCost = c
      }
      if singleRow {
        let next = nextLine[column + rows]
        column = next < 0 ? -1 : next - rows
      } else {
        row = nextLine[row]
      }
    }
    if bestRow >= 0 { assignment[bestRow] = bestColumn }
  }

  /// Solves the matrix in `sub` (`rows` × `columns`, row-major) into `subAssignment`.
  private mutating func solveDense(rows: Int, columns: Int) {
    Self.reset(&subAssignment, to: nil, count: rows)
    let transposed = rows > columns
    let n = transposed ? columns : rows
    let m = transposed ? rows : columns
    prepare(costs: sub, rows: rows, columns: columns, transposed: transposed)
    for start in 0..<n { augment(from: start, n: n, m: m) }

    for a in 0..<n {
      let b = columnOfRow[a]
      // Pairs completed only with a forbidden entry are no pairs (see the proof above).
      guard work[a * m + b].isFinite else { continue }
      if transposed { subAssignment[b] = a } else { subAssignment[a] = b }
    }
  }

  private mutating func find(_ line: Int) -> Int {
    var root = line
    while parent[root] >= 0 { root = parent[root] }
    var x = line
    while parent[x] >= 0 {
      let next = parent[x]
      parent[x] = root
      x = next
    }
    return root
  }

  private mutating func union(_ a: Int, _ b: Int) {
    let ra = find(a)
    let rb = find(b)
    guard ra != rb else { return }
    // The lower line becomes the root, so roots (and the order components are solved in) depend
    // only on the matrix.
    if ra < rb { parent[rb] = ra } else { parent[ra] = rb }
  }

  private mutating func prepare(costs: [Double], rows: Int, columns: Int, transposed: Bool) {
    let n = transposed ? columns : rows
    let m = transposed ? rows : columns
    work.removeAll(keepingCapacity: true)
    if transposed {
      work.reserveCapacity(n * m)
      for a in 0..<n {
        for b in 0..<m { work.append(costs[b * columns + a]) }
      }
    } else {
      work.append(contentsOf: costs)
    }
    Self.reset(&rowPotential, to: .zero, count: n)
    Self.reset(&columnPotential, to: .zero, count: m)
    Self.reset(&pathCost, to: .unreached, count: m)
    Self.reset(&predecessor, to: -1, count: m)
    Self.reset(&columnOfRow, to: -1, count: n)
    Self.reset(&rowOfColumn, to: -1, count: m)
    Self.reset(&rowVisited, to: false, count: n)
    Self.reset(&columnSettled, to: false, count: m)
  }

  /// Adds short-side line `start` to the assignment along a shortest path in reduced costs, then
  /// updates the potentials so that reduced costs stay ≥ 0 and are 0 on assigned pairs.
  private mutating func augment(from start: Int, n: Int, m: Int) {
    for j in 0..<m {
      pathCost[j] = .unreached
      columnSettled[j] = false
    }
    for i in 0..<n { rowVisited[i] = false }

    var row = start
    var reachedCost = PenalizedCost.zero
    var sink = -1
    while sink < 0 {
      rowVisited[row] = true
      var best = -1
      for j in 0..<m where !columnSettled[j] {
        let reduced =
          reachedCost + PenalizedCost(entry: work[row * m + j]) - rowPotential[row] - columnPotential[j]
        if reduced < pathCost[j] {
          pathCost[j] = reduced
          predecessor[j] = row
        }
        if best < 0 || pathCost[j] < pathCost[best]
          || (pathCost[j] == pathCost[best] && rowOfColumn[j] < 0 && rowOfColumn[best] >= 0)
        {
          best = j
        }
      }
      // m ≥ n and every entry has a (penalized) finite cost, so a free column is always reachable.
      reachedCost = pathCost[best]
      columnSettled[best] = true
      if rowOfColumn[best] < 0 { sink = best } else { row = rowOfColumn[best] }
    }

    rowPotential[start] += reachedCost
    for i in 0..<n where rowVisited[i] && i != start {
      rowPotential[i] += reachedCost - pathCost[columnOfRow[i]]
    }
    for j in 0..<m where columnSettled[j] {
      columnPotential[j] -= reachedCost - pathCost[j]
    }

    var column = sink
    while true {
      let i = predecessor[column]
      rowOfColumn[column] = i
      swap(&columnOfRow[i], &column)
      if i == start { break }
    }
  }

  /// `buffer` becomes `count` copies of `value`, in place when it already has that size (the steady
  /// state of a per-frame loop), so no generic range replacement runs.
  private static func reset<T>(_ buffer: inout [T], to value: T, count: Int) {
    if buffer.count == count {
      for i in 0..<count { buffer[i] = value }
    } else {
      buffer.removeAll(keepingCapacity: true)
      buffer.append(contentsOf: repeatElement(value, count: count))
    }
  }
}
