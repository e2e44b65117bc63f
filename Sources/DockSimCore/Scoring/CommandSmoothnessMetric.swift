/// How much the velocity command changes from frame to frame: a stand that hunts on noise has a
/// high value even when the framing error is small.
///
/// `command_accel_rms_rad_s2` is the RMS over consecutive frames of
/// `|cmd_k − cmd_{k−1}| / (t_k − t_{k−1})`, the Euclidean norm over both axes, in rad/s².
public struct CommandSmoothnessMetric: MetricAccumulator {
  private var previous: (time: SimTime, command: DockCommand)?
  private var sumSquares = 0.0
  private var count = 0

  public init() {}

  public mutating func observe(_ frame: FrameRecord) {
    defer { previous = (frame.time, frame.command) }
    guard let previous else { return }
    let dt = (frame.time - previous.time).seconds
    guard dt > 0 else { return }
    let dy = (frame.command.yawVelocity - previous.command.yawVelocity) / dt
    let dp = (frame.command.pitchVelocity - previous.command.pitchVelocity) / dt
    sumSquares += dy * dy + dp * dp
    count += 1
  }

  public func summary() -> [MetricValue] {
    [MetricValue(.commandAccelRMS, count > 0 ? (sumSquares / Double(count)).squareRoot() : nil)]
  }
}
