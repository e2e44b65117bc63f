/// Where the data goes inside an SVG chart, in pixels, and the scales that place data there.
public struct PlotArea: Sendable {
  /// Left, top, right and bottom edges of the data rectangle.
  public let left: Double
  public let top: Double
  public let right: Double
  public let bottom: Double
  public let x: LinearScale
  public let y: LinearScale

  public init(
    left: Double, top: Double, right: Double, bottom: Double, xDomain: ClosedRange<Double>,
    yDomain: ClosedRange<Double>
  ) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
    x = LinearScale(domain: xDomain, from: left, to: right)
    y = LinearScale(domain: yDomain, from: bottom, to: top)
  }

  public var width: Double { right - left }
  public var height: Double { bottom - top }
}
