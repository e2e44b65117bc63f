import Foundation

/// `docksim import-trajectories --stand auto`: where a person filming the primary would put the stand —
/// beside the middle of the primary's walk, facing it, out of everybody's way — so the primary crosses
/// the picture at a distance a phone frames well.
public enum StandPlacement {
  /// Metres from the middle of the primary's walk, in the order tried: 4 m frames a walking adult well
  /// with the default camera; farther (or a little nearer) only when someone passes too close.
  public static let distances = [4.0, 5.0, 3.5, 6.0]
  /// Metres every sample in the window must keep from the pivot: twice the refused minimum
  /// (`TrajectoryLimits.minimumStandClearance`), so nobody brushes the stand.
  public static let clearance = 1.0

  /// The stand for `primary` among `everyone` (the window's people in the recording's frame): at the
  /// first of `distances` at which a side of the walk keeps `clearance` from every sample, on the side
  /// with more room (left of the walk first on a tie), facing the middle sample; nil when no place
  /// qualifies.
  public static func place(primary: RecordedPerson, everyone: [RecordedPerson]) -> StandPose? {
    let samples = primary.samples
    guard let first = samples.first, let last = samples.last else { return nil }
    let middle = samples[samples.count / 2]
    var dx = last.x - first.x
    var dy = last.y - first.y
    let length = (dx * dx + dy * dy).squareRoot()
    // Someone who ends where they began has no direction of walk: face them along the recording's y.
    if length > 0 {
      dx /= length
      dy /= length
    } else {
      (dx, dy) = (1, 0)
    }
    for distance in distances {
      var best: (room: Double, x: Double, y: Double)?
      for side in [1.0, -1.0] {
        // The walk's left (side 1) or right normal, seen from above with the recording's y up.
        let x = middle.x - dy * side * distance
        let y = middle.y + dx * side * distance
        var room = Double.infinity
        for person in everyone {
          for s in person.samples {
            room = min(room, ((s.x - x) * (s.x - x) + (s.y - y) * (s.y - y)).squareRoot())
          }
        }
        if room >= clearance, best == nil || room > best!.room { best = (room, x, y) }
      }
      if let best {
        return StandPose(x: best.x, y: best.y, heading: atan2(middle.y - best.y, middle.x - best.x))
      }
    }
    return nil
  }
}
