import DockSimCore
import Foundation

extension DockAccessory {
  /// A person the tracker follows (DockKit's `TrackedPerson`): the face and the body tracks the tracker
  /// holds to be one person's (a face linked to its body, `Track.person`), or either alone.
  public struct TrackedPerson: Equatable, Sendable {
    /// The person's identifier, stable while any track of the person lives: the person's id
    /// (`Track.person`: the older of the face's and the body's track ids once they were linked, kept
    /// by each of them) as a UUID, the same id giving the same UUID in every run, unlike DockKit's
    /// random ones. A face and a body seen before the tracker links them are two persons; when they
    /// are linked, the younger identifier ends and the older continues.
    public var identifier: UUID
    /// The box in the image, normalized with a **lower-left** origin (as Vision and DockKit
    /// observations): the face's, as DockKit documents it, or the body's for a person whose face is not
    /// tracked; the track's estimate projected with the measured camera pose of its frame.
    public var rect: CGRect
    /// 1 for the most salient subject (the one the system tracker follows), then by decreasing height of
    /// the subject's tallest box; lower is more salient. Never nil in the simulation.
    public var saliencyRank: Int?
    /// How likely the person is speaking, 0…1 (the face's, smoothed); nil without a face track.
    public var speakingConfidence: Double?
    /// Not modelled by DockSim: always nil.
    public var lookingAtCameraConfidence: Double?
    /// DockSim: the simulator's integer track id behind ``rect``.
    public var trackID: Int
    /// DockSim: the kind of the track behind ``rect``: `humanFace`, or `humanBody` for a person without
    /// a face track.
    public var kind: SubjectKind
    /// DockSim: the face's box (normalized, lower-left origin), nil without a face track.
    public var faceRect: CGRect?
    /// DockSim: the body's box (normalized, lower-left origin), nil without a body track.
    public var bodyRect: CGRect?
    /// DockSim: the simulator's track ids of the face and of the body.
    public var faceTrackID: Int?
    public var bodyTrackID: Int?
  }

  /// An object the tracker follows (DockKit's `TrackedObject`).
  public struct TrackedObject: Equatable, Sendable {
    public var identifier: UUID
    /// Normalized, **lower-left** origin, as ``TrackedPerson/rect``.
    public var rect: CGRect
    public var saliencyRank: Int?
    /// DockSim: the simulator's integer track id behind ``identifier``.
    public var trackID: Int
  }

  /// A tracked subject: a person or an object.
  public enum TrackedSubjectType: Equatable, Sendable {
    case person(TrackedPerson)
    case object(TrackedObject)

    /// DockSim: the subject's identifier, whatever its kind.
    public var identifier: UUID {
      switch self {
      case .person(let p): return p.identifier
      case .object(let o): return o.identifier
      }
    }

    /// DockSim: the subject's box (normalized, lower-left origin), whatever its kind.
    public var rect: CGRect {
      switch self {
      case .person(let p): return p.rect
      case .object(let o): return o.rect
      }
    }

    /// DockSim: the subject's saliency rank, whatever its kind.
    public var saliencyRank: Int? {
      switch self {
      case .person(let p): return p.saliencyRank
      case .object(let o): return o.saliencyRank
      }
    }

    /// DockSim: the simulator's track id behind ``rect``, whatever its kind.
    public var trackID: Int {
      switch self {
      case .person(let p): return p.trackID
      case .object(let o): return o.trackID
      }
    }

    /// The tracks `selectSubjects` passes for this subject, in the order the primary takes them: a
    /// person's face, then its body (DockKit's person is its face; the body keeps the selection while
    /// the face is not tracked).
    var trackIDs: [Int] {
      switch self {
      case .person(let p): return [p.faceTrackID, p.bodyTrackID].compactMap { $0 }
      case .object(let o): return [o.trackID]
      }
    }
  }

  /// What the tracker reports at one camera frame (DockKit's `DockAccessory.TrackingState`). DockKit
  /// emits it 10 times a second; the simulation at every camera frame.
  public struct TrackingState: Equatable, Sendable, CustomStringConvertible {
    /// The frame's virtual time as a date: the run starts at the UNIX epoch.
    public var time: Date
    /// Confirmed and coasting tracks (tentative ones are not reported), most salient first.
    public var trackedSubjects: [TrackedSubjectType]

    /// DockSim: ``time`` in seconds since the start of the run.
    public var timestamp: Double { time.timeIntervalSince1970 }

    init(timestamp: Double, trackedSubjects: [TrackedSubjectType]) {
      time = Date(timeIntervalSince1970: timestamp)
      self.trackedSubjects = trackedSubjects
    }

    public var description: String {
      let ids = trackedSubjects.map { "\($0.trackID)" }.joined(separator: ", ")
      return "TrackingState(t=\(timestamp) s, subjects [\(ids)])"
    }

