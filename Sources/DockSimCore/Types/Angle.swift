import Foundation

/// Angle helpers. All angles in DockSim's core are radians.
public enum Angle {
  /// `a` wrapped into (-π, π].
  @inlinable
  public static func wrap(_ a: Double) -> Double {
    // remainder is exact and returns `a` itself when |a| < π (the nearest multiple of 2π is 0), so
    // the common case skips the libm call and gives the same bits.
    if abs(a) < Double.pi { return a }
    var r = remainder(a, 2 * Double.pi)
    if r <= -Double.pi { r += 2 * Double.pi }
    return r
  }
  /// The signed shortest difference `a - b`, in (-π, π].
  @inlinable
  public static func difference(_ a: Double, _ b: Double) -> Double { wrap(a - b) }
  /// Degrees to radians.
  @inlinable
  public static func radians(degrees: Double) -> Double { degrees * Double.pi / 180 }
  /// Radians to degrees.
  @inlinable
  public static func degrees(radians: Double) -> Double { radians * 180 / Double.pi }
}
