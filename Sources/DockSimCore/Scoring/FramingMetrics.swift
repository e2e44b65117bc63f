import Foundation

/// Framing error of the primary subject (RMS, p95, max), in-frame ratio and estimation error.
/// See `docs/metrics.md` for the definitions.
public struct FramingMetrics: MetricAccumulator {
  private var frames = 0
  private var sumSquares = 0.0
  private var maximum = 0.0
  private var histogram = QuantileHistogram(upper: 1, bins: 10_000)
  private var inFrame = 0
  private var estimates = 0
  private var estimationSquares = 0.0

  public init() {}

  public mutating func observe(_ frame: FrameRecord) {
    guard let truth = frame.truth else { return }
    frames += 1
    let e = frame.framingError
    sumSquares += e * e
    maximum = max(maximum, e)
    histogram.add(e)
    if truth.centerInImage { inFrame += 1 }
    if let est = frame.estimate, let ref = frame.truthAtEstimate {
      let err = Direction.angleBetween(
        Direction(azimuth: est.state.azimuth, elevation: est.state.elevation), ref.direction)
      estimates += 1
      estimationSquares += err * err
    }
  }

  public func summary() -> [MetricValue] {
    [
      MetricValue(.framingErrorRMS, frames > 0 ? (sumSquares / Double(frames)).squareRoot() : nil),
      MetricValue(.framingErrorP95, histogram.quantile(0.95)),
      MetricValue(.framingErrorMax, frames > 0 ? maximum : nil),
      MetricValue(.inFrameRatio, frames > 0 ? Double(inFrame) / Double(frames) : nil),
      MetricValue(
        .estimationErrorRMS, estimates > 0 ? (estimationSquares / Double(estimates)).squareRoot() : nil
      ),
    ]
  }
}
