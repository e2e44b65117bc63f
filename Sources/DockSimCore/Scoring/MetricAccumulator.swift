/// One result of a run: which metric and its value in the metric's unit (the unit is in the key's
/// name, `camera_lag_ms`); `nil` means not applicable (for example no lag when the subject never moved)
/// and is written as an empty cell.
public struct MetricValue: Equatable, Sendable {
  public var key: MetricKey
  public var value: Double?
  /// The `summary.csv` column.
  public var name: String { key.name }
  public init(_ key: MetricKey, _ value: Double?) {
    self.key = key
    self.value = value
  }
}

/// A streaming metric: sees each frame (and optionally each physics tick) once, keeps bounded state,
/// and summarizes at the end. The seam where a user adds a metric of their own.
public protocol MetricAccumulator: Sendable {
  mutating func observe(_ frame: FrameRecord)
  mutating func observe(tick: DockStepReport, dt: Double)
  func summary() -> [MetricValue]
}

extension MetricAccumulator {
  public mutating func observe(tick: DockStepReport, dt: Double) {}
}
