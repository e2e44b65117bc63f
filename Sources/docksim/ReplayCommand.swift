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
      also scored against the log's identity truth (docs/csv.md) and the metrics printed as CSV \
      (`wrote FILE` then goes to standard error).
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
      "Tracks written with --output-format mot: updated (confirmed and updated by a detection that frame; default), reconfirmed (updated, but after a frame without a detection only from the confirm-hits-th update in a row), confirmed (coasting too) or all (tentative too)."
  )
  var reportTracks: ReportedTracksOption?

  /// `ReportedTracks` as an option value.
  enum ReportedTracksOption: String, ExpressibleByArgument, CaseIterable {
    case reconfirmed, updated, confirmed, all
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

  @OptionGroup(title: "Tracker options")
  var trackerOptions: ReplayTrackerOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Identity truth of the log (CSV, docs/csv.md): also score the tracks and print the metrics as CSV.",
      valueName: "file"),
    completion: .file(extensions: ["csv"]))
  var scoreTruth: String?

  /// The field of view a replay assumes when none is given, radians: the simulated camera's default.
  /// A MOTChallenge file carries none; docs/csv.md gives the scores' spread over 45–90°.
  static let defaultHorizontalFOV = 1.2

  func run() throws {
    // Opened before anything is read: the output is checked against the inputs and its directory held.
    let transaction = try openTransaction(
      files: [LabeledPath("--output", output)], command: "docksim replay",
      inputs: [LabeledPath("log", log)] + (scoreTruth.map { [LabeledPath("--score-truth file", $0)] } ?? []))
    defer { transaction.abort() }
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
      if let warning = ScoreScale.warning(frames, highScore: parameters.highScore, file: log) {
        printError(warning)
      }
      try replay(
        frames, truth, camera, size, MultiTargetTracker(camera: camera, parameters: parameters),
        streak: parameters.confirmHits, into: transaction)
    case .gnn:
      let gnn = GNNReferenceTracker(camera: camera, parameters: parameters)
      try replay(frames, truth, camera, size, gnn, streak: gnn.confirmUpdates, into: transaction)
    }
  }

  private func replay<T: LogTracker>(
    _ frames: [LoggedFrame], _ truth: [TruthObject]?, _ camera: PinholeCamera, _ size: ImageSize?, _ t: T,
    streak: Int, into transaction: OutputTransaction
  )
    throws
  {
    // One pass of the tracker writes the estimates and, with a truth, scores them.
    var scorer = truth.map { LogMOTScorer(truth: $0, camera: camera) }
    let text: String
    if outputFormat == .mot, let size {
      text = Replay.motTracks(
        log: frames, tracker: t, camera: camera, imageSize: size,
        report: reportTracks?.value ?? .updated, streak: streak
      ) { frame, tracks in scorer?.observe(frame, tracks: tracks) }
    } else {
      text = Replay.run(log: frames, tracker: t) { frame, tracks in scorer?.observe(frame, tracks: tracks) }
    }
    try transaction.publish([(text, output)])
    guard let score = scorer?.result() else {
      print("wrote \(output)")
      return
    }
    // Standard output is the metrics table then, which must stay a CSV a pipe can read.
    printError("wrote \(output)")
    var table = "metric,value\n"
    for (name, value) in score.figures {
      // Counts as integers, ratios in shortest round-trip form.
      let cell = value.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int64($0)) : CSVFormat.cell($0) }
      table += "\(name),\(cell ?? "")\n"
    }
    print(table, terminator: "")
  }

  /// The tracker parameters the options give, each checked as the scenario field of the same name
  /// (`TrackerParameters.table`); an option the chosen tracker does not read is refused.
  private func trackerParameters() throws -> TrackerParameters {
    var given: [String: String] = [:]
    for (parameter, value) in trackerOptions.given {
      if let value { given[parameter] = value }
    }
    do {
      return try TrackerParameterInput.replayParameters(
        given, tracker: tracker == .gnn ? .gnnReference : .multiTargetTracker)
    } catch { throw fail("\(error)") }
  }
}
