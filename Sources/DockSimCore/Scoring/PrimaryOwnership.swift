/// Who the primary track sits on, frame by frame: the identity rule of the primary-subject metrics
/// (`primary_switches`, `wrong_subject_s`, `primary_on_nobody_s`, reacquisition, NEES; `docs/metrics.md`,
/// "The primary subject").
///
/// The primary's box is compared with every true box of its kind by their overlap (intersection over
/// union), a test relative to the size of the boxes, as the MOT metrics' IoU matching is. A fixed centre
/// distance is not: a near, tall person cut by the image edge has a true centre far outside any small
/// radius of the box the tracker follows, and so "belonged to nobody" and never counted as the wrong
/// person.
///
/// A partly hidden person has two boxes a detector may report: the bounding box of the **visible part**
/// (a detector that boxes what it sees, the built-in default) and the **whole** box inside the image (a
/// detector trained on boxes of whole people, as MOT15's Faster R-CNN: `full_extent_share`). A subject's
/// overlap is the larger of the two, so the judge does not depend on which kind of detector the run
/// uses: compared with the visible part alone, a track following a half-hidden person's whole box
/// overlaps the sliver that person shows less than the box of the companion in front, and was counted
/// on the companion.
///
/// The primary's box is the track's centre and height through the measurement model, with the aspect
/// of the true box it is compared with (a track's width is the last detection's, which says nothing of
/// whose box it is). Only frames in which the primary was updated decide, so a prediction coasting past
/// somebody else while the primary is hidden is not a switch; a coasting primary keeps the owner its
/// last update gave it.
public struct PrimaryOwnership: Sendable {
  /// The smallest IoU between the primary's box and a visible true box at which the primary sits on
  /// that subject. Looser than the MOT metrics' 0.5 because the question is whose box the primary
  /// follows, not how well it is placed: a track a third of a box behind a walking person is still on
  /// them, while a box on a neighbour walking a shoulder's width away overlaps far less.
  public static let minimumOverlap = 0.3
  /// Below this visible fraction a subject is compared by its visible part only: no detector of the
  /// model reports a person hidden this much (the built-in detector's and the fitted profiles'
  /// `min_visible_fraction`), so an update whose box covers their whole box is the box of whoever hides
  /// them, and must not keep the hidden person as the owner.
  public static let wholeBoxMinimumVisibleFraction = 0.3

  /// The subject (index in the scenario) the current primary sits on; nil when it sits on nobody.
  public private(set) var subject: Int? {
    didSet { if subject == nil { subjectID = nil } }
  }
  /// That subject's id in the scenario; nil when it sits on nobody.
  public private(set) var subjectID: String?
  /// The primary track the owner belongs to; nil when there is no primary.
  public private(set) var track: Int?

  public init() {}

  /// What one frame decided.
  public enum Decision: Equatable, Sendable {
    /// No primary, or a tentative one.
    case noPrimary
    /// The primary was not updated this frame: it keeps its owner (maybe nobody).
    case coasting
    /// The primary was updated and sits on the box (index into the frame's boxes).
    case sitsOn(box: Int)
    /// The primary was updated and overlaps no visible true box of its kind enough.
    case sitsOnNobody
  }

  /// Decides the owner of `primary` (the tracker's primary track, or nil) against the true boxes of
  /// the capture it was estimated on, seen through the true camera pose `pose`. Returns the decision;
  /// `subject` and `track` reflect it.
  public mutating func observe(
    primary: Track?, boxes: [TruthBox], pose: CameraPose, model: MeasurementModel
  ) -> Decision {
    guard let primary, TrackingMetrics.isHypothesis(primary.status) else {
      track = nil
      subject = nil
      return .noPrimary
    }
    if track != primary.id {
      // A new primary track has not sat on anyone yet.
      track = primary.id
      subject = nil
    }
    guard primary.nis.isFinite else { return .coasting }
    let z = model.projection(pose: pose).evaluate(
      azimuth: primary.state.azimuth, elevation: primary.state.elevation, logSize: primary.state.logSize)
    guard z.u.isFinite, z.v.isFinite, z.h.isFinite, z.h > 0 else {
      subject = nil
      return .sitsOnNobody
    }
    var best: (box: Int, overlap: Double)?
    for (i, b) in boxes.enumerated() where b.kind == primary.kind {
      let overlap = Self.overlap(u: z.u, v: z.v, h: z.h, with: b)
      guard overlap >= Self.minimumOverlap else { continue }
      // As CLEAR MOT's established pairs: the subject the primary sat on keeps it while the overlap
      // holds, so two people passing close to each other do not count as switches.
      if b.subjectIndex == subject {
        best = (i, .infinity)
        break
      }
      // Ties go to the earlier box (scenario order), so the decision does not depend on rounding.
      if best == nil || overlap > best!.overlap { best = (i, overlap) }
    }
    guard let best else {
      subject = nil
      return .sitsOnNobody
    }
    subject = boxes[best.box].subjectIndex
    subjectID = boxes[best.box].subjectID
    return .sitsOn(box: best.box)
  }

  /// The overlap of a box centred at (`u`, `v`) with height `h` (normalized image units) with the true
  /// box `b`: the larger IoU with its visible part and, while it is visible enough
  /// (`wholeBoxMinimumVisibleFraction`), with its whole box inside the image, each compared at its own
  /// aspect; 0 when nothing of it is visible.
  static func overlap(u: Double, v: Double, h: Double, with b: TruthBox) -> Double {
    guard let visible = b.visibleBox, visible.width > 0, visible.height > 0 else { return 0 }
    func iou(_ r: NormalizedRect) -> Double {
      let box = NormalizedRect(centerX: u, centerY: v, width: h * r.width / r.height, height: h)
      return box.intersectionOverUnion(r)
    }
    var overlap = iou(visible)
    if b.visibleFraction >= wholeBoxMinimumVisibleFraction, let whole = b.imageExtent, whole != visible {
      overlap = max(overlap, iou(whole))
    }
    return overlap
  }
}
