import DockMath
import DockSimCore
import Testing

/// `BatchedEKF.update` right after `distances` reuses the gate's factors when pose, anchor and noise
/// scale match; it must give the bits a fresh computation gives, and must not reuse factors that no
/// longer describe the tracks.
struct BatchedEKFGateReuseTests {
  typealias Lane = BatchedEKFLaneTests

  /// What happens between the gate and the update.
  enum Between: String, CaseIterable, Sendable {
    case nothing, predict, retain, append, copyTrack, otherScale, otherAnchor, otherPose
  }

  static func expectSame(_ a: BatchedEKF, _ b: BatchedEKF, _ nisA: [Double], _ nisB: [Double]) {
    #expect(a.count == b.count)
    #expect(nisA == nisB)
    for t in 0..<min(a.count, b.count) {
      #expect(a.state(t) == b.state(t), "state \(t)")
      #expect(a.covarianceUpper(t) == b.covarianceUpper(t), "covariance \(t)")
    }
  }

  /// Gates, does `between`, updates `indices`; and the same without the gate. Both must agree.
  static func check(_ between: Between, indices: [Int]) throws {
    var gatedBank = try Lane.bank(count: 9, frames: 4)
    try gatedBank.predictAll(dt: 1.0 / 30)
    var fresh = gatedBank
    let z = (0..<9).map { Lane.measurement($0, frame: 5) }
    var distances: [Double] = []
    try gatedBank.distances(
      measurements: z, pose: Lane.pose, anchor: .center, scale: .one, into: &distances,
      allowed: { _, _ in true })
    var scale = MeasurementNoiseScale.one
    var anchor = VerticalAnchor.center
    var pose = Lane.pose
    for b in [0, 1] as [Int] {
      var bank = b == 0 ? gatedBank : fresh
      switch between {
      case .nothing: break
      case .predict: try bank.predictAll(dt: 1.0 / 30)
      case .retain: bank.retain { $0 != 2 }
      case .append:
        bank.append(
          Lane.model.initialState(u: 0.5, v: 0.5, h: 0.2, pose: Lane.pose),
          standardDeviations: TrackerParameters().initialStandardDeviations)
      case .copyTrack: bank.copyTrack(from: 5, to: 1)
      case .otherScale: scale = MeasurementNoiseScale(u: 8, v: 1, h: 1)
      case .otherAnchor: anchor = .top
      case .otherPose: pose = CameraPose(yaw: 0.12, pitch: -0.05)
      }
      if b == 0 { gatedBank = bank } else { fresh = bank }
    }
    let live = indices.filter { $0 < gatedBank.count }
    let measured = live.map { z[$0] }
    let scales = Array(repeating: scale, count: live.count)
    let anchors = Array(repeating: anchor, count: live.count)
    var (nisGated, nisFresh) = ([Double](), [Double]())
    try gatedBank.update(
      indices: live, measurements: measured, scales: scales, anchors: anchors, pose: pose, nis: &nisGated)
    try fresh.update(
      indices: live, measurements: measured, scales: scales, anchors: anchors, pose: pose, nis: &nisFresh)
    expectSame(gatedBank, fresh, nisGated, nisFresh)
  }

  @Test(arguments: Between.allCases)
  func everyTrackUpdatedAfterTheGate(between: Between) throws {
    try Self.check(between, indices: Array(0..<9))
  }

  @Test(arguments: Between.allCases)
  func someTracksUpdatedAfterTheGate(between: Between) throws {
    try Self.check(between, indices: [1, 4, 7, 8])
  }

  // The reused factors are the gate's: the update's NIS of a track is its gate distance to the
  // same box (the fresh path computes them again, so this also holds without reuse; with stale
  // factors it would not).
  @Test func theUpdateNISIsTheGateDistanceOfASubset() throws {
    var ekf = try Lane.bank(count: 7, frames: 3)
    try ekf.predictAll(dt: 1.0 / 30)
    let z = (0..<7).map { Lane.measurement($0, frame: 4) }
    var distances: [Double] = []
    try ekf.distances(
      measurements: z, pose: Lane.pose, anchor: .center, scale: .one, into: &distances,
      allowed: { _, _ in true })
    let chosen = [0, 3, 6]
    var nis: [Double] = []
    try ekf.update(
      indices: chosen, measurements: chosen.map { z[$0] }, scales: Array(repeating: .one, count: 3),
      anchors: Array(repeating: .center, count: 3), pose: Lane.pose, nis: &nis)
    for (b, t) in chosen.enumerated() { #expect(nis[b] == distances[t * 7 + t], "track \(t)") }
  }
}
