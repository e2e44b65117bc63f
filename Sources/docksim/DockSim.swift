import ArgumentParser
import DockMath
import DockSimCore
import Foundation

@main
struct DockSim: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "docksim",
    abstract: "Simulate a motorized pan/tilt phone stand following people, and score the tracking.",
    discussion: """
      Start with `docksim run Scenarios` (every default scenario; results/summary.csv and traces), \
      then `docksim report results`. Each command's --help explains it; docs/ has the details.

      Exit codes: 0 success; 1 a scenario failed to run, an expectation failed, or the gate found a \
      regression; 2 bad input or usage; 3 the file system refused a write (no space, read-only, no \
      permission; nothing of the run kept); 4 --out in use by another run, tune or merge; \
      130/143 interrupted.
      """,
    version: DockSimVersion.current,
    subcommands: [
      RunCommand.self, MergeCommand.self, ValidateCommand.self, ReplayCommand.self, GateCommand.self,
      BaselineCommand.self, TuneCommand.self, ReportCommand.self, ScoreCommand.self, ExportMOTCommand.self,
      ImportTrajectoriesCommand.self, FitDetectorCommand.self, SchemaCommand.self,
    ])

  /// As ArgumentParser's, except that usage errors exit 2 (documented), not 64.
  static func main() {
    LinearAlgebra.pinToOneThread()
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
      let message = fullMessage(for: error)
      let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
      let hinted = UsageHint.message(
        message, arguments: Array(CommandLine.arguments.dropFirst()), commands: commands)
      FileHandle.standardError.write(Data(((hinted ?? message) + "\n").utf8))
      Foundation.exit(2)
    }
  }
}
