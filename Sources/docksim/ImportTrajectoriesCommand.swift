import ArgumentParser
import DockSimCore
import DockSimIO
import Foundation

/// `docksim import-trajectories FILE --format ethucy|csv --fps F --window START:END --stand X,Y,HEADING_DEG|auto
/// [--height M] [--primary ID|auto] [--seed N] [--name NAME] [--out SCENARIO.yaml]`: a window of a
/// pedestrian recording as a self-contained scenario (docs/scenarios.md, "Paths from data").
struct ImportTrajectoriesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import-trajectories",
    abstract: "Write a scenario from a window of a pedestrian recording (ETH/UCY layout: frame id x y).",
    discussion: """
      Every person sampled at least twice in the window becomes a humanBody subject p<id> with inline \
      cartesian waypoints in the stand's base frame (x forward, y right), cubic interpolation and \
      appear_s/leave_s at their first and last sample; time 0 is the window's start. --stand gives the \
      pivot's position in the recording's frame (x east, y north, metres) and the direction it faces, \
      degrees counter-clockwise from the recording's +x axis; --stand auto places it 4 m beside the middle \
      of the primary's walk, facing it, out of everybody's way. Body sizes are drawn from streams of \
      --seed. The app selects the primary person (--primary, or the one --primary auto picks: someone \
      walking through the scene with others in view, preferably with a companion within 1.2 m; the \
      reason is printed on standard error) when they are first well in view. --detector-profile names a \
      detector profile (docs/sensors.md) the scenario uses, e.g. ../detectors/mot15-frcnn.yaml. Without --out the \
      scenario goes to standard output. Exit codes: 0 written; 2 bad input (file, line and what was \
      expected; nothing written); 3 the write failed; 4 --out's directory is in use by another \
      docksim.
      """)

  @Argument(help: ArgumentHelp("The recording.", valueName: "file"))
  var file: String

  @Option(
    help: ArgumentHelp(
      "The recording's layout: ethucy (whitespace, no header) or csv (frame,id,x,y).", valueName: "format"))
  var format: String

  @Option(help: ArgumentHelp("Frame numbers per second (ETH/UCY: 25).", valueName: "hz"))
  var fps: Double

  @Option(help: ArgumentHelp("The window in recording seconds.", valueName: "start:end"))
  var window: String

  @Option(
    help: ArgumentHelp(
      "The stand's pivot and heading in the recording's frame, or auto (beside the middle of the primary's walk).",
      valueName: "x,y,heading_deg|auto"))
  var stand: String

  @Option(help: ArgumentHelp("The pivot's height above the ground, metres.", valueName: "m"))
  var height: Double = 1.0

  @Option(help: ArgumentHelp("The primary person's id in the recording, or auto.", valueName: "id|auto"))
  var primary: String = "auto"

  @Option(help: ArgumentHelp("The scenario's seed (also draws the body sizes).", valueName: "n"))
  var seed: UInt64 = 1

  @Option(
    help: ArgumentHelp("The scenario's name (default: the file's name and the window).", valueName: "name"))
  var name: String?

  @Option(
    help: ArgumentHelp(
      "A detector profile for the scenario (detector: { profile: PATH }), relative to the written scenario.",
      valueName: "path"))
  var detectorProfile: String?

  @Option(
    help: ArgumentHelp("Write the scenario here (atomically) instead of standard output.", valueName: "file"))
  var out: String?

  func run() throws {
    guard let format = PedestrianRecording.Format(rawValue: format) else {
      let names = PedestrianRecording.Format.allCases.map(\.rawValue).joined(separator: ", ")
      throw Self.usage("--format", "expected one of \(names), got '\(format)'")
    }
    guard fps.isFinite, TrajectoryLimits.frameRate.contains(fps) else {
      throw Self.usage(
        "--fps",
        "expected a frame rate in [\(TrajectoryLimits.frameRate.lowerBound), \(TrajectoryLimits.frameRate.upperBound)] Hz, got \(fps)"
      )
    }
    guard let window = Self.numbers(window, separator: ":", count: 2), window[0] < window[1] else {
      throw Self.usage(
        "--window", "expected START:END, two finite numbers of seconds with START < END, got '\(window)'")
    }
    var standPose: StandPose?
    if stand != "auto" {
      guard let pose = Self.numbers(stand, separator: ",", count: 3),
        abs(pose[2]) <= TrajectoryLimits.maximumHeadingDegrees,
        pose[0].magnitude <= TrajectoryLimits.maximumCoordinate,
        pose[1].magnitude <= TrajectoryLimits.maximumCoordinate
      else {
        throw Self.usage(
          "--stand", "expected auto or X,Y,HEADING_DEG: finite metres and degrees within ±360, got '\(stand)'"
        )
      }
      standPose = StandPose(x: pose[0], y: pose[1], heading: pose[2] * .pi / 180)
    }
    guard height.isFinite else {
      throw Self.usage("--height", "expected a finite number of metres, got \(height)")
    }
    var primaryID: Int?
    if primary != "auto" {
      guard let id = Int(primary), id >= 0 else {
        throw Self.usage("--primary", "expected auto or a person's id ≥ 0, got '\(primary)'")
      }
      primaryID = id
    }
    if let profile = detectorProfile {
      guard !profile.isEmpty,
        !profile.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      else {
        throw Self.usage(
          "--detector-profile",
          "expected a path without control characters, relative to the scenario, got '\(profile)'")
      }
    }
    // Opened before the import: --out is checked against the recording and its directory held.
    let transaction = try out.map { out in
      try openTransaction(
        files: [LabeledPath("import-trajectories: --out", out)], command: "docksim import-trajectories",
        inputs: [LabeledPath("recording", file)])
    }
    defer { transaction?.abort() }
    let request = TrajectoryImport.Request(
      file: file, format: format, fps: fps, window: window[0]...window[1],
      stand: standPose, pivotHeight: height,
      primary: primaryID, seed: seed, name: name, detectorProfile: detectorProfile)
    let output: TrajectoryImport.Output
    let recording = file
    do throws(InputError) {
      output = try TrajectoryImport.run(request, fail: Self.optionError(recording))
      // What is written must load: a name that is no file name, or a bound the importer missed, is
      // found here, before anything is written.
      _ = try ScenarioLoader.parse(yaml: output.yaml, file: out ?? "<stdout>")
    } catch {
      throw fail("\(error)")
    }
    printError(
      "import-trajectories: \(output.people) people; primary \(output.reason); selected at \(String(format: "%.3f", output.selectTime)) s"
    )
    guard let out, let transaction else {
      FileHandle.standardOutput.write(Data(output.yaml.utf8))
      return
    }
    try transaction.publish([(output.yaml, out)], prefix: "import-trajectories: ")
  }

  static func usage(_ option: String, _ message: String) -> ExitCode {
    fail("import-trajectories: \(option): \(message)")
  }

  /// An error about an option, placed at the recording it concerns.
  static func optionError(_ recording: String) -> @Sendable (String, String) -> InputError {
    { option, message in InputError(file: recording, field: option, message: message) }
  }

  /// `count` finite numbers separated by `separator`, or nil.
  static func numbers(_ text: String, separator: Character, count: Int) -> [Double]? {
    let parts = text.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.count == count else { return nil }
    var values: [Double] = []
    for p in parts {
      guard let v = Double(p.trimmingCharacters(in: .whitespaces)), v.isFinite else { return nil }
      values.append(v)
    }
    return values
  }
}
