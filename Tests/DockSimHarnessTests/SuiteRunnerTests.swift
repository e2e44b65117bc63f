import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimHarness

struct SuiteRunnerTests {
  static func scenario(_ name: String, seed: UInt64, azimuth: Double) -> Scenario {
    Scenario(
      name: name, seed: seed, duration: SimDuration(seconds: 3),
      subjects: [
        Subject(
          id: "s", kind: .humanFace, width: 0.16, height: 0.22,
          path: SubjectPath(waypoints: [
            Waypoint(time: .zero, position: .polar(azimuth: 0, distance: 1.5, height: 0)),
            Waypoint(time: SimTime(seconds: 2), position: .polar(azimuth: azimuth, distance: 1.5, height: 0)),
          ]))
      ])
  }

  static let suite = (0..<5).map { scenario("s\($0)", seed: UInt64(10 + $0), azimuth: 0.1 * Double($0)) }

  @Test func parallelOutcomesEqualSerialOnesInInputOrder() {
    let serial = SuiteRunner.run(Self.suite, jobs: 1, tracesDirectory: nil)
    let parallel = SuiteRunner.run(Self.suite, jobs: 3, tracesDirectory: nil)
    #expect(serial.map(\.name) == ["s0", "s1", "s2", "s3", "s4"])
    #expect(parallel.map(\.name) == serial.map(\.name))
    #expect(parallel.map(\.result) == serial.map(\.result))
    #expect(SummaryTable.csv(parallel) == SummaryTable.csv(serial))
  }

  @Test func summaryHasStableColumnsAndReportsFailures() {
    var bad = Self.scenario("bad", seed: 1, azimuth: 0)
    bad.physicsRateHz = 7
    let outcomes = SuiteRunner.run([Self.suite[0], bad], jobs: 2, tracesDirectory: nil)
    let lines = SummaryTable.csv(outcomes).split(separator: "\n").map(String.init)
    #expect(lines[0] == SummaryTable.columns.joined(separator: ","))
    #expect(lines[1].hasPrefix("s0,10,3.0,90,"))
    #expect(lines[1].hasSuffix(",ok,"))
    #expect(lines[2].hasPrefix("bad,1,"))
    #expect(lines[2].contains(",error,physics rate must divide"))
    #expect(
      lines.allSatisfy {
        $0.split(separator: ",", omittingEmptySubsequences: false).count == SummaryTable.columns.count
      })
    #expect(SummaryTable.text(outcomes).contains("FAILED"))
  }

  @Test func tracesAreWrittenWholeOrNotAtAll() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docksim-h-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    var bad = Self.scenario("bad", seed: 1, azimuth: 0)
    bad.physicsRateHz = 7
    _ = SuiteRunner.run([Self.suite[1], bad], jobs: 2, tracesDirectory: dir.path)
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(files == ["s1.csv", "s1.events.csv", "s1.objects.csv", "s1.observations.csv"])
    let text = try String(contentsOf: dir.appendingPathComponent("s1.csv"), encoding: .utf8)
    #expect(text.split(separator: "\n").count == 91, "header + 90 frames")
  }

  @Test func fixedDecimalFormattingIsLocaleFree() {
    #expect(SummaryTable.format(0.0456, 3) == "0.046")
    #expect(SummaryTable.format(-1.5, 1) == "-1.5")
    #expect(SummaryTable.format(12.0, 0) == "12")
    #expect(SummaryTable.format(0.001, 2) == "0.00")
    #expect(SummaryTable.format(nil, 2) == "-")
    #expect(SummaryTable.format(.nan, 2) == "-")
  }
}

extension SuiteRunnerTests {
  @Test func monteCarloSeedsAreDistinctAndStable() {
    let seeds = (0..<1000).map { MonteCarlo.seed(42, repetition: $0) }
    #expect(seeds[0] == 42)
    #expect(Set(seeds).count == 1000)
    #expect(MonteCarlo.seed(42, repetition: 7) == MonteCarlo.seed(42, repetition: 7))
    #expect(seeds.allSatisfy { $0 <= UInt64(Int64.max) }, "seeds fit the scenario file's range")
  }

  @Test func monteCarloAggregatesMeansAndPercentiles() throws {
    let runs = (0..<4).map { k in
      var s = Self.suite[1]
      s.seed = MonteCarlo.seed(s.seed, repetition: k)
      return s
    }
    let outcomes = SuiteRunner.run(runs, jobs: 2, tracesDirectory: nil)
    let (merged, stats) = MonteCarlo.aggregate(outcomes, expectations: [])
    let values = outcomes.compactMap { $0.result?.metric(.framingErrorRMS) }
    let stat = try #require(stats.first { $0.metric == "framing_error_rms" })
    #expect(stat.runs == 4)
    #expect(abs(try #require(stat.mean) - values.reduce(0, +) / 4) < 1e-15)
    #expect(stat.maximum == values.max() && stat.minimum == values.min() && stat.p95 == values.max())
    #expect(merged.result?.metric(.framingErrorRMS) == stat.mean)
  }
}
