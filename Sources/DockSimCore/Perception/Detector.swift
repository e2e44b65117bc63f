/// What a detector sees of the world in one frame: every subject with its ground-truth projection.
public struct SceneSnapshot: Sendable {
  public var subjects: [Subject]
  public var projections: [SubjectProjection]
  public init(subjects: [Subject], projections: [SubjectProjection]) {
    self.subjects = subjects
    self.projections = projections
  }
}

/// A detector model: turns the true scene of one frame into observations without identity.
/// The seam where a user plugs in a model of their own detector.
public protocol Detector: Sendable {
  mutating func detect(_ scene: SceneSnapshot, camera: CameraPose) -> [Observation]
}
