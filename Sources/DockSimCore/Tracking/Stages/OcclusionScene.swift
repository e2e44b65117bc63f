/// Stage "scene": every track's predicted box at the frame's pose and what hides what. The gate, the
/// noise model and the life cycle read it.
///
/// Nearer means a taller box (for people of similar size the taller box is the nearer one); a face
/// hides only faces, and a body hides a face only when it is tall enough to be nearer than the face's
/// person.
struct OcclusionScene: Sendable {
  /// Each track's predicted box (normalized, lower-left origin), in the bank's order.
  private(set) var boxes: [NormalizedRect] = []
  /// Each track's fraction of its predicted box covered by a nearer track's (the largest over nearer
  /// tracks), 0…1.
  private(set) var covered: [Double] = []
  /// The index of that nearer track, −1 when none overlaps.
  private(set) var occluders: [Int] = []
  /// Which boxes overlap along x (only those can cover one another).
  private(set) var overlaps = BoxOverlapCandidates()

  /// The image box track `i` predicts at `pose` (lower-left origin), from its state and last aspect.
  static func predictedBox(_ bank: TrackBank, _ i: Int, pose: CameraPose) -> NormalizedRect {
    // Projected once per frame for the boxes, the gate and the update (`BatchedEKF.project(pose:)`).
    let e = bank.ekf.predictedMeasurement(i, pose: pose)
    // `aspect` is width / height of the observed box in normalized units, so it scales `h` directly.
    return NormalizedRect(centerX: e.u, centerY: e.v, width: e.h * bank.records[i].aspect, height: e.h)
  }

  /// Projects every track at `pose` into `boxes`.
  mutating func project(_ bank: inout TrackBank, pose: CameraPose) {
    bank.ekf.project(pose: pose)
    boxes.removeAll(keepingCapacity: true)
    for i in bank.indices { boxes.append(Self.predictedBox(bank, i, pose: pose)) }
  }

  /// Whether track `i` counts as hidden this frame (`TrackerRules.occlusionOverlap`).
  func isHidden(_ i: Int) -> Bool { covered[i] >= TrackerRules.occlusionOverlap }
  /// Whether track `i`'s box may be truncated by a nearer one (`TrackerRules.truncationOverlap`).
  func isTruncated(_ i: Int) -> Bool { covered[i] >= TrackerRules.truncationOverlap }

  /// Whether `box`, an observation of track `i`, is the track's whole predicted box rather than the
  /// part its occluder leaves visible (`BoxExtent`): a detector of whole people reports a partly hidden
  /// person whole, and such a box is no more biased than an unhidden one. False when nothing covers the
  /// track or the two extents are too alike to tell.
  func isWhole(_ box: NormalizedRect, of i: Int) -> Bool {
    let j = occluders[i]
    guard j >= 0, let visible = boxes[i].visiblePart(behind: boxes[j]) else { return false }
    return BoxExtent.reported(by: box, whole: boxes[i], visible: visible) == .whole
  }

  /// The centre of track `i`'s whole box that `box`, its visible part, gives, for a person
  /// `wholeWidth` wide (normalized image units): the box's edge away from the occluder is the person's
  /// own edge, so their centre lies half their width in from it — where the visible part's own centre,
  /// pulled toward what shows, does not. Nil when the track is not truncated, the box is its whole box,
  /// the width is unknown or no wider than the box, or that edge lies behind the occluder too.
  func wholeCenter(_ box: NormalizedRect, of i: Int, wholeWidth: Double) -> Double? {
    guard isTruncated(i), !isWhole(box, of: i) else { return nil }
    return wholeCenter(ofVisiblePart: box, of: i, wholeWidth: wholeWidth)
  }

