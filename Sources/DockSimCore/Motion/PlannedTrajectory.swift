/// Both axes' trajectories of a plan, evaluated together. Seconds from the plan's start; radians, rad/s
/// and rad/s² in DockKit signs.
struct PlannedTrajectory: Sendable {
  var yaw: AxisTrajectory
  var pitch: AxisTrajectory

  func position(at t: Double) -> AxisPair<Double> {
    AxisPair(yaw: yaw.position(at: t), pitch: pitch.position(at: t))
  }

  func velocity(at t: Double) -> AxisPair<Double> {
    AxisPair(yaw: yaw.velocity(at: t), pitch: pitch.velocity(at: t))
  }

  func acceleration(at t: Double) -> AxisPair<Double> {
    AxisPair(yaw: yaw.acceleration(at: t), pitch: pitch.acceleration(at: t))
  }

  /// The fraction of the total angle (yaw plus pitch) travelled by `t`; time-based when nothing moves.
  func progress(at t: Double, duration: Double) -> Double {
    let total = yaw.pathLength + pitch.pathLength
    guard total > 0 else { return duration > 0 ? min(1, max(0, t / duration)) : 1 }
    return min(1, max(0, (yaw.travelled(at: t) + pitch.travelled(at: t)) / total))
  }
}
