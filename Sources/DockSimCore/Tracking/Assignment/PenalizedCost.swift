/// A cost of the assignment solver with an exact count of forbidden pairs in front of the real part,
/// ordered lexicographically: (penalties, value).
///
/// This is the "large penalty" formulation with the penalty taken infinitely large, so that any
/// difference in the number of forbidden pairs outweighs any difference of the finite costs. Keeping
/// the count as an integer, instead of adding a finite penalty to the Doubles, means no choice of
/// penalty can be too small (wrong answer) or too large (the finite costs lost to round-off).
///
/// (ℤ × ℝ, +, lexicographic order) is a totally ordered abelian group, which is all the shortest
/// augmenting path method needs from its costs.
struct PenalizedCost: Comparable, Sendable {
  /// Number of forbidden pairs (for a potential or a path length: a signed combination of them).
  var penalties: Int
  /// The sum of the finite costs, in the caller's units.
  var value: Double

  static let zero = PenalizedCost(penalties: 0, value: 0)
  /// A cost above any real path length; only ever compared, never added.
  static let unreached = PenalizedCost(penalties: .max, value: 0)

  /// The cost of one matrix entry: non-finite entries (±∞, NaN) are forbidden.
  init(entry: Double) {
    if entry.isFinite {
      penalties = 0
      value = entry
    } else {
      penalties = 1
      value = 0
    }
  }

  init(penalties: Int, value: Double) {
    self.penalties = penalties
    self.value = value
  }

  static func + (a: PenalizedCost, b: PenalizedCost) -> PenalizedCost {
    PenalizedCost(penalties: a.penalties + b.penalties, value: a.value + b.value)
  }

  static func - (a: PenalizedCost, b: PenalizedCost) -> PenalizedCost {
    PenalizedCost(penalties: a.penalties - b.penalties, value: a.value - b.value)
  }

  static func += (a: inout PenalizedCost, b: PenalizedCost) { a = a + b }
  static func -= (a: inout PenalizedCost, b: PenalizedCost) { a = a - b }

  static func < (a: PenalizedCost, b: PenalizedCost) -> Bool {
    a.penalties != b.penalties ? a.penalties < b.penalties : a.value < b.value
  }
}
