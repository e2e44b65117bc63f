import Testing

@testable import DockSimCore

/// The multi-subject tracker's stages one at a time, on hand-built track banks: each stage's job
/// without the rest of the frame (`MultiTargetTracker`'s doc lists them in order).
struct TrackerStageTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
  static let model = MeasurementModel(camera: camera)
  static let pose = CameraPose(yaw: 0, pitch: 0)

  static func body(_ u: Double, _ v: Double, h: Double, w: Double = 0.1) -> Observation {
    Observation(kind: .humanBody, rect: NormalizedRect(x: u - w / 2, y: v - h / 2, width: w, height: h))
  }

  static func face(_ u: Double, _ v: Double, h: Double) -> Observation {
    Observation(
      kind: .humanFace, rect: NormalizedRect(x: u - h * 0.4, y: v - h / 2, width: h * 0.8, height: h))
  }

  /// A bank with one confirmed track started on each observation at time 0.
  static func bank(_ observations: [Observation], parameters: TrackerParameters = TrackerParameters())
    -> TrackBank
  {
    var bank = TrackBank(model: model, parameters: parameters)
    let life = TrackLifeCycle(parameters: parameters)
    for o in observations {
      life.initiate(o, &bank, time: 0, pose: pose)
      bank.records[bank.records.count - 1].status = .confirmed
    }
    return bank
  }

  /// The life cycle's frame counts at 30 frames per second.
  static func frames(_ p: TrackerParameters) -> LifeCycleFrames {
    LifeCycleFrames(p, frameInterval: 1.0 / 30)
  }

  static func scene(_ bank: inout TrackBank) -> OcclusionScene {
    var scene = OcclusionScene()
    scene.project(&bank, pose: pose)
    FaceBodyLinks.link(&bank, boxes: scene.boxes)
    scene.cover(bank)
    return scene
  }

  // MARK: Scene

  @Test func aTallerBoxInFrontHidesAShorterOneAndAFaceItsOwnBodyDoesNot() {
    // Track 0: a near body; track 1: a farther, shorter body behind it; track 2: track 0's face;
    // track 3: a lone body far to the right.
    var bank = Self.bank([
      Self.body(0.4, 0.5, h: 0.6, w: 0.2), Self.body(0.42, 0.5, h: 0.3, w: 0.1),
      Self.face(0.4, 0.74, h: 0.08), Self.body(0.9, 0.5, h: 0.3),
    ])
    let scene = Self.scene(&bank)
    #expect(scene.isHidden(1) && scene.occluders[1] == 0)
    #expect(!scene.isHidden(0) && scene.occluders[0] == -1, "the nearer body is hidden by nobody")
    #expect(bank.records[2].body == bank.records[0].id, "the face is linked to its body")
    #expect(scene.covered[2] == 0, "its own body does not hide the face")
    #expect(scene.covered[3] == 0 && scene.occluders[3] == -1)
  }

  /// Track 0: a near body; track 1: a farther one whose left 70 % it covers (the occluder spans its
  /// height, so its visible part is the right 30 %).
  static func partlyHidden() -> [Observation] {
    [Self.body(0.4, 0.5, h: 0.6, w: 0.2), Self.body(0.48, 0.5, h: 0.3, w: 0.1)]
  }

  @Test func aPartlyHiddenTracksWholeBoxIsToldFromItsVisiblePart() {
    var bank = Self.bank(Self.partlyHidden())
    let scene = Self.scene(&bank)
    #expect(scene.isTruncated(1) && scene.occluders[1] == 0)
    #expect(scene.isWhole(Self.body(0.485, 0.5, h: 0.31, w: 0.1).rect, of: 1), "its whole box, a little off")
    let visible = NormalizedRect(x: 0.5, y: 0.35, width: 0.03, height: 0.3)
    #expect(!scene.isWhole(visible, of: 1), "the part its occluder leaves visible")
    #expect(!scene.isWhole(Self.partlyHidden()[0].rect, of: 0), "an unhidden track has no whole box to tell")
  }

  /// A partly hidden track's visible part gives its person's centre by the edge away from the cover,
  /// half their width in (`OcclusionScene.wholeCenter`); not for its whole box, an unhidden track, or
  /// an unknown width.
  @Test func aVisiblePartIsMeasuredByItsEdgeAwayFromTheCover() throws {
    var bank = Self.bank(Self.partlyHidden())
    let scene = Self.scene(&bank)
    // Track 1 spans 0.43…0.53, covered from the left up to 0.5: the strip 0.5…0.53 shows.
    let visible = NormalizedRect(x: 0.5, y: 0.35, width: 0.03, height: 0.3)
    let centre = try #require(scene.wholeCenter(visible, of: 1, wholeWidth: 0.1))
    #expect(abs(centre - 0.48) < 1e-12, "\(centre)")
    #expect(abs(visible.midX - 0.48) > 0.03, "the strip's own centre is biased")
    #expect(scene.wholeCenter(visible, of: 1, wholeWidth: .nan) == nil)
    #expect(scene.wholeCenter(Self.body(0.485, 0.5, h: 0.31, w: 0.1).rect, of: 1, wholeWidth: 0.1) == nil)
    #expect(scene.wholeCenter(Self.partlyHidden()[0].rect, of: 0, wholeWidth: 0.2) == nil)

    // The update: with its person's width known, the strip leaves the track where its person is
    // (it predicted them at 0.48); without, the strip's centre pulls it toward what shows.
    func azimuthAfter(wholeAspect: Double) throws -> Double {
      let p = TrackerParameters()
      var bank = Self.bank(Self.partlyHidden(), parameters: p)
      bank.records[1].wholeAspect = wholeAspect
      let scene = Self.scene(&bank)
      var update = MeasurementUpdate(parameters: p)
      let before = bank.direction(1).azimuth
      try update.apply(
        [nil, 0], [Observation(kind: .humanBody, rect: visible)], &bank, scene: scene, pose: Self.pose,
        now: nil, lifeCycle: TrackLifeCycle(parameters: p))
      return bank.direction(1).azimuth - before
    }
    let anchored = try azimuthAfter(wholeAspect: 0.1 / 0.3)
    let pulled = try azimuthAfter(wholeAspect: .nan)
    #expect(abs(anchored) < 0.01 * abs(pulled), "anchored \(anchored), pulled \(pulled)")
  }

  /// The update trusts a partly hidden track's whole box as an unhidden one (control: the occluded
  /// factors at 1) and its visible part less (the occluded factors; here with no width known to
  /// measure it by its edge).
  @Test func aWholeBoxOfAPartlyHiddenTrackIsTrustedAndATruncatedOneIsNot() throws {
    func azimuthAfter(_ o: Observation, _ p: TrackerParameters) throws -> Double {
      var bank = Self.bank(Self.partlyHidden(), parameters: p)
      let scene = Self.scene(&bank)
      var update = MeasurementUpdate(parameters: p)
      let before = bank.direction(1).azimuth
      try update.apply(
        [nil, 0], [o], &bank, scene: scene, pose: Self.pose, now: nil,
        lifeCycle: TrackLifeCycle(parameters: p))
      return bank.direction(1).azimuth - before
    }
    let defaults = TrackerParameters()
    var trusting = defaults
    trusting.occludedCenterNoiseFactor = 1
    trusting.occludedSizeNoiseFactor = 1
    #expect(defaults.occludedCenterNoiseFactor > 1)
    let whole = Self.body(0.49, 0.5, h: 0.3, w: 0.1)
    let moved = try azimuthAfter(whole, defaults)
    #expect(moved != 0)
    #expect(abs(moved - (try azimuthAfter(whole, trusting))) < 1e-12)
    let truncated = Observation(
      kind: .humanBody, rect: NormalizedRect(x: 0.5, y: 0.35, width: 0.035, height: 0.3))
    let cautious = try azimuthAfter(truncated, defaults)
    let trusted = try azimuthAfter(truncated, trusting)
    #expect(abs(cautious) < 0.75 * abs(trusted), "inflated \(cautious) vs trusted \(trusted)")
  }

  // MARK: Gating and association

  @Test func gatingRefusesOtherKindsFarBoxesAndTallerPeople() throws {
    var bank = Self.bank([Self.body(0.3, 0.5, h: 0.3)])
    let scene = Self.scene(&bank)
    var gating = Gating(parameters: TrackerParameters())
    var assignment: [Int?] = [nil]
    let observations = [
      Self.body(0.302, 0.5, h: 0.3),  // the person again: in the gate
      Self.face(0.3, 0.5, h: 0.3),  // another kind
      Self.body(0.6, 0.5, h: 0.3),  // far beyond the χ² gate
      Self.body(0.305, 0.5, h: 0.45),  // 50 % taller: somebody nearer (size gate)
    ]
    let isolated = try gating.gate(
      observations, &bank, scene: scene, pose: Self.pose, assignment: &assignment)
    #expect(gating.costs[0].isFinite)
    #expect(gating.costs[1...].allSatisfy { $0 == .infinity }, "\(gating.costs)")
    #expect(isolated && assignment == [0], "one track, one finite pair: assigned as it is")
  }

  /// A partly hidden track may take a box shorter than its prediction (its visible part) only inside
  /// its whole box (`TrackerRules.truncatedBoxReach`): a shorter person a body width beside it is
  /// refused, with gates wide enough to let both through otherwise. Control: a track that never had a
  /// whole box (its width unknown) is not held to it.
  @Test func aPartlyHiddenTrackTakesAShorterBoxOnlyInsideItsWholeBox() throws {
    var p = TrackerParameters()
    p.measurementNoiseCenter = 0.05
    func cost(_ o: Observation, wholeAspect: Double) throws -> Double {
      var bank = Self.bank(Self.partlyHidden(), parameters: p)
      bank.records[1].wholeAspect = wholeAspect
      let scene = Self.scene(&bank)
      #expect(scene.isTruncated(1))
      var gating = Gating(parameters: p)
      var assignment: [Int?] = [nil, nil]
      _ = try gating.gate([o], &bank, scene: scene, pose: Self.pose, assignment: &assignment)
      return gating.costs[1]
    }
    // Track 1 is 0.1 wide and 0.3 tall, centred at 0.48; its right 30 % shows.
    let aspect = 0.1 / 0.3
    let visiblePart = Self.body(0.515, 0.5, h: 0.22, w: 0.03)
    let beside = Self.body(0.58, 0.5, h: 0.22, w: 0.07)
    #expect(try cost(visiblePart, wholeAspect: aspect).isFinite)
    #expect(try cost(beside, wholeAspect: aspect) == .infinity)
    #expect(try cost(beside, wholeAspect: .nan).isFinite)
  }

  /// The width a track keeps as its person's is that of boxes that showed them whole: a truncated
  /// update leaves it, an unhidden one sets it.
  @Test func aTrackKeepsTheWidthOfItsLastWholeBox() throws {
    let p = TrackerParameters()
    var bank = Self.bank(Self.partlyHidden(), parameters: p)
    #expect(bank.records[1].wholeAspect.isNaN, "no update yet")
    let scene = Self.scene(&bank)
    var update = MeasurementUpdate(parameters: p)
    let whole = Self.body(0.4, 0.5, h: 0.6, w: 0.2)
    let sliver = Observation(
      kind: .humanBody, rect: NormalizedRect(x: 0.5, y: 0.35, width: 0.03, height: 0.3))
    try update.apply(
      [0, 1], [whole, sliver], &bank, scene: scene, pose: Self.pose, now: nil,
      lifeCycle: TrackLifeCycle(parameters: p))
    #expect(abs(bank.records[0].wholeAspect - 0.2 / 0.6) < 1e-12, "the unhidden track's box")
    #expect(bank.records[1].wholeAspect.isNaN, "a sliver of the hidden one says nothing of its width")
  }

  @Test func aHiddenTrackMayNotTakeItsOccludersBox() throws {
    var bank = Self.bank([Self.body(0.4, 0.5, h: 0.6, w: 0.2), Self.body(0.41, 0.5, h: 0.3, w: 0.1)])
    let scene = Self.scene(&bank)
    #expect(scene.isHidden(1))
    var gating = Gating(parameters: TrackerParameters(sizeGate: 0))
    var assignment: [Int?] = [nil, nil]
    // The occluder's own box: the hidden track must not take it, whatever its grown covariance says.
    _ = try gating.gate(
      [Self.body(0.4, 0.5, h: 0.6, w: 0.2)], &bank, scene: scene, pose: Self.pose, assignment: &assignment)
    #expect(gating.costs[1] == .infinity)
  }

  @Test func associationTakesTheMostPairsThenTheLeastCost() throws {
    var bank = Self.bank([Self.body(0.3, 0.5, h: 0.3), Self.body(0.34, 0.5, h: 0.3)])
    let scene = Self.scene(&bank)
    var association = Association(parameters: TrackerParameters(gate: 1000, sizeGate: 0))
    // Both boxes are near both tracks; each track gets its own.
    try association.associate(
      [Self.body(0.341, 0.5, h: 0.3), Self.body(0.301, 0.5, h: 0.3)], &bank, scene: scene, pose: Self.pose)
    #expect(association.assignment == [1, 0])
  }

  // MARK: Life cycle

  @Test func aTentativeTrackDiesAtItsSecondMissAndAConfirmedOneEarnsItsCoast() {
    let p = TrackerParameters(maxCoastTime: 1.5, confirmHits: 3, qualityMinHitShare: 0)
    let life = TrackLifeCycle(parameters: p)
    var bank = TrackBank(model: Self.model, parameters: p)
    life.initiate(Self.body(0.5, 0.5, h: 0.3), &bank, time: 0, pose: Self.pose)
    var r = bank.records[0]
    #expect(r.status == .tentative)
    life.recordMiss(&r, now: 1, hidden: false)
    #expect(!life.isDead(r, Self.frames(p)))
    life.recordMiss(&r, now: 2, hidden: false)
    #expect(life.isDead(r, Self.frames(p)), "two misses in a row: clutter")
    // Three hits confirm; it may then coast twice as many frames as it was seen.
    var c = bank.records[0]
    for k in 1...2 { life.recordHit(&c, now: Double(k), observation: Self.body(0.5, 0.5, h: 0.3), nis: 1) }
    #expect(c.status == .confirmed && c.hits == 3)
    for k in 0..<6 { life.recordMiss(&c, now: Double(3 + k), hidden: false) }
    #expect(c.status == .coasting && !life.isDead(c, Self.frames(p)), "6 misses after 3 hits")
    life.recordMiss(&c, now: 9, hidden: false)
    #expect(life.isDead(c, Self.frames(p)), "7 misses after 3 hits")
  }

  @Test func hiddenFramesAreNotMissesButAreBounded() {
    let p = TrackerParameters(maxCoastTime: 2.0 / 30, maxOcclusionTime: 5.0 / 30, qualityMinHitShare: 0)
    let life = TrackLifeCycle(parameters: p)
    var r = Self.bank([Self.body(0.5, 0.5, h: 0.3)], parameters: p).records[0]
    r.hits = 10
    for k in 0..<5 { life.recordMiss(&r, now: Double(k), hidden: true) }
    #expect(r.misses == 0 && r.occludedMisses == 5 && !life.isDead(r, Self.frames(p)))
    life.recordMiss(&r, now: 6, hidden: true)
    #expect(life.isDead(r, Self.frames(p)), "hidden longer than max_occlusion_s")
  }

  @Test func qualityDeletionRemovesATrackFedBySparseBoxes() {
    let p = TrackerParameters(maxCoastTime: 100, qualityWindowTime: 10.0 / 30, qualityMinHitShare: 0.4)
    let life = TrackLifeCycle(parameters: p)
    var r = Self.bank([Self.body(0.5, 0.5, h: 0.3)], parameters: p).records[0]
    r.hits = 50
    // One box every third frame resets the miss count but leaves 3 or 4 hits in any 10 frames.
    for k in 0..<30 {
      if k % 3 == 0 {
        life.recordHit(&r, now: Double(k), observation: Self.body(0.5, 0.5, h: 0.3), nis: 1)
      } else {
        life.recordMiss(&r, now: Double(k), hidden: false)
      }
    }
    #expect(life.isDead(r, Self.frames(p)))
    let off = TrackerParameters(maxCoastTime: 100, qualityMinHitShare: 0)
    #expect(!TrackLifeCycle(parameters: off).isDead(r, Self.frames(off)))
  }

  // MARK: Duplicates and hand-over

  @Test func twoTracksOnOneBoxMergeIntoTheOlder() {
    let p = TrackerParameters(duplicateTime: 3.0 / 30)
    var bank = Self.bank([Self.body(0.5, 0.5, h: 0.3), Self.body(0.501, 0.5, h: 0.3)], parameters: p)
    bank.records[1].born = 0.5
    var merging = DuplicateMerging(parameters: p)
    for _ in 0..<3 {
      let scene = Self.scene(&bank)
      merging.mark(&bank, boxes: scene.boxes, overlaps: scene.overlaps, Self.frames(p))
    }
    #expect(merging.isDuplicate(bank.records[1], Self.frames(p)))
    let younger = bank.records[1].id
    let older = bank.records[0].id
    merging.merge(&bank, Self.frames(p))
    #expect(bank.records.map(\.id) == [older])
    #expect(merging.renamed.count == 1 && merging.renamed[0] == (younger, older))
  }

  @Test func aLostTrackIsContinuedByANewTrackNearItButNotByAPasserBy() {
    var bank = Self.bank([Self.body(0.5, 0.5, h: 0.3), Self.body(0.51, 0.5, h: 0.3)])
    // Track 0 lost while visible after its last measurement at 1 s; track 1 started at 1.2 s.
    bank.records[0].misses = TrackerRules.handoverMisses
    bank.records[0].lastUpdate = 1
    bank.records[1].born = 1.2
    let angle = TrackerParameters().handoverAngle
    #expect(Handover.isLost(bank.records[0]))
    #expect(Handover.continuation(of: 0, in: bank, within: angle) == 1)
    // Started before the lost track's last measurement: somebody who was already there.
    bank.records[1].born = 0.5
    #expect(Handover.continuation(of: 0, in: bank, within: angle) == nil)
    // Hidden, not lost.
    bank.records[1].born = 1.2
    bank.records[0].occludedMisses = 1
    #expect(!Handover.isLost(bank.records[0]))
  }

  // MARK: Primary

  @Test func theChoiceWaitsForTheSettleTimeAndFollowsARename() {
    let bank = Self.bank([Self.body(0.5, 0.5, h: 0.3), Self.body(0.8, 0.5, h: 0.2)])
    var choice = PrimaryChoice(parameters: TrackerParameters(), camera: Self.camera)
    choice.update(bank, time: TrackerRules.settleTime / 2, pose: Self.pose)
    #expect(choice.primaryID == nil, "nobody has been seen long enough")
    choice.update(bank, time: TrackerRules.settleTime, pose: Self.pose)
    #expect(choice.primaryID == bank.records[0].id, "the larger, more central person")
    choice.rename(bank.records[0].id, to: 99)
    #expect(choice.primaryID == 99)
    // A selection wins while its track lives.
    choice.select([bank.records[1].id], bank)
    choice.update(bank, time: 1, pose: Self.pose)
    #expect(choice.primaryID == bank.records[1].id)
  }
}

