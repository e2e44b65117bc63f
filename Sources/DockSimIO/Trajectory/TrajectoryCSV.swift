import DockSimCore
import Foundation

/// One sample of a path read from a file: a time and a ground position, with the line it came from
/// (so a later check, such as the stand's clearance, can point at it).
public struct TrajectorySample: Equatable, Sendable {
  /// Seconds (scenario time for a trajectory file, recording time for a recording).
  public var time: Double
  /// Metres, in the file's frame.
  public var x: Double
  public var y: Double
  /// Height of the centre above the pivot, metres, when the file gives it.
  public var z: Double?
  /// 1-based line in the file.
  public var line: Int

  public init(time: Double, x: Double, y: Double, z: Double? = nil, line: Int) {
    self.time = time
    self.x = x
    self.y = y
    self.z = z
    self.line = line
  }
}

/// A single subject's trajectory file: CSV with the header `t_s,x_m,y_m` or `t_s,x_m,y_m,z_m`, one
/// sample per row in strictly increasing time (`docs/scenarios.md`, "Paths from data"). Numbers follow
/// the one rule of CSV numbers (`CSVNumber`): finite, shortest form or any decimal form.
public enum TrajectoryCSV {
  /// Seconds, as a waypoint's `t_s` allows.
  static let time: ClosedRange<Double> = 0...86_400
  /// Metres of the centre above the pivot, as a waypoint's `height_m` allows.
  static let height: ClosedRange<Double> = -100...100

  /// The accepted headers: without and with the height of the centre above the pivot.
  public static let headers = [["t_s", "x_m", "y_m"], ["t_s", "x_m", "y_m", "z_m"]]

  /// The samples of the file at `path`, at least one.
  ///
  /// - Throws: `InputError` naming the file, line and column: a missing or unreadable file, one over
  ///   `TrajectoryLimits.maximumBytes` or `maximumRows`, another header, a row with a missing or extra
  ///   cell, a number that is not finite or out of range, a time not after the previous row's.
  public static func read(path: String) throws(InputError) -> [TrajectorySample] {
    let text = try InputFile.text(
      path: path, expected: "a trajectory CSV file (t_s,x_m,y_m[,z_m])",
      maximumSize: TrajectoryLimits.maximumBytes)
    return try parse(text, file: path)
  }

  /// As `read(path:)`, from the file's text; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws(InputError) -> [TrajectorySample] {
    var reader = CSVReader(text: text, file: file, skipsComments: true)
    let written = headers.map { $0.joined(separator: ",") }
    guard let first = reader.nextLine() else {
      throw InputError(file: file, message: "empty trajectory file; expected the header \(written[0])")
    }
    guard let form = written.firstIndex(of: first.text) else {
      throw InputError(
        file: file, line: first.line,
        message:
          "expected the header \(written.joined(separator: " or ")), got '\(InputCSV.quoted(Substring(first.text)))'"
      )
    }
    let columns = headers[form]
    var samples: [TrajectorySample] = []
    while let record = try reader.next() {
      guard samples.count < ScenarioLimits.maximumWaypoints else {
        throw InputError(
          file: file, line: record.line,
          message:
            "expected at most \(ScenarioLimits.formatted(ScenarioLimits.maximumWaypoints)) samples, one waypoint each (a resource limit)"
        )
      }
      let cells = record.texts
      guard cells.count == columns.count else {
        throw InputError(
          file: file, line: record.line,
          message: "expected \(columns.count) cells (\(written[form])), got \(cells.count)")
      }
      func number(_ i: Int, _ bounds: ClosedRange<Double>) throws(InputError) -> Double {
        let value: Double
        do {
          value = try CSVNumber.read(cells[i], .finite) ?? .nan
        } catch {
          throw InputError(file: file, line: record.line, field: columns[i], message: error.description)
        }
        guard bounds.contains(value) else {
          throw InputError(
            file: file, line: record.line, field: columns[i],
            message:
              "expected a number in [\(NumberBounds.format(bounds.lowerBound)), \(NumberBounds.format(bounds.upperBound))], got \(cells[i])"
          )
        }
        return value
      }
      let coordinate = -TrajectoryLimits.maximumCoordinate...TrajectoryLimits.maximumCoordinate
      let t = try number(0, time)
      if let previous = samples.last, SimTime(seconds: t) <= SimTime(seconds: previous.time) {
        throw InputError(
          file: file, line: record.line, field: "t_s",
          message:
            "expected a time after the previous row's \(NumberBounds.format(previous.time)) s (line \(previous.line)), got \(cells[0])"
        )
      }
      let x = try number(1, coordinate)
      let y = try number(2, coordinate)
      let z = columns.count == 4 ? try number(3, height) : nil
      samples.append(TrajectorySample(time: t, x: x, y: y, z: z, line: record.line))
    }
    guard !samples.isEmpty else {
      throw InputError(file: file, message: "no samples; expected at least one row after the header")
    }
    return samples
  }
}
