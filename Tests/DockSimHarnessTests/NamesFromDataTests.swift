import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

/// Names read back from a run's own tables become file names (a merge's traces, a report's plots):
/// the readers hold them to the scenario-name rule (`ScenarioName`), so a hostile table cannot lead a
/// path out of its directory. Controls: the same tables with a valid name read.
struct NamesFromDataTests {
  static let hostile = [
    "../../victim", "/etc/passwd", "a/b", "..", ".", "x y", "ü", String(repeating: "a", count: 101),
  ]

  @Test func theRuleAcceptsPortableNamesOnly() {
    for name in ["walk-across", "crowd_16", "a.b", "A9", String(repeating: "a", count: 100)] {
      #expect(ScenarioName.isValid(name), "\(name)")
    }
    for name in Self.hostile + [""] { #expect(!ScenarioName.isValid(name), "\(name)") }
    #expect(ScenarioName.problem("../x")?.contains("got '../x'") == true)
  }

  @Test(arguments: hostile) func aShardManifestNamingAPathIsRefused(_ name: String) throws {
    let manifest = ShardManifest(shard: Shard(index: 1, count: 4), work: ShardMergeTests.work)
    let good = manifest.csv()
    #expect(try ShardManifest.parse(good, file: "shard.csv") == manifest, "control")
    var lines = good.split(separator: "\n").map(String.init)
    var cells = lines[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    #expect(cells[5] == "s1")
    cells[5] = name
    lines[2] = cells.joined(separator: ",")
    #expect {
      try ShardManifest.parse(lines.joined(separator: "\n") + "\n", file: "shard.csv")
    } throws: { error in
      let e = error as? InputError
      return e?.file == "shard.csv" && e?.line == 3 && e?.field == "scenario"
    }
  }

  @Test(arguments: hostile) func aSummaryNamingAPathIsRefused(_ name: String) throws {
    let header = "scenario,status,error,mota\n"
    #expect(try SummaryCSVReader.parse(header + "ok-name,ok,,0.5\n", file: "summary.csv").rows.count == 1)
    #expect {
      try SummaryCSVReader.parse(header + "\(name),ok,,0.5\n", file: "summary.csv")
    } throws: { error in
      let e = error as? InputError
      return e?.file == "summary.csv" && e?.line == 2 && e?.field == "scenario"
    }
  }
}
