import DockSimCore
import Foundation

/// One person of a pedestrian recording: their samples in increasing time, in the recording's ground
/// frame (x east, y north as the dataset defines them, metres).
public struct RecordedPerson: Equatable, Sendable {
  /// The dataset's person id (a whole number).
  public var id: Int
  public var samples: [TrajectorySample]

  public init(id: Int, samples: [TrajectorySample]) {
    self.id = id
    self.samples = samples
  }
}

/// A recording of many walkers in the common pedestrian-dataset layout: one row per person per
/// annotated frame, `frame id x y` (ETH/UCY as distributed with Trajectron++, `ethucy`: separated by
/// tabs or spaces, no header; `csv`: the header `frame,id,x,y` and commas). Frame numbers over the
/// recording's frame rate give seconds; frames never go back, and a person is at most once in a frame.
public enum PedestrianRecording {
  public enum Format: String, CaseIterable, Sendable {
    case ethucy
    case csv
  }

  /// The people of the file at `path`, by increasing id, each with at least one sample.
  ///
  /// - Throws: `InputError` naming the file, line and column: a missing or unreadable file, one over
  ///   `TrajectoryLimits.maximumBytes` or `maximumRows`, a row without four cells, a frame or id that
  ///   is not a whole number ≥ 0, a frame whose time is beyond `TrajectoryLimits.maximumRecordingTime`,
  ///   a coordinate that is not finite or out of range, a frame before the previous row's, the same
  ///   person twice in one frame.
  public static func read(path: String, format: Format, fps: Double) throws(InputError) -> [RecordedPerson] {
    let text = try InputFile.text(
      path: path, expected: "a pedestrian recording (\(format.rawValue): frame id x y)",
      maximumSize: TrajectoryLimits.maximumBytes)
    return try parse(text, file: path, format: format, fps: fps)
  }

  static let columns = ["frame", "id", "x", "y"]

  /// As `read(path:format:fps:)`, from the file's text; `file` names it in errors.
  public static func parse(_ text: String, file: String, format: Format, fps: Double) throws(InputError)
    -> [RecordedPerson]
  {
    var rows: [(line: Int, cells: [Substring])] = []
    switch format {
    case .ethucy:
      var number = 0
      // "\r\n" is one Character in Swift, so splitting at "\n" alone kept a CRLF file's lines
      // together; the line ends are the CSV reader's: \n, \r\n and \r.
      let lineEnds: Set<Character> = ["\n", "\r\n", "\r"]
      for line in text.split(omittingEmptySubsequences: false, whereSeparator: { lineEnds.contains($0) }) {
        number += 1
        let cells = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if cells.isEmpty || cells[0].hasPrefix("#") { continue }
        rows.append((number, cells))
        if rows.count > TrajectoryLimits.maximumRows { break }
      }
    case .csv:
      var reader = CSVReader(text: text, file: file, skipsComments: true)
      guard let first = reader.nextLine() else {
        throw InputError(file: file, message: "empty recording; expected the header frame,id,x,y")
      }
      guard first.text == columns.joined(separator: ",") else {
        throw InputError(
          file: file, line: first.line,
          message: "expected the header frame,id,x,y, got '\(InputCSV.quoted(Substring(first.text)))'")
      }
      while let record = try reader.next() {
        rows.append((record.line, record.texts.map { Substring($0) }))
        if rows.count > TrajectoryLimits.maximumRows { break }
      }
    }
    guard rows.count <= TrajectoryLimits.maximumRows else {
      throw InputError(
        file: file, line: rows.last?.line,
        message:
          "expected at most \(ScenarioLimits.formatted(TrajectoryLimits.maximumRows)) rows (a resource limit)"
      )
    }
    var people: [Int: [TrajectorySample]] = [:]
    var previousFrame: (frame: Double, line: Int)?
    var inFrame: Set<Int> = []
    for (line, cells) in rows {
      guard cells.count == 4 else {
        throw InputError(
          file: file, line: line, message: "expected 4 cells (frame id x y), got \(cells.count)")
      }
      func number(_ i: Int, _ kind: CSVNumber.Kind) throws(InputError) -> Double {
        do {
          return try CSVNumber.read(cells[i], kind) ?? .nan
        } catch {
          throw InputError(file: file, line: line, field: columns[i], message: error.description)
        }
      }
      func whole(_ i: Int) throws(InputError) -> Double {
        let value = try number(i, .nonNegative)
        // The datasets write some ids and frames as "12.0".
        guard value == value.rounded(), value < 1e12 else {
          throw InputError(
            file: file, line: line, field: columns[i],
            message: "expected a whole number ≥ 0, got '\(cells[i])'")
        }
        return value
      }
      let frame = try whole(0)
      guard frame / fps <= TrajectoryLimits.maximumRecordingTime else {
        throw InputError(
          file: file, line: line, field: "frame",
          message:
            "expected a frame whose time (frame / \(NumberBounds.format(fps)) fps) is at most "
            + "\(NumberBounds.format(TrajectoryLimits.maximumRecordingTime)) s, got \(cells[0]) "
            + "(\(NumberBounds.format(frame / fps)) s)")
      }
      let id = Int(try whole(1))
      let x = try number(2, .finite)
      let y = try number(3, .finite)
      for (i, v) in [(2, x), (3, y)] where abs(v) > TrajectoryLimits.maximumCoordinate {
        throw InputError(
          file: file, line: line, field: columns[i],
          message:
            "expected a coordinate within ±\(NumberBounds.format(TrajectoryLimits.maximumCoordinate)) m, got \(cells[i])"
        )
      }
      if let previous = previousFrame {
        guard frame >= previous.frame else {
          throw InputError(
            file: file, line: line, field: "frame",
            message:
              "expected a frame ≥ the previous row's \(NumberBounds.format(previous.frame)) (line \(previous.line)); time goes backwards"
          )
        }
        if frame > previous.frame { inFrame.removeAll(keepingCapacity: true) }
      }
      guard inFrame.insert(id).inserted else {
        throw InputError(
          file: file, line: line, field: "id",
          message:
            "expected each person at most once per frame, got person \(id) twice in frame \(NumberBounds.format(frame))"
        )
      }
      previousFrame = (frame, line)
      people[id, default: []].append(TrajectorySample(time: frame / fps, x: x, y: y, line: line))
    }
    guard !people.isEmpty else {
      throw InputError(file: file, message: "no rows; expected rows of frame id x y")
    }
    // By id, never in the dictionary's order.
    return people.keys.sorted().map { RecordedPerson(id: $0, samples: people[$0]!) }
  }
}
