import DockSimCore
import Foundation

/// `docksim import-trajectories`: a window of a pedestrian recording written as a self-contained
/// scenario (`docs/scenarios.md`, "Paths from data"): one humanBody subject `p<id>` per person in the
/// window with inline cartesian waypoints in the stand's base frame, `interpolation: cubic`, and
/// `appear_s`/`leave_s` at their first and last sample; body sizes drawn from seeded streams; the app
/// selecting the primary person when they are first well in view.
public enum TrajectoryImport {
  /// What to import.
  public struct Request: Sendable {
    public var file: String
    public var format: PedestrianRecording.Format
    /// Frame numbers per second of the recording.
    public var fps: Double
    /// Recording seconds, inclusive.
    public var window: ClosedRange<Double>
    /// The stand's pose in the recording's frame; nil: placed by `StandPlacement`.
    public var stand: StandPose?
    /// The stand's pivot above the ground, metres.
    public var pivotHeight: Double
    /// The dataset id of the primary person; nil: chosen (`PrimaryChoice`).
    public var primary: Int?
    public var seed: UInt64
    /// The scenario's name; nil: from the file's name and the window.
    public var name: String?
    /// A detector profile for the scenario's `detector: { profile: … }`, written as given (a path
    /// relative to the scenario file); nil: the built-in detector.
    public var detectorProfile: String?

    public init(
      file: String, format: PedestrianRecording.Format, fps: Double, window: ClosedRange<Double>,
      stand: StandPose?, pivotHeight: Double = 1.0, primary: Int? = nil, seed: UInt64 = 1,
      name: String? = nil,
      detectorProfile: String? = nil
    ) {
      self.file = file
      self.format = format
      self.fps = fps
      self.window = window
      self.stand = stand
      self.pivotHeight = pivotHeight
      self.primary = primary
      self.seed = seed
      self.name = name
      self.detectorProfile = detectorProfile
    }
  }

  /// The written scenario and what was decided on the way.
  public struct Output: Sendable {
    public var yaml: String
    public var name: String
    public var people: Int
    public var primary: Int
    /// Why this primary (`--primary auto`), or that it was given.
    public var reason: String
    public var selectTime: Double
  }

  /// Shoulder widths and body heights drawn for the people, metres: ordinary adults, inside
  /// `TrajectoryLimits.bodyWidth` and `bodyHeight`.
  public static let drawnWidth: ClosedRange<Double> = 0.42...0.54
  public static let drawnHeight: ClosedRange<Double> = 1.55...1.9
  /// Seconds after a person appears before the app can select them: a confirmed track must have
  /// formed (a few frames of detections and the inference latency), and a user takes a moment to tap.
  public static let selectionDelay = 0.5
  /// Seconds the app keeps trying the selection while DockKit finds nobody there (`retry_s`): the
  /// person may still be hidden behind a companion or untracked; a user taps again.
  public static let selectionRetry = 2.0
  /// Metres: a person this near is large enough in the picture for the app's user to pick (a body
  /// of 1.7 m is a fifth of the default picture's height at 10 m).
  public static let wellVisibleDistance = 10.0

  /// Reads the recording and writes the scenario.
  ///
  /// - Parameter fail: makes the error about an option (`--window`, `--primary`, …) from a message.
  /// - Throws: `InputError`: the recording's (`PedestrianRecording`), a window outside it or empty, a
  ///   stand in the crowd's path (`CrowdImport`), an unknown primary.
  public static func run(_ request: Request, fail: (_ option: String, _ message: String) -> InputError)
    throws(InputError) -> Output
  {
    // The option is checked before the file is read, so a bad --height is reported as such.
    try checkPivotHeight(request, fail: fail)
    let recording = try PedestrianRecording.read(path: request.file, format: request.format, fps: request.fps)
    return try run(request, recording: recording, fail: fail)
  }

