/// Parameters of the built-in EKF tracker. Units: radians, seconds, normalized image units.
///
/// Each property is declared once more, in `TrackerParameters.table`: its name in scenario files, unit,
/// allowed values, doc and the trackers that read it. The defaults are the ones of `init` below (the
/// table reads them from `TrackerParameters()`); everything else that names a parameter (the scenario
/// reader, the JSON Schema, `docksim replay`'s options, `docksim tune`'s checks, the docs' tables) is
/// derived from the table.
public struct TrackerParameters: Equatable, Sendable {
  /// White-noise acceleration intensity q for azimuth and elevation, rad²/s³.
  public var processNoiseAngle: Double
  /// White-noise acceleration intensity q for the log of the angular height, 1/s³.
  public var processNoiseLogSize: Double
  /// Standard deviation of the measured box centre (u and v), normalized image units.
  public var measurementNoiseCenter: Double
  /// Standard deviation of the measured box height, normalized image units.
  public var measurementNoiseHeight: Double
  /// Growth of the centre's and the height's standard deviations with the box: each is its floor above
  /// plus this slope times the height the track predicts (normalized image units per unit of box
  /// height), as a real detector's error is a share of the box. 0 keeps the noise constant. The defaults,
  /// 0.02 and 0.05, are about the fitted Faster R-CNN profile's at the median box height (the height's
  /// is ByteTrack's and DeepSORT's 1/20), and near the best of a 3 × 3 grid on nine MOT15 training
  /// sequences (docs/tracker.md, "Real detections (MOT15)").
  public var measurementNoiseCenterSlope: Double
  public var measurementNoiseHeightSlope: Double
  /// Initial standard deviations of a new track: angles (rad), log size, angular rates (rad/s),
  /// log-size rate (1/s).
  public var initialStdAngle: Double
  public var initialStdLogSize: Double
  public var initialStdAngleRate: Double
  public var initialStdLogSizeRate: Double
  /// Mahalanobis gate: an observation is associated only if its NIS is at most this (χ², 3 dof).
  public var gate: Double
  /// Longest time without a measurement (while not hidden) before a track is deleted, seconds; a track
  /// may coast at most twice as many frames as it was measured. Counted in frames of the observed frame
  /// interval (`LifeCycleFrames`), so the life cycle is the same at 7 and at 30 frames per second.
  public var maxCoastTime: Double
  /// Hits needed before a new track is confirmed.
  public var confirmHits: Int
  /// Consecutive frames in which observations were present but all failed the gate after which the
  /// track is considered lost and restarted from the observations (a manoeuvre the motion model did
  /// not foresee). 0 disables restarting.
  public var reacquireFrames: Int
  /// Longest time a track predicted behind a nearer track may go without a measurement before it is
  /// deleted, seconds (occlusion-aware coasting: being hidden is not evidence that the subject left).
  public var maxOcclusionTime: Double
  /// Weights of the automatic primary-subject choice: box height (fraction of the image), closeness
  /// to the image centre (1 at the centre, 0 at a corner) and speaking confidence.
  public var saliencySizeWeight: Double
  public var saliencyCenterWeight: Double
  public var saliencySpeakingWeight: Double
  /// A coasting primary hands over to another confirmed track of the same kind whose direction is
  /// within this angle (rad) of the primary's prediction: the same person, picked up by a new track.
  public var handoverAngle: Double
  /// Factors on the measurement standard deviations of a box cut by the image edge: the centre along
  /// the cut axis, and the height when the top or bottom is cut. 1 trusts cut boxes fully.
  public var edgeCenterNoiseFactor: Double
  public var edgeSizeNoiseFactor: Double
  /// The same for a box partly covered by a nearer track (its visible part is truncated): its centre
  /// is measured from its edge away from the cover (`OcclusionScene.wholeCenter`) where the track
  /// knows its person's width, which leaves it little bias to distrust.
  public var occludedCenterNoiseFactor: Double
  public var occludedSizeNoiseFactor: Double
  /// Measure the uncut edge of a box cut at only its top or bottom (`VerticalAnchor`) instead of its
  /// biased centre.
  public var anchorCutEdges: Bool
  /// Size gate: the largest |ln(observed height / predicted height)| a pair may have, whatever the
  /// covariance says (a coasting track's grows until any box passes the χ² gate). A box taller than the
  /// prediction by more is somebody nearer; one shorter by more is somebody farther, unless it may be
  /// truncated (cut by the image edge, or the track is partly behind a nearer one). 0 disables it.
  public var sizeGate: Double
  /// Quality-based deletion: a confirmed track measured in fewer than `qualityMinHitShare` of the frames
  /// of its last `qualityWindowTime` seconds not hidden behind a nearer track (in the image or out of
  /// it) is deleted, so sparse clutter cannot keep a false track alive by resetting its miss count. The
  /// window holds at most 64 frames. A share of 0 disables it.
  public var qualityWindowTime: Double
  public var qualityMinHitShare: Double
  /// Duplicate merging: two tracks of the same kind whose predicted boxes overlap (IoU at least 0.7,
  /// log heights within 0.1; without box widths, centres within half a box height, log heights within
  /// 0.2 and measured together in at most 30 % of the frames) for this many consecutive frames are one
  /// subject; the younger is removed (its primary role, if any, goes to the older). Seconds; 0 disables
  /// it.
  public var duplicateTime: Double
  /// Detection scores (0…1), as ByteTrack uses them: boxes scoring at least `highScore` are associated
  /// first, with every track; boxes from `lowScore` up to `highScore` then only with the confirmed
  /// tracks still without a box whose predicted box they overlap (they keep a track alive where it
  /// is); lower ones are ignored. Only boxes scoring at least `initiateScore` start tracks.
  public var highScore: Double
  public var lowScore: Double
  public var initiateScore: Double

