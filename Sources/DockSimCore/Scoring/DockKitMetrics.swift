/// The DockKit-behaviour metrics: refused API calls, and how long the stand takes to frame the subject
/// after the framing mode or region of interest changes (see `docs/metrics.md`).
public struct DockKitMetrics: MetricAccumulator {
  /// Framing error below which the subject counts as framed.
  public let framedThreshold: Double
  /// Consecutive frames it must stay framed.
  public let framedFrames: Int
  private var violations = 0
  private var motionRateViolations = 0
  private var trackRateViolations = 0
  private var pending: SimTime?
  private var firstGood: SimTime?
  private var goodFrames = 0
  private var times: [Double] = []
  private var changes = 0

  public init(framedThreshold: Double = 0.05, framedFrames: Int = 5) {
    self.framedThreshold = framedThreshold
    self.framedFrames = framedFrames
  }

  public mutating func observe(_ frame: FrameRecord) {
    violations += frame.violations.count
    for v in frame.violations where v.error == .frameRateTooHigh || v.error == .frameRateTooLow {
      if v.command == "track" { trackRateViolations += 1 } else { motionRateViolations += 1 }
    }
    if frame.framingChanged {
      changes += 1
      pending = frame.time
      goodFrames = 0
      firstGood = nil
    }
    // While the intended subject is absent (not yet arrived, or gone) there is nobody to frame: such
    // frames neither count as framed nor break a framed stretch.
    guard let since = pending, frame.truth != nil else { return }
    if frame.framingError < framedThreshold {
      if goodFrames == 0 { firstGood = frame.time }
      goodFrames += 1
      if goodFrames >= framedFrames, let first = firstGood {
        times.append((first - since).seconds)
        pending = nil
      }
    } else {
      goodFrames = 0
    }
  }

  public func summary() -> [MetricValue] {
    [
      MetricValue(.apiViolations, Double(violations)),
      MetricValue(.apiRateViolations, Double(motionRateViolations + trackRateViolations)),
      MetricValue(.motionCallRateViolations, Double(motionRateViolations)),
      MetricValue(.trackRateViolations, Double(trackRateViolations)),
      MetricValue(.framingChanges, Double(changes)),
      MetricValue(.timeToFrameMean, times.isEmpty ? nil : times.reduce(0, +) / Double(times.count)),
      MetricValue(.timeToFrameMax, times.max()),
      MetricValue(.timeToFrameUnfinished, Double(pending == nil ? 0 : 1)),
    ]
  }
}
