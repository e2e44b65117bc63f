/// DockKit's `setOrientation(_:duration:relative:)` as a plan: a synchronized two-axis point-to-point
/// move, planned once at construction and evaluated in closed form.
///
/// Each axis follows a rest-to-rest trapezoidal velocity profile (acceleration at the limit, cruise,
/// deceleration at the limit). Both axes start together and finish together at ``plannedDuration``:
/// the axis that needs the most time sets it, and the other cruises slower. When the requested duration
/// is shorter than the limits allow, the move is stretched to the minimum feasible time and
/// ``stretch`` says which axis and limit forced it.
///
/// A move that starts with a nonzero velocity first brakes every moving axis to rest at its
/// acceleration limit (both axes hold until the slower one has stopped), then plans the stroke from
/// where they stopped; the requested duration counts from the call and includes the braking. Braking
/// cannot be shortened, so an axis already heading into its range's end faster than it can stop may
/// overrun it, and an initial speed above the cap is above the cap until braked.
///
/// Angles are radians, durations seconds, in DockKit signs (yaw positive right, pitch positive down).
public struct OrientationMove: MotionPlan {
  /// The instant the move was requested.
  public let startTime: SimTime
  /// The pose when the move was requested, radians.
  public let start: AxisPair<Double>
  /// The velocity when the move was requested, rad/s.
  public let initialVelocity: AxisPair<Double>
  /// Whether the target was given relative to ``start``.
  public let isRelative: Bool
  /// The target as asked, made absolute (``start`` plus the offset for a relative move), radians.
  public let requestedTarget: AxisPair<Double>
  /// Where the move ends, radians. Clamped into each axis's range. On a continuous yaw axis it is in the
  /// axis's unwrapped coordinate: for an absolute target, the stopping yaw plus the shortest wrapped
  /// difference to the requested yaw, so `Angle.wrap(target.yaw) == Angle.wrap(requestedTarget.yaw)`.
  public let target: AxisPair<Double>
  /// Which axes' targets were clamped into their position range.
  public let targetClamped: AxisPair<Bool>
  /// The limits the move was planned with.
  public let limits: AxisPair<MotionLimits>
  /// The duration asked for, seconds.
  public let requestedDuration: Double
  /// The least duration the limits allow, seconds: braking plus the slowest axis's minimum stroke time.
  public let minimumDuration: Double
  /// The duration planned, seconds: the requested one, or ``minimumDuration`` if that is longer (then
  /// ``stretch`` is set), or just the braking time (zero from rest) when no axis has to move.
  public let plannedDuration: Double
  /// The time spent braking from ``initialVelocity`` before the stroke, seconds (0 from rest).
  public let brakingDuration: Double
  /// Why the move was stretched beyond ``requestedDuration``; `nil` when it was not.
  public let stretch: MotionStretch?
  private let trajectory: PlannedTrajectory

  /// Whether the move takes longer than requested.
  public var stretched: Bool { stretch != nil }
  /// The planned duration, seconds (``MotionPlan`` conformance).
  public var duration: Double { plannedDuration }

