/// The outcome of one scenario run: its identity and its metrics in a stable order.
public struct ScenarioResult: Equatable, Sendable {
  public var name: String
  public var seed: UInt64
  public var duration: SimDuration
  public var frames: Int64
  public var metrics: [MetricValue]
  public init(name: String, seed: UInt64, duration: SimDuration, frames: Int64, metrics: [MetricValue]) {
    self.name = name
    self.seed = seed
    self.duration = duration
    self.frames = frames
    self.metrics = metrics
  }
  /// The value of `key`, if the run reported it and it applies.
  public func metric(_ key: MetricKey) -> Double? { metrics.first { $0.key == key }?.value }
}

/// Why a run stopped early.
public enum SimulationError: Error, Equatable, CustomStringConvertible {
  /// A non-finite value appeared in the loop.
  case nonFinite(stage: String, frame: Int64, time: SimTime)
  case invalidTiming(String)
  /// A metric's summary came out NaN or infinite.
  case nonFiniteMetric(name: String, value: Double)

  public var description: String {
    switch self {
    case .nonFinite(let stage, let frame, let time):
      return "non-finite value in \(stage) at frame \(frame) (t = \(time.seconds) s)"
    case .invalidTiming(let why): return why
    case .nonFiniteMetric(let name, let value):
      return
        "metric \(name) came out \(value) at the end of the run; a metric is a finite number or not applicable"
    }
  }
}
