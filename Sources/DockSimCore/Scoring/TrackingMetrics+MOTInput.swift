extension TrackingMetrics {
  /// Where a box or track of `kind` centred at (`u`, `v`), normalized image coordinates, is placed for
  /// the MOT accumulator. Boxes of different kinds never match, so each kind is shifted by 10 image
  /// widths, far beyond any match threshold (at most 1). Public so that a replay of the objects trace
  /// (the report's track timeline) feeds the accumulator the very same numbers.
  public static func motPosition(u: Double, v: Double, kind: SubjectKind) -> (u: Double, v: Double) {
    (u + 10 * Double(kindIndex(kind)), v)
  }

  /// The MOT ground-truth id of subject number `subject`'s box of `kind` (a person's face and body are
  /// two objects).
  public static func motObjectID(subject: Int, kind: SubjectKind) -> Int { subject * 3 + kindIndex(kind) }

  /// Whether a point at (`u`, `v`), normalized image coordinates, is scored: inside the image, edges
  /// included. A box or track whose centre lies outside (or is NaN) is neither right nor wrong.
  public static func isScored(u: Double, v: Double) -> Bool {
    u >= 0 && u <= 1 && v >= 0 && v <= 1
  }

  /// Whether a track of this status is a hypothesis of the MOT metrics: confirmed and coasting tracks
  /// are, tentative ones are not.
  public static func isHypothesis(_ status: TrackStatus) -> Bool { status != .tentative }

  /// Track `t` as a MOT hypothesis: its direction projected through the camera pose `pose` and placed
  /// by `motPosition`; nil when it is tentative, behind the camera or its centre is outside the image.
  /// The rule of `docs/metrics.md` ("What is compared"), shared by the simulation's metrics and the
  /// scoring of replayed logs.
  public static func motHypothesis(_ t: Track, pose: CameraPose, camera: PinholeCamera) -> (
    id: Int, u: Double, v: Double
  )? {
    guard isHypothesis(t.status),
      let p = camera.project(Direction(azimuth: t.state.azimuth, elevation: t.state.elevation), pose: pose),
      isScored(u: p.u, v: p.v)
    else { return nil }
    let q = motPosition(u: p.u, v: p.v, kind: t.kind)
    return (t.id, q.u, q.v)
  }

  /// A true object of `kind` whose centre lies in `direction` (the stand's base frame) as a MOT
  /// ground-truth row with id `id`: projected through `pose` and placed by `motPosition`; nil when it
  /// is behind the camera or its centre is outside the image (not scored).
  public static func motGroundTruth(
    id: Int, direction: Direction, kind: SubjectKind, pose: CameraPose, camera: PinholeCamera
  ) -> (id: Int, u: Double, v: Double)? {
    guard let p = camera.project(direction, pose: pose), isScored(u: p.u, v: p.v) else { return nil }
    let q = motPosition(u: p.u, v: p.v, kind: kind)
    return (id, q.u, q.v)
  }
}
