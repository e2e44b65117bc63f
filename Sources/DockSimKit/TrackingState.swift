import DockSimCore
import Foundation

extension DockAccessory {
  /// A person the tracker follows (DockKit's `TrackedPerson`): a face or a body track.
  public struct TrackedPerson: Equatable, Sendable {
    /// The tracker's identifier for this person, stable while it is tracked: the track id as a
    /// UUID (the same id gives the same UUID in every run, unlike DockKit's random ones).
    public var identifier: UUID
    /// The box in the image, normalized with a **lower-left** origin (as Vision and DockKit
    /// observations): the track's estimate projected with the measured camera pose of its frame.
    public var rect: CGRect
    /// 1 for the most salient subject (the one the system tracker follows), then by decreasing box
    /// height; lower is more salient. Never nil in the simulation.
    public var saliencyRank: Int?
    /// For faces, how likely the person is speaking, 0…1 (smoothed); nil for bodies.
    public var speakingConfidence: Double?
    /// Not modelled by DockSim: always nil.
    public var lookingAtCameraConfidence: Double?
    /// DockSim: the simulator's integer track id behind ``identifier``.
    public var trackID: Int
    /// DockSim: `humanFace` or `humanBody` (the simulated tracker reports a person's face and body as
    /// two subjects).
    public var kind: SubjectKind
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

    /// DockSim: the simulator's track id, whatever its kind.
    public var trackID: Int {
      switch self {
      case .person(let p): return p.trackID
      case .object(let o): return o.trackID
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

    /// The tracking state a frame record reports, boxes drawn with `camera`.
    init(record: FrameRecord, camera: PinholeCamera, initial: CameraPose) {
      let pose = record.measuredPose ?? initial
      let primary = record.estimate?.id
      var boxes: [(track: Track, rect: NormalizedRect)] = []
      for track in record.tracks where track.status != .tentative {
        if let rect = Self.box(of: track, camera: camera, pose: pose) { boxes.append((track, rect)) }
      }
      // Primary first, then taller boxes, then lower ids: a total order, so the ranks are stable.
      boxes.sort { a, b in
        if (a.track.id == primary) != (b.track.id == primary) { return a.track.id == primary }
        if a.rect.height != b.rect.height { return a.rect.height > b.rect.height }
        return a.track.id < b.track.id
      }
      let subjects = boxes.enumerated().map { rank, entry -> TrackedSubjectType in
        let id = TrackedSubjectIdentifier.uuid(forTrack: entry.track.id)
        let r = entry.rect
        let rect = CGRect(x: r.x, y: r.y, width: r.width, height: r.height)
        if entry.track.kind == .object {
          return .object(
            TrackedObject(identifier: id, rect: rect, saliencyRank: rank + 1, trackID: entry.track.id))
        }
        return .person(
          TrackedPerson(
            identifier: id, rect: rect, saliencyRank: rank + 1,
            speakingConfidence: entry.track.kind == .humanFace ? entry.track.speaking : nil,
            lookingAtCameraConfidence: nil, trackID: entry.track.id, kind: entry.track.kind))
      }
      self.init(timestamp: record.time.seconds, trackedSubjects: subjects)
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
