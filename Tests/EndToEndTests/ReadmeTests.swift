import Foundation
import Testing

/// The README's examples must stay true.
struct ReadmeTests {
  @Test func readmeScenarioExampleIsValid() throws {
    let readme = try String(
      contentsOf: CLI.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let parts = readme.components(separatedBy: "```yaml\n")
    #expect(parts.count >= 2, "README has a yaml example")
    let yaml = try #require(parts.dropFirst().first?.components(separatedBy: "```").first)
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let file = tmp.appendingPathComponent("readme.yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    let r = try CLI.run(["validate", file.path])
    #expect(r.status == 0, "README example: \(r.stderr)")
  }

  @Test func readmeListsEveryDefaultScenario() throws {
    let readme = try String(
      contentsOf: CLI.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let files = try FileManager.default.contentsOfDirectory(
      atPath: CLI.repository.appendingPathComponent("Scenarios").path
    ).filter { $0.hasSuffix(".yaml") }
    for f in files { #expect(readme.contains("`\(f.replacingOccurrences(of: ".yaml", with: ""))`"), "\(f)") }
  }
}
