/// What a detector reports a subject as (DockKit's observation types).
public enum SubjectKind: String, Sendable, CaseIterable {
  case humanFace
  case humanBody
  case object
}

/// A person or object in the room: a box of physical size moving along a timed path.
public struct Subject: Equatable, Sendable {
  /// Stable identifier from the scenario (used in outputs, never given to the tracker).
  public var id: String
  public var kind: SubjectKind
  /// Physical width of the box, metres.
  public var width: Double
  /// Physical height of the box, metres.
  public var height: Double
  public var path: SubjectPath

  public init(id: String, kind: SubjectKind, width: Double, height: Double, path: SubjectPath) {
    self.id = id
    self.kind = kind
    self.width = width
    self.height = height
    self.path = path
  }
}
