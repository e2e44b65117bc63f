/// What the MOT accumulator remembers about one ground-truth object between frames: constant size,
/// whatever the number of frames.
struct MOTObjectState: Sendable {
  /// The hypothesis id of the object's latest MATCH or SWITCH, in any earlier frame.
  var lastHypothesis: Int?
  /// Frames in which the object has a ground-truth row.
  var rows = 0
  /// Of those, frames in which it was paired (MATCH or SWITCH).
  var matched = 0
  /// Completed gaps: MISS runs with a match both before and after.
  var fragmentations = 0
  /// A MISS run after a match is open; it becomes a fragmentation only if the object is matched again,
  /// because the count spans the first to the last matched frame.
  var gapOpen = false

  mutating func recordMatch(hypothesis: Int) {
    rows += 1
    matched += 1
    if gapOpen { fragmentations += 1 }
    gapOpen = false
    lastHypothesis = hypothesis
  }

  mutating func recordMiss() {
    rows += 1
    if lastHypothesis != nil { gapOpen = true }
  }
}
