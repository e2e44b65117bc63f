/// One frame of multi-object tracking input: where the subjects really are and where the tracker
/// says its tracks are. Positions are normalized image coordinates (u across, v up, both 0…1); only
/// distances between them matter, so the origin's corner is irrelevant.
public struct MOTFrame: Sendable {
  /// The frame number; frames must be observed in increasing order.
  public var index: Int
  /// Ground-truth objects present in the frame, in a fixed order (it decides which established pair
  /// is kept first when two objects were last matched to the same hypothesis). Ids are distinct.
  public var groundTruth: [(id: Int, u: Double, v: Double)]
  /// Tracker outputs ("hypotheses") present in the frame. Ids are distinct.
  public var hypotheses: [(id: Int, u: Double, v: Double)]

  public init(
    index: Int, groundTruth: [(id: Int, u: Double, v: Double)], hypotheses: [(id: Int, u: Double, v: Double)]
  ) {
    self.index = index
    self.groundTruth = groundTruth
    self.hypotheses = hypotheses
  }
}