/// Scores used as ByteTrack uses them (`Association`, `TrackLifeCycle.initiateUnused`).
struct TrackerScoreTests {
  static func frame(_ tracker: inout MultiTargetTracker, _ k: Int, _ observations: [Observation]) -> [Track] {
    tracker.process(time: Double(k) / 30, pose: TrackerStageTests.pose, observations: observations)
  }

  static func box(_ k: Int, score: Double) -> Observation {
    var o = TrackerStageTests.body(0.3 + 0.002 * Double(k), 0.5, h: 0.3)
    o.confidence = score
    return o
  }

  @Test func aWeakBoxKeepsATrackAliveButNeverStartsOne() {
    var tracker = MultiTargetTracker(camera: TrackerStageTests.camera, parameters: TrackerParameters())
    // Weak boxes alone: no track, ever.
    for k in 0..<10 { #expect(Self.frame(&tracker, k, [Self.box(k, score: 0.3)]).isEmpty) }
    // Confident boxes start and confirm a track; weak ones then keep updating it.
    for k in 10..<15 { _ = Self.frame(&tracker, k, [Self.box(k, score: 0.9)]) }
    let id = tracker.tracks.first?.id
    for k in 15..<120 {
      let tracks = Self.frame(&tracker, k, [Self.box(k, score: 0.3)])
      #expect(tracks.count == 1 && tracks[0].id == id && tracks[0].updatedThisFrame, "frame \(k)")
      #expect(tracks.first?.score == 0.3)
    }
    // Below the low score a box is ignored: the track coasts.
    let ignored = Self.frame(&tracker, 120, [Self.box(120, score: 0.05)])
    #expect(ignored.count == 1 && !ignored[0].updatedThisFrame)
  }

  @Test func controlWithoutScoresAWeakBoxStartsATrack() {
    let p = TrackerParameters(highScore: 0, lowScore: 0, initiateScore: 0)
    var tracker = MultiTargetTracker(camera: TrackerStageTests.camera, parameters: p)
    for k in 0..<10 { _ = Self.frame(&tracker, k, [Self.box(k, score: 0.3)]) }
    #expect(tracker.tracks.count == 1 && tracker.tracks[0].status == .confirmed)
  }

  @Test func aWeakBoxGoesToATrackOnlyWhenNoConfidentBoxDid() throws {
    var bank = TrackerStageTests.bank([
      TrackerStageTests.body(0.3, 0.5, h: 0.3), TrackerStageTests.body(0.32, 0.5, h: 0.3),
    ])
    var scene = OcclusionScene()
    scene.project(&bank, pose: TrackerStageTests.pose)
    scene.cover(bank)
    var association = Association(parameters: TrackerParameters(gate: 1000, sizeGate: 0))
    // The weak box is nearer track 0, the confident one too; the confident one goes first.
    var weak = TrackerStageTests.body(0.301, 0.5, h: 0.3)
    weak.confidence = 0.2
    var strong = TrackerStageTests.body(0.302, 0.5, h: 0.3)
    strong.confidence = 0.9
    try association.associate([weak, strong], &bank, scene: scene, pose: TrackerStageTests.pose)
    #expect(association.assignment == [1, 0])
  }

  /// A weak box continues a track only where the track is (`TrackerRules.weakBoxOverlap`), however far
  /// its gate reaches; the control, a confident box at the same place, is taken.
  @Test func aWeakBoxContinuesATrackOnlyWhereItIs() throws {
    func assigned(_ u: Double, score: Double) throws -> Int? {
      var bank = TrackerStageTests.bank([TrackerStageTests.body(0.3, 0.5, h: 0.3)])
      var scene = OcclusionScene()
      scene.project(&bank, pose: TrackerStageTests.pose)
      scene.cover(bank)
      var association = Association(parameters: TrackerParameters(gate: 1000, sizeGate: 0))
      var box = TrackerStageTests.body(u, 0.5, h: 0.3)
      box.confidence = score
      try association.associate([box], &bank, scene: scene, pose: TrackerStageTests.pose)
      return association.assignment[0]
    }
    let weak = TrackerParameters().highScore - 0.2
    // 0.06 to the side of a box 0.1 wide: IoU 0.25.
    #expect(try assigned(0.36, score: weak) == nil)
    #expect(try assigned(0.36, score: 0.95) == 0, "control: a confident box there")
    // 0.01 to the side: IoU 0.82.
    #expect(try assigned(0.31, score: weak) == 0)
  }
}

/// The life cycle in seconds (`LifeCycleFrames`, `FrameClock`): the same durations at any frame rate.
struct LifeCycleInSecondsTests {
  /// How long a confirmed track outlives its person's last detection when the person walks out of the
  /// detector's sight (not hidden) after 3 s, at `fps` frames per second.
  static func survival(fps: Double, parameters: TrackerParameters = TrackerParameters()) -> Double {
    var tracker = MultiTargetTracker(camera: TrackerStageTests.camera, parameters: parameters)
    var lastSeen = 0.0
    var deleted = Double.nan
    for k in 0..<Int(8 * fps) {
      let t = Double(k) / fps
      let seen = t < 3
      let tracks = tracker.process(
        time: t, pose: TrackerStageTests.pose,
        observations: seen ? [TrackerStageTests.body(0.3 + 0.02 * t, 0.5, h: 0.3)] : [])
      if seen { lastSeen = t }
      if !seen && tracks.isEmpty && deleted.isNaN { deleted = t }
    }
    return deleted - lastSeen
  }

