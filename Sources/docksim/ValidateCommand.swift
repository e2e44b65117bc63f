import ArgumentParser
import DockSimHarness
import DockSimIO
import Foundation

/// `docksim validate FILES...`: loads scenario files the way a run would, without running them, and
/// reports every invalid file rather than stopping at the first.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check scenario and suite files and report each problem with its file, line and field.",
    discussion: """
      Expands each path as `docksim run` does and prints `ok  <path>  (<scenario name>)` for each \
      valid scenario, and for a suite `ok  <path>  (suite <name>: N scenarios)` after its scenarios, \
      loaded as `run` loads them (the suite's overrides, then the command line's). A directory stands \
      for its scenarios (*.yaml and *.yml, not recursively, in path order), or for its suites when it \
      holds no scenario. Files are told apart by content: a tuning file, tolerances, a --params file or \
      a CSV is reported as what it is, with the command that takes it. Each invalid file or path gets \
      one error line on standard error; the command then exits with code 2. A legal value that is \
      almost surely a unit mistake (a field of view below 10°, a person 350 m away) gets a warning, \
      never an error; --quiet silences them. See docs/scenarios.md.
      """)

  @OptionGroup var overrideOptions: OverrideOptions

  @Flag(name: .long, help: "Do not print plausibility warnings (likely unit mistakes).")
  var quiet = false

  @Argument(
    help: ArgumentHelp(
      "Scenario files, suites (*.suite.yaml), or directories of either.", valueName: "file-or-directory"),
    completion: .file(extensions: ["yaml", "yml"]))
  var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("Give at least one scenario file or directory.") }
  }

  func run() throws {
    let overrides = try overrideOptions.overrides()
    var checked = 0
    var invalid = 0
    for path in files {
      // The files as `run` expands the path (each file's kind told by its content), checked one by
      // one so that every invalid file is reported.
      let found: [(file: String, kind: FileKind)]
      do { found = try SuiteExpansion.files(path) } catch {
        Self.write(error.description, to: .standardError)
        checked += 1
        invalid += 1
        continue
      }
      for (file, kind) in found {
        checked += 1
        do {
          let expansion = try SuiteExpansion(paths: [file], overrides: overrides)
          let items = try WorkItem.load(expansion)
          for item in items { Self.write("ok  \(item.path)  (\(item.scenario.name))", to: .standardOutput) }
          if !quiet { printPlausibilityWarnings(items) }
          if kind == .suite, let suite = expansion.suites.first {
            Self.write("ok  \(file)  (suite \(suite.name): \(items.count) scenarios)", to: .standardOutput)
          }
        } catch {
          Self.write("\(error)", to: .standardError)
          invalid += 1
        }
      }
    }
    if invalid > 0 {
      Self.write("validate: \(invalid) of \(checked) invalid", to: .standardError)
      throw ExitCode(2)
    }
  }

  /// Unbuffered writes to both streams, so ok lines and errors interleave in the order of the files.
  private static func write(_ line: String, to handle: FileHandle) {
    handle.write(Data((line + "\n").utf8))
  }
}
