/// The planned motion of one axis as contiguous constant-acceleration phases, evaluated in closed form.
///
/// Times are seconds from the plan's start, positions radians, velocities rad/s. Built by appending
/// pieces that start where the previous one ended (a brake, a hold, a rest-to-rest stroke), so position
/// and velocity are continuous by construction.
struct AxisTrajectory: Sendable {
  private var phases: [ConstantAccelerationPhase] = []
  /// Position at time 0, radians.
  let startPosition: Double
  /// Velocity at time 0, rad/s.
  private(set) var startVelocity: Double = 0
  /// Position once the trajectory has ended, radians.
  private(set) var endPosition: Double
  /// When the last phase ends, seconds.
  private(set) var endTime: Double = 0
  /// Total angle travelled, radians.
  private(set) var pathLength: Double = 0

  init(startPosition: Double) {
    self.startPosition = startPosition
    endPosition = startPosition
  }

  /// Decelerates from `velocity` to rest at the limit's acceleration, from the current end.
  mutating func appendBraking(from velocity: Double, limits: MotionLimits) {
    guard velocity != 0 else { return }
    if phases.isEmpty { startVelocity = velocity }
    let a = limits.maximumAcceleration
    let duration = abs(velocity) / a
    let phase = ConstantAccelerationPhase(
      start: endTime, anchorTime: endTime, anchorPosition: endPosition, anchorVelocity: velocity,
      acceleration: velocity > 0 ? -a : a)
    append(phase, endingAt: endTime + duration, position: phase.position(at: endTime + duration))
  }

  /// Stays at the current end position until `time` (seconds); nothing if `time` is not later.
  mutating func appendHold(until time: Double) {
    guard time > endTime else { return }
    append(
      ConstantAccelerationPhase(
        start: endTime, anchorTime: endTime, anchorPosition: endPosition, anchorVelocity: 0,
        acceleration: 0),
      endingAt: time, position: endPosition)
  }

  /// A rest-to-rest trapezoidal stroke from the current end to `target` (radians) ending at `time`
  /// (seconds). The duration should be at least the stroke's minimum time; a rounding shortfall costs
  /// only a rounding error in position.
  mutating func appendStroke(to target: Double, until time: Double, limits: MotionLimits) {
    let t0 = endTime
    let p0 = endPosition
    let distance = abs(target - p0)
    guard distance > 0 else {
      appendHold(until: time)
      return
    }
    guard time > t0 else {
      // Only a stroke too small to take any representable time gets here: step onto the target.
      endPosition = target
      return
    }
    let sign: Double = target > p0 ? 1 : -1
    let a = limits.maximumAcceleration
    let duration = time - t0
    let cruise = TrapezoidProfile.cruiseSpeed(distance: distance, duration: duration, limits: limits)
    let ramp = min(cruise / a, duration / 2)
    // Accelerate from the start, cruise about the midpoint (where symmetry puts the mean position) and
    // decelerate anchored at the end, so the stroke ends on `target` exactly.
    append(
      ConstantAccelerationPhase(
        start: t0, anchorTime: t0, anchorPosition: p0, anchorVelocity: 0, acceleration: sign * a),
      endingAt: nil, position: nil)
    if time - ramp > t0 + ramp {
      append(
        ConstantAccelerationPhase(
          start: t0 + ramp, anchorTime: t0 + duration / 2, anchorPosition: p0 + (target - p0) / 2,
          anchorVelocity: sign * cruise, acceleration: 0),
        endingAt: nil, position: nil)
    }
    append(
      ConstantAccelerationPhase(
        start: time - ramp, anchorTime: time, anchorPosition: target, anchorVelocity: 0,
        acceleration: -sign * a),
      endingAt: time, position: target)
  }

  /// Adds `phase`; when `end` is given the trajectory now ends there, at `position`.
  private mutating func append(
    _ phase: ConstantAccelerationPhase, endingAt end: Double?, position: Double?
  ) {
    var phase = phase
    phase.startPosition = phase.position(at: phase.start)
    if let last = phases.last { phase.travelledBefore = last.travelled(at: phase.start) }
    phases.append(phase)
    if let end, let position {
      endTime = end
      endPosition = position
      pathLength = phase.travelled(at: end)
    }
  }

  /// The phase governing `t` (0 before the first), by binary search on the start times.
  private func phaseIndex(at t: Double) -> Int {
    var low = 0
    var high = phases.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if phases[mid].start <= t { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// Position at `t` seconds, radians: the start position before 0, the end position from `endTime` on.
  func position(at t: Double) -> Double {
    if t <= 0 { return startPosition }
    if t >= endTime { return endPosition }
    return phases[phaseIndex(at: t)].position(at: t)
  }

  /// Velocity at `t` seconds, rad/s: the initial velocity before 0, rest from `endTime` on.
  func velocity(at t: Double) -> Double {
    if t <= 0 { return startVelocity }
    if t >= endTime { return 0 }
    return phases[phaseIndex(at: t)].velocity(at: t)
  }

  /// Acceleration at `t` seconds, rad/s² (right-continuous: the phase starting at `t` decides).
  func acceleration(at t: Double) -> Double {
    if t < 0 || t >= endTime { return 0 }
    return phases[phaseIndex(at: t)].acceleration
  }

  /// Angle travelled by `t` seconds, radians.
  func travelled(at t: Double) -> Double {
    if t <= 0 { return 0 }
    if t >= endTime { return pathLength }
    return phases[phaseIndex(at: t)].travelled(at: t)
  }
}
