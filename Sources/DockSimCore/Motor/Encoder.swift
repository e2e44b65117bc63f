import Foundation

/// An incremental encoder: reports the position rounded to its resolution.
public struct Encoder: Equatable, Sendable {
  /// Radians per count; 0 means exact.
  public let resolution: Double
  public init(countsPerRevolution: Int) {
    resolution = countsPerRevolution > 0 ? 2 * Double.pi / Double(countsPerRevolution) : 0
  }
  /// The reading for a true position, radians.
  public func read(_ position: Double) -> Double {
    resolution > 0 ? (position / resolution).rounded() * resolution : position
  }
}
