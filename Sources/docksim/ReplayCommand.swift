import ArgumentParser
import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract:
      "Run the EKF tracker over a recorded observation log or MOTChallenge detections and write its tracks.",
    discussion: """
      The input is a DockSim observation log (docs/csv.md) or a MOTChallenge det.txt (recognised by \
      its content: no header, a number first), which needs --image-size and --fps. The output is \
      DockSim's estimate CSV (--output-format csv, the default; docs/csv.md) or a MOTChallenge tracker \
      file (--output-format mot: frame,id,bb_left,bb_top,bb_width,bb_height,conf,-1,-1,-1 in pixels, \
      which needs --image-size), listing the tracks --report-tracks names. Angles in radians; image \
      values normalized with a lower-left origin. Each tracker option takes the values the scenario \
      field of the same name does (docs/scenarios.md, `tracker`). With --score-truth, the tracks are \
      also scored against the log's identity truth (docs/csv.md) and the metrics printed as CSV.
      """)

  /// What the replay writes.
  enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// DockSim's estimate CSV: state, covariance and NIS of every live track (docs/csv.md).
    case csv
    /// A MOTChallenge tracker file of boxes in pixels.
    case mot
  }

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
    help: ArgumentHelp(
      "Observation log (CSV, docs/csv.md) or MOTChallenge detections (det.txt).", valueName: "log"),
    completion: .file(extensions: ["csv", "txt"]))
  var log: String

  @Option(
    name: .shortAndLong, help: ArgumentHelp("Output file (written atomically).", valueName: "file"),
    completion: .file(extensions: ["csv", "txt"]))
  var output: String

  @Option(name: .long, help: "What to write: csv (DockSim's estimates, default) or mot (MOTChallenge boxes).")
  var outputFormat: OutputFormat = .csv

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Image size in pixels, WxH: needed for MOTChallenge input and for --output-format mot; sets the aspect.",
      valueName: "WxH"))
  var imageSize: String?

  @Option(name: .long, help: "Frame rate of MOTChallenge detections, frames per second (> 0).")
  var fps: Double?

  @Option(
    name: .long,
    help:
      "Tracks written with --output-format mot: updated (confirmed and updated by a detection that frame, default), confirmed (coasting too) or all (tentative too)."
  )
  var reportTracks: ReportedTracksOption?

  /// `ReportedTracks` as an option value.
  enum ReportedTracksOption: String, ExpressibleByArgument, CaseIterable {
    case updated, confirmed, all
    var value: ReportedTracks { ReportedTracks(rawValue: rawValue)! }
  }

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
    name: .long,
    help:
      "Growth of the centre noise std with the predicted box height (per unit of height; default \(TrackerParameters().measurementNoiseCenterSlope))."
  )
  var measurementNoiseCenterSlope: String?

  @Option(
    name: .long,
    help:
      "Growth of the height noise std with the predicted box height (per unit of height; default \(TrackerParameters().measurementNoiseHeightSlope))."
  )
  var measurementNoiseHeightSlope: String?

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
    help:
      "Boxes scoring at least this are associated first, with every track (0 … 1; default \(TrackerParameters().highScore))."
  )
  var highScore: String?

  @Option(
    name: .long,
    help:
      "Boxes scoring below this are ignored; between it and --high-score they only keep tracks alive (0 … 1; default \(TrackerParameters().lowScore))."
  )
  var lowScore: String?

  @Option(
    name: .long,
    help: "Only boxes scoring at least this start tracks (0 … 1; default \(TrackerParameters().initiateScore)).")
  var initiateScore: String?

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
      ("--measurement-noise-center-slope", "measurement_noise_center_slope", measurementNoiseCenterSlope),
      ("--measurement-noise-height-slope", "measurement_noise_height_slope", measurementNoiseHeightSlope),
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
      ("--high-score", "high_score", highScore),
      ("--low-score", "low_score", lowScore),
      ("--initiate-score", "initiate_score", initiateScore),
    ]
  }

  /// Options of the multi-subject tracker's life cycle and edge rule, which the GNN reference does not
  /// have (it has Stone Soup's fixed life cycle and measures every box alike).
  static let multiOnly: Set<String> = [
    "--max-coast-frames", "--confirm-hits", "--max-occlusion-frames", "--handover-angle-deg",
    "--edge-center-noise-factor", "--edge-size-noise-factor", "--cut-edges", "--size-gate",
    "--quality-window",
    "--quality-min-hits", "--duplicate-frames", "--high-score", "--low-score", "--initiate-score",
  ]

  static func degrees(_ radians: Double) -> String { String(format: "%.6g", Angle.degrees(radians: radians)) }

  /// The field of view a replay assumes when none is given, radians: the simulated camera's default.
  /// A MOTChallenge file carries none; docs/tracker.md ("Real detections") shows the scores barely
  /// depend on it over 45–90°.
  static let defaultHorizontalFOV = 1.2

  func run() throws {
    try OutputPaths.requireNonEmpty(output, option: "-o")
    if hfovDeg != nil && hfovRad != nil { throw fail("give --hfov-deg or --hfov-rad, not both") }
    if let hfovDeg, !(hfovDeg.isFinite && hfovDeg > 0 && hfovDeg < 180) {
      throw fail("--hfov-deg: expected a field of view in degrees between 0 and 180, got \(hfovDeg)")
    }
    let hfov = hfovRad ?? hfovDeg.map { Angle.radians(degrees: $0) } ?? Self.defaultHorizontalFOV
    guard hfov.isFinite, hfov > 0.01, hfov < 3.1 else {
      throw fail(
        "\(hfovRad != nil ? "--hfov-rad" : "--hfov-deg"): expected a field of view between 0.01 and 3.1 rad (0.57° and 177.6°), got \(hfov) rad"
      )
    }
    var size: ImageSize?
    if let imageSize {
      guard let s = ImageSize(imageSize) else {
        throw fail(
          "--image-size: expected WxH, two whole numbers of pixels in 1 … \(ImageSize.maximumSide), got '\(imageSize)'"
        )
      }
      if self.aspect != nil {
        throw fail("give --image-size or --aspect, not both (the image size sets the aspect)")
      }
      size = s
    }
    let aspect = size?.aspect ?? self.aspect ?? 16.0 / 9.0
    guard aspect.isFinite && aspect > 0 else {
      throw fail("--aspect: expected a finite number > 0, got \(aspect)")
    }
    if outputFormat == .mot && size == nil {
      throw fail("--output-format mot: needs --image-size WxH (the boxes are written in pixels)")
    }
    if reportTracks != nil && outputFormat != .mot {
      throw fail("--report-tracks: applies to --output-format mot")
    }
    let parameters = try trackerParameters()
    let frames: [LoggedFrame]
    let text: String
    do { text = try MOTChallengeFile.text(path: log) } catch { throw fail("\(error)") }
    if MOTDetections.isMOTChallenge(text) {
      guard let size else {
        throw fail("\(log): MOTChallenge detections need --image-size WxH (to normalize the boxes)")
      }
      guard let fps else { throw fail("\(log): MOTChallenge detections need --fps (their frame rate)") }
      guard fps.isFinite && fps > 0 && fps <= 1000 else {
        throw fail("--fps: expected frames per second in (0, 1000], got \(fps)")
      }
      if scoreTruth != nil {
        throw fail(
          "--score-truth: takes the identity truth of a DockSim log; score MOTChallenge tracks with docksim score (docs/csv.md)"
        )
      }
      do { frames = try MOTDetections.frames(text, file: log, imageSize: size, framesPerSecond: fps) } catch {
        throw fail("\(error)")
      }
    } else {
      if fps != nil {
        throw fail("--fps: applies to MOTChallenge detections; a DockSim log has its own times")
      }
      do { frames = try ObservationLog.parse(text, file: log) } catch { throw fail("\(error)") }
    }
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
    case .multi:
      try replay(frames, truth, camera, size, MultiTargetTracker(camera: camera, parameters: parameters))
    case .gnn:
      try replay(frames, truth, camera, size, GNNReferenceTracker(camera: camera, parameters: parameters))
    }
  }

  private func replay<T: LogTracker>(
    _ frames: [LoggedFrame], _ truth: [TruthObject]?, _ camera: PinholeCamera, _ size: ImageSize?, _ t: T
  )
    throws
  {
    // One pass of the tracker writes the estimates and, with a truth, scores them.
    var scorer = truth.map { LogMOTScorer(truth: $0, camera: camera) }
    let text: String
    if outputFormat == .mot, let size {
      text = Replay.motTracks(
        log: frames, tracker: t, camera: camera, imageSize: size, report: reportTracks?.value ?? .updated
      ) { frame, tracks in scorer?.observe(frame, tracks: tracks) }
    } else {
      text = Replay.run(log: frames, tracker: t) { frame, tracks in scorer?.observe(frame, tracks: tracks) }
    }
    do { try AtomicFileWriter.write(text, to: output) } catch { throw failWriting(error) }
    guard let score = scorer?.result() else { return }
    var table = "metric,value\n"
    for (name, value) in score.figures {
      // Counts as integers, ratios in shortest round-trip form.
      let cell = value.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int64($0)) : CSVFormat.cell($0) }
      table += "\(name),\(cell ?? "")\n"
    }
    print(table, terminator: "")
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
