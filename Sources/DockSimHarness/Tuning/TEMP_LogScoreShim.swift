// TEMPORARY stand-in until the log-scoring branch lands; deleted at merge.
import DockSimCore
import DockSimIO

public struct ReferencePoint: Equatable, Sendable {
  public var frame: Int64
  public var azimuth: Double
  public var elevation: Double
}
public enum ReferenceTrack {
  public static func read(path: String) throws -> [ReferencePoint] { [] }
}
public struct LogScore: Equatable, Sendable {
  public var frames: Int = 0
  public static let metricNames = TuneSpec.logMetricNames
  public func value(of metric: String) -> Double? { nil }
  public static func score(
    log: [LoggedFrame], camera: PinholeCamera, parameters: TrackerParameters, reference: [ReferencePoint]?
  ) -> LogScore { LogScore() }
}
extension ScenarioLoader {
  public static func trackerParameters(overrides: ScenarioOverrides) throws -> TrackerParameters {
    TrackerParameters()
  }
}
