/// What a detector sees of the world in one frame: every box of every subject with its ground-truth
/// projection and visibility.
public struct SceneSnapshot: Sendable {
  public var time: SimTime
  public var boxes: [TruthBox]
  public init(time: SimTime, boxes: [TruthBox]) {
    self.time = time
    self.boxes = boxes
  }
}

/// A detector model: turns the true scene of one frame into observations **without identity**, in no
/// meaningful order. The seam where a user plugs in a model of their own detector.
public protocol Detector: Sendable {
  mutating func detect(_ scene: SceneSnapshot, camera: CameraPose) -> [Observation]
  /// As `detect(_:camera:)`, replacing the contents of `observations`: a detector that fills the array
  /// in place (keeping its capacity) spares the simulation an allocation per frame.
  mutating func detect(_ scene: SceneSnapshot, camera: CameraPose, into observations: inout [Observation])
}

extension Detector {
  public mutating func detect(
    _ scene: SceneSnapshot, camera: CameraPose, into observations: inout [Observation]
  ) {
    observations = detect(scene, camera: camera)
  }
}
