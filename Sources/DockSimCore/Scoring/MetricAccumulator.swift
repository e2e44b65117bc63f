/// One named result of a run. The name carries the unit (`camera_lag_ms`); `nil` means not
/// applicable (for example no lag when the subject never moved) and is written as an empty cell.
public struct MetricValue: Equatable, Sendable {
  public var name: String
  public var value: Double?
  public init(_ name: String, _ value: Double?) {
    self.name = name
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
