import DockSimCore
import DockSimIO

/// How well the built-in tracker follows a recorded observation log: the primary track against the
/// log's reference track when there is one, and the filter's consistency (NIS) always.
///
/// The log metrics (`docs/metrics.md`):
/// * `log_error_rms_rad`: RMS angle, radians, between the primary track's direction and the
///   reference, over the frames that have both;
/// * `log_coverage`: the share of the log's reference frames with a primary track, 0…1;
/// * `log_nis_mean`: the mean normalized innovation squared of every track update;
/// * `log_nis_consistency`: |`log_nis_mean` / 3 − 1|, 0 when the noise model matches the data (the
///   NIS of a consistent filter is χ² with 3 degrees of freedom, mean 3).
public struct LogScore: Equatable, Sendable {
  /// Frames replayed.
  public var frames = 0
  /// Log frames with a reference point.
  public var referenceFrames = 0
  /// Of those, frames with a primary track.
  public var estimatedFrames = 0
  /// Sum of squared angular errors over the estimated frames, rad².
  public var errorSquares = 0.0
  /// Track updates (a track matched to a box in a frame).
  public var updates = 0
  /// Sum of their NIS.
  public var nisSum = 0.0

  /// The metrics a log replay reports (`MetricCatalog.recordedLog`).
  public static let metrics = MetricCatalog.recordedLog
  /// The dimension of a box measurement (centre u, v and log height): the mean of a consistent NIS.
  public static let measurementDimension = 3.0

  public init() {}

  /// RMS angular error of the primary track, radians; nil without reference frames with a primary.
  public var errorRMS: Double? {
    estimatedFrames > 0 ? (errorSquares / Double(estimatedFrames)).squareRoot() : nil
  }
  /// Share of reference frames with a primary track; nil without a reference.
  public var coverage: Double? {
    referenceFrames > 0 ? Double(estimatedFrames) / Double(referenceFrames) : nil
  }
  public var nisMean: Double? { updates > 0 ? nisSum / Double(updates) : nil }
  public var nisConsistency: Double? { nisMean.map { abs($0 / Self.measurementDimension - 1) } }

  /// The value of one of `metrics`; nil where it does not apply (or for another metric).
  public func value(of metric: MetricKey) -> Double? {
    switch metric {
    case .logErrorRMS: errorRMS
    case .logCoverage: coverage
    case .logNISMean: nisMean
    case .logNISConsistency: nisConsistency
    default: nil
    }
  }

  /// Replays `log` through a `MultiTargetTracker` with `parameters` and scores it.
  ///
  /// - Parameters:
  ///   - reference: the subject's true direction by log frame, frames increasing (see
  ///     `ReferenceTrack`); frames of the reference absent from the log are ignored.
  public static func score(
    log: [LoggedFrame], camera: PinholeCamera, parameters: TrackerParameters, reference: [ReferencePoint]?
  ) -> LogScore {
    var tracker = MultiTargetTracker(camera: camera, parameters: parameters)
    var score = LogScore()
    var next = 0  // the first reference point not before the current frame; both lists increase
    for frame in log {
      let tracks = tracker.process(time: frame.time, pose: frame.pose, observations: frame.observations)
      score.frames += 1
      for t in tracks where t.nis.isFinite {
        score.updates += 1
        score.nisSum += t.nis
      }
      guard let reference else { continue }
      while next < reference.count && reference[next].frame < frame.frame { next += 1 }
      guard next < reference.count, reference[next].frame == frame.frame else { continue }
      score.referenceFrames += 1
      guard let primary = tracker.primaryTrack else { continue }
      let truth = Direction(azimuth: reference[next].azimuth, elevation: reference[next].elevation)
      let estimate = Direction(azimuth: primary.state.azimuth, elevation: primary.state.elevation)
      let error = Direction.angleBetween(estimate, truth)
      score.estimatedFrames += 1
      score.errorSquares += error * error
    }
    return score
  }
}
