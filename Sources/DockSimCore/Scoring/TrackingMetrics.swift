import Foundation

/// Multi-object and primary-subject metrics, streaming (see `docs/metrics.md`).
///
/// Every frame with a delivered estimate is scored at the **capture time** of that estimate: ground
/// truth is every subject box whose centre is inside the image then (hidden or not: a tracker that keeps
/// a hidden subject's track is right), hypotheses are the confirmed and coasting tracks whose centre is
/// inside the image, both placed by
/// projecting through the **true** camera pose at that instant. Boxes of different kinds never match.
public struct TrackingMetrics: MetricAccumulator {
  public let camera: PinholeCamera
  public let matchThreshold: Double
  public let primarySubject: Int
  public let minimumVisibleFraction: Double
  /// Frames a subject must be undetectable before its return counts as a reacquisition event.
  public let occlusionFrames: Int
  private var mot: MOTAccumulator
  private var hota: HOTAAccumulator
  private var primarySubjectUnderTrack: Int?
  private var primarySwitches = 0
  private var hiddenFrames = 0
  private var pendingSince: Double?
  private var reacquisitions: [Double] = []
  private var lastTime = 0.0
  private var neesSum = 0.0
  private var neesCount = 0
  private var nisSum = 0.0
  private var nisCount = 0
  /// Per-frame scratch (ground truth and hypotheses handed to the MOT accumulator), kept so that a long
  /// run does not allocate every frame.
  private var groundTruth: [(id: Int, u: Double, v: Double)] = []
  private var hypotheses: [(id: Int, u: Double, v: Double)] = []

  public init(
    camera: PinholeCamera, matchThreshold: Double = 0.05, primarySubject: Int = 0,
    minimumVisibleFraction: Double = 0.3, occlusionFrames: Int = 5
  ) {
    self.camera = camera
    self.matchThreshold = matchThreshold
    self.primarySubject = primarySubject
    self.minimumVisibleFraction = minimumVisibleFraction
    self.occlusionFrames = occlusionFrames
    mot = MOTAccumulator(matchThreshold: matchThreshold)
    hota = HOTAAccumulator(matchThreshold: matchThreshold)
  }

  /// Ground-truth id of a box: subject and kind (a person's face and body are two objects).
  static func objectID(_ b: TruthBox) -> Int { b.subjectIndex * 3 + kindIndex(b.kind) }
  static func kindIndex(_ k: SubjectKind) -> Int { k == .humanBody ? 0 : (k == .humanFace ? 1 : 2) }

  public mutating func observe(_ frame: FrameRecord) {
    guard let pose = frame.deliveredPose,
      let captureTime = frame.estimate?.time ?? frame.tracks.first?.time
        ?? Optional(frame.time.seconds)
    else { return }
    lastTime = captureTime
    // Kinds are kept apart by an offset far beyond any match threshold.
    groundTruth.removeAll(keepingCapacity: true)
    for b in frame.deliveredBoxes where b.centerInImage {
      groundTruth.append(
        (id: Self.objectID(b), u: b.centerU! + 10 * Double(Self.kindIndex(b.kind)), v: b.centerV!))
    }
    hypotheses.removeAll(keepingCapacity: true)
    for t in frame.tracks where t.status != .tentative {
      // Like the ground truth, only what is inside the image is scored: a track coasting off-frame
      // after its subject left is neither right nor wrong.
      if let p = project(t, pose: pose), p.u >= 0, p.u <= 1, p.v >= 0, p.v <= 1 {
        hypotheses.append((t.id, p.u + 10 * Double(Self.kindIndex(t.kind)), p.v))
      }
    }
    mot.observe(frame: Int(frame.frame), groundTruth: groundTruth, hypotheses: hypotheses)
    hota.observe(frame: Int(frame.frame), groundTruth: groundTruth, hypotheses: hypotheses)
    for t in frame.tracks where t.nis.isFinite {
      nisSum += t.nis
      nisCount += 1
    }
    scorePrimary(frame, pose: pose, captureTime: captureTime)
  }

  private mutating func scorePrimary(_ frame: FrameRecord, pose: CameraPose, captureTime: Double) {
    var onSubject: Int?
    // The primary's identity is what its measurements say: only frames in which it was updated count, so
    // a prediction coasting past somebody else while the primary is hidden is not a switch.
    if let primary = frame.estimate, primary.status != .tentative, primary.nis.isFinite,
      let p = project(primary, pose: pose)
    {
      // As CLEAR MOT's established pairs: the subject the primary sat on keeps it while within the
      // threshold, so two people passing close to each other do not count as switches.
      var best: (TruthBox, Double)?
      for b in frame.deliveredBoxes where b.kind == primary.kind && b.centerU != nil {
        let d = ((b.centerU! - p.u) * (b.centerU! - p.u) + (b.centerV! - p.v) * (b.centerV! - p.v))
          .squareRoot()
        guard d <= matchThreshold else { continue }
        if b.subjectIndex == primarySubjectUnderTrack {
          best = (b, -1)
          break
        }
        if best == nil || d < best!.1 { best = (b, d) }
      }
      if let (b, _) = best {
        onSubject = b.subjectIndex
        if let previous = primarySubjectUnderTrack, previous != b.subjectIndex {
          primarySwitches += 1
        }
        primarySubjectUnderTrack = b.subjectIndex
        accumulateNEES(primary, truth: b)
      }
    }
    // Reacquisition of the scenario's primary subject after it was undetectable.
    let main = frame.deliveredBoxes.first { $0.subjectIndex == primarySubject }
    let detectable = main.map { $0.centerInImage && $0.visibleFraction >= minimumVisibleFraction } ?? false
    if !detectable {
      hiddenFrames += 1
      if pendingSince != nil && hiddenFrames >= occlusionFrames { pendingSince = nil }
    } else {
      if hiddenFrames >= occlusionFrames { pendingSince = captureTime }
      hiddenFrames = 0
    }
    if let since = pendingSince, onSubject == primarySubject {
      reacquisitions.append(captureTime - since)
      pendingSince = nil
    }
  }

