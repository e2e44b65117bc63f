extension TrackingMetrics {
  /// Where a box or track of `kind` centred at (`u`, `v`), normalized image coordinates, is placed for
  /// the MOT accumulator. Boxes of different kinds never match, so each kind is shifted by 10 image
  /// widths, far beyond any match threshold (at most 1). Public so that a replay of the objects trace
  /// (the report's track timeline) feeds the accumulator the very same numbers.
  public static func motPosition(u: Double, v: Double, kind: SubjectKind) -> (u: Double, v: Double) {
    (u + 10 * Double(kindIndex(kind)), v)
  }
}
