import Foundation

/// DockSim's multi-subject tracker: one EKF per track, all tracks' covariance algebra batched
/// (`BatchedEKF`), χ² gating, a global assignment, a track life cycle with occlusion-aware coasting,
/// and a primary subject that survives crossings and occlusions.
///
/// Each frame, at the frame's capture time and measured camera pose, `step` runs these stages in
/// order, each a type with one job (docs/tracker.md, "The multi-subject tracker"):
///
/// 1. **predict** every track to the frame's time (`BatchedEKF.predictAll`);
/// 2. **scene**: every track's predicted box and what hides what (`OcclusionScene`), with faces linked
///    to their bodies first (`FaceBodyLinks`);
/// 3. **gating** and **association**: the cost of every allowed (track, observation) pair and the
///    frame's pairs, globally (`Gating`, `Association`);
/// 4. **update** the associated tracks, boxes cut by the image edge or partly hidden trusted less
///    (`MeasurementUpdate`);
/// 5. **misses**: every other track coasts, hidden or missed (`TrackLifeCycle.recordMisses`);
/// 6. **duplicates, marked**: how long each track's box has coincided with another's
///    (`DuplicateMerging.mark`);
/// 7. **initiate** a tentative track from every unused observation (`TrackLifeCycle.initiateUnused`);
/// 8. **merge** duplicates and continue lost tracks (`DuplicateMerging.merge`, `Handover`);
/// 9. **delete** the dead (`TrackLifeCycle.removeDead`) and any track a numerical failure spoilt;
/// 10. **primary**: keep, hand over or choose the primary subject (`PrimaryChoice`).
///
/// The fixed thresholds are `TrackerRules`; the tunable ones `TrackerParameters`.
public struct MultiTargetTracker: Tracker, SubjectSelecting {
  public let parameters: TrackerParameters
  public let camera: PinholeCamera
  /// The live tracks.
  var bank: TrackBank
  var primary: PrimaryChoice
  /// The measured pose and capture time (seconds) of the last processed frame, and the frame interval
  /// the life cycle's durations count frames of (`LifeCycleFrames`).
  var lastPose: CameraPose?
  var lastTime: Double?
  var frameClock = FrameClock()
  /// The stages' own buffers, reused every frame so a steady scene allocates nothing. Optional only so
  /// that a frame can move them out and back (`take()`) instead of building an empty set to swap in.
  private var stages: Stages?
  /// The live tracks of the last frame, rebuilt in place.
  private var output: [Track] = []

  struct Stages: Sendable {
    var scene = OcclusionScene()
    var association: Association
    var update: MeasurementUpdate
    var lifeCycle: TrackLifeCycle
    var duplicates: DuplicateMerging
    var used: [Bool] = []
    var keep: [Bool] = []

    init(parameters: TrackerParameters) {
      association = Association(parameters: parameters)
      update = MeasurementUpdate(parameters: parameters)
      lifeCycle = TrackLifeCycle(parameters: parameters)
      duplicates = DuplicateMerging(parameters: parameters)
    }
  }

  public init(camera: PinholeCamera, parameters: TrackerParameters) {
    self.camera = camera
    self.parameters = parameters
    bank = TrackBank(model: MeasurementModel(camera: camera), parameters: parameters)
    primary = PrimaryChoice(parameters: parameters, camera: camera)
    stages = Stages(parameters: parameters)
  }

  public var primaryTrack: Track? {
    guard let i = primary.primaryID.flatMap(bank.index(of:)) else { return nil }
    return bank.track(i)
  }

  /// The tracker as `init` left it, with the same camera and parameters: no track, ids from 1, no
  /// selection, no memory of the primary.
  public mutating func reset() {
    self = MultiTargetTracker(camera: camera, parameters: parameters)
  }

  /// The live tracks, ordered by id.
  public var tracks: [Track] { bank.indices.map(bank.track) }

  public mutating func update(with batch: ObservationBatch) -> [Track] {
    process(time: batch.captureTime.seconds, pose: batch.cameraPose, observations: batch.observations)
  }

