import Foundation

/// The allowed interval of a number field, with the wording used in error messages and docs.
///
/// Bounds are in the unit of the YAML field (degrees, milliseconds, …), not the core's SI unit, so a
/// message quotes the number the user would write.
struct NumberBounds: Sendable {
  var lower: Double?
  var lowerInclusive: Bool
  var upper: Double?
  var upperInclusive: Bool

  /// (0, max]
  static func positive(max: Double) -> NumberBounds {
    NumberBounds(lower: 0, lowerInclusive: false, upper: max, upperInclusive: true)
  }
  /// [0, max]
  static func nonNegative(max: Double) -> NumberBounds {
    NumberBounds(lower: 0, lowerInclusive: true, upper: max, upperInclusive: true)
  }
  /// [a, b]
  static func closed(_ a: Double, _ b: Double) -> NumberBounds {
    NumberBounds(lower: a, lowerInclusive: true, upper: b, upperInclusive: true)
  }
  /// (a, b)
  static func open(_ a: Double, _ b: Double) -> NumberBounds {
    NumberBounds(lower: a, lowerInclusive: false, upper: b, upperInclusive: false)
  }

  /// "a number in (0, 86400]": what a field of this kind expects.
  var summary: String {
    switch (lower, upper) {
    case (let lo?, let hi?):
      return "a number in \(lowerInclusive ? "[" : "(")\(Self.format(lo)), \(Self.format(hi))"
        + (upperInclusive ? "]" : ")")
    case (let lo?, nil): return "a number \(lowerInclusive ? ">=" : ">") \(Self.format(lo))"
    case (nil, let hi?): return "a number \(upperInclusive ? "<=" : "<") \(Self.format(hi))"
    case (nil, nil): return "a number"
    }
  }

  /// The expectation `value` breaks, naming only the bound it crosses ("a number > 0"), or nil when
  /// the value is allowed.
  func violation(_ value: Double) -> String? {
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
  static func format(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return String(format: "%.6g", x)
  }
}
