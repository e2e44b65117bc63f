import Foundation

/// The allowed interval of a number field, with the wording used in error messages and docs.
///
/// Bounds are in the unit of the field as written (degrees, milliseconds, …), not the core's SI unit,
/// so a message quotes the number the user would write.
public struct NumberBounds: Sendable, Equatable {
  public var lower: Double?
  public var lowerInclusive: Bool
  public var upper: Double?
  public var upperInclusive: Bool

  public init(lower: Double?, lowerInclusive: Bool, upper: Double?, upperInclusive: Bool) {
    self.lower = lower
    self.lowerInclusive = lowerInclusive
    self.upper = upper
    self.upperInclusive = upperInclusive
  }

  /// (0, max]
  public static func positive(max: Double) -> NumberBounds {
    NumberBounds(lower: 0, lowerInclusive: false, upper: max, upperInclusive: true)
  }
  /// [0, max]
  public static func nonNegative(max: Double) -> NumberBounds {
    NumberBounds(lower: 0, lowerInclusive: true, upper: max, upperInclusive: true)
  }
  /// [a, b]
  public static func closed(_ a: Double, _ b: Double) -> NumberBounds {
    NumberBounds(lower: a, lowerInclusive: true, upper: b, upperInclusive: true)
  }
  /// (a, b)
  public static func open(_ a: Double, _ b: Double) -> NumberBounds {
    NumberBounds(lower: a, lowerInclusive: false, upper: b, upperInclusive: false)
  }

  /// "a number in (0, 86400]": what a field of this kind expects.
  public var summary: String {
    switch (lower, upper) {
    case (.some, .some): return "a number in \(interval)"
    case (.some, nil), (nil, .some): return "a number \(interval)"
    case (nil, nil): return "a number"
    }
  }

  /// The interval alone, as the docs' tables write it: "(0, 86400]", "> 0", "<= 1"; empty without
  /// bounds.
  public var interval: String {
    switch (lower, upper) {
    case (let lo?, let hi?):
      return "\(lowerInclusive ? "[" : "(")\(Self.format(lo)), \(Self.format(hi))"
        + (upperInclusive ? "]" : ")")
    case (let lo?, nil): return "\(lowerInclusive ? ">=" : ">") \(Self.format(lo))"
    case (nil, let hi?): return "\(upperInclusive ? "<=" : "<") \(Self.format(hi))"
    case (nil, nil): return ""
    }
  }

  /// The expectation `value` breaks, naming only the bound it crosses ("a number > 0"), or nil when
  /// the value is allowed.
  public func violation(_ value: Double) -> String? {
    if let lo = lower, lowerInclusive ? value < lo : value <= lo {
      return "a number \(lowerInclusive ? ">=" : ">") \(Self.format(lo))"
    }
    if let hi = upper, upperInclusive ? value > hi : value >= hi {
      return "a number \(upperInclusive ? "<=" : "<") \(Self.format(hi))"
    }
    return nil
  }

  /// Whole numbers without a fraction, others with six significant digits: bounds derived from
  /// radians (20 rad/s = 1145.9156…°/s) stay readable.
  public static func format(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return String(format: "%.6g", x)
  }
}
