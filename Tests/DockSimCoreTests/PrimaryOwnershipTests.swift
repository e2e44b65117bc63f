import Testing

@testable import DockSimCore

/// `PrimaryOwnership` alone, on hand-built boxes: who an updated primary sits on, what a coasting or new
/// primary keeps, and which boxes can own it.
struct PrimaryOwnershipTests {
  static let camera = PrimarySubjectMetricsTests.camera
  static let model = MeasurementModel(camera: camera)
  static let pose = CameraPose(yaw: 0, pitch: 0)

  static func observe(_ o: inout PrimaryOwnership, _ t: Track?, _ boxes: [TruthBox])
    -> PrimaryOwnership.Decision
  {
    o.observe(primary: t, boxes: boxes, pose: pose, model: model)
  }

  @Test func anUpdatedPrimarySitsOnTheBoxItOverlaps() {
    let b = PrimarySubjectMetricsTests.boxes()
    var o = PrimaryOwnership()
    #expect(Self.observe(&o, PrimarySubjectMetricsTests.track(7, on: b[1]), b) == .sitsOn(box: 1))
    #expect(o.track == 7 && o.subject == 1)
  }

  @Test func aCoastingPrimaryKeepsItsOwnerAndANewOneBelongsToNobody() {
    let b = PrimarySubjectMetricsTests.boxes()
    var o = PrimaryOwnership()
    _ = Self.observe(&o, PrimarySubjectMetricsTests.track(7, on: b[0]), b)
    // Coasting onto the other person's box does not move it.
    #expect(Self.observe(&o, PrimarySubjectMetricsTests.track(7, on: b[1], updated: false), b) == .coasting)
    #expect(o.subject == 0)
    // Another track as primary, not yet updated: nobody's.
    #expect(Self.observe(&o, PrimarySubjectMetricsTests.track(8, on: b[0], updated: false), b) == .coasting)
    #expect(o.track == 8 && o.subject == nil)
    // No primary at all, or a tentative one: no owner and no track.
    #expect(Self.observe(&o, nil, b) == .noPrimary)
    #expect(o.track == nil && o.subject == nil)
    let tentative = PrimarySubjectMetricsTests.track(9, on: b[0], status: .tentative)
    #expect(Self.observe(&o, tentative, b) == .noPrimary)
  }

  @Test func onlyVisibleBoxesOfTheTracksKindCanOwnIt() {
    var b = PrimarySubjectMetricsTests.boxes()
    let t = PrimarySubjectMetricsTests.track(7, on: b[0])
    var o = PrimaryOwnership()
    // Nothing visible of the box the track is on: it sits on nobody.
    b[0].visibleBox = nil
    #expect(Self.observe(&o, t, b) == .sitsOnNobody)
    // A body where the track follows a face does not own it.
    b = PrimarySubjectMetricsTests.boxes()
    b[0].kind = .humanBody
    #expect(Self.observe(&o, t, b) == .sitsOnNobody)
    #expect(o.subject == nil && o.track == 7)
  }

  /// Two boxes the primary overlaps alike: the subject it already sits on keeps it (CLEAR MOT's
  /// established pairs), else the larger overlap, else the earlier box.
  @Test func theSubjectItSitsOnKeepsItWhileTheOverlapHolds() {
    let b = PrimarySubjectMetricsTests.boxes()
    // Subject 1's box moved onto subject 0's, a little off.
    var two = b
    two[1].visibleBox = b[0].visibleBox.map {
      NormalizedRect(x: $0.x + 0.2 * $0.width, y: $0.y, width: $0.width, height: $0.height)
    }
    var o = PrimaryOwnership()
    let onOne = PrimarySubjectMetricsTests.track(7, on: b[0], error: 0.015)
    #expect(Self.observe(&o, onOne, [two[1], two[0]]) == .sitsOn(box: 0), "the larger overlap")
    #expect(o.subject == 1)
    // Now exactly on subject 0's box: subject 1 still overlaps enough and keeps it.
    #expect(Self.observe(&o, PrimarySubjectMetricsTests.track(7, on: b[0]), two) == .sitsOn(box: 1))
    #expect(o.subject == 1)
    // Equal overlaps and no owner yet: the earlier box.
    var fresh = PrimaryOwnership()
    let twins = [b[0], b[0]].enumerated().map { i, box -> TruthBox in
      var copy = box
      copy.subjectIndex = 5 - i
      return copy
    }
    #expect(Self.observe(&fresh, PrimarySubjectMetricsTests.track(3, on: b[0]), twins) == .sitsOn(box: 0))
    #expect(fresh.subject == 5)
  }

  /// A person whose left 65 % is hidden by a taller companion in front. A track on the person's whole
  /// box (as a detector of whole people reports them) overlaps the sliver they show too little and the
  /// companion's box enough: compared with visible parts alone it sat on the companion. It sits on the
  /// person while at least `wholeBoxMinimumVisibleFraction` of them shows, and on the companion once
  /// less does (no detector reports them then, so a box there is the companion's).
  @Test func aTrackOnAPartlyHiddenPersonsWholeBoxSitsOnThemNotOnTheCompanion() {
    let b = PrimarySubjectMetricsTests.boxes()
    var hidden = b[0]
    let w = hidden.box!
    hidden.visibleBox = NormalizedRect(
      x: w.x + 0.65 * w.width, y: w.y, width: 0.35 * w.width, height: w.height)
    hidden.visibleFraction = 0.35
    var companion = b[1]
    let c = NormalizedRect(
      x: w.x - 0.65 * w.width, y: w.y - 0.3 * w.height, width: 1.3 * w.width, height: 1.3 * w.height)
    companion.box = c
    companion.visibleBox = c
    let t = PrimarySubjectMetricsTests.track(7, on: b[0])
    // The visible-part comparison alone, as the rule was: the companion overlaps more than the minimum.
    let z = Self.model.projection(pose: Self.pose).evaluate(
      azimuth: t.state.azimuth, elevation: t.state.elevation, logSize: t.state.logSize)
    let onSliver = NormalizedRect(
      centerX: z.u, centerY: z.v, width: z.h * hidden.visibleBox!.aspectRatio, height: z.h
    ).intersectionOverUnion(hidden.visibleBox!)
    #expect(onSliver < PrimaryOwnership.minimumOverlap)
    #expect(
      PrimaryOwnership.overlap(u: z.u, v: z.v, h: z.h, with: companion) >= PrimaryOwnership.minimumOverlap)
    var o = PrimaryOwnership()
    #expect(Self.observe(&o, t, [hidden, companion]) == .sitsOn(box: 0))
    #expect(o.subject == 0)
    hidden.visibleFraction = 0.2
    var fresh = PrimaryOwnership()
    #expect(Self.observe(&fresh, t, [hidden, companion]) == .sitsOn(box: 1))
  }
}
