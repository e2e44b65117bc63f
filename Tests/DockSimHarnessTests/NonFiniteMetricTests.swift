import DockSimCore
import DockSimIO
import Testing

@testable import DockSimHarness

/// A metric that comes out NaN or infinite fails its run, naming the metric, rather than reaching
/// `summary.csv` as an empty cell, which means "not applicable" (docs/csv.md).
struct NonFiniteMetricTests {
  struct Broken: MetricAccumulator {
    var value: Double
    mutating func observe(_ frame: FrameRecord) {}
    func summary() -> [MetricValue] { [MetricValue(MetricKey("broken_metric"), value)] }
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func aNonFiniteMetricFailsTheRun(value: Double) throws {
    var s = try TrackingScenarioTests.scenario("walk-across")
    s.duration = SimDuration(seconds: 1)
    #expect {
      _ = try TrackingScenarioTests.run(s, extra: [Broken(value: value)])
    } throws: { error in
      guard case .nonFiniteMetric(let name, _) = error as? SimulationError else { return false }
      return name == "broken_metric" && "\(error)".contains("broken_metric came out")
    }
    // A finite value and "not applicable" pass.
    #expect(
      try TrackingScenarioTests.run(s, extra: [Broken(value: 2)]).metric(MetricKey("broken_metric")) == 2)
  }
}
