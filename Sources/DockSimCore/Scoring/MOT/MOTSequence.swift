/// One row of a tracking file to score: a ground-truth object or a tracker's hypothesis in one frame.
public struct MOTRow: Equatable, Sendable {
  /// The object or track id, unique within its list in a frame.
  public var id: Int
  /// The box, in the sequence's one unit and frame (MOTChallenge: pixels, top-left origin; DockSim's
  /// objects trace: normalized image units, lower-left origin).
  public var box: MOTBox
  /// The point compared by centre matching, same unit as `box`: the box centre for MOTChallenge rows,
  /// the projected centre (`u`, `v`) for DockSim's rows (what the run's metrics compared).
  public var centerX: Double
  public var centerY: Double
  /// DockSim's subject kind, when the file has one: rows of different kinds never match (as in a run).
  public var kind: SubjectKind?

  public init(id: Int, box: MOTBox, centerX: Double, centerY: Double, kind: SubjectKind? = nil) {
    self.id = id
    self.box = box
    self.centerX = centerX
    self.centerY = centerY
    self.kind = kind
  }

  /// A row of a box file: the centre is the box's.
  public init(id: Int, box: MOTBox) {
    self.init(id: id, box: box, centerX: box.x + box.width / 2, centerY: box.y + box.height / 2)
  }
}

/// One frame of a sequence: its ground truth and hypotheses, each in the file's order (which decides,
/// as in py-motmetrics, which object keeps an established pair first).
public struct MOTSequenceFrame: Equatable, Sendable {
  public var frame: Int
  public var objects: [MOTRow]
  public var hypotheses: [MOTRow]

  public init(frame: Int, objects: [MOTRow], hypotheses: [MOTRow]) {
    self.frame = frame
    self.objects = objects
    self.hypotheses = hypotheses
  }
}

/// A sequence to score: every frame that has a row in the ground truth or the tracks, in increasing
/// frame order (as py-motmetrics' `compare_to_groundtruth`: frames with no row in either are absent).
public struct MOTSequence: Equatable, Sendable {
  public var name: String
  public var frames: [MOTSequenceFrame]

  public init(name: String, frames: [MOTSequenceFrame]) {
    self.name = name
    self.frames = frames
  }

  /// The frames of `objects` and `hypotheses` (frame, row) merged: the union of their frames in
  /// increasing order, rows kept in the given order within a frame.
  public init(name: String, objects: [(frame: Int, row: MOTRow)], hypotheses: [(frame: Int, row: MOTRow)]) {
    // Stable sorts, so rows keep their file order within a frame.
    let o = Self.stableSorted(objects)
    let h = Self.stableSorted(hypotheses)
    var frames: [MOTSequenceFrame] = []
    var i = 0
    var j = 0
    while i < o.count || j < h.count {
      let frame = min(i < o.count ? o[i].frame : Int.max, j < h.count ? h[j].frame : Int.max)
      var entry = MOTSequenceFrame(frame: frame, objects: [], hypotheses: [])
      while i < o.count && o[i].frame == frame {
        entry.objects.append(o[i].row)
        i += 1
      }
      while j < h.count && h[j].frame == frame {
        entry.hypotheses.append(h[j].row)
        j += 1
      }
      frames.append(entry)
    }
    self.init(name: name, frames: frames)
  }

  private static func stableSorted(_ rows: [(frame: Int, row: MOTRow)]) -> [(frame: Int, row: MOTRow)] {
    rows.enumerated().sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }.map(\.element)
  }
}

/// How an object and a hypothesis are paired.
public enum MOTMatching: Equatable, Sendable {
  /// Box overlap: distance 1 − IoU, pairs qualify at distance ≤ `threshold` (0.5: IoU ≥ 0.5, as
  /// py-motmetrics and MOTChallenge); HOTA's similarity is the IoU (TrackEval's boxes).
  case iou(threshold: Double)
  /// Distance of the centres, in the rows' unit, pairs qualify at ≤ `threshold`; HOTA's similarity is
  /// max(0, 1 − d/threshold) (DockSim's own matching, `docs/metrics.md`).
  case center(threshold: Double)
}