  /// Plans a move from `start` (radians) moving at `velocity` (rad/s) to `target` (radians; an offset
  /// from `start` when `relative`), taking `duration` seconds (> 0) if the `limits` allow.
  ///
  /// On an axis with no position range (continuous yaw), an absolute target is reached the short way
  /// round (by the wrapped difference, in (−π, π], so exactly half a turn goes right); a relative one is
  /// taken literally, so a relative 2π turns a full circle. This is our modelling choice: DockKit does
  /// not document how it wraps yaw. A move in which no axis has to go anywhere finishes immediately
  /// (after braking, if moving).
  ///
  /// - Throws: ``MotionPlanningError`` for a non-positive or non-finite duration, unusable limits, or
  ///   non-finite inputs.
  public init(
    from start: AxisPair<Double>, velocity: AxisPair<Double> = AxisPair(yaw: 0, pitch: 0),
    to target: AxisPair<Double>, relative: Bool = false, duration: Double,
    limits: AxisPair<MotionLimits>, startTime: SimTime = .zero
  ) throws {
    guard duration.isFinite, duration > 0 else { throw MotionPlanningError.invalidDuration(duration) }
    for axis in Axis.allCases {
      guard limits[axis].isValid else { throw MotionPlanningError.invalidLimits(axis) }
      guard start[axis].isFinite, velocity[axis].isFinite, target[axis].isFinite else {
        throw MotionPlanningError.nonFiniteInput(axis)
      }
    }
    var axes = AxisPair(
      yaw: AxisTrajectory(startPosition: start.yaw), pitch: AxisTrajectory(startPosition: start.pitch))
    var brakeTimes = AxisPair(yaw: 0.0, pitch: 0.0)
    for axis in Axis.allCases {
      axes[axis].appendBraking(from: velocity[axis], limits: limits[axis])
      brakeTimes[axis] = axes[axis].endTime
    }
    let braking = max(brakeTimes.yaw, brakeTimes.pitch)

    var requested = target
    var planned = target
    var clamped = AxisPair(yaw: false, pitch: false)
    var minimumTimes = AxisPair(
      yaw: (time: 0.0, limit: MotionLimitKind.acceleration), pitch: (0, .acceleration))
    for axis in Axis.allCases {
      axes[axis].appendHold(until: braking)
      let stop = axes[axis].endPosition
      let limit = limits[axis]
      if relative { requested[axis] = start[axis] + target[axis] }
      let resolved =
        !relative && limit.positionRange == nil
        ? stop + Angle.difference(requested[axis], stop) : requested[axis]
      planned[axis] = limit.clamp(resolved)
      clamped[axis] = planned[axis] != resolved
      minimumTimes[axis] = TrapezoidProfile.minimumTime(distance: abs(planned[axis] - stop), limits: limit)
    }
    let strokeTime = max(minimumTimes.yaw.time, minimumTimes.pitch.time)
    let minimum = braking + strokeTime
    let total = strokeTime > 0 ? max(duration, minimum) : braking
    for axis in Axis.allCases {
      axes[axis].appendStroke(to: planned[axis], until: total, limits: limits[axis])
    }

    if total > duration {
      let axis: Axis
      let limit: MotionLimitKind
      if strokeTime > 0 {
        axis = minimumTimes.pitch.time > minimumTimes.yaw.time ? .pitch : .yaw
        limit = minimumTimes[axis].limit
      } else {
        axis = brakeTimes.pitch > brakeTimes.yaw ? .pitch : .yaw
        limit = .acceleration
      }
      stretch = MotionStretch(axis: axis, limit: limit, requestedDuration: duration, plannedDuration: total)
    } else {
      stretch = nil
    }
    self.startTime = startTime
    self.start = start
    self.initialVelocity = velocity
    self.isRelative = relative
    self.requestedTarget = requested
    self.target = planned
    self.targetClamped = clamped
    self.limits = limits
    self.requestedDuration = duration
    self.minimumDuration = minimum
    self.plannedDuration = total
    self.brakingDuration = braking
    self.trajectory = PlannedTrajectory(yaw: axes.yaw, pitch: axes.pitch)
  }

  /// Plans a move from the measured `motion` (its time, positions in radians and velocities in rad/s).
  public init(
    from motion: MotionState, to target: AxisPair<Double>, relative: Bool = false, duration: Double,
    limits: AxisPair<MotionLimits>
  ) throws {
    try self.init(
      from: motion.positions, velocity: motion.velocities, to: target, relative: relative,
      duration: duration, limits: limits, startTime: motion.time)
  }

  public func position(at t: Double) -> AxisPair<Double> { trajectory.position(at: t) }
  public func velocity(at t: Double) -> AxisPair<Double> { trajectory.velocity(at: t) }
  public func acceleration(at t: Double) -> AxisPair<Double> { trajectory.acceleration(at: t) }
  public func progress(at t: Double) -> Double { trajectory.progress(at: t, duration: plannedDuration) }
}