  @Test func aTrackCoastsAsLongAt10FramesPerSecondAsAt30() {
    let at30 = Self.survival(fps: 30)
    let at10 = Self.survival(fps: 10)
    // The quality rule ends it: 0.8 s of misses leave fewer than 20 % of its last second measured.
    #expect(abs(at30 - 0.8) <= 1.0 / 30 + 1e-9, "\(at30) s at 30 fps")
    #expect(abs(at10 - at30) <= 0.1 + 1e-9, "\(at10) s at 10 fps, \(at30) s at 30 fps")
    // With the quality rule off, max_coast_s (1.5 s) ends it, at both rates.
    let off = TrackerParameters(qualityMinHitShare: 0)
    #expect(
      abs(Self.survival(fps: 10, parameters: off) - Self.survival(fps: 30, parameters: off)) <= 0.1 + 1e-9)
    #expect(abs(Self.survival(fps: 10, parameters: off) - 1.6) <= 0.1 + 1e-9)
  }

  @Test func controlCountingFramesAt30FramesPerSecondAt10Coasts3TimesLonger() {
    let p = TrackerParameters()
    let assumed = LifeCycleFrames(p, frameInterval: nil)
    let seen = LifeCycleFrames(p, frameInterval: 0.1)
    #expect(assumed.maxCoast == 45 && seen.maxCoast == 15)
    #expect(Double(assumed.maxCoast) * 0.1 == 3 * Double(seen.maxCoast) * 0.1)
    #expect(assumed.qualityWindow == 30 && seen.qualityWindow == 10)
    #expect(assumed.qualityMinHits == 6 && seen.qualityMinHits == 2)
    #expect(assumed.maxOcclusion == 150 && seen.maxOcclusion == 50)
    #expect(assumed.duplicate == 10 && seen.duplicate == 3)
    // The quality window holds at most 64 frames.
    #expect(LifeCycleFrames(p, frameInterval: 1.0 / 120).qualityWindow == 64)
  }

