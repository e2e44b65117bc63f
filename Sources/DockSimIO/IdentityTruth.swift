import DockSimCore
import Foundation

/// Where one true object (a subject's box of one kind) was at one logged frame: the direction of its
/// centre in the stand's base frame.
public struct TruthObject: Equatable, Sendable {
  /// The observation log's frame number.
  public var frame: Int64
  /// The subject's name, as written in the file (any text without a comma).
  public var subject: String
  public var kind: SubjectKind
  /// Radians, positive to the right.
  public var azimuth: Double
  /// Radians, positive up.
  public var elevation: Double
  public init(frame: Int64, subject: String, kind: SubjectKind, azimuth: Double, elevation: Double) {
    self.frame = frame
    self.subject = subject
    self.kind = kind
    self.azimuth = azimuth
    self.elevation = elevation
  }
}

/// Reads identity truth: where every subject of a recorded log really was, frame by frame, to score the
/// tracks of a replay with the multi-object metrics (format in `docs/csv.md`).
///
///     frame,subject,kind,az_rad,el_rad
///
/// One row per frame and true object, frames non-decreasing; a subject has at most one row of each
/// kind per frame. Every log frame from the first truth frame to the last is scored, and a frame in
/// that span without rows has no subject in it. Lines starting with `#` are comments.
public enum IdentityTruth {
  public static let columns = ["frame", "subject", "kind", "az_rad", "el_rad"]

  /// Reads and validates a truth file.
  public static func read(path: String) throws(InputError) -> [TruthObject] {
    try parse(InputCSV.readText(path: path), file: path)
  }

  /// Parses truth text; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws(InputError) -> [TruthObject] {
    var objects: [TruthObject] = []
    var frameStart = 0
    for row in try InputCSV.rows(text, file: file, columns: columns, what: "truth") {
      let cells = row.cells
      let fail = row.fail
      let frame = try row.frame(0, column: "frame")
      if let last = objects.last {
        guard frame >= last.frame else {
          throw fail("frame", "expected frames in non-decreasing order, got \(frame) after \(last.frame)")
        }
        if frame > last.frame { frameStart = objects.count }
      }
      let subject = cells[1]
      guard !subject.isEmpty else { throw fail("subject", "expected a subject name, got an empty cell") }
      guard let kind = SubjectKind(rawValue: cells[2]) else {
        throw fail(
          "kind", "expected humanFace, humanBody or object, got '\(InputCSV.quoted(Substring(cells[2])))'")
      }
      let (az, el) = try row.direction(at: 3, columns: columns)
      if objects[frameStart...].contains(where: { $0.subject == subject && $0.kind == kind }) {
        throw fail("subject", "\(subject) \(kind.rawValue) listed twice in frame \(frame)")
      }
      objects.append(TruthObject(frame: frame, subject: subject, kind: kind, azimuth: az, elevation: el))
    }
    guard !objects.isEmpty else {
      throw InputError(file: file, message: "no truth rows after the header")
    }
    return objects
  }
}
