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
      The log format and the output columns are in docs/csv.md. Angles in radians; image values \
      normalized with a lower-left origin. Each tracker option takes the values the scenario field of \
      the same name does (docs/scenarios.md, `tracker`). With --score-truth, the tracks are also \
      scored against the log's identity truth (docs/csv.md) and the metrics printed as CSV.
      """)

  /// Which tracker the log is replayed through.
  enum TrackerChoice: String, ExpressibleByArgument, CaseIterable {
    /// DockSim's `MultiTargetTracker`.
    case multi
    /// The Stone Soup-style GNN reference (`GNNReferenceTracker`).
    case gnn
  }

  /// How a box cut by the top or bottom image edge is measured (`anchor_cut_edges`).
  enum CutEdges: String, ExpressibleByArgument, CaseIterable {
    /// By its uncut edge (`anchor_cut_edges: true`, the default).
    case anchor
    /// By its centre, like any box (`anchor_cut_edges: false`): for logs whose boxes are never cut.
    case center
  }

  @Argument(
    help: ArgumentHelp("Observation log (CSV, docs/csv.md).", valueName: "log"),
    completion: .file(extensions: ["csv"]))
  var log: String

  @Option(
    name: .shortAndLong, help: ArgumentHelp("Output CSV file (written atomically).", valueName: "file"),
    completion: .file(extensions: ["csv"]))
  var output: String

  @Option(name: .long, help: "Horizontal field of view in degrees (default 68.7549…, i.e. 1.2 rad).")
  var hfovDeg: Double?

  @Option(name: .long, help: "Horizontal field of view in radians.")
  var hfovRad: Double?

  // Optional, so that help shows "16:9" rather than 1.7777777777777777.
  @Option(name: .long, help: "Image aspect ratio, width/height (default 16/9).")
  var aspect: Double?

  @Option(
    name: .long, help: "The tracker: multi (DockSim's) or gnn (the GNN reference of docs/tracker.md).")
  var tracker: TrackerChoice = .multi

  @Option(
    name: .long,
    help:
      "Process noise intensity q for az and el (rad²/s³; default \(TrackerParameters().processNoiseAngle)).")
  var processNoiseAngle: String?

  @Option(
    name: .long,
    help:
      "Process noise intensity q for the log size (1/s³; default \(TrackerParameters().processNoiseLogSize))."
  )
  var processNoiseLogSize: String?

  @Option(
    name: .long,
    help:
      "Measurement noise std of the box centre (normalized units; default \(TrackerParameters().measurementNoiseCenter))."
  )
  var measurementNoiseCenter: String?

  @Option(
    name: .long,
    help:
      "Measurement noise std of the box height (normalized units; default \(TrackerParameters().measurementNoiseHeight))."
  )
  var measurementNoiseHeight: String?

  @Option(
    name: .long, help: "χ² gate on the NIS (3 degrees of freedom; default \(TrackerParameters().gate)).")
  var gate: String?

  @Option(
    name: .long,
    help:
      "Frames a track may miss before it is deleted (integer; default \(TrackerParameters().maxCoastFrames))."
  )
  var maxCoastFrames: String?

  @Option(
    name: .long, help: "Hits that confirm a new track (integer; default \(TrackerParameters().confirmHits)).")
  var confirmHits: String?

  @Option(
    name: .long,
    help:
      "Frames a track predicted behind a nearer one may go without a measurement (integer; default \(TrackerParameters().maxOcclusionFrames))."
  )
  var maxOcclusionFrames: String?

  @Option(
    name: .long,
    help:
      "Angle within which a lost primary hands over to a new track, degrees (default \(Self.degrees(TrackerParameters().handoverAngle)))."
  )
  var handoverAngleDeg: String?

  @Option(
    name: .long,
    help:
      "Factor on the centre noise of a box cut by the image edge (default \(TrackerParameters().edgeCenterNoiseFactor); 1 trusts it fully)."
  )
  var edgeCenterNoiseFactor: String?

  @Option(
    name: .long,
    help:
      "Factor on the height noise of a box cut at the top or bottom (default \(TrackerParameters().edgeSizeNoiseFactor); 1 trusts it fully)."
  )
  var edgeSizeNoiseFactor: String?

  @Option(
    name: .long,
    help:
      "How a box cut at the top or bottom edge is measured: anchor (by its uncut edge, default) or center (like any box; for logs whose boxes are never cut)."
  )
  var cutEdges: CutEdges?

  @Option(
    name: .long,
    help:
      "Largest |ln(box height / predicted height)| a detection may have to join a track (default \(TrackerParameters().sizeGate); 0 disables)."
  )
  var sizeGate: String?

  @Option(
    name: .long,
    help:
      "Frames in view over which a confirmed track's measurements are counted (integer 1 ... 64; default \(TrackerParameters().qualityWindow))."
  )
  var qualityWindow: String?

  @Option(
    name: .long,
    help:
      "Fewest measurements in that window that keep a confirmed track alive (integer; default \(TrackerParameters().qualityMinHits); 0 disables)."
  )
  var qualityMinHits: String?

  @Option(
    name: .long,
    help:
      "Consecutive frames two tracks' boxes must coincide before the younger is merged away (integer; default \(TrackerParameters().duplicateFrames); 0 disables)."
  )
  var duplicateFrames: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Identity truth of the log (CSV, docs/csv.md): also score the tracks and print the metrics as CSV.",
      valueName: "file"),
    completion: .file(extensions: ["csv"]))
  var scoreTruth: String?

  /// Each tracker option with the scenario `tracker` field it sets: the value is checked by the
  /// scenario schema's rule (one home for the ranges of docs/scenarios.md).
  var trackerFields: [(option: String, field: String, value: String?)] {
    [
      ("--process-noise-angle", "process_noise_angle", processNoiseAngle),
      ("--process-noise-log-size", "process_noise_log_size", processNoiseLogSize),
      ("--measurement-noise-center", "measurement_noise_center", measurementNoiseCenter),
      ("--measurement-noise-height", "measurement_noise_height", measurementNoiseHeight),
      ("--gate", "gate", gate),
      ("--max-coast-frames", "max_coast_frames", maxCoastFrames),
      ("--confirm-hits", "confirm_hits", confirmHits),
      ("--max-occlusion-frames", "max_occlusion_frames", maxOcclusionFrames),
      ("--handover-angle-deg", "handover_angle_deg", handoverAngleDeg),
      ("--edge-center-noise-factor", "edge_center_noise_factor", edgeCenterNoiseFactor),
      ("--edge-size-noise-factor", "edge_size_noise_factor", edgeSizeNoiseFactor),
      ("--cut-edges", "anchor_cut_edges", cutEdges.map { $0 == .anchor ? "true" : "false" }),
      ("--size-gate", "size_gate", sizeGate),
      ("--quality-window", "quality_window", qualityWindow),
      ("--quality-min-hits", "quality_min_hits", qualityMinHits),
      ("--duplicate-frames", "duplicate_frames", duplicateFrames),
    ]
  }

  /// Options of the multi-subject tracker's life cycle and edge rule, which the GNN reference does not
  /// have (it has Stone Soup's fixed life cycle and measures every box alike).
  static let multiOnly: Set<String> = [
    "--max-coast-frames", "--confirm-hits", "--max-occlusion-frames", "--handover-angle-deg",
    "--edge-center-noise-factor", "--edge-size-noise-factor", "--cut-edges", "--size-gate",
    "--quality-window",
    "--quality-min-hits", "--duplicate-frames",
  ]

  static func degrees(_ radians: Double) -> String { String(format: "%.6g", Angle.degrees(radians: radians)) }

  func run() throws {
    try OutputPaths.requireNonEmpty(output, option: "-o")
    if hfovDeg != nil && hfovRad != nil { throw fail("give --hfov-deg or --hfov-rad, not both") }
    let hfov = hfovRad ?? hfovDeg.map { Angle.radians(degrees: $0) } ?? 1.2
    guard hfov.isFinite, hfov > 0.01, hfov < 3.1 else {
      throw fail("field of view: expected between 0.01 and 3.1 rad, got \(hfov)")
    }
    let aspect = self.aspect ?? 16.0 / 9.0
    guard aspect.isFinite && aspect > 0 else {
      throw fail("--aspect: expected a finite number > 0, got \(aspect)")
    }
    let parameters = try trackerParameters()
    let frames: [LoggedFrame]
    do { frames = try ObservationLog.read(path: log) } catch { throw fail("\(error)") }
    var truth: [TruthObject]?
    if let scoreTruth {
      do { truth = try IdentityTruth.read(path: scoreTruth) } catch { throw fail("\(error)") }
      let logFrames = Set(frames.map(\.frame))
      guard truth!.contains(where: { logFrames.contains($0.frame) }) else {
        throw fail("\(scoreTruth): shares no frame with the log \(log); expected the truth of that recording")
      }
    }
    let camera = PinholeCamera(horizontalFOV: hfov, aspect: aspect)
    switch tracker {
    case .multi: try replay(frames, truth, camera, MultiTargetTracker(camera: camera, parameters: parameters))
    case .gnn: try replay(frames, truth, camera, GNNReferenceTracker(camera: camera, parameters: parameters))
    }
  }

  private func replay<T: LogTracker>(
    _ frames: [LoggedFrame], _ truth: [TruthObject]?, _ camera: PinholeCamera, _ t: T
  )
    throws
  {
    // One pass of the tracker writes the estimates and, with a truth, scores them.
    var scorer = truth.map { LogMOTScorer(truth: $0, camera: camera) }
    let csv = Replay.run(log: frames, tracker: t) { frame, tracks in scorer?.observe(frame, tracks: tracks) }
    do { try AtomicFileWriter.write(csv, to: output) } catch { throw failWriting(error) }
    guard let score = scorer?.result() else { return }
    var text = "metric,value\n"
    for (name, value) in score.figures {
      // Counts as integers, ratios in shortest round-trip form.
      let cell = value.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int64($0)) : CSVFormat.cell($0) }
      text += "\(name),\(cell ?? "")\n"
    }
    print(text, terminator: "")
  }

  /// The tracker parameters the options give, each checked as the scenario field of the same name.
  private func trackerParameters() throws -> TrackerParameters {
    var overrides = ScenarioOverrides()
    for (option, field, value) in trackerFields {
      guard let value else { continue }
      if tracker == .gnn && Self.multiOnly.contains(option) {
        throw fail(
          "\(option): applies to --tracker multi; the GNN reference has a fixed life cycle and no edge rule")
      }
      guard !value.isEmpty else { throw fail("\(option): expected a value, got an empty one") }
      do { try overrides.addAssignment("tracker.\(field)=\(value)") } catch {
        throw fail("\(option): \(error.message)")
      }
    }
    do { return try ScenarioLoader.trackerParameters(overrides: overrides) } catch {
      let option = trackerFields.first { "tracker.\($0.field)" == error.field }?.option
      throw fail(option.map { "\($0): \(error.message)" } ?? "\(error)")
    }
  }
}
