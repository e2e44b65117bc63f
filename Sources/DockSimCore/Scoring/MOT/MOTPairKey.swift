/// A (ground-truth object id, hypothesis id) pair: the key of the identity co-occurrence counts,
/// ordered by object, then hypothesis, so the counts can be read in a fixed order.
struct MOTPairKey: Hashable, Comparable, Sendable {
  var object: Int
  var hypothesis: Int

  static func < (a: MOTPairKey, b: MOTPairKey) -> Bool {
    a.object != b.object ? a.object < b.object : a.hypothesis < b.hypothesis
  }
}
