import Foundation

/// The true direction of the tracked subject at one logged frame, in the stand's base frame.
public struct ReferencePoint: Equatable, Sendable {
  /// The observation log's frame number this point belongs to.
  public var frame: Int64
  /// Radians, positive to the right.
  public var azimuth: Double
  /// Radians, positive up.
  public var elevation: Double
  public init(frame: Int64, azimuth: Double, elevation: Double) {
    self.frame = frame
    self.azimuth = azimuth
    self.elevation = elevation
  }
}

/// Reads reference tracks: where the subject a recorded log follows really was (from a motion-capture
/// rig, a hand-labelled video or a simulation), to score a replay against (format in `docs/csv.md`).
///
///     frame,az_rad,el_rad
///
/// One row per frame that has a reference, frames strictly increasing; frames may be missing (no
/// reference there). Lines starting with `#` are comments.
public enum ReferenceTrack {
  public static let columns = ["frame", "az_rad", "el_rad"]

  /// Reads and validates a reference file.
  public static func read(path: String) throws -> [ReferencePoint] {
    try parse(InputCSV.readText(path: path), file: path)
  }

  /// Parses reference text; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws(InputError) -> [ReferencePoint] {
    var points: [ReferencePoint] = []
    for row in try InputCSV.rows(text, file: file, columns: columns, what: "reference") {
      let frame = try row.frame(0, column: "frame")
      if let last = points.last, frame <= last.frame {
        throw row.fail("frame", "expected frames in increasing order, got \(frame) after \(last.frame)")
      }
      let (az, el) = try row.direction(at: 1, columns: columns)
      points.append(ReferencePoint(frame: frame, azimuth: az, elevation: el))
    }
    guard !points.isEmpty else {
      throw InputError(file: file, message: "no reference rows after the header")
    }
    return points
  }
}
