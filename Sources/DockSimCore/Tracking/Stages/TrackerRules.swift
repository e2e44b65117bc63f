/// The multi-subject tracker's fixed thresholds, each named once with its unit and the reason for its
/// value. The tunable ones are `TrackerParameters`; these are properties of people, detectors and the
/// tracker's own bookkeeping that no scenario has needed to change.
enum TrackerRules {
  // MARK: What hides what (`OcclusionScene`)

  /// Covered fraction (of a predicted box's area, 0…1) from which a track counts as hidden: it is not
  /// penalized for missing (the detector misses boxes hidden beyond about this much).
  static let occlusionOverlap = 0.5
  /// Covered fraction from which a measurement is trusted less: a partly hidden box is truncated, so
  /// its centre and height are biased toward the visible part.
  static let truncationOverlap = 0.1
  /// A body box shorter than this many face heights is farther than the face's person, so it cannot
  /// hide the face.
  static let bodyHidesFaceHeights = 5.0

  // MARK: Gating (`Gating`)

  /// IoU with the occluder's predicted box from which a box is the occluder's, not the hidden subject's
  /// reappearing.
  static let occluderBoxOverlap = 0.5
  /// IoU with a track's predicted box from which a weak box (scoring below `highScore`) may continue
  /// it: ByteTrack's threshold for its second association. The χ² gate of a coasting track grows with
  /// its covariance and reaches clutter and other people's partial boxes far from where it is.
  static let weakBoxOverlap = 0.5
  /// Standard deviations of the measured height granted to the size gate: the detector's own spread,
  /// not a change of subject.
  static let sizeGateNoiseSigmas = 3.0
  /// Whole-person widths (`TrackRecord.wholeAspect` × predicted height) from a partly hidden track's
  /// predicted centre within which a box shorter than its prediction may lie: the visible part of a
  /// person lies inside their whole box, half a width either side of its centre, plus a quarter width
  /// for the prediction's own error. A shorter box farther out is a smaller person beside them, which
  /// the size gate's allowance for truncated boxes would otherwise let the track take.
  static let truncatedBoxReach = 0.75

  // MARK: Life cycle (`TrackLifeCycle`)

  /// Consecutive frames without a measurement after which a tentative track is deleted: one miss is a
  /// detector's, two in a row mean the boxes were clutter.
  static let tentativeMaxMisses = 2
  /// A confirmed track may coast at most this many frames per hit it has had (up to
  /// `maxCoastTime`): a burst of clutter earns little coast, an established track its full span.
  static let coastFramesPerHit = 2
  /// Weights of the previous value and of the new one in the exponential smoothing of a face's speaking
  /// confidence per measured frame (they sum to 1): about 5 frames of memory, enough to ride over the
  /// gaps between syllables.
  static let speakingMemory = 0.8
  static let speakingUpdate = 0.2

  // MARK: Duplicates and hand-over (`DuplicateMerging`, `Handover`)

  /// Predicted-box IoU and log-height difference within which two tracks with box widths count as one
  /// subject (two people side by side overlap less: their boxes are offset by a body width).
  static let duplicateOverlap = 0.7
  static let duplicateLogSize = 0.1
  /// Without box widths: centre distance in box heights and log-height difference within which two
  /// tracks coincide, and the largest share of the frames they coincide in which both may have been
  /// measured (two tracks on one person take turns at its detections; two people are both detected).
  static let duplicateDistanceWithoutWidth = 0.5
  static let duplicateLogSizeWithoutWidth = 0.2
  static let duplicateJointShare = 0.3
  /// Consecutive visible misses after which a track may be continued by a new track near its
  /// prediction (fewer are the detector's ordinary misses).
  static let handoverMisses = 3
  /// Largest |difference of log angular heights| of two tracks of one subject (about ±35 %): a new
  /// track of the same subject has a similar size, a passer-by at another depth usually does not.
  static let similarLogSize = 0.3
  /// Seconds a continuation may start before the old track's last measurement: one frame at 20 Hz and
  /// above, for a new track born in the same frame as the last update.
  static let takeoverSlack = 0.05

  // MARK: Primary subject (`PrimaryChoice`)

  /// Seconds a track must have existed before the automatic choice may pick it: the first track to be
  /// confirmed does not win by being first.
  static let settleTime = 0.3
  /// Seconds after the primary reappears during which its ghost may still reclaim it, and seconds a
  /// ghost lives.
  static let recheckTime = 2.0
  static let ghostLifetime = 8.0
  /// Seconds a ghost is extrapolated at constant velocity when re-checking a reappeared primary, and
  /// when looking for a lost one: a hidden person's velocity is known only for a while.
  static let recheckHorizon = 0.5
  static let ghostHorizon = 2.0
  /// A reappeared primary is re-checked when it is farther than this many hand-over angles from its
  /// ghost, and handed to a track nearer the ghost by less than `recheckCloserShare` of that distance.
  static let recheckHandoverAngles = 1.5
  static let recheckCloserShare = 0.3
  /// Hand-over angles within which a primary lost after hiding goes to a track that came out of the
  /// hiding near its ghost.
  static let lostAfterHidingHandoverAngles = 4.0
  /// Seconds the place a lost primary was last measured is remembered, and the hand-over angles within
  /// which a confirmed track there of its size is preferred.
  static let lastPrimaryMemory = 3.0
  static let lastPrimaryHandoverAngles = 2.0
  /// Seconds by which a track may have started before a ghost was taken and still be a candidate for
  /// its person (tracks born in the frame of hiding).
  static let ghostBirthSlack = 0.05

  // MARK: Faces and bodies (`FaceBodyLinks`)

  /// A face belongs to a body box when its centre is within this share of the box's width of the box's
  /// centre line, between `faceGapRange` face heights below the box's top (a head sits at the top,
  /// slightly above with hair or below with a hat), and the body is `bodyFaceHeights` face heights tall
  /// (a person is 5 to 12 face heights tall at any posture a detector finds).
  static let faceOffsetShare = 0.35
  static let faceGapRange = -0.3...1.5
  static let bodyFaceHeights = 5.0...12.0
}