  /// As `run(_:fail:)` with the recording already read (`PedestrianRecording.parse`): the fuzzer
  /// feeds recordings from text through the whole import this way, without files.
  public static func run(
    _ request: Request, recording: [RecordedPerson],
    fail: (_ option: String, _ message: String) -> InputError
  ) throws(InputError) -> Output {
    try checkPivotHeight(request, fail: fail)
    let recorded = try CrowdImport.inWindow(
      recording, window: request.window, windowError: { fail("--window", $0) })
    // Presence, walk and companions are distances and durations: the same in any frame, so the primary
    // is chosen before the stand is placed.
    let candidates = PrimaryChoice.candidates(recorded)
    let chosen: PrimaryChoice.Candidate
    var reason: String
    if let id = request.primary {
      guard let c = candidates.first(where: { $0.id == id }) else {
        throw fail(
          "--primary",
          "expected auto or the id of a person sampled at least twice in the window (\(recorded.map { String($0.id) }.joined(separator: ", "))), got \(id)"
        )
      }
      chosen = c
      reason = "p\(id) as given; " + PrimaryChoice.reason(c)
    } else {
      chosen = PrimaryChoice.choose(candidates)!
      reason = PrimaryChoice.reason(chosen)
    }
    var request = request
    if request.stand == nil {
      guard
        let placed = StandPlacement.place(
          primary: recorded.first { $0.id == chosen.id }!, everyone: recorded)
      else {
        throw fail(
          "--stand",
          "expected X,Y,HEADING_DEG: no place \(StandPlacement.distances.map { NumberBounds.format($0) }.joined(separator: ", ")) m "
            + "beside p\(chosen.id)'s walk keeps \(NumberBounds.format(StandPlacement.clearance)) m from everyone in the window"
        )
      }
      request.stand = placed
      reason += "; stand placed beside the middle of their walk (--stand auto)"
    }
    let stand = request.stand!
    let people = try CrowdImport.transformed(
      recorded, file: request.file, stand: stand, start: request.window.lowerBound)
    let primary = people.first { $0.id == chosen.id }!
    let (selectTime, selectAzimuth) = selection(primary)
    let duration = request.window.upperBound - request.window.lowerBound
    let name = request.name ?? defaultName(request)
    var yaml = header(request, name: name, reason: reason)
    yaml += "name: \(name)\n"
    yaml += "description: >-\n"
    yaml += "  \(people.count) people of \((request.file as NSString).lastPathComponent) from "
    yaml +=
      "\(TrajectoryFormat.number(request.window.lowerBound)) s to \(TrajectoryFormat.number(request.window.upperBound)) s, "
    yaml +=
      "seen from a stand at \(stand.degreesText) (x, y, heading_deg in the recording's frame) with its\n"
    yaml +=
      "  pivot \(TrajectoryFormat.number(request.pivotHeight)) m above the ground; the app selects p\(chosen.id) at "
    yaml += "\(TrajectoryFormat.number(selectTime)) s.\n"
    yaml += "seed: \(request.seed)\n"
    yaml += "duration_s: \(TrajectoryFormat.number(duration, digits: 6))\n"
    yaml +=
      "dock:\n  initial: { yaw_deg: \(TrajectoryFormat.number(selectAzimuth * 180 / .pi, digits: 1)), pitch_deg: 0 }\n"
    if let profile = request.detectorProfile {
      // Single-quoted, so any path reads back as the same text (a quote is doubled; the command refuses
      // control characters, which a single-quoted scalar cannot hold on one line).
      yaml += "detector:\n  profile: '\(profile.replacingOccurrences(of: "'", with: "''"))'\n"
    }
    yaml += "primary_subject: p\(chosen.id)\n"
    yaml +=
      "events:\n  - { t_s: \(TrajectoryFormat.number(selectTime, digits: 6)), select_subjects: [p\(chosen.id)], "
      + "retry_s: \(TrajectoryFormat.number(Self.selectionRetry)) }\n"
    yaml += "subjects:\n"
    var widths = RandomStream(seed: request.seed, stream: "import-trajectories.width")
    var heights = RandomStream(seed: request.seed, stream: "import-trajectories.height")
    for person in people {
      let width = draw(&widths, drawnWidth)
      let height = draw(&heights, drawnHeight)
      let centre = TrajectoryFormat.number(height / 2 - request.pivotHeight, digits: 3)
      let first = person.samples.first!.time
      let last = person.samples.last!.time
      yaml += "  - id: p\(person.id)\n"
      yaml += "    kind: humanBody\n"
      yaml += "    width_m: \(TrajectoryFormat.number(width, digits: 2))\n"
      yaml += "    height_m: \(TrajectoryFormat.number(height, digits: 2))\n"
      yaml += "    appear_s: \(TrajectoryFormat.number(first, digits: 6))\n"
      yaml += "    leave_s: \(TrajectoryFormat.number(last, digits: 6))\n"
      yaml += "    interpolation: cubic\n"
      yaml += "    path:\n"
      for s in person.samples {
        yaml +=
          "      - { t_s: \(TrajectoryFormat.number(s.time, digits: 6)), x_m: \(TrajectoryFormat.number(s.x)), "
        yaml += "y_m: \(TrajectoryFormat.number(s.y)), height_m: \(centre) }\n"
      }
    }
    return Output(
      yaml: yaml, name: name, people: people.count, primary: chosen.id, reason: reason, selectTime: selectTime
    )
  }

