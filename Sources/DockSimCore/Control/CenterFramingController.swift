import Foundation

/// Keeps the primary subject where the framing asks: the image centre, a third, the region of
/// interest, or (automatic) with the engaged people around it.
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
  /// The camera, to turn an image position into a pointing offset.
  public let camera: PinholeCamera
  private var previous = DockCommand.stop
  private var previousTime: SimTime?

  public init(
    parameters: ControllerParameters, dock: DockParameters,
    camera: PinholeCamera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
  ) {
    self.parameters = parameters
    self.dock = dock
    self.camera = camera
  }

  /// Where to aim for the primary (azimuth, elevation at now + lookahead): the primary itself, or — in
  /// `automatic` framing with other people engaged (speaking confidence ≥ 0.5) — the middle of the group
  /// when the whole group fits within 80 % of the field of view; otherwise the primary alone.
  func groupCenter(primary: Track, tracks: [Track], framing: Framing, age: Double) -> Direction {
    let horizon = age + parameters.lookahead
    let p = primary.extrapolated(by: horizon)
    guard framing.mode == .automatic else { return Direction(azimuth: p.azimuth, elevation: p.elevation) }
    var minAz = 0.0
    var maxAz = 0.0
    var minEl = p.elevation
    var maxEl = p.elevation
    for t in tracks where t.id != primary.id && t.status == .confirmed && t.speaking >= 0.5 {
      let s = t.extrapolated(by: horizon)
      let d = Angle.difference(s.azimuth, p.azimuth)
      minAz = min(minAz, d)
      maxAz = max(maxAz, d)
      minEl = min(minEl, s.elevation)
      maxEl = max(maxEl, s.elevation)
    }
    let fitsH = maxAz - minAz <= 0.8 * camera.horizontalFOV
    let fitsV = maxEl - minEl <= 0.8 * 2 * atan(camera.tanHalfV)
    guard fitsH && fitsV else { return Direction(azimuth: p.azimuth, elevation: p.elevation) }
    return Direction(azimuth: Angle.wrap(p.azimuth + (minAz + maxAz) / 2), elevation: (minEl + maxEl) / 2)
  }

  public mutating func command(
    primary: Track?, tracks: [Track], motion: MotionState, framing: Framing = Framing()
  ) -> DockCommand {
    let dt = previousTime.map { (motion.time - $0).seconds } ?? 0
    previousTime = motion.time
    var wanted = DockCommand.stop
    if let primary {
      let age = motion.time.seconds - primary.time
      var aim = primary.extrapolated(by: age + parameters.lookahead)
      let group = groupCenter(primary: primary, tracks: tracks, framing: framing, age: age)
      let offset = framing.aimOffset(camera: camera)
      aim.azimuth = Angle.wrap(group.azimuth - offset.yaw)
      aim.elevation = group.elevation - offset.elevation
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
