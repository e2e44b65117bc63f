extension AppSession {
  /// Passes a selection of track ids to a tracker that supports selection.
  static func select(tracks ids: [Int], in tracker: inout any Tracker) -> DockKitError? {
    guard var selecting = tracker as? any Tracker & SubjectSelecting else { return .notSupported }
    selecting.selectSubjects(ids)
    tracker = selecting
    return nil
  }

  /// The scenario subject whose box of its kind the track `id` lies nearest (within `distance`'s
  /// reach), if any: the person an app selected by selecting that track.
  func subject(of id: Int, _ context: Context) -> Int? {
    guard let truth = context.deliveredTruth, let t = context.tracks.first(where: { $0.id == id }) else {
      return nil
    }
    var best: (Int, Double)?
    for b in truth.boxes {
      guard let d = Self.distance(from: t, to: b, pose: truth.pose, camera: camera) else { continue }
      if best == nil || d < best!.1 { best = (b.subjectIndex, d) }
    }
    return best?.0
  }

  /// The id of the confirmed or coasting track whose centre lies nearest the visible part of a box of
  /// subject `index` at the delivered capture instant (within `distance`'s reach), when that track is
  /// on this person (`subject(of:)`: no other person's box lies nearer it): the identifier an app
  /// would have read for that person. A person hidden behind a companion has no track of their own;
  /// the companion's track, nearest their visible part, is the companion's, and selecting it is not
  /// selecting them (nil: DockKit's `noSubjectFound`).
  func track(on index: Int, _ context: Context) -> Int? {
    guard let truth = context.deliveredTruth else { return nil }
    var best: (Int, Double)?
    for t in context.tracks where t.status != .tentative {
      for b in truth.boxes where b.subjectIndex == index {
        guard let d = Self.distance(from: t, to: b, pose: truth.pose, camera: camera) else { continue }
        if best == nil || d < best!.1 { best = (t.id, d) }
      }
    }
    guard let id = best?.0, subject(of: id, context) == index else { return nil }
    return id
  }

  /// The image distance from track `t`'s centre to the centre of the visible part of box `b` of the
  /// same kind, through `pose`, when within half that part's height, at least 0.05 — a box cut by the
  /// image edge has no observable centre; nil otherwise (another kind, nothing visible, out of reach).
  private static func distance(from t: Track, to b: TruthBox, pose: CameraPose, camera: PinholeCamera)
    -> Double?
  {
    guard b.kind == t.kind, let visible = b.visibleBox,
      let p = camera.project(Direction(azimuth: t.state.azimuth, elevation: t.state.elevation), pose: pose)
    else { return nil }
    let (u, v) = (visible.midX, visible.midY)
    let d = ((u - p.u) * (u - p.u) + (v - p.v) * (v - p.v)).squareRoot()
    return d <= max(0.05, visible.height / 2) ? d : nil
  }
}