    /// The tracking state a frame record reports, boxes drawn with `camera`: one subject per person
    /// (its face and body tracks together) and per object.
    init(record: FrameRecord, camera: PinholeCamera, initial: CameraPose) {
      let pose = record.measuredPose ?? initial
      var boxes: [(track: Track, rect: NormalizedRect)] = []
      for track in record.tracks where track.status != .tentative {
        if let rect = Self.box(of: track, camera: camera, pose: pose) { boxes.append((track, rect)) }
      }
      let subjects = Self.subjects(boxes, primary: record.estimate?.id)
      self.init(timestamp: record.time.seconds, trackedSubjects: subjects)
    }

    /// The reported tracks and their boxes as subjects, most salient first: the tracks of one person
    /// (`Track.person`) make one subject — its face and its body; should the tracker hold two faces or
    /// two bodies to be one person's (a duplicate not yet merged), the primary, else the older one
    /// stands for them.
    static func subjects(_ boxes: [(track: Track, rect: NormalizedRect)], primary: Int?)
      -> [TrackedSubjectType]
    {
      var groups: [[(track: Track, rect: NormalizedRect)]] = []
      // Tracks come ordered by id, so groups are in the order of their first track: deterministic.
      for entry in boxes {
        if let g = groups.firstIndex(where: { $0[0].track.person == entry.track.person }) {
          groups[g].append(entry)
        } else {
          groups.append([entry])
        }
      }
      // Primary first, then taller boxes, then lower person ids: a total order, so the ranks are stable.
      let ranked = groups.map { group in
        (
          group: group, primary: group.contains { $0.track.id == primary },
          height: group.map(\.rect.height).max() ?? 0, person: group[0].track.person
        )
      }.sorted { a, b in
        if a.primary != b.primary { return a.primary }
        if a.height != b.height { return a.height > b.height }
        return a.person < b.person
      }
      return ranked.enumerated().map { rank, entry in
        subject(entry.group, rank: rank + 1, primary: primary)
      }
    }

    /// One person's or object's subject, ranked `rank`.
    private static func subject(_ group: [(track: Track, rect: NormalizedRect)], rank: Int, primary: Int?)
      -> TrackedSubjectType
    {
      // Of several tracks of one kind, the primary, else the older (lower id; tracks come ordered by id).
      func representative(_ kind: SubjectKind) -> (track: Track, rect: CGRect)? {
        let ofKind = group.filter { $0.track.kind == kind }
        guard let chosen = ofKind.first(where: { $0.track.id == primary }) ?? ofKind.first else { return nil }
        return (chosen.track, CGRect(chosen.rect))
      }
      let id = TrackedSubjectIdentifier.uuid(forTrack: group[0].track.person)
      let face = representative(.humanFace)
      let body = representative(.humanBody)
      guard let main = face ?? body else {
        // Objects are never linked: an object is alone in its group.
        return .object(
          TrackedObject(
            identifier: id, rect: CGRect(group[0].rect),
            saliencyRank: rank, trackID: group[0].track.id))
      }
      return .person(
        TrackedPerson(
          identifier: id, rect: main.rect, saliencyRank: rank, speakingConfidence: face?.track.speaking,
          lookingAtCameraConfidence: nil, trackID: main.track.id, kind: main.track.kind,
          faceRect: face?.rect, bodyRect: body?.rect, faceTrackID: face?.track.id,
          bodyTrackID: body?.track.id))
    }

    /// The image box of `track` seen from `pose` (lower-left origin): the projections of the top and
    /// bottom of its angular height, and a width from its last observed aspect (width / height in
    /// normalized units). Nil when the subject is behind the camera.
    static func box(of track: Track, camera: PinholeCamera, pose: CameraPose) -> NormalizedRect? {
      let s = track.state
      let half = exp(s.logSize) / 2
      guard
        let centre = camera.project(Direction(azimuth: s.azimuth, elevation: s.elevation), pose: pose),
        let top = camera.project(Direction(azimuth: s.azimuth, elevation: s.elevation + half), pose: pose),
        let bottom = camera.project(Direction(azimuth: s.azimuth, elevation: s.elevation - half), pose: pose)
      else { return nil }
      let height = top.v - bottom.v
      let width = height * track.aspect
      guard height.isFinite, width.isFinite, height > 0 else { return nil }
      return NormalizedRect(x: centre.u - width / 2, y: bottom.v, width: width, height: height)
    }
  }
}

/// The deterministic UUIDs of track ids: a fixed prefix, then the id's 8 bytes, big-endian.
enum TrackedSubjectIdentifier {
  static func uuid(forTrack id: Int) -> UUID {
    let v = UInt64(bitPattern: Int64(id))
    let b = (0..<8).map { UInt8(truncatingIfNeeded: v >> (56 - 8 * $0)) }
    return UUID(uuid: (0xD0, 0xC5, 0x13, 0x00, 0, 0, 0x40, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
  }

  /// The track id behind a UUID made by ``uuid(forTrack:)``; nil for any other UUID.
  static func trackID(of uuid: UUID) -> Int? {
    let u = uuid.uuid
    let prefix: [UInt8] = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7]
    guard prefix == [0xD0, 0xC5, 0x13, 0x00, 0, 0, 0x40, 0] else { return nil }
    let bytes = [u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
    return Int(Int64(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
  }
}
