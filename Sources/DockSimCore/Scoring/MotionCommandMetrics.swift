/// How well the dock executed `setOrientation` moves and animations (see `docs/metrics.md`).
///
/// A move's **final error** is the largest axis error between the true pose and the target once the
/// planned duration has passed (the first frame after it); its **duration error** is the time the true
/// pose took to come within `arrivalTolerance` of the target, minus the requested duration (positive:
/// late; a stretched move is late by its stretch). An animation's **amplitude error** is the largest
/// difference, per axis, between the deviation from the start pose that the dock really made and the
/// planned one; its **duration error** the time until the dock was back within `arrivalTolerance` of the
/// start pose (no earlier than the planned end) minus the animation's nominal duration.
public struct MotionCommandMetrics: MetricAccumulator {
  public let arrivalTolerance: Double
  private var current: Tracker?
  private var moves = 0
  private var animations = 0
  private var finalErrors: [Double] = []
  private var durationErrors: [Double] = []
  private var amplitudeErrors: [Double] = []
  private var animationDurationErrors: [Double] = []

  private struct Tracker {
    var motion: ActiveMotion
    var arrived: Double?
    var finalError: Double?
    var reach = AxisPair(yaw: 0.0, pitch: 0.0)
  }

  public init(arrivalTolerance: Double = 0.01) { self.arrivalTolerance = arrivalTolerance }

  public mutating func observe(_ frame: FrameRecord) {
    if let m = frame.activeMotion, m.serial != current?.motion.serial {
      close()
      current = Tracker(motion: m)
      if case .orientation = m.kind { moves += 1 } else { animations += 1 }
    } else if frame.activeMotion == nil {
      close()
      return
    }
    guard var c = current else { return }
    let elapsed = c.motion.plan.elapsed(at: frame.time)
    let pose = AxisPair(yaw: frame.camera.yaw, pitch: frame.camera.pitch)
    let error = max(abs(pose.yaw - c.motion.finalPose.yaw), abs(pose.pitch - c.motion.finalPose.pitch))
    switch c.motion.kind {
    case .orientation:
      if c.arrived == nil && error <= arrivalTolerance { c.arrived = elapsed }
      if c.finalError == nil && elapsed >= c.motion.plan.duration { c.finalError = error }
    case .animation:
      if elapsed <= c.motion.plan.duration {
        c.reach.yaw = max(c.reach.yaw, abs(pose.yaw - c.motion.start.yaw))
        c.reach.pitch = max(c.reach.pitch, abs(pose.pitch - c.motion.start.pitch))
      } else if c.finalError == nil {
        c.finalError = 0
      }
      // Done when back at the start pose after the planned end.
      if c.arrived == nil && elapsed >= c.motion.plan.duration && error <= arrivalTolerance {
        c.arrived = elapsed
      }
    }
    current = c
  }

  private mutating func close() {
    guard let c = current else { return }
    current = nil
    switch c.motion.kind {
    case .orientation:
      if let e = c.finalError { finalErrors.append(e) }
      if let a = c.arrived { durationErrors.append(a - c.motion.requestedDuration) }
    case .animation:
      if let planned = c.motion.plannedAmplitude, c.finalError != nil {
        amplitudeErrors.append(max(abs(c.reach.yaw - planned.yaw), abs(c.reach.pitch - planned.pitch)))
      }
      if let a = c.arrived { animationDurationErrors.append(a - c.motion.requestedDuration) }
    }
  }

  public func summary() -> [MetricValue] {
    var copy = self
    copy.close()
    return [
      MetricValue(.orientationMoves, Double(moves)),
      MetricValue(.orientationFinalErrorMax, copy.finalErrors.max()),
      MetricValue(.orientationDurationErrorMax, copy.durationErrors.max { abs($0) < abs($1) }),
      MetricValue(.animations, Double(animations)),
      MetricValue(.animationAmplitudeErrorMax, copy.amplitudeErrors.max()),
      MetricValue(.animationDurationErrorMax, copy.animationDurationErrors.max { abs($0) < abs($1) }),
    ]
  }
}
