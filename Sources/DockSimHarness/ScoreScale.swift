import DockSimCore
import DockSimIO

/// Whether a recording's detector scores its boxes on the tracker's scale: the tracker associates
/// boxes scoring below `TrackerParameters.highScore` only with tracks it already has, so a detector
/// whose people score lower never has a track confirmed (docs/tracker.md, step 3).
public enum ScoreScale {
  /// Below this share of boxes at or above `highScore` a replay warns: the detector's people are
  /// likely weak boxes to the tracker. Most of a real detector's boxes are people (MOT15's public
  /// Faster R-CNN boxes, all eleven training sequences: 73 % score at least 0.9), so fewer than half
  /// means another scale.
  public static let confidentShareWarning = 0.5

  /// The share of `frames`' boxes scoring at least `highScore`, and the number of boxes; nil share
  /// without any box.
  public static func confidentShare(_ frames: [LoggedFrame], highScore: Double) -> (
    share: Double?, boxes: Int
  ) {
    var boxes = 0
    var confident = 0
    for f in frames {
      for o in f.observations {
        boxes += 1
        if o.confidence >= highScore { confident += 1 }
      }
    }
    return (boxes > 0 ? Double(confident) / Double(boxes) : nil, boxes)
  }

  /// The warning for `frames` replayed with `highScore`, nil when enough boxes are confident.
  public static func warning(_ frames: [LoggedFrame], highScore: Double, file: String) -> String? {
    let (share, boxes) = confidentShare(frames, highScore: highScore)
    guard let share, share < confidentShareWarning else { return nil }
    let percent = Int((share * 100).rounded(.down))
    return "docksim: warning: \(file): \(percent) % of the \(boxes) boxes score at least high_score "
      + "\(CSVFormat.cell(highScore)); weaker boxes continue tracks but never confirm one. If this "
      + "detector's people score lower, set --high-score to its scale (docs/tracker.md, step 3)"
  }
}
