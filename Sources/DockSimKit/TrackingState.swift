import DockSimCore
import Foundation

extension DockAccessory {
  /// One subject the system tracker follows (DockKit's `TrackedPerson` / `TrackedObject`).
  public struct TrackedSubject: Equatable, Sendable {
    /// The tracker's identifier for this subject, stable while it is tracked: the track id as a
    /// UUID (the same id gives the same UUID in every run).
    public var identifier: UUID
    /// The simulator's integer track id behind ``identifier``.
    public var trackID: Int
    /// `humanFace` or `humanBody` (DockKit's `.person`) or `object` (`.object`).
    public var kind: SubjectKind
    /// The subject's box in the image, normalized with a **lower-left** origin (as Vision and DockKit
    /// observations): the track's estimate projected with the measured camera pose of its frame.
    public var rect: NormalizedRect
    /// 1 for the most salient subject (the one the system tracker follows), then by decreasing box
    /// height; lower is more salient.
    public var saliencyRank: Int
    /// For faces, how likely the person is speaking, 0…1 (smoothed); nil for bodies and objects.
    public var speakingConfidence: Double?
    /// Not modelled by DockSim: always nil.
    public var lookingAtCameraConfidence: Double?
  }

  /// What the tracker reports at one camera frame (DockKit's `DockAccessory.TrackingState`).
  public struct TrackingState: Equatable, Sendable {
    /// Virtual time of the camera frame, seconds since the start of the run.
    public var timestamp: Double
    /// Confirmed and coasting tracks (tentative ones are not reported), most salient first.
    public var trackedSubjects: [TrackedSubject]

    public init(timestamp: Double, trackedSubjects: [TrackedSubject]) {
      self.timestamp = timestamp
      self.trackedSubjects = trackedSubjects
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
      let subjects = boxes.enumerated().map { rank, entry in
        TrackedSubject(
          identifier: TrackedSubject.uuid(forTrack: entry.track.id), trackID: entry.track.id,
          kind: entry.track.kind, rect: entry.rect, saliencyRank: rank + 1,
          speakingConfidence: entry.track.kind == .humanFace ? entry.track.speaking : nil,
          lookingAtCameraConfidence: nil)
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

extension DockAccessory.TrackedSubject {
  /// The deterministic UUID of a track id: a fixed prefix, then the id's 8 bytes, big-endian.
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
