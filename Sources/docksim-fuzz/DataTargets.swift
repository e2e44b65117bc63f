import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

/// The targets for the data files users bring to build scenarios and detectors (docs/robustness.md,
/// "Data targets"): a subject's trajectory file, pedestrian recordings, MOTChallenge truth and
/// detections through `fit-detector`'s fit, and detector profiles. Each reader's output goes on through
/// what the command does next, so odd but valid data reaches that code too.
enum DataTargets {
  /// A trajectory file (`TrajectoryCSV`), then the waypoints a subject's `trajectory:` makes of it and
  /// the cubic path through them (the files' default), sampled at every waypoint and between each two:
  /// samples a microsecond apart and metres away make the spline's extremes.
  static func trajectory(_ text: String, file: String) -> String {
    do {
      let samples = try TrajectoryCSV.parse(text, file: file)
      let waypoints = CrowdImport.waypoints(samples, height: 0)
      let path = SubjectPath(waypoints: waypoints, interpolation: .cubic)
      var positions = 0
      for (k, w) in waypoints.enumerated() {
        var times = [w.time]
        if k + 1 < waypoints.count {
          times.append(
            SimTime(microseconds: w.time.microseconds / 2 + waypoints[k + 1].time.microseconds / 2))
        }
        for t in times {
          let p = path.position(at: t)
          // An accepted file must give a finite path: a NaN would pass silently into the simulation,
          // so it fails here like a crash (and scripts/fuzz.sh saves the input).
          guard p.x.isFinite, p.y.isFinite, p.z.isFinite else {
            fatalError("trajectory: non-finite position \(p) at \(t) from an accepted file")
          }
          positions += 1
        }
      }
      return "read \(samples.count) samples, \(waypoints.count) waypoints, \(positions) positions"
    } catch {
      return "InputError: \(error.description)"
    }
  }

  /// The slowest frame rate `import-trajectories` and `crowd:` accept: frames over it give the largest
  /// times, the edge for the arithmetic after the reader.
  static let recordingFPS = TrajectoryLimits.frameRate.lowerBound

  /// A pedestrian recording read in both layouts (`PedestrianRecording`); each one read is imported as
  /// `import-trajectories` imports it, over the recording's whole span, stand placed automatically.
  static func recording(_ text: String, file: String) -> String {
    var outcomes: [String] = []
    for format in PedestrianRecording.Format.allCases {
      do {
        let people = try PedestrianRecording.parse(text, file: file, format: format, fps: recordingFPS)
        let times = people.flatMap { $0.samples.map(\.time) }
        let first = times.min() ?? 0
        let last = times.max() ?? 0
        var outcome = "\(format.rawValue): \(people.count) people"
        if last > first {
          let request = TrajectoryImport.Request(
            file: file, format: format, fps: recordingFPS, window: first...last, stand: nil)
          do {
            let output = try TrajectoryImport.run(
              request, recording: people,
              fail: { option, message in InputError(file: file, message: "\(option): \(message)") })
            outcome += ", imported \(output.people) (\(output.yaml.utf8.count) bytes)"
          } catch {
            outcome += ", import refused: \(error.description)"
          }
        }
        outcomes.append(outcome)
      } catch {
        outcomes.append("\(format.rawValue): InputError: \(error.description)")
      }
    }
    return outcomes.joined(separator: "; ")
  }

  /// The line that splits a `detections` input into the truth file (before) and the detections file
  /// (after). An input without it is used as both, a perfect detector.
  static let detectionsMarker = "==> detections <=="
  /// The image size of every pair (`fit-detector --image-size`), pixels: MOT15's 640×480.
  static let imageSize = ImageSize(width: 640, height: 480)!
  /// Few bootstrap replicates and one simulated pass: the arithmetic is the same as with
  /// `fit-detector`'s 200 and 5, and an execution stays in milliseconds.
  static let fitOptions = DetectorFitOptions(bootstrapSamples: 4, simulationRuns: 1, framesPerSecond: 30)

  /// A MOTChallenge truth and detections pair read as `fit-detector` reads it (`DetectorFitSequence`,
  /// `MOTChallengeFile.records`), fitted (`DetectorFit.fit`: matching, estimators, bootstrap,
  /// simulation), and the overlay and the report written and the overlay read back, as the command does.
  static func detections(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var truth = text
    var detections = text
    if let split = lines.firstIndex(where: { $0 == detectionsMarker }) {
      truth = lines[..<split].joined(separator: "\n")
      detections = lines[(split + 1)...].joined(separator: "\n")
    }
    do {
      let sequence = try DetectorFitSequence(
        truthText: truth, truthFile: "gt.txt", detectionsText: detections, detectionsFile: "det.txt",
        imageSize: imageSize)
      let fit = DetectorFit.fit([sequence], options: fitOptions)
      let yaml = fit.yaml(header: ["fuzz"])
      let report = fit.report()
      do {
        _ = try DetectorProfile.parse(yaml: yaml, file: "fitted.yaml")
      } catch {
        return "fitted \(fit.counts.frames) frames; overlay refused: \(error.description)"
      }
      return "fitted \(fit.counts.frames) frames, \(fit.counts.matches) matches; \(report.utf8.count) bytes"
    } catch {
      return "InputError: \(error.description)"
    }
  }

  /// A detector profile (`DetectorProfile.parse`).
  static func profile(_ text: String, file: String) -> String {
    do {
      let p = try DetectorProfile.parse(yaml: text, file: file)
      return "read a profile, detection_probability \(p.detectionProbability)"
    } catch {
      return "InputError: \(error.description)"
    }
  }
}