  public init(
    processNoiseAngle: Double = 0.1, processNoiseLogSize: Double = 0.1,
    measurementNoiseCenter: Double = 0.004, measurementNoiseHeight: Double = 0.006,
    measurementNoiseCenterSlope: Double = 0.02, measurementNoiseHeightSlope: Double = 0.05,
    initialStdAngle: Double = 0.01, initialStdLogSize: Double = 0.05,
    initialStdAngleRate: Double = 0.5, initialStdLogSizeRate: Double = 0.2,
    gate: Double = 21.108, maxCoastTime: Double = 1.5, confirmHits: Int = 3, reacquireFrames: Int = 4,
    maxOcclusionTime: Double = 5, saliencySizeWeight: Double = 1, saliencyCenterWeight: Double = 0.5,
    saliencySpeakingWeight: Double = 1, handoverAngle: Double = 0.12, edgeCenterNoiseFactor: Double = 8,
    edgeSizeNoiseFactor: Double = 100, occludedCenterNoiseFactor: Double = 1.5,
    occludedSizeNoiseFactor: Double = 2,
    anchorCutEdges: Bool = true, sizeGate: Double = 0.25, qualityWindowTime: Double = 1,
    qualityMinHitShare: Double = 0.2,
    duplicateTime: Double = 0.33, highScore: Double = 0.9, lowScore: Double = 0.1, initiateScore: Double = 0.5
  ) {
    self.processNoiseAngle = processNoiseAngle
    self.processNoiseLogSize = processNoiseLogSize
    self.measurementNoiseCenter = measurementNoiseCenter
    self.measurementNoiseHeight = measurementNoiseHeight
    self.measurementNoiseCenterSlope = measurementNoiseCenterSlope
    self.measurementNoiseHeightSlope = measurementNoiseHeightSlope
    self.initialStdAngle = initialStdAngle
    self.initialStdLogSize = initialStdLogSize
    self.initialStdAngleRate = initialStdAngleRate
    self.initialStdLogSizeRate = initialStdLogSizeRate
    self.gate = gate
    self.maxCoastTime = maxCoastTime
    self.confirmHits = confirmHits
    self.reacquireFrames = reacquireFrames
    self.maxOcclusionTime = maxOcclusionTime
    self.saliencySizeWeight = saliencySizeWeight
    self.saliencyCenterWeight = saliencyCenterWeight
    self.saliencySpeakingWeight = saliencySpeakingWeight
    self.handoverAngle = handoverAngle
    self.edgeCenterNoiseFactor = edgeCenterNoiseFactor
    self.edgeSizeNoiseFactor = edgeSizeNoiseFactor
    self.occludedCenterNoiseFactor = occludedCenterNoiseFactor
    self.occludedSizeNoiseFactor = occludedSizeNoiseFactor
    self.anchorCutEdges = anchorCutEdges
    self.sizeGate = sizeGate
    self.qualityWindowTime = qualityWindowTime
    self.qualityMinHitShare = qualityMinHitShare
    self.duplicateTime = duplicateTime
    self.highScore = highScore
    self.lowScore = lowScore
    self.initiateScore = initiateScore
  }
}

extension TrackerParameters {
  /// Whether the measurement noise grows with the box (either slope above 0).
  public var measurementNoiseScalesWithBox: Bool {
    measurementNoiseCenterSlope > 0 || measurementNoiseHeightSlope > 0
  }

  /// The standard deviations of a box's measured centre and height (normalized image units) for a
  /// track predicting a box `predictedHeight` tall: floor plus slope times the height (a height that
  /// is not positive or not finite counts as 0).
  public func measurementNoise(predictedHeight h: Double) -> (center: Double, height: Double) {
    guard measurementNoiseScalesWithBox else { return (measurementNoiseCenter, measurementNoiseHeight) }
    let box = h > 0 && h.isFinite ? h : 0
    return (
      measurementNoiseCenter + measurementNoiseCenterSlope * box,
      measurementNoiseHeight + measurementNoiseHeightSlope * box
    )
  }
}
