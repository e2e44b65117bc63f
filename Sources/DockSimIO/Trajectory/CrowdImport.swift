import DockSimCore
import Foundation

/// A window of a pedestrian recording seen from a stand: the people in it, each with their samples in
/// the window, in scenario time (seconds after the window's start) and the stand's base frame (x
/// forward, y right, metres). The one home of the rules that the scenario's `crowd:` section and
/// `docksim import-trajectories` share.
public enum CrowdImport {
  /// Samples a person needs in the window to be imported: one sample is no walk, and its appearance
  /// and departure would coincide.
  public static let minimumSamples = 2

  /// The people of `recording` with at least `minimumSamples` samples in `window` (recording seconds,
  /// inclusive), by increasing id.
  ///
  /// - Parameters:
  ///   - file: the recording's path, named in errors about its samples.
  ///   - windowError: makes the error about the window itself (the caller knows where it was given).
  /// - Throws: `InputError`: a window outside the recording (from `windowError`), no person in the
  ///   window, or a sample closer than `TrajectoryLimits.minimumStandClearance` to the stand (naming the
  ///   recording's line).
  public static func people(
    _ recording: [RecordedPerson], file: String, window: ClosedRange<Double>, stand: StandPose,
    windowError: (String) -> InputError
  ) throws(InputError) -> [RecordedPerson] {
    try transformed(
      inWindow(recording, window: window, windowError: windowError), file: file, stand: stand,
      start: window.lowerBound)
  }

  /// The people of `recording` with at least `minimumSamples` samples in `window`, as recorded (the
  /// recording's frame and seconds), by increasing id.
  ///
  /// - Throws: `InputError` from `windowError`: a window outside the recording, or nobody in it.
  public static func inWindow(
    _ recording: [RecordedPerson], window: ClosedRange<Double>, windowError: (String) -> InputError
  ) throws(InputError) -> [RecordedPerson] {
    let times = recording.flatMap { $0.samples.map(\.time) }
    let first = times.min() ?? 0
    let last = times.max() ?? 0
    guard window.lowerBound >= first, window.upperBound <= last, window.upperBound > window.lowerBound else {
      throw windowError(
        "expected a window START:END with START < END within the recording's \(NumberBounds.format(first))"
          + "…\(NumberBounds.format(last)) s, got \(NumberBounds.format(window.lowerBound))…\(NumberBounds.format(window.upperBound)) s"
      )
    }
    let people = recording.compactMap { person -> RecordedPerson? in
      let inside = person.samples.filter { window.contains($0.time) }
      return inside.count >= minimumSamples ? RecordedPerson(id: person.id, samples: inside) : nil
    }
    guard !people.isEmpty else {
      throw windowError(
        "expected a window with at least one person sampled \(minimumSamples) times, got none")
    }
    return people
  }

  /// `recorded` (from `inWindow`) in scenario time (seconds after `start`, the window's start) and the
  /// stand's base frame.
  ///
  /// - Throws: `InputError` naming the recording's line of a sample nearer the stand than
  ///   `TrajectoryLimits.minimumStandClearance`.
  static func transformed(_ recorded: [RecordedPerson], file: String, stand: StandPose, start: Double)
    throws(InputError) -> [RecordedPerson]
  {
    var people: [RecordedPerson] = []
    for person in recorded {
      var samples: [TrajectorySample] = []
      for s in person.samples {
        let p = stand.base(x: s.x, y: s.y)
        let distance = (p.x * p.x + p.y * p.y).squareRoot()
        guard distance >= TrajectoryLimits.minimumStandClearance else {
          throw InputError(
            file: file, line: s.line,
            message: "the stand at \(stand.degreesText) is in the crowd's path: person \(person.id) passes "
              + "\(TrajectoryFormat.number(distance, digits: 2)) m from it at \(NumberBounds.format(s.time)) s; expected "
              + "every person at least \(NumberBounds.format(TrajectoryLimits.minimumStandClearance)) m from the stand"
          )
        }
        samples.append(TrajectorySample(time: s.time - start, x: p.x, y: p.y, line: s.line))
      }
      people.append(RecordedPerson(id: person.id, samples: samples))
    }
    return people
  }

  /// Waypoints through `samples` (scenario seconds, base-frame metres) with the centre `height` metres
  /// above the pivot.
  public static func waypoints(_ samples: [TrajectorySample], height: Double) -> [Waypoint] {
    samples.map {
      Waypoint(
        time: SimTime(seconds: $0.time), position: .cartesian(x: $0.x, y: $0.y, height: $0.z ?? height))
    }
  }
}