  /// `wholeCenter(_:of:wholeWidth:)` for a box the caller already knows to be the visible part of
  /// truncated track `i`.
  func wholeCenter(ofVisiblePart box: NormalizedRect, of i: Int, wholeWidth: Double) -> Double? {
    let j = occluders[i]
    guard j >= 0, wholeWidth.isFinite, wholeWidth > box.width else { return nil }
    let cover = boxes[j]
    if cover.midX < boxes[i].midX {
      // Covered from the left: the right edge shows.
      let edge = box.x + box.width
      return edge > cover.x + cover.width ? edge - wholeWidth / 2 : nil
    }
    let edge = box.x
    return edge < cover.x ? edge + wholeWidth / 2 : nil
  }

  /// Fills `covered` and `occluders` from `boxes` (after `project`, and after faces were linked to
  /// their bodies: a face sits inside its own body's box without being hidden by it).
  mutating func cover(_ bank: TrackBank) {
    let records = bank.records
    overlaps.build(boxes)
    covered.removeAll(keepingCapacity: true)
    occluders.removeAll(keepingCapacity: true)
    for i in records.indices {
      let a = boxes[i]
      let area = a.width * a.height
      var most = 0.0
      var occluder = -1
      if area > 0 {
        let own = records[i].kind == .humanFace ? bank.index(of: records[i].body) ?? -1 : -1
        for q in overlaps.positions(of: i) {
          let j = overlaps.candidate(q)
          guard j != i && j != own && records[j].status != .tentative else { continue }
          if records[j].kind == .humanFace && records[i].kind != .humanFace { continue }
          let b = boxes[j]
          guard b.height > a.height else { continue }
          if records[i].kind == .humanFace && records[j].kind != .humanFace
            && b.height < TrackerRules.bodyHidesFaceHeights * a.height
          {
            continue
          }
          // Most pairs do not touch: no division for them (0 / area is never above `most`).
          let common = a.intersectionArea(b)
          guard common > 0 else { continue }
          let f = common / area
          if f > most {
            most = f
            occluder = j
          }
        }
      }
      covered.append(most)
      occluders.append(occluder)
    }
  }
}

/// Stage "faces and bodies": links each face track to the body track of its person, once, while the
/// person is seen alone. The link, not the boxes of the moment, says which body a face sits in, so a
/// nearer person's body passing over the face still hides it. A link to a body that has died is
/// dropped. A link also makes the face and the body one person (`TrackBank.joinPersons`), which no
/// stage reads: it is reported (`Track.person`) so that an app sees one person, not two subjects.
enum FaceBodyLinks {
  static func link(_ bank: inout TrackBank, boxes: [NormalizedRect]) {
    for i in bank.indices where bank.records[i].kind == .humanFace {
      if bank.records[i].body != 0 && bank.index(of: bank.records[i].body) == nil { bank.records[i].body = 0 }
      let r = bank.records[i]
      guard r.body == 0, r.misses == 0, r.occludedMisses == 0 else { continue }
      let j = ownBody(ofFace: i, bank.records, boxes: boxes)
      if j >= 0 {
        bank.records[i].body = bank.records[j].id
        bank.joinPersons(i, j)
      }
    }
  }

  /// The body track whose box holds face track `i` as its own head, when exactly one does
  /// (`TrackerRules.faceOffsetShare`, `faceGapRange`, `bodyFaceHeights`). −1 when none or several
  /// (people overlapping: the link waits until they part).
  static func ownBody(ofFace i: Int, _ records: [TrackRecord], boxes: [NormalizedRect]) -> Int {
    let f = boxes[i]
    var found = -1
    for j in records.indices where records[j].kind == .humanBody && records[j].status != .tentative {
      let b = boxes[j]
      guard f.height > 0, b.height > 0, b.width > 0 else { continue }
      let offset = abs(f.midX - b.midX) / b.width
      let gap = (b.y + b.height - f.midY) / f.height
      let ratio = b.height / f.height
      guard offset <= TrackerRules.faceOffsetShare, TrackerRules.faceGapRange.contains(gap),
        TrackerRules.bodyFaceHeights.contains(ratio)
      else { continue }
      if found >= 0 { return -1 }
      found = j
    }
    return found
  }
}
