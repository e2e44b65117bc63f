/// What a detector reports a subject as (DockKit's observation types).
public enum SubjectKind: String, Sendable, CaseIterable {
  case humanFace
  case humanBody
  case object
}

/// The face of a person whose main box is the body: detected as a separate `humanFace` box.
public struct FaceBox: Equatable, Sendable {
  /// Physical width and height of the face, metres.
  public var width: Double
  public var height: Double
  /// Height of the face centre above the body centre, metres.
  public var offset: Double
  public init(width: Double = 0.16, height: Double = 0.22, offset: Double = 0.7) {
    self.width = width
    self.height = height
    self.offset = offset
  }
}

/// A span of time during which a person speaks (raises the speaking confidence of their face).
public struct TimeSpan: Equatable, Sendable {
  public var start: SimTime
  public var end: SimTime
  public init(start: SimTime, end: SimTime) {
    self.start = start
    self.end = end
  }
  public func contains(_ t: SimTime) -> Bool { t >= start && t < end }
}

/// A person or object in the room: a box of physical size moving along a timed path.
public struct Subject: Equatable, Sendable {
  /// Stable identifier from the scenario (used in outputs, never given to the tracker).
  public var id: String
  /// The kind of the subject's main box.
  public var kind: SubjectKind
  /// Physical width of the main box, metres.
  public var width: Double
  /// Physical height of the main box, metres.
  public var height: Double
  public var path: SubjectPath
  /// For a `humanBody`: the face, detected as a second box; nil for none.
  public var face: FaceBox?
  /// When the person speaks.
  public var speaking: [TimeSpan]
  /// Random motion on top of the path, if any.
  public var motionNoise: MotionNoise?
  /// When the subject enters the scene (simulation time); nil: there from the start. Before it the
  /// subject is absent: not projected, detected, occluding nor scored.
  public var appear: SimTime?
  /// When the subject leaves the scene (simulation time, after `appear`); nil: stays to the end. From
  /// this instant on the subject is absent.
  public var leave: SimTime?

  public init(
    id: String, kind: SubjectKind, width: Double, height: Double, path: SubjectPath, face: FaceBox? = nil,
    speaking: [TimeSpan] = [], motionNoise: MotionNoise? = nil, appear: SimTime? = nil, leave: SimTime? = nil
  ) {
    self.id = id
    self.kind = kind
    self.width = width
    self.height = height
    self.path = path
    self.face = face
    self.speaking = speaking
    self.motionNoise = motionNoise
    self.appear = appear
    self.leave = leave
  }

  /// Whether the subject is in the scene at `time`: from `appear` (inclusive) to `leave` (exclusive).
  @inline(__always)
  public func isPresent(at time: SimTime) -> Bool {
    if let appear, time < appear { return false }
    if let leave, time >= leave { return false }
    return true
  }

  /// Whether the subject speaks at `time`.
  public func isSpeaking(at time: SimTime) -> Bool { speaking.contains { $0.contains(time) } }
}
