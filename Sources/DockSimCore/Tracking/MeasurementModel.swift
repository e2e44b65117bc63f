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
    PosedMeasurementModel(
      th2: 2 * camera.tanHalfH, tv2: 2 * camera.tanHalfV, yaw: pose.yaw, st: sin(pose.elevation),
      ct: cos(pose.elevation))
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
  /// frame; ls: ln radians).
  @inline(__always)
  public func evaluate(azimuth: Double, elevation: Double, logSize: Double)
    -> (u: Double, v: Double, h: Double, duAz: Double, duEl: Double, dvAz: Double, dvEl: Double, dhLs: Double)
  {
    let a = azimuth - yaw
    let (sa, ca) = (sin(a), cos(a))
    let (se, ce) = (sin(elevation), cos(elevation))
    let xc = ce * sa
    let yc = ct * se - st * ce * ca
    let zc = ct * ce * ca + st * se
    let z2 = zc * zc
    let size = exp(logSize)
    return (
      u: 0.5 + (xc / zc) / th2,
      v: 0.5 + (yc / zc) / tv2,
      h: size / tv2,
      duAz: ce * (ct * ce + st * se * ca) / (th2 * z2),
      duEl: -st * sa / (th2 * z2),
      dvAz: se * ce * sa / (tv2 * z2),
      dvEl: ca / (tv2 * z2),
      dhLs: size / tv2
    )
  }
}
