/// Keeps the primary subject at the image centre.
///
/// Latency compensation: the estimate is extrapolated from its capture time to `now + lookahead`
/// (covering the detector latency, the estimate's age, and the command latency), and compared with
/// where the axis will be at that instant if the command in flight keeps acting
/// (`position + previous_command · lookahead`), so neither delay shows up as lag or as overshoot.
/// Per axis:
///
///     v = rate_ff + gain · deadband(wrapped error at now + lookahead)
///
/// then clamped to the speed cap, to the speed from which the axis can still stop before its position
/// range (`v² ≤ 2·a_max·distance`), and to the acceleration limit relative to the previous command.
/// While the track coasts the command fades linearly to zero over `coastFadeFrames` misses; without a
/// primary track the stand decelerates to rest.
public struct CenterFramingController: Controller {
  public let parameters: ControllerParameters
  public let dock: DockParameters
  private var previous = DockCommand.stop
  private var previousTime: SimTime?

  public init(parameters: ControllerParameters, dock: DockParameters) {
    self.parameters = parameters
    self.dock = dock
  }

  public mutating func command(primary: Track?, tracks: [Track], motion: MotionState) -> DockCommand {
    let dt = previousTime.map { (motion.time - $0).seconds } ?? 0
    previousTime = motion.time
    var wanted = DockCommand.stop
    if let primary {
      let age = motion.time.seconds - primary.time
      let aim = primary.extrapolated(by: age + parameters.lookahead)
      let lead = parameters.lookahead
      let yawAhead = motion.positions.yaw + previous.yawVelocity * lead
      let pitchAhead = motion.positions.pitch + previous.pitchVelocity * lead
      let yawError = Angle.difference(aim.azimuth, yawAhead)
      var pitchTarget = -aim.elevation
      if let range = dock.pitch.positionRange {
        pitchTarget = min(
          max(pitchTarget, range.lowerBound + parameters.limitMargin),
          range.upperBound - parameters.limitMargin)
      }
      let pitchError = pitchTarget - pitchAhead
      let ffYaw = parameters.feedforward ? aim.azimuthRate : 0
      let ffPitch = parameters.feedforward ? -aim.elevationRate : 0
      let fade = parameters.coastFadeFrames
      let trust = fade > 0 ? max(0, 1 - Double(primary.misses) / Double(fade)) : (primary.misses > 0 ? 0 : 1)
      wanted.yawVelocity = trust * (ffYaw + parameters.gain * deadband(yawError))
      wanted.pitchVelocity = trust * (ffPitch + parameters.gain * deadband(pitchError))
    }
    var out = DockCommand(
      yawVelocity: limit(
        wanted.yawVelocity, axis: .yaw, position: motion.positions.yaw, previous: previous.yawVelocity, dt: dt
      ),
      pitchVelocity: limit(
        wanted.pitchVelocity, axis: .pitch, position: motion.positions.pitch,
        previous: previous.pitchVelocity, dt: dt))
    if !out.yawVelocity.isFinite { out.yawVelocity = 0 }
    if !out.pitchVelocity.isFinite { out.pitchVelocity = 0 }
    previous = out
    return out
  }

  private func deadband(_ e: Double) -> Double {
    let d = parameters.deadband
    return e > d ? e - d : (e < -d ? e + d : 0)
  }

  private func limit(_ v: Double, axis: Axis, position: Double, previous: Double, dt: Double) -> Double {
    let p = dock[axis]
    let a = parameters.maximumAcceleration
    var v = min(max(v, -p.maximumSpeed), p.maximumSpeed)
    if let range = p.positionRange {
      let up = max(0, range.upperBound - parameters.limitMargin / 2 - position)
      let down = max(0, position - range.lowerBound - parameters.limitMargin / 2)
      v = min(v, (2 * a * up).squareRoot())
      v = max(v, -(2 * a * down).squareRoot())
    }
    // The first call has dt = 0: the stand starts from rest and may not jump to a speed.
    let step = a * dt
    return min(max(v, previous - step), previous + step)
  }
}
