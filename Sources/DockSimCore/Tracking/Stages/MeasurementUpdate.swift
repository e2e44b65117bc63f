/// Stage "update": the EKF update of every associated track with its observation, each box's noise
/// scaled for how it may be biased (cut by the image edge: `MeasurementNoiseScale.forBox`; partly
/// hidden by a nearer track: at least the occluded factors), a partly hidden track's visible part
/// measured by its centre's place in the whole box (`OcclusionScene.wholeCenter`), and the hit booked
/// on its record (`TrackLifeCycle.recordHit`).
struct MeasurementUpdate: Sendable {
  private var assigned: [Int] = []
  private var scales: [MeasurementNoiseScale] = []
  private var anchors: [VerticalAnchor] = []
  private var measurements: [(u: Double, v: Double, h: Double)] = []
  private var nis: [Double] = []
  let parameters: TrackerParameters

  init(parameters: TrackerParameters) { self.parameters = parameters }

  /// Updates the tracks `assignment` pairs with an observation; `now` is the frame's time when the
  /// frame advanced the tracks' time (nil when it did not).
  mutating func apply(
    _ assignment: [Int?], _ observations: [Observation], _ bank: inout TrackBank, scene: OcclusionScene,
    pose: CameraPose, now: Double?, lifeCycle: TrackLifeCycle
  ) throws {
    assigned.removeAll(keepingCapacity: true)
    for i in bank.indices where assignment[i] != nil { assigned.append(i) }
    guard !assigned.isEmpty else { return }
    scales.removeAll(keepingCapacity: true)
    anchors.removeAll(keepingCapacity: true)
    measurements.removeAll(keepingCapacity: true)
    let p = parameters
    for i in assigned {
      let o = observations[assignment[i]!]
      var scale = MeasurementNoiseScale.forBox(
        o.rect, centerFactor: p.edgeCenterNoiseFactor, sizeFactor: p.edgeSizeNoiseFactor,
        anchored: p.anchorCutEdges)
      let visiblePart = scene.isTruncated(i) && !scene.isWhole(o.rect, of: i)
      if visiblePart {
        scale = MeasurementNoiseScale(
          u: max(scale.u, p.occludedCenterNoiseFactor), v: max(scale.v, p.occludedCenterNoiseFactor),
          h: max(scale.h, p.occludedSizeNoiseFactor))
      }
      let anchor = Gating.verticalAnchor(o.rect, p)
      scales.append(scale)
      anchors.append(anchor)
      let wholeWidth = bank.records[i].wholeAspect * scene.boxes[i].height
      let u =
        visiblePart
        ? scene.wholeCenter(ofVisiblePart: o.rect, of: i, wholeWidth: wholeWidth) ?? o.rect.midX : o.rect.midX
      measurements.append((u, anchor.measuredV(o.rect), o.rect.height))
    }
    try bank.ekf.update(
      indices: assigned, measurements: measurements, scales: scales, anchors: anchors, pose: pose, nis: &nis)
    for (k, i) in assigned.enumerated() {
      lifeCycle.recordHit(
        &bank.records[i], now: now, observation: observations[assignment[i]!], nis: nis[k],
        unhidden: !scene.isTruncated(i))
    }
  }
}
