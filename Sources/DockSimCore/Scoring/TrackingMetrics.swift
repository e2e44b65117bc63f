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
  /// Time one frame counts for in the time metrics (1 / frame rate), seconds.
  public let framePeriod: Double
  /// Frame time (seconds) from which following someone else counts in `wrong_subject_s`: the instant
  /// the app first asks for the primary subject when the scenario's app selects them
  /// (`Scenario.primarySelectionTime`), 0 otherwise. Before the app says whom it wants, the automatic
  /// choice following another person is not wrong.
  public let judgedFrom: Double
  private let measurement: MeasurementModel
  private var mot: MOTAccumulator
  private var hota: HOTAAccumulator
  private var primarySubjectUnderTrack: Int?
  private var primarySwitches = 0
  /// The primary track and the subject it sits on: a coasting primary still belongs to the subject its
  /// last update put it on, until it sits on someone else or no one, or is no longer the primary.
  private var ownership = PrimaryOwnership()
  /// What the primary-subject judge decided at the last observed frame; nil when that frame was not
  /// scored (no delivered estimate and pose).
  public private(set) var judgement: PrimaryJudgement?
  private var wrongSubject = Stretches()
  private var onNobody = Stretches()
  private var noPrimaryVisibleFrames = 0
  private var outOfFrame = Stretches()
  private var hiddenFrames = 0
  private var pendingSince: Double?
  /// The intended subject has been absent and not detectable since it arrived: its first sight after
  /// arriving is not a reacquisition. (At the start of the run a subject that is there but out of view
  /// is reacquired when it comes into view, as it always was.)
  private var awaitingFirstSight = false
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

  /// The share of the intended subject's whole box (inside the image) that the box of the person the
  /// primary sits on must cover for the intended subject to stand behind that person: a stand pointed
  /// at the one in front points at the hidden one too.
  public static let hiddenBehindCover = 0.5

  /// Whether `main`, the intended subject's box, is hidden behind subject `owner`'s box of its kind:
  /// less visible than any detector of the model reports (`PrimaryOwnership.wholeBoxMinimumVisibleFraction`)
  /// with at least `hiddenBehindCover` of its whole box under the owner's visible box. While so, the
  /// primary on the owner is not the wrong subject: nobody can tell the two apart, and the stand
  /// points at the selected person. Once they show again, staying on the owner counts.
  static func hidden(_ main: TruthBox?, behind owner: Int?, in boxes: [TruthBox]) -> Bool {
    guard let main, let owner, main.visibleFraction < PrimaryOwnership.wholeBoxMinimumVisibleFraction,
      let whole = main.imageExtent, whole.width > 0, whole.height > 0,
      let front = boxes.first(where: { $0.subjectIndex == owner && $0.kind == main.kind })?.visibleBox
    else { return false }
    return whole.intersectionArea(front) >= hiddenBehindCover * whole.width * whole.height
  }

  /// Frames counted in total and in the longest run of consecutive frames.
  struct Stretches {
    var frames = 0
    var current = 0
    var longest = 0
    mutating func add(_ counts: Bool) {
      if counts {
        frames += 1
        current += 1
        longest = max(longest, current)
      } else {
        current = 0
      }
    }
  }

  /// - Parameters:
  ///   - camera: the scenario's camera, through which true boxes and tracks are projected.
  ///   - matchThreshold: the largest centre distance, normalized image units, at which a track matches
  ///     a true box in the MOT and HOTA metrics (the scenario's `match_threshold`); the primary-subject
  ///     metrics decide by overlap instead (`PrimaryOwnership`).
  ///   - primarySubject: the index in the scenario's subjects of the subject the primary should follow.
  ///   - minimumVisibleFraction: the share of a box that must be unhidden for the subject to count as
  ///     detectable (the detector's `min_visible_fraction`).
  ///   - occlusionFrames: frames a subject must be undetectable before its return counts as a
  ///     reacquisition.
  ///   - framePeriod: seconds each frame counts for in `wrong_subject_s`, `no_primary_visible_s` and
  ///     `out_of_frame_s` (1 / the scenario's frame rate).
  ///   - judgedFrom: frame time, seconds, before which `wrong_subject_s` counts nothing (`judgedFrom`).
  public init(
    camera: PinholeCamera, matchThreshold: Double = 0.05, primarySubject: Int = 0,
    minimumVisibleFraction: Double = 0.3, occlusionFrames: Int = 5, framePeriod: Double = 1.0 / 30,
    judgedFrom: Double = 0
  ) {
    self.judgedFrom = judgedFrom
    self.camera = camera
    self.matchThreshold = matchThreshold
    self.primarySubject = primarySubject
    self.minimumVisibleFraction = minimumVisibleFraction
    self.occlusionFrames = occlusionFrames
    self.framePeriod = framePeriod
    measurement = MeasurementModel(camera: camera)
    mot = MOTAccumulator(matchThreshold: matchThreshold)
    hota = HOTAAccumulator(matchThreshold: matchThreshold)
  }

  /// Ground-truth id of a box: subject and kind (a person's face and body are two objects).
  static func objectID(_ b: TruthBox) -> Int { motObjectID(subject: b.subjectIndex, kind: b.kind) }
  static func kindIndex(_ k: SubjectKind) -> Int { k == .humanBody ? 0 : (k == .humanFace ? 1 : 2) }

  public mutating func observe(_ frame: FrameRecord) {
    // What the viewer sees now (true pose at the frame), unlike the tracking scores below, which are
    // taken at the capture time of the delivered estimate.
    if let truth = frame.truth { outOfFrame.add(!truth.centerInImage) }
    judgement = nil
    guard let pose = frame.deliveredPose,
      let captureTime = frame.estimate?.time ?? frame.tracks.first?.time
        ?? Optional(frame.time.seconds)
    else { return }
    lastTime = captureTime
    groundTruth.removeAll(keepingCapacity: true)
    for b in frame.deliveredBoxes where b.centerInImage {
      let p = Self.motPosition(u: b.centerU!, v: b.centerV!, kind: b.kind)
      groundTruth.append((id: Self.objectID(b), u: p.u, v: p.v))
    }
    hypotheses.removeAll(keepingCapacity: true)
    for t in frame.tracks {
      // Like the ground truth, only what is inside the image is scored: a track coasting off-frame
      // after its subject left is neither right nor wrong.
      if let h = Self.motHypothesis(t, pose: pose, camera: camera) { hypotheses.append(h) }
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
    let decision = ownership.observe(
      primary: frame.estimate, boxes: frame.deliveredBoxes, pose: pose, model: measurement)
    if case .sitsOn(let index) = decision, let primary = frame.estimate {
      let b = frame.deliveredBoxes[index]
      onSubject = b.subjectIndex
      if let previous = primarySubjectUnderTrack, previous != b.subjectIndex {
        primarySwitches += 1
      }
      primarySubjectUnderTrack = b.subjectIndex
      if let nees = Self.nees(primary, truth: b, pose: pose, model: measurement) {
        neesSum += nees
        neesCount += 1
      }
    }
    // A primary on nobody is measured, not a free pass: a track that follows a box matching no one
    // (clutter, a person cut beyond recognition) is not following the intended subject either.
    onNobody.add(ownership.track != nil && ownership.subject == nil)
    // The subject the run is about: the scenario's, or the one the app selected.
    let intended = frame.intendedSubject ?? primarySubject
    // Every present subject has a main box, so none means the intended subject is absent at the
    // capture (not yet arrived, or gone): following someone else then is not the wrong subject, and
    // its arrival is a first sight, not a reacquisition.
    let main = frame.deliveredBoxes.first { $0.subjectIndex == intended }
    guard main != nil else {
      judgement = PrimaryJudgement(subjectID: ownership.subjectID, wrongSubject: false)
      wrongSubject.add(false)
      hiddenFrames = 0
      pendingSince = nil
      awaitingFirstSight = true
      return
    }
    // Before the app first asks for the intended subject nobody is wrong: the automatic choice cannot
    // know whom the app will pick.
    let judged = frame.time.seconds >= judgedFrom
    let wrong =
      judged && (ownership.subject.map { $0 != intended } ?? false)
      && !Self.hidden(main, behind: ownership.subject, in: frame.deliveredBoxes)
    judgement = PrimaryJudgement(subjectID: ownership.subjectID, wrongSubject: wrong)
    wrongSubject.add(wrong)
    // Reacquisition of the intended subject after it was undetectable.
    let detectable = main.map { $0.centerInImage && $0.visibleFraction >= minimumVisibleFraction } ?? false
    if detectable && ownership.track == nil { noPrimaryVisibleFrames += 1 }
    if !detectable {
      hiddenFrames += 1
      if pendingSince != nil && hiddenFrames >= occlusionFrames { pendingSince = nil }
    } else {
      if hiddenFrames >= occlusionFrames && !awaitingFirstSight { pendingSince = captureTime }
      hiddenFrames = 0
      awaitingFirstSight = false
    }
    if let since = pendingSince, onSubject == intended {
      reacquisitions.append(captureTime - since)
      pendingSince = nil
    }
  }

  /// The state a noise-free detection of box `b` stands for, in the track state's own terms: the exact
  /// inverse of the measurement model (`MeasurementModel.initialState`) applied to the whole projected
  /// box (centre and height, normalized image units) through the true camera pose `pose`. This is the
  /// quantity the filter estimates: for a tall box the log size is ln(2·tan(vfov/2)·h), not the log of
  /// the angle the box subtends, and the direction is that of the box's centre in the image, not of the
  /// subject's centre. Nil when part of the box is behind the camera.
  public static func stateTruth(of b: TruthBox, pose: CameraPose, camera: PinholeCamera) -> TrackState? {
    stateTruth(of: b, pose: pose, model: MeasurementModel(camera: camera))
  }

  static func stateTruth(of b: TruthBox, pose: CameraPose, model: MeasurementModel) -> TrackState? {
    guard let box = b.box, box.height > 0 else { return nil }
    return model.initialState(u: box.midX, v: box.midY, h: box.height, pose: pose)
  }

  /// Normalized estimation error squared `eᵀ P⁻¹ e` of track `t` (3 degrees of freedom: azimuth,
  /// elevation, log size) against `stateTruth(of:pose:camera:)` of box `b` at the true camera pose
  /// `pose`, with P the position block of the track's covariance. Nil when the box has no truth state,
  /// P is not positive definite or the result is not finite.
  public static func nees(_ t: Track, truth b: TruthBox, pose: CameraPose, camera: PinholeCamera) -> Double? {
    nees(t, truth: b, pose: pose, model: MeasurementModel(camera: camera))
  }

  static func nees(_ t: Track, truth b: TruthBox, pose: CameraPose, model: MeasurementModel) -> Double? {
    guard let x = stateTruth(of: b, pose: pose, model: model) else { return nil }
    let e = (
      Angle.difference(t.state.azimuth, x.azimuth), t.state.elevation - x.elevation,
      t.state.logSize - x.logSize
    )
    // The 3×3 position block of P from the upper triangle (p00 p01 p02 … p11 p12 … p22 …).
    let u = t.covarianceUpper
    guard let nees = Self.quadraticForm(e, p00: u[0], p10: u[1], p11: u[6], p20: u[2], p21: u[7], p22: u[11]),
      nees.isFinite
    else { return nil }
    return nees
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
    return MetricValue.multiObjectTracking(s, h) + [
      MetricValue(.primarySwitches, Double(primarySwitches)),
      MetricValue(.wrongSubjectSeconds, Double(wrongSubject.frames) * framePeriod),
      MetricValue(.wrongSubjectLongest, Double(wrongSubject.longest) * framePeriod),
      MetricValue(.primaryOnNobodySeconds, Double(onNobody.frames) * framePeriod),
      MetricValue(.primaryOnNobodyLongest, Double(onNobody.longest) * framePeriod),
      MetricValue(.noPrimaryVisibleSeconds, Double(noPrimaryVisibleFrames) * framePeriod),
      MetricValue(.outOfFrameSeconds, Double(outOfFrame.frames) * framePeriod),
      MetricValue(.outOfFrameLongest, Double(outOfFrame.longest) * framePeriod),
      MetricValue(.reacquisitions, Double(events.count)),
      MetricValue(.reacquisitionTimeMean, events.isEmpty ? nil : events.reduce(0, +) / Double(events.count)),
      MetricValue(.reacquisitionTimeMax, events.max()),
      MetricValue(.neesMean, neesCount > 0 ? neesSum / Double(neesCount) : nil),
      MetricValue(.nisMean, nisCount > 0 ? nisSum / Double(nisCount) : nil),
    ]
  }
}
