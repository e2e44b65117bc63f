import ArgumentParser
import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

/// `docksim fit-detector`: fits the built-in detector's parameters to a real detector's output against
/// ground truth (MOTChallenge files) and writes them as a `detector:` overlay (docs/sensors.md,
/// "Fitting a detector"). The fitting is `DetectorFit` in DockSimHarness; this only reads options.
struct FitDetectorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fit-detector",
    abstract: "Fit the built-in detector model to detections and ground truth (MOTChallenge files).",
    discussion: """
      Give --truth GT --detections DET pairs (the i-th --truth goes with the i-th --detections; the \
      pairs are pooled) and the image size. Visible fractions and visible parts are estimated from the overlaps \
      with nearer truth boxes (bottom edge lower in the image) and the image edge; detections are \
      matched to truth per frame (IoU >= 0.5 with a truth's whole box or its visible part, one to one). Writes a detector: overlay for `docksim run --params` or \
      detector.profile to --out (atomically) or standard output, and the fit report (every parameter \
      with a bootstrap interval, the data's statistics beside the fitted detector's simulated on the \
      same truth) to --report or standard error. With --check PROFILE nothing is fitted: the report \
      sets the data beside the profile's detector simulated on the same truth (is a profile fitted on \
      other sequences right for these?), on standard output or --report. Exit codes: 0 fitted or \
      checked; 2 bad input or usage; 3 a write failed; 4 an output's directory in use.
      """)

  @Option(
    name: .long, help: ArgumentHelp("MOTChallenge ground truth (gt.txt); repeatable.", valueName: "file"))
  var truth: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "MOTChallenge detections (det.txt) for the --truth at the same position.", valueName: "file"))
  var detections: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp("Image size in pixels, WxH: once for all pairs or once per pair.", valueName: "WxH"))
  var imageSize: [String] = []

  @Option(name: .long, help: "Frame rate of the sequences, for burst lengths in seconds in the report.")
  var fps: Double?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write the overlay here (atomically) instead of to standard output.", valueName: "file"))
  var out: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write the fit report here (atomically) instead of to standard error.", valueName: "file"))
  var report: String?

  @Option(
    name: .long, help: "Truth boxes less visible than this count as undetectable (min_visible_fraction).")
  var minVisibleFraction: Double = DetectorParameters().minimumVisibleFraction

  @Option(name: .long, help: "Bootstrap replicates for the intervals (0: no intervals).")
  var bootstrap: Int = 200

  @Option(name: .long, help: "Seed of the bootstrap and of the simulated detector.")
  var seed: UInt64 = 1

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Fit nothing: compare the data with this detector profile simulated on the same truth.",
      valueName: "profile"))
  var check: String?

  /// More replicates do not narrow a percentile interval further; they only take longer.
  static let maximumBootstrap = 100_000
  /// Frame rates beyond this are not video.
  static let maximumFPS = 10_000.0

  func run() throws {
    guard !truth.isEmpty, truth.count == detections.count else {
      throw fail(
        "fit-detector: expected --truth FILE --detections FILE pairs, got \(truth.count) --truth and "
          + "\(detections.count) --detections")
    }
    guard imageSize.count == 1 || imageSize.count == truth.count else {
      throw fail(
        "fit-detector: --image-size: expected one WxH for all pairs or one per pair (\(truth.count)), got \(imageSize.count)"
      )
    }
    var sizes: [ImageSize] = []
    for text in imageSize {
      guard let size = ImageSize(text) else {
        throw fail(
          "fit-detector: --image-size: expected WxH, two whole numbers of pixels in 1 … \(ImageSize.maximumSide) "
            + "(e.g. 640x480), got '\(text)'")
      }
      sizes.append(size)
    }
    if let fps, !(fps.isFinite && fps > 0 && fps <= Self.maximumFPS) {
      throw fail("fit-detector: --fps: expected a number in (0, \(Int(Self.maximumFPS))], got \(fps)")
    }
    guard minVisibleFraction.isFinite, (0...1).contains(minVisibleFraction) else {
      throw fail(
        "fit-detector: --min-visible-fraction: expected a number in [0, 1], got \(minVisibleFraction)")
    }
    guard (0...Self.maximumBootstrap).contains(bootstrap) else {
      throw fail(
        "fit-detector: --bootstrap: expected a whole number in 0 … \(Self.maximumBootstrap), got \(bootstrap)"
      )
    }
    if check != nil, out != nil {
      throw fail("fit-detector: --out: nothing is fitted with --check, so there is no overlay to write")
    }
    var inputs = truth.map { LabeledPath("--truth", $0) } + detections.map { LabeledPath("--detections", $0) }
    if let check { inputs.append(LabeledPath("--check", check)) }
    var outputs: [LabeledPath] = []
    if let out { outputs.append(LabeledPath("--out", out)) }
    if let report { outputs.append(LabeledPath("--report", report)) }
    // The overlay and its report are published together or not at all.
    let transaction =
      outputs.isEmpty
      ? nil : try openTransaction(files: outputs, command: "docksim fit-detector", inputs: inputs)
    defer { transaction?.abort() }

    var sequences: [DetectorFitSequence] = []
    for k in truth.indices {
      do {
        sequences.append(
          try DetectorFitSequence(
            truthPath: truth[k], detectionsPath: detections[k], imageSize: sizes[sizes.count == 1 ? 0 : k]))
      } catch { throw fail("\(error)") }
    }
    let options = DetectorFitOptions(
      minimumVisibleFraction: minVisibleFraction, bootstrapSamples: bootstrap, seed: seed,
      framesPerSecond: fps)
    if let check {
      let profile: DetectorParameters
      do { profile = try DetectorProfile.load(path: check) } catch { throw fail("\(error)") }
      let text = DetectorFit.check(sequences, parameters: profile, options: options).report()
      if let report, let transaction {
        try transaction.publish([(text, report)])
      } else {
        print(text, terminator: "")
      }
      return
    }
    let fit = DetectorFit.fit(sequences, options: options)
    var header = [
      "Detector profile fitted by docksim fit-detector (docs/sensors.md, \"Fitting a detector\") from:"
    ]
    for k in truth.indices { header.append("  truth \(truth[k]), detections \(detections[k])") }
    header.append("Intervals and the data-vs-simulated comparison are in the fit report.")
    let yaml = fit.yaml(header: header)
    // The overlay must load as it will be used: a value outside the schema's bounds is refused here.
    do { _ = try DetectorProfile.parse(yaml: yaml, file: out ?? "<fitted overlay>") } catch {
      throw fail("fit-detector: the fitted values do not form a valid profile: \(error)")
    }
    let reportText = fit.report()
    try transaction?.publish(
      (report.map { [(reportText, $0)] } ?? []) + (out.map { [(yaml, $0)] } ?? []))
    if report == nil { printError(reportText) }
    if out == nil { print(yaml, terminator: "") }
  }
}
