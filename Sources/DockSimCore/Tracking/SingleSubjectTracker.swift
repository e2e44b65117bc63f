/// The foundation tracker: one EKF track on the best-matching observation of each frame.
///
/// Each frame it predicts to the frame's capture time, gates every observation by its NIS and updates
/// with the one of least NIS. Without a track it starts one from the tallest box. A track is
/// confirmed after `confirmHits` hits, coasts through misses and is deleted after `maxCoastTime`
/// consecutive misses (a tentative one after two). When observations keep arriving but all fail the
/// gate for `reacquireFrames` frames, the track is lost and a new one starts from them. Boxes cut by the image edge are kept but trusted
/// less (`MeasurementNoiseScale.forBox`). A numerical failure (an innovation covariance that
/// is not positive definite, a non-finite state) drops the track instead of emitting NaN.
public struct SingleSubjectTracker: Tracker {
  public let parameters: TrackerParameters
  private var filter: ExtendedKalmanFilter
  private var track: Track?
  private var hits = 0
  private var rejectedStreak = 0
  private var nextID = 1
  /// The camera's frame interval the coast limit counts frames of, as the multi-subject tracker's.
  private var frameClock = FrameClock()

  public init(camera: PinholeCamera, parameters: TrackerParameters) {
    self.parameters = parameters
    filter = ExtendedKalmanFilter(model: MeasurementModel(camera: camera), parameters: parameters)
  }

  public var primaryTrack: Track? { track?.status == .tentative ? nil : track }

  /// No track and ids from 1, as after `init` (the filter is initialized afresh when the next track
  /// starts, so its state needs no reset).
  public mutating func reset() {
    track = nil
    hits = 0
    rejectedStreak = 0
    nextID = 1
    frameClock = FrameClock()
  }

  public mutating func update(with batch: ObservationBatch) -> [Track] {
    process(time: batch.captureTime.seconds, pose: batch.cameraPose, observations: batch.observations)
    return track.map { [$0] } ?? []
  }

  /// One frame at capture time `time` (seconds), with the measured pose; returns the track, if any.
  @discardableResult
  public mutating func process(time: Double, pose: CameraPose, observations: [Observation]) -> Track? {
    guard var current = track else {
      start(time: time, pose: pose, observations: observations)
      return track
    }
    let dt = time - current.time
    frameClock.observe(dt)
    do {
      try filter.predict(dt: dt)
      var best: (index: Int, nis: Double)?
      for (i, o) in observations.enumerated() {
        let d = try filter.mahalanobis(
          u: o.rect.midX, v: o.rect.midY, height: o.rect.height, pose: pose,
          noiseScale: scale(o.rect))
        if d <= parameters.gate && (best == nil || d < best!.nis) { best = (i, d) }
      }
      if let best {
        let o = observations[best.index]
        current.nis = try filter.update(
          u: o.rect.midX, v: o.rect.midY, height: o.rect.height, pose: pose, noiseScale: scale(o.rect))
        current.misses = 0
        rejectedStreak = 0
        hits += 1
        current.status = hits >= parameters.confirmHits ? .confirmed : .tentative
      } else {
        current.nis = .nan
        current.misses += 1
        if current.status != .tentative { current.status = .coasting }
        rejectedStreak = observations.isEmpty ? 0 : rejectedStreak + 1
        if parameters.reacquireFrames > 0 && rejectedStreak >= parameters.reacquireFrames {
          rejectedStreak = 0
          track = nil
          start(time: time, pose: pose, observations: observations)
          return track
        }
      }
    } catch {
      track = nil
      return nil
    }
    current.time = time
    current.state = filter.state
    current.covarianceUpper = filter.covarianceUpper
    let limit =
      current.status == .tentative
      ? TrackerRules.tentativeMaxMisses
      : LifeCycleFrames(parameters, frameInterval: frameClock.interval).maxCoast
    let finite = current.state.components.allSatisfy(\.isFinite)
    track = (current.misses >= limit && current.misses > 0) || !finite ? nil : current
    return track
  }

  private func scale(_ rect: NormalizedRect) -> MeasurementNoiseScale {
    .forBox(rect, centerFactor: parameters.edgeCenterNoiseFactor, sizeFactor: parameters.edgeSizeNoiseFactor)
  }

  private mutating func start(time: Double, pose: CameraPose, observations: [Observation]) {
    // The tallest box is the nearest or most prominent subject; ties go to the earlier observation.
    guard !observations.isEmpty else { return }
    var tallest = 0
    for i in observations.indices where observations[i].rect.height > observations[tallest].rect.height {
      tallest = i
    }
    let o = observations[tallest]
    filter.initialize(u: o.rect.midX, v: o.rect.midY, height: o.rect.height, pose: pose)
    hits = 1
    track = Track(
      id: nextID, status: parameters.confirmHits <= 1 ? .confirmed : .tentative, state: filter.state,
      covarianceUpper: filter.covarianceUpper, time: time, nis: .nan, misses: 0, kind: o.kind)
    nextID += 1
  }
}
