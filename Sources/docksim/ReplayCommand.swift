import ArgumentParser
import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Run the EKF tracker over a recorded observation log and write per-frame estimates as CSV.",
    discussion: """
      The log format and the output columns are in docs/csv.md. Angles in radians; image values
      normalized with a lower-left origin.
      """)

  @Argument(help: "Observation log (CSV).")
  var log: String

  @Option(name: .shortAndLong, help: "Output CSV file (written atomically).")
  var output: String

  @Option(name: .long, help: "Horizontal field of view in degrees (default 68.7549…, i.e. 1.2 rad).")
  var hfovDeg: Double?

  @Option(name: .long, help: "Horizontal field of view in radians.")
  var hfovRad: Double?

  @Option(name: .long, help: "Image aspect ratio, width/height.")
  var aspect: Double = 16.0 / 9.0

  @Option(name: .long, help: "Process noise intensity q for az and el (rad²/s³).")
  var processNoiseAngle: Double = TrackerParameters().processNoiseAngle

  @Option(name: .long, help: "Process noise intensity q for the log size (1/s³).")
  var processNoiseLogSize: Double = TrackerParameters().processNoiseLogSize

  @Option(name: .long, help: "Measurement noise std of the box centre (normalized units).")
  var measurementNoiseCenter: Double = TrackerParameters().measurementNoiseCenter

  @Option(name: .long, help: "Measurement noise std of the box height (normalized units).")
  var measurementNoiseHeight: Double = TrackerParameters().measurementNoiseHeight

  @Option(name: .long, help: "χ² gate on the NIS (3 degrees of freedom).")
  var gate: Double = TrackerParameters().gate

  func run() throws {
    if hfovDeg != nil && hfovRad != nil { throw fail("give --hfov-deg or --hfov-rad, not both") }
    let hfov = hfovRad ?? hfovDeg.map { Angle.radians(degrees: $0) } ?? 1.2
    guard hfov.isFinite, hfov > 0.01, hfov < 3.1 else {
      throw fail("field of view: expected between 0.01 and 3.1 rad, got \(hfov)")
    }
    for (name, value) in [
      ("--aspect", aspect), ("--process-noise-angle", processNoiseAngle),
      ("--process-noise-log-size", processNoiseLogSize),
      ("--measurement-noise-center", measurementNoiseCenter),
      ("--measurement-noise-height", measurementNoiseHeight), ("--gate", gate),
    ] where !(value.isFinite && value > 0) {
      throw fail("\(name): expected a finite number > 0, got \(value)")
    }
    var parameters = TrackerParameters()
    parameters.processNoiseAngle = processNoiseAngle
    parameters.processNoiseLogSize = processNoiseLogSize
    parameters.measurementNoiseCenter = measurementNoiseCenter
    parameters.measurementNoiseHeight = measurementNoiseHeight
    parameters.gate = gate
    let frames: [LoggedFrame]
    do { frames = try ObservationLog.read(path: log) } catch { throw fail("\(error)") }
    let csv = Replay.run(
      log: frames, camera: PinholeCamera(horizontalFOV: hfov, aspect: aspect), parameters: parameters)
    do { try AtomicFileWriter.write(csv, to: output) } catch { throw fail("\(error)") }
  }
}