  static func checkPivotHeight(
    _ request: Request, fail: (_ option: String, _ message: String) -> InputError
  ) throws(InputError) {
    guard TrajectoryLimits.pivotHeight.contains(request.pivotHeight) else {
      throw fail(
        "--height",
        "expected the pivot's height above the ground in [\(NumberBounds.format(TrajectoryLimits.pivotHeight.lowerBound)), \(NumberBounds.format(TrajectoryLimits.pivotHeight.upperBound))] m, got \(request.pivotHeight)"
      )
    }
  }

  /// When the app selects the primary, and the stand's initial yaw (rad): the first sample, at least
  /// `selectionDelay` after they appear, at which they are within `wellVisibleDistance`; else that
  /// delay after they appear. The stand starts facing them there, as a user points the phone at whom
  /// they mean to film, so that they are in the picture when the app selects them.
  static func selection(_ person: RecordedPerson) -> (time: Double, azimuth: Double) {
    let appear = person.samples[0].time
    let ready = person.samples.filter { $0.time >= appear + selectionDelay }
    let chosen =
      ready.first { ($0.x * $0.x + $0.y * $0.y).squareRoot() <= wellVisibleDistance } ?? ready.first
      ?? person.samples.last!
    return (chosen.time, atan2(chosen.y, chosen.x))
  }

  static func draw(_ stream: inout RandomStream, _ range: ClosedRange<Double>) -> Double {
    range.lowerBound + stream.uniform() * (range.upperBound - range.lowerBound)
  }

  /// `students003-120-145`: the file's name without extension and the window's whole seconds.
  static func defaultName(_ r: Request) -> String {
    let base = ((r.file as NSString).lastPathComponent as NSString).deletingPathExtension
    let safe = String(
      base.unicodeScalars.map { s in
        s.isASCII
          && (("A"..."Z").contains(s) || ("a"..."z").contains(s) || ("0"..."9").contains(s)
            || "_.-".unicodeScalars.contains(s))
          ? Character(s) : "_"
      })
    return
      "\(safe.isEmpty ? "recording" : safe)-\(Int(r.window.lowerBound.rounded(.down)))-\(Int(r.window.upperBound.rounded(.up)))"
  }

  private static func header(_ r: Request, name: String, reason: String) -> String {
    """
    # Generated by docksim import-trajectories from \((r.file as NSString).lastPathComponent) (\(r.format.rawValue), \
    \(TrajectoryFormat.number(r.fps)) fps), window \(TrajectoryFormat.number(r.window.lowerBound)):\(TrajectoryFormat.number(r.window.upperBound)) s, seed \(r.seed).
    # The stand in the recording's frame (x east, y north, metres): x \(TrajectoryFormat.number(r.stand!.x)), \
    y \(TrajectoryFormat.number(r.stand!.y)), facing \(TrajectoryFormat.number(r.stand!.heading * 180 / .pi)) deg \
    counter-clockwise from +x;
    # pivot \(TrajectoryFormat.number(r.pivotHeight)) m above the ground. Waypoints are in the stand's base frame (x forward,
    # y right, height_m of the body centre above the pivot); time 0 is the window's start.
    # Primary: \(reason).

    """
  }
}