  @Test func theFrameClockIsTheCamerasRateNotItsJitterOrSkips() throws {
    var clock = FrameClock()
    #expect(clock.interval == nil)
    for k in 0..<300 { clock.observe(k % 3 == 2 ? 0.034 : 0.033) }
    // A frame the phone skipped.
    clock.observe(0.067)
    let interval = try #require(clock.interval)
    #expect(abs(interval - 0.1 / 3) < 1e-6, "\(interval)")
    #expect(LifeCycleFrames(TrackerParameters(), frameInterval: interval).maxOcclusion == 150)
  }
}

/// The single-subject tracker counts its coast in frames of the camera's rate too (`FrameClock`): a
/// frame the phone skipped while the track coasts does not shorten it.
struct SingleSubjectLifeCycleTests {
  @Test func aSkippedFrameDoesNotShortenTheCoast() {
    var tracker = SingleSubjectTracker(camera: TrackerStageTests.camera, parameters: TrackerParameters())
    let box = TrackerStageTests.body(0.4, 0.5, h: 0.3)
    var t = 0.0
    for _ in 0..<20 {
      tracker.process(time: t, pose: TrackerStageTests.pose, observations: [box])
      t += 0.1
    }
    // Misses at 10 fps, with one frame skipped (0.2 s) after the tenth: the limit stays 15 frames
    // (1.5 s at 10 fps); counted at that one interval it would be 8.
    var misses = 0
    var alive = true
    while alive && misses < 30 {
      t += misses == 10 ? 0.2 : 0.1
      misses += 1
      alive = tracker.process(time: t, pose: TrackerStageTests.pose, observations: []) != nil
    }
    #expect(misses == 15, "deleted at miss \(misses)")
  }
}
