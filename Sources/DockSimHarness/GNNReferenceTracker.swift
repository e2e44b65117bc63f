import DockSimCore

/// A global-nearest-neighbour multi-target tracker modelled on Stone Soup's simple multi-target tracker
/// (Stone Soup 1.x: `MultiTargetTracker` with `GNNWith2DAssignment`, a `DistanceHypothesiser` on the
/// `Mahalanobis` measure, `MultiMeasurementInitiator` and `UpdateTimeStepsDeleter`), written with
/// DockSim's own filter. It is the baseline DockSim's `MultiTargetTracker` is compared with on recorded
/// logs (`docs/tracker.md`, "Compared with a GNN tracker"): a textbook tracker with a short memory and
/// nothing else.
///
/// Each frame, at the frame's capture time and measured camera pose:
/// 1. **Predict** every track (confirmed and tentative) with its `ExtendedKalmanFilter`: the motion and
///    measurement models and noise of `TrackerParameters`, as in `MultiTargetTracker` (Stone Soup's
///    `ExtendedKalmanPredictor` and `ExtendedKalmanUpdater` on that model). A box is measured by its
///    centre and height, always with the same noise: no edge rule, no occlusion rule.
/// 2. **Associate** the confirmed tracks (`GNNWith2DAssignment`): an observation of the same kind is a
///    candidate of a track when its NIS is below `gate` (χ², 3 dof; Stone Soup's `missed_distance` is
///    the Mahalanobis distance √gate); the assignment minimizes the summed Mahalanobis distance √NIS,
///    every track taking one candidate or a miss that costs √gate. Assigned tracks are updated.
/// 3. **Delete** (`UpdateTimeStepsDeleter(deleteAfterSteps)`): a confirmed track without an update in
///    the last `deleteAfterSteps` frames (10 by default) is deleted.
/// 4. **Initiate** (`MultiMeasurementInitiator` with `min_points = confirmUpdates`, `updates_only`):
///    the observations no confirmed track took are associated with the tentative tracks the same way;
///    a tentative track with `confirmUpdates` updates in all (its first observation counts as one)
///    becomes confirmed; a tentative track without an update in the last `tentativeDeleteAfterSteps`
///    frames is deleted (`UpdateTimeStepsDeleter` of the initiator); every observation still free starts
///    a tentative track (`ExtendedKalmanFilter.initialize`: the exact inverse projection with
///    `TrackerParameters`' initial uncertainty, where Stone Soup's `SimpleMeasurementInitiator` maps the
///    measurement noise through the model's pseudo-inverse).
///
/// No occlusion logic, no merging, no reacquisition. It has no notion of a primary subject either:
/// `primaryTrack` is the oldest confirmed track, so that a replay has one to mark.
public struct GNNReferenceTracker: LogTracker {
  public let camera: PinholeCamera
  public let parameters: TrackerParameters
  /// Updates (the first observation included) that confirm a tentative track (Stone Soup's
  /// `min_points`).
  public let confirmUpdates: Int
  /// Frames without an update after which a tentative track is deleted.
  public let tentativeDeleteAfterSteps: Int
  /// Frames without an update after which a confirmed track is deleted (Stone Soup's
  /// `time_steps_since_update`).
  public let deleteAfterSteps: Int

  struct Entry: Sendable {
    var id: Int
    var kind: SubjectKind
    var filter: ExtendedKalmanFilter
    var updates: Int
    var stepsSinceUpdate: Int
    var nis: Double
    var aspect: Double
    /// The filter threw (an innovation covariance not positive definite): the track is dropped.
    var failed = false

    var isUsable: Bool {
      !failed && filter.state.components.allSatisfy(\.isFinite)
        && filter.covarianceUpper.allSatisfy(\.isFinite)
    }
  }

  private let model: MeasurementModel
  private var confirmed: [Entry] = []
  private var tentative: [Entry] = []
  private var nextID = 1
  private var time: Double?
  private var solver = AssignmentSolver()

  /// - Parameters:
  ///   - parameters: the filter's noise model, initial uncertainty and `gate`; the life-cycle fields
  ///     of `MultiTargetTracker` are not used.
  ///   - confirmUpdates: Stone Soup's `min_points`, ≥ 1.
  ///   - tentativeDeleteAfterSteps, deleteAfterSteps: the initiator's and the tracker's
  ///     `UpdateTimeStepsDeleter`, ≥ 1.
  public init(
    camera: PinholeCamera, parameters: TrackerParameters, confirmUpdates: Int = 3,
    tentativeDeleteAfterSteps: Int = 2, deleteAfterSteps: Int = 10
  ) {
    precondition(confirmUpdates >= 1 && tentativeDeleteAfterSteps >= 1 && deleteAfterSteps >= 1)
    self.camera = camera
    self.parameters = parameters
    self.confirmUpdates = confirmUpdates
    self.tentativeDeleteAfterSteps = tentativeDeleteAfterSteps
    self.deleteAfterSteps = deleteAfterSteps
    model = MeasurementModel(camera: camera)
  }

