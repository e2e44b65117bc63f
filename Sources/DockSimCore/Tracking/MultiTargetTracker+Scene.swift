import Foundation

extension MultiTargetTracker {
  /// The image box a track predicts at `pose` (lower-left origin), from its state and last aspect.
  func predictedBox(_ i: Int, pose: CameraPose) -> NormalizedRect {
    // Projected once per frame for the boxes, the gate and the update (`BatchedEKF.project(pose:)`).
    let e = ekf.predictedMeasurement(i, pose: pose)
    // `aspect` is width / height of the observed box in normalized units, so it scales `h` directly.
    let w = e.h * records[i].aspect
    return NormalizedRect(x: e.u - w / 2, y: e.v - e.h / 2, width: w, height: e.h)
  }

  /// For each track, the fraction of its predicted box covered by the predicted box of a nearer
  /// track (the largest over nearer tracks).
  ///
  /// Nearer means a taller box (for people of similar size the taller box is the nearer one); a face
  /// hides only faces.
  /// `occluders[i]` is the index of that nearer track, −1 when none overlaps.
  mutating func coveredFractions(
    pose: CameraPose, into out: inout [Double], occluders: inout [Int], boxes: inout [NormalizedRect],
    overlaps: inout BoxOverlapCandidates
  ) {
    ekf.project(pose: pose)
    boxes.removeAll(keepingCapacity: true)
    for i in records.indices { boxes.append(predictedBox(i, pose: pose)) }
    linkFacesToBodies(boxes)
    // Only boxes that overlap along x can cover one another.
    overlaps.build(boxes)
    out.removeAll(keepingCapacity: true)
    occluders.removeAll(keepingCapacity: true)
    for i in records.indices {
      let a = boxes[i]
      let area = a.width * a.height
      var covered = 0.0
      var occluder = -1
      if area > 0 {
        // A face sits inside its own body's box without being hidden by it.
        let own = records[i].kind == .humanFace ? index(of: records[i].body) ?? -1 : -1
        for q in overlaps.positions(of: i) {
          let j = overlaps.candidate(q)
          guard j != i && j != own && records[j].status != .tentative else { continue }
          // A face hides only a face (a head in front of a head); bodies and objects hide anything.
          if records[j].kind == .humanFace && records[i].kind != .humanFace { continue }
          let b = boxes[j]
          guard b.height > a.height else { continue }
          // A body shorter than five faces is farther than the face's person.
          if records[i].kind == .humanFace && records[j].kind != .humanFace && b.height < 5 * a.height {
            continue
          }
          // Most pairs do not touch: no division for them (0 / area is never above `covered`).
          let common = a.intersectionArea(b)
          guard common > 0 else { continue }
          let f = common / area
          if f > covered {
            covered = f
            occluder = j
          }
        }
      }
      out.append(covered)
      occluders.append(occluder)
    }
  }

  /// The index of the live track with id `id`; nil for none (and for 0, which no track has).
  func index(of id: Int) -> Int? {
    id == 0 ? nil : records.firstIndex { $0.id == id }
  }

  /// Links each face track to the body track of its person, once, while the person is seen alone: the
  /// link, not the boxes of the moment, says which body a face sits in, so a nearer person's body
  /// passing over the face still hides it. A link to a body that has died is dropped.
  mutating func linkFacesToBodies(_ boxes: [NormalizedRect]) {
    for i in records.indices where records[i].kind == .humanFace {
      if records[i].body != 0 && index(of: records[i].body) == nil { records[i].body = 0 }
      guard records[i].body == 0, records[i].misses == 0, records[i].occludedMisses == 0 else { continue }
      let j = ownBody(ofFace: i, boxes: boxes)
      if j >= 0 { records[i].body = records[j].id }
    }
  }

  /// The body track whose box holds face track `i` as its own head, when exactly one does: the face's
  /// centre in the middle of the box's width, at most a face height and a half below its top, and
  /// its height a plausible fraction of the body's (a person is 5 to 12 face heights tall). −1 when none
  /// or several (people overlapping: the link waits until they part).
  func ownBody(ofFace i: Int, boxes: [NormalizedRect]) -> Int {
    let f = boxes[i]
    var found = -1
    for j in records.indices where records[j].kind == .humanBody && records[j].status != .tentative {
      let b = boxes[j]
      guard f.height > 0, b.height > 0, b.width > 0 else { continue }
      let offset = abs(f.midX - b.midX) / b.width
      let gap = (b.y + b.height - f.midY) / f.height
      let ratio = b.height / f.height
      guard offset <= 0.35, gap >= -0.3, gap <= 1.5, ratio >= 5, ratio <= 12 else { continue }
      if found >= 0 { return -1 }
      found = j
    }
    return found
  }

  /// Covered fraction from which a track counts as hidden: it is not penalized for missing (the
  /// detector misses boxes hidden beyond about this much).
  static let occlusionOverlap = 0.5
  /// Covered fraction from which a measurement is trusted less: a partly hidden box is truncated, so
  /// its centre and height are biased toward the visible part.
  static let truncationOverlap = 0.1

  /// Whether two tracks have boxes of similar size: a new track of the same subject does, a passer-by
  /// at another depth usually does not.
  func similarSize(_ i: Int, _ j: Int) -> Bool { Self.similarLogSize(ekf.x[i, 2, 0], ekf.x[j, 2, 0]) }

  /// Whether two log sizes belong to boxes of similar size (within 0.3, about ±35 %).
  static func similarLogSize(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.3 }

  /// Whether track `j` can be the continuation of track `i`: it started no earlier than one frame
  /// before `i`'s last measurement. A track that already ran beside `i` is somebody else.
  func takesOver(_ j: Int, from i: Int) -> Bool { records[j].born >= records[i].lastUpdate - 0.05 }

  /// Saliency of a confirmed track for the automatic primary choice: size, centrality, speaking.
  func saliency(_ i: Int, pose: CameraPose?) -> Double {
    let s = ekf.state(i)
    let p = parameters
    let size = exp(s.logSize) / (2 * camera.tanHalfV)
    var centrality = 0.0
    if let pose, let uv = camera.project(Direction(azimuth: s.azimuth, elevation: s.elevation), pose: pose) {
      let d = ((uv.u - 0.5) * (uv.u - 0.5) + (uv.v - 0.5) * (uv.v - 0.5)).squareRoot()
      centrality = max(0, 1 - d / 0.5.squareRoot())
    }
    return p.saliencySizeWeight * size + p.saliencyCenterWeight * centrality
      + p.saliencySpeakingWeight * records[i].speaking
  }
}