  private mutating func accumulateNEES(_ t: Track, truth b: TruthBox) {
    let e = (
      Angle.difference(t.state.azimuth, b.direction.azimuth), t.state.elevation - b.direction.elevation,
      t.state.logSize - log(b.angularHeight)
    )
    // The 3×3 position block of P from the upper triangle (p00 p01 p02 … p11 p12 … p22 …).
    let u = t.covarianceUpper
    guard let nees = Self.quadraticForm(e, p00: u[0], p10: u[1], p11: u[6], p20: u[2], p21: u[7], p22: u[11]),
      nees.isFinite
    else { return }
    neesSum += nees
    neesCount += 1
  }

  /// eᵀ P⁻¹ e for a 3×3 symmetric positive definite P (Cholesky), nil if P is not.
  static func quadraticForm(_ e: [Double], _ p: [[Double]]) -> Double? {
    var l = [[Double]](repeating: [0, 0, 0], count: 3)
    for i in 0..<3 {
      for j in 0...i {
        var s = p[i][j]
        for k in 0..<j { s -= l[i][k] * l[j][k] }
        if i == j {
          guard s > 0 else { return nil }
          l[i][i] = s.squareRoot()
        } else {
          l[i][j] = s / l[j][j]
        }
      }
    }
    var z = [0.0, 0, 0]
    for i in 0..<3 {
      var s = e[i]
      for k in 0..<i { s -= l[i][k] * z[k] }
      z[i] = s / l[i][i]
    }
    return z[0] * z[0] + z[1] * z[1] + z[2] * z[2]
  }

  /// `quadraticForm(_:_:)` on scalars: the same operations in the same order (so the same bits),
  /// without the five arrays that version allocates. P is given by its lower triangle.
  static func quadraticForm(
    _ e: (Double, Double, Double), p00: Double, p10: Double, p11: Double, p20: Double, p21: Double,
    p22: Double
  ) -> Double? {
    guard p00 > 0 else { return nil }
    let l00 = p00.squareRoot()
    let l10 = p10 / l00
    var s = p11
    s -= l10 * l10
    guard s > 0 else { return nil }
    let l11 = s.squareRoot()
    let l20 = p20 / l00
    s = p21
    s -= l20 * l10
    let l21 = s / l11
    s = p22
    s -= l20 * l20
    s -= l21 * l21
    guard s > 0 else { return nil }
    let l22 = s.squareRoot()
    let z0 = e.0 / l00
    s = e.1
    s -= l10 * z0
    let z1 = s / l11
    s = e.2
    s -= l20 * z0
    s -= l21 * z1
    let z2 = s / l22
    return z0 * z0 + z1 * z1 + z2 * z2
  }

  private func project(_ t: Track, pose: CameraPose) -> (u: Double, v: Double)? {
    camera.project(Direction(azimuth: t.state.azimuth, elevation: t.state.elevation), pose: pose)
  }

  /// Entries of per-subject and per-track state held (for the bounded-memory test): it grows with the
  /// number of subjects, tracks and reacquisition events, never with the number of frames. HOTA's
  /// per-frame pairs, which do grow with the frames, are counted apart in `storedFramePairCount`.
  var storedStateCount: Int { mot.storedStateCount + hota.storedIdentityStateCount + reacquisitions.count }

  /// The (frame, object, track) pairs within the threshold that HOTA keeps for its second pass: at most
  /// the frames times the objects times the tracks in view, in practice about one per object and frame.
  var storedFramePairCount: Int { hota.storedFramePairCount }

  public func summary() -> [MetricValue] {
    let s = mot.summary()
    let h = hota.summary()
    var events = reacquisitions
    if let since = pendingSince { events.append(lastTime - since) }
    return [
      MetricValue("mota", s.mota), MetricValue("motp_distance", s.motp), MetricValue("idf1", s.idf1),
      MetricValue("idp", s.idp), MetricValue("idr", s.idr), MetricValue("hota", h.hota),
      MetricValue("deta", h.detA), MetricValue("assa", h.assA), MetricValue("loca", h.locA),
      MetricValue("id_switches", Double(s.numSwitches)),
      MetricValue("fragmentations", Double(s.numFragmentations)),
      MetricValue("mot_false_positives", Double(s.numFalsePositives)),
      MetricValue("mot_misses", Double(s.numMisses)),
      MetricValue("primary_switches", Double(primarySwitches)),
      MetricValue("reacquisitions", Double(events.count)),
      MetricValue(
        "reacquisition_time_mean_s", events.isEmpty ? nil : events.reduce(0, +) / Double(events.count)),
      MetricValue("reacquisition_time_max_s", events.max()),
      MetricValue("nees_mean", neesCount > 0 ? neesSum / Double(neesCount) : nil),
      MetricValue("nis_mean", nisCount > 0 ? nisSum / Double(nisCount) : nil),
    ]
  }
}