  /// The live tracks, ordered by id: confirmed ones `confirmed` when updated this frame, else
  /// `coasting`; tentative ones `tentative`.
  public var tracks: [Track] {
    (confirmed.map { track($0, confirmed: true) } + tentative.map { track($0, confirmed: false) })
      .sorted { $0.id < $1.id }
  }

  public var primaryTrack: Track? { confirmed.min { $0.id < $1.id }.map { track($0, confirmed: true) } }

  /// The tracker as `init` left it, with the same camera, parameters and life-cycle settings.
  public mutating func reset() {
    self = GNNReferenceTracker(
      camera: camera, parameters: parameters, confirmUpdates: confirmUpdates,
      tentativeDeleteAfterSteps: tentativeDeleteAfterSteps, deleteAfterSteps: deleteAfterSteps)
  }

  public mutating func update(with batch: ObservationBatch) -> [Track] {
    process(time: batch.captureTime.seconds, pose: batch.cameraPose, observations: batch.observations)
  }

  public mutating func process(time: Double, pose: CameraPose, observations: [Observation]) -> [Track] {
    if let last = self.time, time > last {
      Self.predict(&confirmed, dt: time - last)
      Self.predict(&tentative, dt: time - last)
    }
    self.time = time
    var free = [Bool](repeating: true, count: observations.count)
    Self.associateAndUpdate(&confirmed, observations, pose: pose, gate: parameters.gate, free: &free, &solver)
    confirmed.removeAll { $0.stepsSinceUpdate >= deleteAfterSteps }
    Self.associateAndUpdate(&tentative, observations, pose: pose, gate: parameters.gate, free: &free, &solver)
    for entry in tentative where entry.updates >= confirmUpdates { confirmed.append(entry) }
    tentative.removeAll { $0.updates >= confirmUpdates || $0.stepsSinceUpdate >= tentativeDeleteAfterSteps }
    for (j, o) in observations.enumerated() where free[j] {
      var filter = ExtendedKalmanFilter(model: model, parameters: parameters)
      filter.initialize(u: o.rect.midX, v: o.rect.midY, height: o.rect.height, pose: pose)
      tentative.append(
        Entry(
          id: nextID, kind: o.kind, filter: filter, updates: 1, stepsSinceUpdate: 0, nis: .nan,
          aspect: o.rect.aspectRatio))
      nextID += 1
    }
    return tracks
  }

  private static func predict(_ entries: inout [Entry], dt: Double) {
    for i in entries.indices {
      do { try entries[i].filter.predict(dt: dt) } catch { entries[i].failed = true }
    }
    entries.removeAll { !$0.isUsable }
  }

  /// Global nearest neighbour over the observations still `free`: the assignment of least summed
  /// Mahalanobis distance, each track taking a gated observation or a miss costing √gate. Updates the
  /// assigned tracks, counts a step without update on the others, and marks the taken observations.
  private static func associateAndUpdate(
    _ entries: inout [Entry], _ observations: [Observation], pose: CameraPose, gate: Double,
    free: inout [Bool], _ solver: inout AssignmentSolver
  ) {
    let n = entries.count
    let m = observations.count
    guard n > 0 else { return }
    let width = m + n
    var costs = [Double](repeating: .infinity, count: n * width)
    let missed = gate.squareRoot()
    for i in 0..<n {
      costs[i * width + m + i] = missed
      for (j, o) in observations.enumerated() where free[j] && o.kind == entries[i].kind {
        guard
          let nis = try? entries[i].filter.mahalanobis(
            u: o.rect.midX, v: o.rect.midY, height: o.rect.height, pose: pose),
          nis < gate
        else { continue }
        costs[i * width + j] = nis.squareRoot()
      }
    }
    let assignment = solver.solve(costs: costs, rows: n, columns: width)
    for i in 0..<n {
      guard let j = assignment[i], j < m else {
        entries[i].stepsSinceUpdate += 1
        entries[i].nis = .nan
        continue
      }
      let o = observations[j]
      free[j] = false
      do {
        entries[i].nis = try entries[i].filter.update(
          u: o.rect.midX, v: o.rect.midY, height: o.rect.height, pose: pose)
      } catch {
        entries[i].failed = true
      }
      entries[i].updates += 1
      entries[i].stepsSinceUpdate = 0
      entries[i].aspect = o.rect.aspectRatio
    }
    entries.removeAll { !$0.isUsable }
  }

  private func track(_ e: Entry, confirmed: Bool) -> Track {
    Track(
      id: e.id, status: confirmed ? (e.stepsSinceUpdate == 0 ? .confirmed : .coasting) : .tentative,
      state: e.filter.state, covarianceUpper: e.filter.covarianceUpper, time: time ?? 0, nis: e.nis,
      misses: e.stepsSinceUpdate, kind: e.kind, aspect: e.aspect)
  }
}
