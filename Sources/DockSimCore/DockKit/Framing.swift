import Foundation

/// How the subject is placed in the image (DockKit's `FramingMode`).
public enum FramingMode: String, Sendable, CaseIterable {
  /// DockKit's default: the system decides. DockSim centres the primary, and when other people are
  /// engaged (speaking) and fit in the frame together with it, frames the group (a modelling choice).
  case automatic
  /// The primary at the centre.
  case center
  /// The primary on the left third (leaving room for an overlay on the right).
  case left
  /// The primary on the right third.
  case right
}

/// The framing in force: a mode and an optional region of interest.
public struct Framing: Equatable, Sendable {
  public var mode: FramingMode
  /// The part of the image the subject must be kept in, normalized with an **upper-left** origin (as
  /// DockKit's `setRegionOfInterest`); nil for the whole image.
  public var regionOfInterest: NormalizedRect?

  public init(mode: FramingMode = .automatic, regionOfInterest: NormalizedRect? = nil) {
    self.mode = mode
    self.regionOfInterest = regionOfInterest
  }

  /// Where the primary subject's centre should be, normalized with a **lower-left** origin (as
  /// observations): the centre, or a third, of the region of interest (or of the whole image).
  public var target: (u: Double, v: Double) {
    // Upper-left origin in, lower-left out: flip the region vertically once, here.
    let region = (regionOfInterest ?? NormalizedRect(x: 0, y: 0, width: 1, height: 1)).flippedVertically
    let fraction: Double
    switch mode {
    case .automatic, .center: fraction = 0.5
    case .left: fraction = 1.0 / 3.0
    case .right: fraction = 2.0 / 3.0
    }
    return (region.x + fraction * region.width, region.midY)
  }

  /// Whether `rect` is a valid region of interest: finite, non-empty, inside the unit square.
  public static func isValidRegion(_ rect: NormalizedRect) -> Bool {
    let values = [rect.x, rect.y, rect.width, rect.height]
    return values.allSatisfy(\.isFinite) && rect.width > 0 && rect.height > 0 && rect.x >= 0 && rect.y >= 0
      && rect.x + rect.width <= 1 + 1e-12 && rect.y + rect.height <= 1 + 1e-12
  }

  /// The camera offsets (yaw right, elevation up; radians) that put a direction at `target` instead of
  /// the image centre: the angles of the target's ray in camera coordinates. Treating them as
  /// independent is exact with the camera level and within about 0.002 image widths at the tilts of a
  /// typical framing; the feedback loop removes the rest.
  public func aimOffset(camera: PinholeCamera) -> (yaw: Double, elevation: Double) {
    let t = target
    return (atan(2 * camera.tanHalfH * (t.u - 0.5)), atan(2 * camera.tanHalfV * (t.v - 0.5)))
  }
}
