import DockSimCore
import Testing

/// A face and its person's body as the tracker reports them: the face names its body while both live
/// (`Track.linkedBody`), and both carry one person id (`Track.person`) that survives either track.
struct FaceBodyPersonTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
  static let pose = CameraPose(yaw: 0, pitch: 0)

  /// A standing person's body: 0.6 of the image tall, centred at (0.5, 0.5), lower-left origin.
  static let body = Observation(
    kind: .humanBody, rect: NormalizedRect(centerX: 0.5, centerY: 0.5, width: 0.2, height: 0.6))
  /// Its face: at the top of the body box, a 7.5th of its height (a head's place and size).
  static let face = Observation(
    kind: .humanFace, rect: NormalizedRect(centerX: 0.5, centerY: 0.74, width: 0.064, height: 0.08))

  /// Frames `frames` at 30 per second, each with `observations(frame)`; the tracks of the last one.
  @discardableResult
  static func run(
    _ tracker: inout MultiTargetTracker, frames: Range<Int>, _ observations: (Int) -> [Observation]
  ) -> [Track] {
    var tracks: [Track] = []
    for k in frames {
      tracks = tracker.process(time: Double(k) / 30, pose: pose, observations: observations(k))
    }
    return tracks
  }

  static func only(_ kind: SubjectKind, in tracks: [Track]) throws -> Track {
    let found = tracks.filter { $0.kind == kind }
    try #require(found.count == 1, "one \(kind) track, not \(found.count)")
    return found[0]
  }

  @Test func aLinkedFaceAndBodyAreOnePersonUnderTheOlderIdWhichOutlivesEitherTrack() throws {
    var tracker = MultiTargetTracker(camera: Self.camera, parameters: TrackerParameters())
    // The body is seen first: it is the older track.
    var tracks = Self.run(&tracker, frames: 0..<20) { _ in [Self.body, Self.face] }
    var face = try Self.only(.humanFace, in: tracks)
    let body = try Self.only(.humanBody, in: tracks)
    #expect(face.linkedBody == body.id && body.linkedBody == nil)
    #expect(face.person == body.id && body.person == body.id, "one person, under the body's (older) id")

    // The body is no longer detected (the person sits behind a desk): its track dies, the face keeps
    // the person's id and no longer names a body.
    tracks = Self.run(&tracker, frames: 20..<110) { _ in [Self.face] }
    face = try Self.only(.humanFace, in: tracks)
    #expect(!tracks.contains { $0.kind == .humanBody })
    #expect(face.linkedBody == nil && face.person == body.id)

    // The body is seen again: a new track, linked to the face once confirmed, joins the person that
    // has the older id.
    tracks = Self.run(&tracker, frames: 110..<130) { _ in [Self.body, Self.face] }
    let again = try Self.only(.humanBody, in: tracks)
    face = try Self.only(.humanFace, in: tracks)
    #expect(again.id > body.id)
    #expect(face.linkedBody == again.id && again.person == body.id && face.person == body.id)
  }

  @Test func whenTheFaceIsOlderThePersonTakesTheFacesId() throws {
    var tracker = MultiTargetTracker(camera: Self.camera, parameters: TrackerParameters())
    let tracks = Self.run(&tracker, frames: 0..<20) { _ in [Self.face, Self.body] }
    let face = try Self.only(.humanFace, in: tracks)
    let body = try Self.only(.humanBody, in: tracks)
    #expect(face.id < body.id && face.linkedBody == body.id)
    #expect(face.person == face.id && body.person == face.id)
  }

  @Test func aLoneBodyOrObjectIsItsOwnPerson() throws {
    var tracker = MultiTargetTracker(camera: Self.camera, parameters: TrackerParameters())
    let cup = Observation(
      kind: .object, rect: NormalizedRect(centerX: 0.85, centerY: 0.3, width: 0.08, height: 0.1))
    let tracks = Self.run(&tracker, frames: 0..<20) { _ in [Self.body, cup] }
    #expect(tracks.count == 2)
    #expect(tracks.allSatisfy { $0.person == $0.id && $0.linkedBody == nil })
  }
}
