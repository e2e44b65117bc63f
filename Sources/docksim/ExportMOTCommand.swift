import ArgumentParser
import DockSimCore
import DockSimIO
import Foundation

/// `docksim export-mot RUN_DIR --scenarios PATH... --out DIR`: a run's objects traces as MOTChallenge
/// sequences (docs/csv.md, "MOTChallenge export"), for tools that read that layout (py-motmetrics,
/// TrackEval, `docksim score`).
struct ExportMOTCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-mot",
    abstract:
      "Write a run's truth and tracks as MOTChallenge sequences (gt/gt.txt, tracker file, seqinfo.ini).",
    discussion: """
      Reads RUN_DIR/traces/<scenario>.objects.csv for every scenario named by --scenarios (files or \
      directories, with the --set/--params the run used: the camera's aspect and frame rate come from \
      there) and writes, under --out, <scenario>/gt/gt.txt, <scenario>/seqinfo.ini and \
      docksim/<scenario>.txt (the tracks). Pixels: --image-height rows and the camera's aspect. Rows \
      are those the run's metrics scored (docs/metrics.md, "What is compared"). All files are staged \
      and moved into place together. Exit codes: 0 written; 2 bad input or usage; 3 a write failed; \
      4 --out in use.
      """)

  @Argument(help: ArgumentHelp("The output directory of `docksim run`.", valueName: "run-dir"))
  var runDirectory: String

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp("The scenario files or directories of the run (required).", valueName: "path"))
  var scenarios: [String] = []

  @OptionGroup var overrideOptions: OverrideOptions

  @Option(name: .long, help: ArgumentHelp("Output directory.", valueName: "dir"))
  var out: String

  @Option(name: .long, help: "Image height in pixels (the width follows from the camera's aspect).")
  var imageHeight: Int = 1080

  /// The files written for scenario `name`, relative to --out: truth, sequence info, tracks.
  static func files(of name: String) -> [String] {
    ["\(name)/gt/gt.txt", "\(name)/seqinfo.ini", "docksim/\(name).txt"]
  }

  func run() throws {
    guard !scenarios.isEmpty else {
      throw fail("export-mot: --scenarios PATH is required (the run's scenarios)")
    }
    guard imageHeight >= 1 && imageHeight <= 100_000 else {
      throw fail("export-mot: --image-height: expected a whole number in 1 … 100000, got \(imageHeight)")
    }
    let loaded: [(path: String, scenario: Scenario)]
    do {
      loaded = try ScenarioLoader.loadAll(paths: scenarios, overrides: try overrideOptions.overrides())
    } catch let error as InputError { throw fail("\(error)") }
    // Every file the export writes, against every file it reads: the run directory, a scenario or a
    // --params file inside --out is never replaced.
    let transaction = try openTransaction(
      directory: out, command: "docksim export-mot",
      outputs: loaded.flatMap { item in
        Self.files(of: item.scenario.name).map {
          LabeledPath("output", (out as NSString).appendingPathComponent($0))
        }
      },
      inputs: [LabeledPath("run directory", runDirectory)] + loaded.map { LabeledPath("scenario", $0.path) }
        + overrideOptions.overlays.map { LabeledPath("--params file", $0) })
    defer { transaction.abort() }
    var exports: [(name: String, export: MOTChallengeExport)] = []
    for (_, scenario) in loaded {
      let path = ((runDirectory as NSString).appendingPathComponent("traces") as NSString)
        .appendingPathComponent("\(scenario.name).objects.csv")
      let contents: ObjectsCSVFile.Contents
      do { contents = try ObjectsCSVFile.read(path: path) } catch { throw fail("\(error)") }
      let width = Int((Double(imageHeight) * scenario.camera.aspect).rounded())
      exports.append(
        (
          scenario.name,
          MOTChallengeExport(
            name: scenario.name, contents: contents, imageWidth: width, imageHeight: imageHeight,
            frameRate: scenario.frameRateHz)
        ))
    }
    do {
      for (name, export) in exports {
        for (relative, text) in zip(
          Self.files(of: name), [export.groundTruth, export.seqinfo, export.tracks])
        {
          try transaction.write(text, to: relative)
        }
      }
      try transaction.commit()
    } catch { throw failWriting(transaction.unstaged(error)) }
  }
}
