import Testing

@testable import DockSimCore

/// Framing targets and the two coordinate origins, at the edges.
struct FramingTests {
  @Test func targetsOfEachModeOnTheWholeImage() {
    #expect(Framing(mode: .center).target == (0.5, 0.5))
    #expect(Framing(mode: .automatic).target == (0.5, 0.5))
    #expect(abs(Framing(mode: .left).target.u - 1.0 / 3.0) < 1e-15)
    #expect(abs(Framing(mode: .right).target.u - 2.0 / 3.0) < 1e-15)
  }

  @Test func regionOfInterestHasAnUpperLeftOrigin() {
    // The top strip of the image (upper-left y = 0, height 0.2) is v in 0.8…1 with a lower-left origin.
    let top = Framing(mode: .center, regionOfInterest: NormalizedRect(x: 0, y: 0, width: 1, height: 0.2))
    #expect(abs(top.target.v - 0.9) < 1e-15)
    #expect(top.target.u == 0.5)
    // The bottom-right corner cell.
    let corner = Framing(
      mode: .left, regionOfInterest: NormalizedRect(x: 0.7, y: 0.7, width: 0.3, height: 0.3))
    #expect(abs(corner.target.u - 0.8) < 1e-12)
    #expect(abs(corner.target.v - 0.15) < 1e-12)
    // The square crop of a 16:9 frame.
    let square = Framing(
      mode: .center, regionOfInterest: NormalizedRect(x: 0.21875, y: 0, width: 0.5625, height: 1))
    #expect(square.target == (0.5, 0.5))
  }

  @Test func flippingBetweenOriginsIsItsOwnInverse() {
    let r = NormalizedRect(x: 0.1, y: 0.0, width: 0.3, height: 0.25)
    #expect(r.flippedVertically == NormalizedRect(x: 0.1, y: 0.75, width: 0.3, height: 0.25))
    #expect(r.flippedVertically.flippedVertically == r)
    #expect(r.upperLeftOrigin == r.flippedVertically)
  }

  @Test func regionValidity() {
    #expect(Framing.isValidRegion(NormalizedRect(x: 0, y: 0, width: 1, height: 1)))
    #expect(!Framing.isValidRegion(NormalizedRect(x: 0.5, y: 0, width: 0.6, height: 1)))
    #expect(!Framing.isValidRegion(NormalizedRect(x: 0, y: 0, width: 0, height: 1)))
    #expect(!Framing.isValidRegion(NormalizedRect(x: -0.1, y: 0, width: 0.5, height: 1)))
    #expect(!Framing.isValidRegion(NormalizedRect(x: .nan, y: 0, width: 0.5, height: 1)))
  }

  @Test func aimOffsetPutsTheSubjectOnTheTarget() throws {
    let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
    let framing = Framing(mode: .right, regionOfInterest: NormalizedRect(x: 0, y: 0.1, width: 1, height: 0.5))
    let offset = framing.aimOffset(camera: camera)
    // A subject straight ahead, with the camera turned by −offset, lands on the target.
    let pose = CameraPose(yaw: -offset.yaw, pitch: offset.elevation)
    let p = try #require(camera.project(Direction(azimuth: 0, elevation: 0), pose: pose))
    #expect(abs(p.u - framing.target.u) < 2e-3)
    #expect(abs(p.v - framing.target.v) < 2e-3)
  }
}
