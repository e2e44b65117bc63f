/// The per-frame matching of HOTA's second pass: the one-to-one assignment of a frame's objects to its
/// hypotheses that maximizes Σ A(g,h)·s(g,h) over the pairs with s > 0, each connected component of
/// those pairs solved on its own (the optimum decomposes; a typical frame is a set of 1×1 components).
///
/// Objects and hypotheses are ordered by id, and components by their smallest object id, so equally
/// good assignments are broken the same way whatever order the rows came in (`AssignmentSolver`'s
/// documented tie-breaking then decides).
struct HOTAFrameMatcher {
  /// The entries (indices into the accumulator's entry arrays) of the matched pairs, after `match`.
  private(set) var matchedEntries: [Int] = []

  private var solver = AssignmentSolver()
  /// Dense indices of the frame's objects and hypotheses, each sorted by id.
  private var rows: [UInt32] = []
  private var columns: [UInt32] = []
  /// Row and column of each entry of the frame, in entry order.
  private var entryRow: [Int] = []
  private var entryColumn: [Int] = []
  /// Union-find over rows (0..<n) and columns (n..<n+m).
  private var parent: [Int] = []
  private var componentRows: [Int] = []
  private var componentColumns: [Int] = []
  private var costs: [Double] = []
  /// Entry index at each cell of the component's matrix, or −1 where s = 0.
  private var entryAt: [Int] = []
  private var assignment: [Int?] = []

  /// Matches the frame whose entries are `range`; the result is in `matchedEntries`.
  mutating func match(
    _ range: Range<Int>, entryPair: ChunkedArray<UInt32>, entrySimilarity: ChunkedArray<Double>,
    pairs: [HOTAPair], alignment: [Double], objects: [HOTAIdentity], hypotheses: [HOTAIdentity]
  ) {
    matchedEntries.removeAll(keepingCapacity: true)
    rows.removeAll(keepingCapacity: true)
    columns.removeAll(keepingCapacity: true)
    for entry in range {
      let pair = pairs[Int(entryPair[entry])]
      if !rows.contains(pair.object) { rows.append(pair.object) }
      if !columns.contains(pair.hypothesis) { columns.append(pair.hypothesis) }
    }
    // Ids are distinct within a frame, so these orders are total.
    rows.sort { objects[Int($0)].id < objects[Int($1)].id }
    columns.sort { hypotheses[Int($0)].id < hypotheses[Int($1)].id }
    let n = rows.count

    parent.removeAll(keepingCapacity: true)
    parent.append(contentsOf: 0..<(n + columns.count))
    entryRow.removeAll(keepingCapacity: true)
    entryColumn.removeAll(keepingCapacity: true)
    for entry in range {
      let pair = pairs[Int(entryPair[entry])]
      let row = rows.firstIndex(of: pair.object)!
      let column = columns.firstIndex(of: pair.hypothesis)!
      entryRow.append(row)
      entryColumn.append(column)
      let a = root(row)
      let b = root(n + column)
      // The smaller index becomes the root, so a component's root is its first row.
      if a != b { parent[max(a, b)] = min(a, b) }
    }

    for first in 0..<n where root(first) == first {
      componentRows.removeAll(keepingCapacity: true)
      componentColumns.removeAll(keepingCapacity: true)
      for r in first..<n where root(r) == first { componentRows.append(r) }
      for c in columns.indices where root(n + c) == first { componentColumns.append(c) }
      if componentRows.count == 1 && componentColumns.count == 1 {
        // A lone pair: the only entry of its component, matched whatever its score.
        matchedEntries.append(range.lowerBound + entryRow.firstIndex(of: first)!)
        continue
      }
      solveComponent(range, entryPair: entryPair, entrySimilarity: entrySimilarity, alignment: alignment)
    }
  }

  /// Solves the component in `componentRows` × `componentColumns`: cost −A·s on its entries and 0
  /// elsewhere, so that leaving a line unmatched costs nothing and the solver's "most pairs first"
  /// cannot override the larger total score.
  private mutating func solveComponent(
    _ range: Range<Int>, entryPair: ChunkedArray<UInt32>, entrySimilarity: ChunkedArray<Double>,
    alignment: [Double]
  ) {
    let height = componentRows.count
    let width = componentColumns.count
    costs.removeAll(keepingCapacity: true)
    costs.append(contentsOf: repeatElement(0, count: height * width))
    entryAt.removeAll(keepingCapacity: true)
    entryAt.append(contentsOf: repeatElement(-1, count: height * width))
    for (k, entry) in range.enumerated() {
      guard let r = componentRows.firstIndex(of: entryRow[k]),
        let c = componentColumns.firstIndex(of: entryColumn[k])
      else { continue }
      costs[r * width + c] = -(alignment[Int(entryPair[entry])] * entrySimilarity[entry])
      entryAt[r * width + c] = entry
    }
    solver.solve(costs: costs, rows: height, columns: width, into: &assignment)
    for (r, c) in assignment.enumerated() {
      guard let c, entryAt[r * width + c] >= 0 else { continue }
      matchedEntries.append(entryAt[r * width + c])
    }
  }

  private mutating func root(_ x: Int) -> Int {
    var x = x
    while parent[x] != x {
      parent[x] = parent[parent[x]]
      x = parent[x]
    }
    return x
  }
}
