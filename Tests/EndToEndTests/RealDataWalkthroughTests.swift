import Foundation
import Testing

/// docs/real-data.md's walkthrough runs as written: every line of its marked block, in a copy of the
/// files it names (the fixtures and `Scenarios/`, for the gate's tolerances), each command exiting 0,
/// and what it says each step leaves is there.
struct RealDataWalkthroughTests {
  static let begin = "<!-- walkthrough:begin"
  static let end = "<!-- walkthrough:end -->"

  /// The shell lines of the marked block, in order.
  static func lines() throws -> [String] {
    let page = try String(
      contentsOf: CLI.repository.appendingPathComponent("docs/real-data.md"), encoding: .utf8)
    let start = try #require(page.range(of: begin), "docs/real-data.md has the walkthrough block")
    let stop = try #require(page.range(of: end, range: start.upperBound..<page.endIndex))
    let block = page[start.upperBound..<stop.lowerBound]
    let fenced = try #require(block.components(separatedBy: "```sh\n").dropFirst().first)
    let body = try #require(fenced.components(separatedBy: "```").first)
    return body.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// The README's short example is the walkthrough's first commands (continuation lines joined), so it
  /// runs whenever the walkthrough does.
  @Test func theReadmeExampleIsTheWalkthroughsBeginning() throws {
    let readme = try String(contentsOf: CLI.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## Real data\n").dropFirst().first)
    let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first)
    let body = try #require(block.components(separatedBy: "```").first)
    let joined = body.replacingOccurrences(of: " \\\n  ", with: " ")
    let commands = joined.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    let walkthrough = try Self.lines()
    #expect(commands.count >= 3)
    #expect(Array(walkthrough.prefix(commands.count)) == commands)
  }

  @Test func everyCommandOfTheWalkthroughRuns() throws {
    let lines = try Self.lines()
    #expect(lines.count >= 5)
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fm = FileManager.default
    try fm.createDirectory(
      at: dir.appendingPathComponent("Tests/Fixtures"), withIntermediateDirectories: true)
    try fm.copyItem(
      at: CLI.repository.appendingPathComponent("Tests/Fixtures/real-data"),
      to: dir.appendingPathComponent("Tests/Fixtures/real-data"))
    try fm.copyItem(
      at: CLI.repository.appendingPathComponent("Scenarios"), to: dir.appendingPathComponent("Scenarios"))
    for line in lines {
      let words = line.split(separator: " ").map(String.init)
      switch words.first {
      case "mkdir":
        #expect(words.count == 3 && words[1] == "-p", "\(line)")
        try fm.createDirectory(at: dir.appendingPathComponent(words[2]), withIntermediateDirectories: true)
      case "docksim":
        let r = try CLI.run(Array(words.dropFirst()), in: dir)
        #expect(r.status == 0, "\(line)\n\(r.stderr)")
      default:
        Issue.record("the walkthrough has a line this test cannot run: \(line)")
      }
    }
    let work = dir.appendingPathComponent("work")
    let profile = try String(contentsOf: work.appendingPathComponent("my-detector.yaml"), encoding: .utf8)
    #expect(profile.contains("detector:\n") && profile.contains("center_noise_slope:"))
    let report = try String(contentsOf: work.appendingPathComponent("fit-report.txt"), encoding: .utf8)
    #expect(report.contains("data vs simulated"))
    let scenario = try String(contentsOf: work.appendingPathComponent("pair.yaml"), encoding: .utf8)
    #expect(scenario.contains("profile: 'my-detector.yaml'") && scenario.contains("appear_s:"))
    let seeds = try String(contentsOf: work.appendingPathComponent("results/seeds.csv"), encoding: .utf8)
    #expect(seeds.split(separator: "\n").count == 21, "a header and 20 seeds")
    #expect(fm.fileExists(atPath: work.appendingPathComponent("baseline-seeds.csv").path))
    let tracks = try String(contentsOf: work.appendingPathComponent("tracks.txt"), encoding: .utf8)
    #expect(tracks.split(separator: "\n").count > 100, "the four people's tracks over 120 frames")
    let score = try String(contentsOf: work.appendingPathComponent("score.csv"), encoding: .utf8)
    let overall = try #require(score.split(separator: "\n").first { $0.hasPrefix("OVERALL,") })
    let mota = try #require(Double(overall.split(separator: ",")[1]))
    #expect(mota > 0.5, "\(overall)")
  }
}
