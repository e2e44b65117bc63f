/// Rectangular linear assignment (the matching step of multi-object tracking and of its metrics).
public enum Assignment {
  /// Minimum-cost one-to-one assignment of rows to columns of a `rows`×`columns` cost matrix
  /// (row-major, `rows * columns` entries, any unit; costs may be negative).
  ///
  /// Entries that are +∞, −∞ or NaN are forbidden pairs. Among assignments it first **maximizes the
  /// number of assigned (finite-cost) pairs**, then minimizes their summed cost. Returns, for each row,
  /// its column or nil. Ties are broken deterministically, as documented on `AssignmentSolver`; use
  /// an `AssignmentSolver` directly to reuse its buffers in a loop.
  public static func solve(costs: [Double], rows: Int, columns: Int) -> [Int?] {
    var solver = AssignmentSolver()
    return solver.solve(costs: costs, rows: rows, columns: columns)
  }
}
