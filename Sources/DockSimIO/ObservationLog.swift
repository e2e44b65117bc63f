import DockSimCore
import Foundation

/// One frame of a recorded observation log: the capture time, the camera pose the phone measured,
/// and the boxes its detector reported (no identities).
public struct LoggedFrame: Equatable, Sendable {
  public var frame: Int64
  /// Capture time, seconds.
  public var time: Double
  public var pose: CameraPose
  public var observations: [Observation]
  public init(frame: Int64, time: Double, pose: CameraPose, observations: [Observation]) {
    self.frame = frame
    self.time = time
    self.pose = pose
    self.observations = observations
  }
}

/// Reads observation logs: how users bring data from a real phone (format in `docs/csv.md`).
///
///     frame,t_s,camera_yaw_rad,camera_pitch_rad,kind,center_u,center_v,width,height[,score]
///
/// The `score` column (the detector's confidence, 0…1) is optional; without it every box has
/// confidence 1. One row per observation; a frame without observations has one row with the last five cells
/// empty. Rows are in frame order; all rows of a frame share its time and pose. Lines starting with
/// `#` are comments. Box values are normalized image units with a lower-left origin; the pitch is
/// DockKit's (positive tilting down).
public enum ObservationLog {
  public static let columns = [
    "frame", "t_s", "camera_yaw_rad", "camera_pitch_rad", "kind", "center_u", "center_v", "width", "height",
  ]
  /// The optional last column: the detector's confidence in [0, 1].
  public static let scoreColumn = "score"

  /// Reads and validates a log file.
  public static func read(path: String) throws -> [LoggedFrame] {
    try parse(InputCSV.readText(path: path), file: path)
  }

  /// The most observations one frame may hold. A phone's detector gives tens of boxes; the simulator
  /// at most two a subject (256 subjects) plus its clutter (50 a frame). Beyond this the association
  /// costs seconds a frame and gigabytes (docs/robustness.md, "Resource limits").
  public static let maximumObservationsPerFrame = 1_024

  /// Parses log text; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws -> [LoggedFrame] {
    var frames: [LoggedFrame] = []
    let (rows, optional) = try InputCSV.rows(
      text, file: file, columns: columns, optional: [scoreColumn], what: "log")
    let header = columns + (optional > 0 ? [scoreColumn] : [])
    for row in rows {
      let cells = row.cells
      let fail = row.fail
      func number(_ i: Int, _ range: ClosedRange<Double>) throws -> Double {
        try row.number(i, column: header[i], range)
      }
      let frameIndex = try row.frame(0, column: "frame")
      let time = try number(1, 0...1e7)
      let yaw = try number(2, -1e4...1e4)
      let pitch = try number(3, -Double.pi / 2...Double.pi / 2)
      let pose = CameraPose(yaw: yaw, pitch: pitch)
      var observation: Observation?
      if cells[4...].allSatisfy(\.isEmpty) {
        observation = nil
      } else {
        guard let kind = SubjectKind(rawValue: cells[4]) else {
          throw fail(
            "kind", "expected humanFace, humanBody or object, got '\(InputCSV.quoted(Substring(cells[4])))'")
        }
        let u = try number(5, -10...10)
        let v = try number(6, -10...10)
        let w = try number(7, 0...10)
        let h = try number(8, 0...10)
        guard h > 0 else { throw fail("height", "expected a height > 0, got \(h)") }
        let score = optional > 0 ? try number(9, 0...1) : 1
        observation = Observation(
          kind: kind, rect: NormalizedRect(x: u - w / 2, y: v - h / 2, width: w, height: h), confidence: score
        )
      }
      if let last = frames.last, last.frame == frameIndex {
        guard last.time == time, last.pose == pose else {
          throw fail("t_s", "rows of frame \(frameIndex) disagree on the time or camera pose")
        }
        if let observation {
          guard frames[frames.count - 1].observations.count < maximumObservationsPerFrame else {
            throw fail(
              "frame",
              "expected at most \(maximumObservationsPerFrame) observations a frame, got more in frame \(frameIndex)"
            )
          }
          frames[frames.count - 1].observations.append(observation)
        }
      } else {
        if let last = frames.last {
          guard frameIndex > last.frame else {
            throw fail("frame", "expected frames in increasing order, got \(frameIndex) after \(last.frame)")
          }
          guard time > last.time else {
            throw fail("t_s", "expected times to increase, got \(time) after \(last.time)")
          }
        }
        frames.append(
          LoggedFrame(frame: frameIndex, time: time, pose: pose, observations: observation.map { [$0] } ?? [])
        )
      }
    }
    return frames
  }
}
