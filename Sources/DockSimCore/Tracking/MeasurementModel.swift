import DockMath
import Foundation

/// The measurement `z = [u, v, h]` of a track state through a pinhole camera at a pose, with its
/// analytic Jacobian (see `docs/tracker.md` for the derivation).
///
/// u, v: box centre in normalized image coordinates, lower-left origin; h: box height as a fraction of
/// the image height, modelled as `exp(logSize) / (2·tan(vfov/2))`.
public struct MeasurementModel: Sendable {
  public let camera: PinholeCamera
  public init(camera: PinholeCamera) { self.camera = camera }

  /// The predicted measurement and the non-zero Jacobian entries at state (az, el, ls).
  public func evaluate(azimuth: Double, elevation: Double, logSize: Double, pose: CameraPose)
    -> (u: Double, v: Double, h: Double, duAz: Double, duEl: Double, dvAz: Double, dvEl: Double, dhLs: Double)
  {
    projection(pose: pose).evaluate(azimuth: azimuth, elevation: elevation, logSize: logSize)
  }

  /// The model at one pose, with what depends only on the pose (the tilt's sine and cosine) computed
  /// once: for evaluating many tracks at the same pose.
  public func projection(pose: CameraPose) -> PosedMeasurementModel {
    let tilt = LaneTrigonometry.sinCos(pose.elevation)
    return PosedMeasurementModel(
      th2: 2 * camera.tanHalfH, tv2: 2 * camera.tanHalfV, yaw: pose.yaw, st: tilt.sin, ct: tilt.cos)
  }

  /// The track state that projects exactly onto (u, v, h): the exact inverse projection.
  public func initialState(u: Double, v: Double, h: Double, pose: CameraPose) -> TrackState {
    let d = camera.direction(u: u, v: v, pose: pose)
    return TrackState(azimuth: d.azimuth, elevation: d.elevation, logSize: log(2 * camera.tanHalfV * h))
  }
}

/// `MeasurementModel` at one camera pose (`MeasurementModel.projection(pose:)`).
public struct PosedMeasurementModel: Sendable {
  let th2: Double
  let tv2: Double
  let yaw: Double
  let st: Double
  let ct: Double

  /// The predicted measurement (normalized image coordinates, lower-left origin; height as a fraction
  /// of the image height) and the non-zero Jacobian entries at state (az, el: radians in the base
  /// frame; ls: ln radians). The same arithmetic as one lane of `evaluate(lanes:)`, to the bit.
  @inline(__always)
  public func evaluate(azimuth: Double, elevation: Double, logSize: Double)
    -> (u: Double, v: Double, h: Double, duAz: Double, duEl: Double, dvAz: Double, dvEl: Double, dhLs: Double)
  {
    let e = evaluate(
      lanes: LaneTrackStates(
        azimuth: SIMD4(azimuth, 0, 0, 0), elevation: SIMD4(elevation, 0, 0, 0),
        logSize: SIMD4(logSize, 0, 0, 0)))
    return (e.u[0], e.v[0], e.h[0], e.duAz[0], e.duEl[0], e.dvAz[0], e.dvEl[0], e.dhLs[0])
  }

  /// `evaluate(azimuth:elevation:logSize:)` of four states at once, one per SIMD lane: the sines,
  /// cosines and exponentials come from `LaneTrigonometry` and `LaneExponential`, four at a time.
  @inline(__always)
  public func evaluate(lanes x: LaneTrackStates) -> LaneProjection {
    let (sa, ca) = LaneTrigonometry.sinCos(x.azimuth - yaw)
    let (se, ce) = LaneTrigonometry.sinCos(x.elevation)
    let xc = ce * sa
    let yc = ct * se - st * ce * ca
    let zc = ct * ce * ca + st * se
    let z2 = zc * zc
    let size = LaneExponential.exp(x.logSize)
    let (th2, tv2) = (SIMD4(repeating: self.th2), SIMD4(repeating: self.tv2))
    return LaneProjection(
      u: 0.5 + (xc / zc) / th2,
      v: 0.5 + (yc / zc) / tv2,
      h: size / tv2,
      duAz: ce * (ct * ce + st * se * ca) / (th2 * z2),
      duEl: -st * sa / (th2 * z2),
      dvAz: se * ce * sa / (tv2 * z2),
      dvEl: ca / (tv2 * z2),
      dhLs: size / tv2)
  }
}

/// Four tracks' (azimuth, elevation, log size), one per SIMD lane (radians; ln radians).
public struct LaneTrackStates: Sendable {
  public var azimuth: SIMD4<Double>
  public var elevation: SIMD4<Double>
  public var logSize: SIMD4<Double>

  public init(azimuth: SIMD4<Double>, elevation: SIMD4<Double>, logSize: SIMD4<Double>) {
    self.azimuth = azimuth
    self.elevation = elevation
    self.logSize = logSize
  }
}

/// `PosedMeasurementModel.evaluate(lanes:)`: four predicted measurements and their non-zero Jacobian
/// entries, one per SIMD lane, in the units of the scalar `evaluate`.
public struct LaneProjection: Sendable {
  public var u: SIMD4<Double>
  public var v: SIMD4<Double>
  public var h: SIMD4<Double>
  public var duAz: SIMD4<Double>
  public var duEl: SIMD4<Double>
  public var dvAz: SIMD4<Double>
  public var dvEl: SIMD4<Double>
  public var dhLs: SIMD4<Double>
}
