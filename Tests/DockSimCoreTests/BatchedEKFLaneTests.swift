import DockMath
import DockSimCore
import Testing

/// `BatchedEKF` over its lane-interleaved storage: a subset update, track removal across the lane
/// groups, and the gate agreeing with the update.
struct BatchedEKFLaneTests {
  static let model = MeasurementModel(camera: PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0))
  static let pose = CameraPose(yaw: 0.1, pitch: -0.05)

  static func measurement(_ k: Int, frame f: Int) -> (u: Double, v: Double, h: Double) {
    let t = Double(f) + 3 * Double(k)
    return (
      0.1 + 0.08 * Double(k) + 0.002 * t.remainder(dividingBy: 5), 0.45 + 0.01 * Double(k % 3),
      0.1 + 0.001 * Double(k)
    )
  }

  /// `count` tracks started on frame 0's boxes and run for `frames` frames, every track measured.
  static func bank(count: Int, frames: Int) throws -> BatchedEKF {
    let parameters = TrackerParameters()
    var ekf = BatchedEKF(model: model, parameters: parameters)
    for k in 0..<count {
      let m = measurement(k, frame: 0)
      ekf.append(
        model.initialState(u: m.u, v: m.v, h: m.h, pose: pose),
        standardDeviations: parameters.initialStandardDeviations)
    }
    var nis: [Double] = []
    for f in 1...frames {
      try ekf.predictAll(dt: 1.0 / 30)
      try ekf.update(
        indices: Array(0..<count), measurements: (0..<count).map { measurement($0, frame: f) },
        scales: Array(repeating: .one, count: count), anchors: Array(repeating: .center, count: count),
        pose: pose,
        nis: &nis)
    }
    return ekf
  }

  @Test func updatingASubsetMatchesUpdatingThoseTracksAlone() throws {
    var all = try Self.bank(count: 9, frames: 5)
    var subset = all
    let chosen = [1, 4, 8]
    try all.predictAll(dt: 1.0 / 30)
    try subset.predictAll(dt: 1.0 / 30)
    var alone = subset
    alone.retain { chosen.contains($0) }
    let z = chosen.map { Self.measurement($0, frame: 6) }
    var nisSubset: [Double] = []
    var nisAlone: [Double] = []
    let scales = Array(repeating: MeasurementNoiseScale.one, count: 3)
    let anchors = [VerticalAnchor.center, .bottom, .top]
    try subset.update(
      indices: chosen, measurements: z, scales: scales, anchors: anchors, pose: Self.pose, nis: &nisSubset)
    try alone.update(
      indices: [0, 1, 2], measurements: z, scales: scales, anchors: anchors, pose: Self.pose, nis: &nisAlone)
    #expect(nisSubset == nisAlone)
    for (b, t) in chosen.enumerated() {
      #expect(subset.state(t) == alone.state(b))
      #expect(subset.covarianceUpper(t) == alone.covarianceUpper(b))
    }
    // The others only predicted.
    for t in 0..<9 where !chosen.contains(t) {
      #expect(subset.state(t) == all.state(t))
      #expect(subset.covarianceUpper(t) == all.covarianceUpper(t))
    }
  }

  @Test func retainAndCopyKeepEachTracksStateAcrossLaneGroups() throws {
    let ekf = try Self.bank(count: 10, frames: 3)
    var kept = ekf
    kept.retain { $0 == 0 || $0 == 6 || $0 == 9 }
    #expect(kept.count == 3)
    for (b, t) in [0, 6, 9].enumerated() {
      #expect(kept.state(b) == ekf.state(t))
      #expect(kept.covarianceUpper(b) == ekf.covarianceUpper(t))
      #expect(kept.isFinite(b))
    }
    kept.copyTrack(from: 2, to: 0)
    #expect(kept.state(0) == ekf.state(9))
  }

  @Test func theGateAndTheUpdateGiveTheSameNIS() throws {
    var ekf = try Self.bank(count: 6, frames: 4)
    try ekf.predictAll(dt: 1.0 / 30)
    let z = (0..<6).map { Self.measurement($0, frame: 5) }
    var distances: [Double] = []
    try ekf.distances(
      measurements: z, pose: Self.pose, anchor: .center, scale: .one, into: &distances,
      allowed: { t, o in o != 2 || t != 3 })
    #expect(distances.count == 36)
    #expect(distances[3 * 6 + 2] == .infinity)
    #expect(ekf.innovationLogDeterminant(0).isFinite)
    var nis: [Double] = []
    try ekf.update(
      indices: Array(0..<6), measurements: z, scales: Array(repeating: .one, count: 6),
      anchors: Array(repeating: .center, count: 6), pose: Self.pose, nis: &nis)
    for k in 0..<6 { #expect(distances[k * 6 + k] == nis[k], "track \(k)") }
  }
}
