import Foundation

/// The ground truth of one box of one subject in one frame (a person's body, their face, an
/// object). Only the detector model and the scoring see it; trackers never do.
public struct TruthBox: Equatable, Sendable {
  /// Index of the subject in the scenario.
  public var subjectIndex: Int
  public var subjectID: String
  public var kind: SubjectKind
  /// Direction from the pivot to the box centre.
  public var direction: Direction
  /// Horizontal distance from the pivot, metres (the depth used for occlusion).
  public var depth: Double
  /// Angle subtended by the box's height (between the directions to its top and bottom), radians.
  public var angularHeight: Double
  /// Image position of the box centre's projection (lower-left origin), nil behind the camera.
  public var centerU: Double?
  public var centerV: Double?
  /// The projected box before clipping and occlusion, nil if part of it is behind the camera.
  public var box: NormalizedRect?
  /// The fraction of the box that is inside the image and not hidden by anything nearer, 0…1.
  public var visibleFraction: Double
  /// The bounding box of the visible part, nil when nothing is visible.
  public var visibleBox: NormalizedRect?
  /// Whether the subject speaks at this instant.
  public var speaking: Bool

  public init(
    subjectIndex: Int, subjectID: String, kind: SubjectKind, direction: Direction, depth: Double,
    angularHeight: Double, centerU: Double?, centerV: Double?, box: NormalizedRect?, visibleFraction: Double,
    visibleBox: NormalizedRect?, speaking: Bool
  ) {
    self.subjectIndex = subjectIndex
    self.subjectID = subjectID
    self.kind = kind
    self.direction = direction
    self.depth = depth
    self.angularHeight = angularHeight
    self.centerU = centerU
    self.centerV = centerV
    self.box = box
    self.visibleFraction = visibleFraction
    self.visibleBox = visibleBox
    self.speaking = speaking
  }

  /// The part of the whole box inside the image, hidden parts included (what a detector of whole
  /// people reports); nil when the projection is unknown or nothing of it is inside.
  public var imageExtent: NormalizedRect? { box?.clippedToImage() }

  /// Whether the centre projects inside the image.
  public var centerInImage: Bool {
    guard let u = centerU, let v = centerV else { return false }
    return TrackingMetrics.isScored(u: u, v: v)
  }
}
