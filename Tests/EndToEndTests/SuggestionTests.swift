import Foundation
import Testing

/// The mistakes of a first hour answered with what was meant (issue 29): a misspelt command, another
/// tool's option name, a results directory given to `run`, a tab in YAML; and `replay` saying what it
/// wrote. Usage errors keep exit 2.
struct SuggestionTests {
  @Test("a misspelt command is answered with the nearest one, exit 2")
  func misspeltCommand() throws {
    let r = try CLI.run(["rnu", "Scenarios"])
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("Error: Unknown command 'rnu'. Did you mean 'run'?\n"), "\(r.stderr)")
    #expect(r.stderr.contains("See 'docksim --help'"))
  }

  @Test("two commands equally near are both offered; a word near none lists them all")
  func tiedOrFarCommand() throws {
    let tied = try CLI.run(["tun"])
    #expect(tied.status == 2)
    #expect(
      tied.stderr.hasPrefix("Error: Unknown command 'tun'. Did you mean 'run' or 'tune'?"), "\(tied.stderr)")
    let far = try CLI.run(["simulate"])
    #expect(far.status == 2)
    #expect(far.stderr.hasPrefix("Error: Unknown command 'simulate'. Expected one of: run, merge, "))
  }

  @Test("run --seeds suggests --repetitions, in both spellings, exit 2")
  func seedsSuggestsRepetitions() throws {
    for arguments in [["run", "--seeds", "5", "Scenarios"], ["run", "Scenarios", "--seeds=5"]] {
      let r = try CLI.run(arguments)
      #expect(r.status == 2)
      #expect(
        r.stderr.hasPrefix(
          "Error: Unknown option '--seeds'. Did you mean '--repetitions'? (the number of seeds each scenario runs with)"
        ), "\(r.stderr)")
    }
    // Any other unknown option keeps ArgumentParser's own suggestion.
    let other = try CLI.run(["run", "--repetiton", "5", "Scenarios"])
    #expect(other.status == 2)
    #expect(other.stderr.contains("Did you mean '--repetitions'?"))
  }

  @Test("run on a results directory suggests report; a directory of nothing still says what it expected")
  func resultsDirectorySuggestsReport() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let results = dir.appendingPathComponent("results")
    let made = try CLI.run(["run", "Scenarios/walk-across.yaml", "--out", results.path, "--quiet"])
    #expect(made.status == 0, "\(made.stderr)")
    let r = try CLI.run(["run", results.path, "--out", dir.appendingPathComponent("again").path])
    #expect(r.status == 2)
    #expect(
      r.stderr.contains(
        "\(results.path): holds a run's results (summary.csv) and no scenario or suite; to look at them: docksim report \(results.path)"
      ), "\(r.stderr)")
    let empty = dir.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let none = try CLI.run(["run", empty.path, "--out", dir.appendingPathComponent("again").path])
    #expect(none.status == 2)
    #expect(none.stderr.contains("no .yaml or .yml files in this directory"))
  }

  @Test("a tab in YAML indentation is named as a tab with its line and column")
  func tabInIndentation() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let text = try String(
      contentsOf: CLI.repository.appendingPathComponent("Scenarios/walk-across.yaml"), encoding: .utf8)
    // Line 11 is `    kind: humanBody`; the tab follows two spaces.
    let tabbed = text.replacingOccurrences(of: "    kind: humanBody", with: "  \tkind: humanBody")
    try tabbed.write(to: dir.appendingPathComponent("tab.yaml"), atomically: true, encoding: .utf8)
    let r = try CLI.run(["validate", "tab.yaml"], in: dir)
    #expect(r.status == 2)
    #expect(
      r.stderr.contains(
        "tab.yaml:11:3: invalid YAML: a tab in the indentation; YAML does not allow tabs for indentation; use spaces"
      ), "\(r.stderr)")
  }

  @Test("replay says what it wrote: on standard output, or on standard error beside the metrics table")
  func replaySaysWhatItWrote() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = CLI.repository.appendingPathComponent("Tests/Fixtures/replay/K4_sparse_clutter_log.csv").path
    let truth = CLI.repository.appendingPathComponent("Tests/Fixtures/replay/K4_truth.csv").path
    let out = dir.appendingPathComponent("tracks.csv").path
    let plain = try CLI.run(["replay", log, "--output", out])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stdout == "wrote \(out)\n")
    let scored = try CLI.run(["replay", log, "--output", out, "--score-truth", truth])
    #expect(scored.status == 0, "\(scored.stderr)")
    #expect(scored.stdout.hasPrefix("metric,value\n"), "standard output stays a CSV")
    #expect(scored.stderr.contains("wrote \(out)\n"))
  }
}
