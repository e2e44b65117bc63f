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
    let th2 = 2 * camera.tanHalfH
    let tv2 = 2 * camera.tanHalfV
    let a = azimuth - pose.yaw
    let theta = pose.elevation
    let (sa, ca) = (sin(a), cos(a))
    let (se, ce) = (sin(elevation), cos(elevation))
    let (st, ct) = (sin(theta), cos(theta))
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

  /// The track state that projects exactly onto (u, v, h): the exact inverse projection.
  public func initialState(u: Double, v: Double, h: Double, pose: CameraPose) -> TrackState {
    let d = camera.direction(u: u, v: v, pose: pose)
    return TrackState(azimuth: d.azimuth, elevation: d.elevation, logSize: log(2 * camera.tanHalfV * h))
  }
}