  /// One frame at capture time `time` (seconds) with the measured pose.
  @discardableResult
  public mutating func process(time: Double, pose: CameraPose, observations: [Observation]) -> [Track] {
    lastPose = pose
    if let last = lastTime, time > last { frameClock.observe(time - last) }
    lastTime = time
    // Moved out and back rather than copied, so their arrays stay uniquely referenced (no copy on
    // write); moved back with `consume` on each way out, since a `defer` assignment copies every
    // buffer (a retain and a release per array and frame).
    var s = stages.take() ?? Stages(parameters: parameters)
    do {
      try step(time: time, pose: pose, observations: observations, &s)
      stages = consume s
    } catch {
      stages = consume s
      // A numerical failure of the batch (S not positive definite): drop the tracks that caused it
      // rather than emit NaN; the scene is re-acquired from the next frames.
      bank.dropNonFinite(all: true)
    }
    primary.update(bank, time: time, pose: lastPose)
    output.removeAll(keepingCapacity: true)
    for i in bank.indices { output.append(bank.track(i)) }
    return output
  }

  private mutating func step(time: Double, pose: CameraPose, observations: [Observation], _ s: inout Stages)
    throws
  {
    // 1. Every live track was processed at the previous frame (new ones are born at its time), so they
    // share one time step. Each record takes the new time with its hit or miss below, one access for
    // both: nothing before reads it, and a throw on the way drops every track.
    var now: Double?
    if let first = bank.records.first, first.time < time {
      try bank.ekf.predictAll(dt: time - first.time)
      now = time
    }
    // 2.
    s.scene.project(&bank, pose: pose)
    FaceBodyLinks.link(&bank, boxes: s.scene.boxes)
    s.scene.cover(bank)
    // 3.
    try s.association.associate(observations, &bank, scene: s.scene, pose: pose)
    // 4.
    try s.update.apply(
      s.association.assignment, observations, &bank, scene: s.scene, pose: pose, now: now,
      lifeCycle: s.lifeCycle)
    // 5.
    s.lifeCycle.recordMisses(s.association.assignment, &bank, scene: s.scene, now: now)
    // 6.
    let frames = LifeCycleFrames(parameters, frameInterval: frameClock.interval)
    s.duplicates.mark(&bank, boxes: s.scene.boxes, overlaps: s.scene.overlaps, frames)
    // 7.
    s.lifeCycle.initiateUnused(
      s.association.assignment, observations, &bank, time: time, pose: pose, used: &s.used)
    // 8.
    s.duplicates.merge(&bank, frames)
    for (from, to) in s.duplicates.renamed { primary.rename(from, to: to) }
    // 9.
    s.lifeCycle.removeDead(&bank, frames, keep: &s.keep)
    bank.dropNonFinite(all: false)
  }

  // MARK: Selection (DockKit's selectSubjects / selectSubject(at:))

  public mutating func selectSubjects(_ ids: [Int]) {
    primary.select(ids, bank)
  }

  public mutating func selectSubject(atX x: Double, y: Double) throws(SelectionError) -> Int {
    guard x.isFinite, y.isFinite, (0...1).contains(x), (0...1).contains(y) else { throw .invalidParameter }
    guard let pose = lastPose else { throw .noSubjectFound }
    // Selection points have an upper-left origin; boxes a lower-left one.
    let u = x
    let v = 1 - y
    var best: (Int, Double)?
    for i in bank.indices where bank.records[i].status != .tentative {
      let b = OcclusionScene.predictedBox(bank, i, pose: pose)
      guard u >= b.x, u <= b.x + b.width, v >= b.y, v <= b.y + b.height else { continue }
      // The smallest box containing the point is the most specific subject (a face inside a body).
      let area = b.width * b.height
      if best == nil || area < best!.1 { best = (i, area) }
    }
    guard let (i, _) = best else { throw .noSubjectFound }
    selectSubjects([bank.records[i].id])
    return bank.records[i].id
  }
}
