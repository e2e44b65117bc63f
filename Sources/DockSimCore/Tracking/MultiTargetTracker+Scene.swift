import Foundation

extension MultiTargetTracker {
  /// The image box a track predicts at `pose` (lower-left origin), from its state and last aspect.
  func predictedBox(_ i: Int, pose: CameraPose) -> NormalizedRect {
    let s = ekf.state(i)
    let e = model.evaluate(azimuth: s.azimuth, elevation: s.elevation, logSize: s.logSize, pose: pose)
    // `aspect` is width / height of the observed box in normalized units, so it scales `h` directly.
    let w = e.h * records[i].aspect
    return NormalizedRect(x: e.u - w / 2, y: e.v - e.h / 2, width: w, height: e.h)
  }

  /// For each track, the fraction of its predicted box covered by the predicted box of a nearer
  /// track (the largest over nearer tracks).
  ///
  /// Nearer means a taller box (for people of similar size the taller box is the nearer one); a face
  /// hides only faces.
  func coveredFractions(pose: CameraPose, into out: inout [Double], boxes: inout [NormalizedRect]) {
    boxes.removeAll(keepingCapacity: true)
    for i in records.indices { boxes.append(predictedBox(i, pose: pose)) }
    out.removeAll(keepingCapacity: true)
    for i in records.indices {
      let a = boxes[i]
      let area = a.width * a.height
      guard area > 0 else {
        out.append(0)
        continue
      }
      var covered = 0.0
      for j in records.indices where j != i && records[j].status != .tentative {
        // A face hides only a face (a head in front of a head); bodies and objects hide anything.
        if records[j].kind == .humanFace && records[i].kind != .humanFace { continue }
        let b = boxes[j]
        guard b.height > a.height else { continue }
        let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        if w > 0 && h > 0 { covered = max(covered, w * h / area) }
      }
      out.append(covered)
    }
  }

  /// Covered fraction from which a track counts as hidden: it is not penalized for missing (the
  /// detector misses boxes hidden beyond about this much).
  static let occlusionOverlap = 0.5
  /// Covered fraction from which a measurement is trusted less: a partly hidden box is truncated, so
  /// its centre and height are biased toward the visible part.
  static let truncationOverlap = 0.1

  /// Whether two tracks have boxes of similar size (log heights within 0.3, about ±35 %): a new track
  /// of the same subject does, a passer-by at another depth usually does not.
  func similarSize(_ i: Int, _ j: Int) -> Bool { abs(ekf.x[i, 2, 0] - ekf.x[j, 2, 0]) <= 0.3 }

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
