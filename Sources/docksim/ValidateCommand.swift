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
      Prints `ok  <path>  (<scenario name>)` for each valid file, and for a suite \
      (`*.suite.yaml`) `ok  <path>  (suite <name>: N scenarios)` after its scenarios, loaded as `run` \
      loads them (the suite's overrides, then the command line's). Each invalid file or path gets one \
      error line on standard error; the command then exits with code 2. Directories are searched, not \
      recursively, for *.yaml and *.yml files, in path order. See docs/scenarios.md for the format.
      """)

  @OptionGroup var overrideOptions: OverrideOptions

  @Argument(
    help: ArgumentHelp(
      "Scenario files, or directories whose *.yaml and *.yml files are checked.",
      valueName: "file-or-directory"))
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
