import DockSimCore
import DockSimIO
import Foundation

/// The search space mapped onto the unit cube: the optimizers work on points in [0, 1]^d, and each
/// point decodes to one value per parameter.
///
/// Real values are rounded to six significant digits when decoded, so the value written to
/// `trials.csv` and `best.yaml` is exactly the value that was evaluated.
public struct SearchSpace: Sendable {
  public let parameters: [TuneParameter]
  public init(_ parameters: [TuneParameter]) { self.parameters = parameters }

  public var dimension: Int { parameters.count }

  /// The value of every parameter at `point` (coordinates clamped to [0, 1]), as YAML scalar text.
  public func values(at point: [Double]) -> [String] {
    zip(parameters, point).map { p, x in Self.value(of: p.domain, at: min(1, max(0, x))) }
  }

  static func value(of domain: TuneParameter.Domain, at x: Double) -> String {
    switch domain {
    case .real(let lo, let hi, let logarithmic):
      let v = logarithmic ? exp(log(lo) + x * (log(hi) - log(lo))) : lo + x * (hi - lo)
      return CSVFormat.cell(min(hi, max(lo, significant(v))))
    case .integer(let lo, let hi, let logarithmic):
      let a = Double(lo)
      let b = Double(hi)
      let v = logarithmic && lo > 0 ? exp(log(a) + x * (log(b) - log(a))) : a + x * (b - a)
      return "\(min(hi, max(lo, Int(v.rounded()))))"
    case .choice(let values):
      return values[min(values.count - 1, Int(x * Double(values.count)))]
    }
  }

  /// `v` rounded to `digits` significant decimal digits (locale-free, for values and reports).
  public static func significant(_ v: Double, digits: Int = 6) -> Double {
    guard v != 0, v.isFinite else { return v }
    let k = digits - 1 - Int(log10(abs(v)).rounded(.down))
    // Scale by an exact power of ten in the direction that keeps it exact.
    if k >= 0 {
      let scale = pow(10.0, Double(k))
      return (v * scale).rounded() / scale
    }
    let scale = pow(10.0, Double(-k))
    return (v / scale).rounded() * scale
  }

  /// The point of the unit cube where every parameter takes `values` (the inverse of `values(at:)`
  /// for values inside the ranges; a choice sits in the middle of its share of the axis).
  public func point(of values: [String]) -> [Double] {
    zip(parameters, values).map { p, text in
      switch p.domain {
      case .real(let lo, let hi, let logarithmic):
        let v = Double(text) ?? lo
        return logarithmic ? (log(v) - log(lo)) / (log(hi) - log(lo)) : (v - lo) / (hi - lo)
      case .integer(let lo, let hi, let logarithmic):
        let v = Double(text) ?? Double(lo)
        let (a, b) = (Double(lo), Double(hi))
        return logarithmic && lo > 0 ? (log(v) - log(a)) / (log(b) - log(a)) : (v - a) / (b - a)
      case .choice(let values):
        return (Double(values.firstIndex(of: text) ?? 0) + 0.5) / Double(values.count)
      }
    }
  }

  /// The tracker parameters of a candidate for a recorded log: `base` (the log entry's tracker) with
  /// each `tracker.*` parameter set to its value, checked and stored typed through `TrackerParameters.table`
  /// (a log is replayed through the tracker alone: other parameters do not apply).
  ///
  /// - Throws: `InputError` naming `source` and the field, for a value the field does not allow.
  public func trackerParameters(
    _ values: [String], base: TrackerParameters = TrackerParameters(), source: String
  ) throws(InputError) -> TrackerParameters {
    let tracker = zip(parameters, values).compactMap { p, value in
      p.path.hasPrefix(Self.trackerPrefix)
        ? (field: String(p.path.dropFirst(Self.trackerPrefix.count)), text: value) : nil
    }
    return try TrackerParameterInput.parameters(tracker, base: base, source: source)
  }

  /// Paths below it are tracker parameters (`TrackerParameters.table`).
  static let trackerPrefix = "tracker."

  /// Scenario overrides setting each parameter to its value.
  public func overrides(_ values: [String], on base: ScenarioOverrides) throws -> ScenarioOverrides {
    var o = base
    for (p, v) in zip(parameters, values) { try o.addAssignment("\(p.path)=\(v)") }
    return o
  }

  /// The values to try when checking the space before the search: each end of every range and every
  /// choice, so a parameter a scenario would refuse is reported before any trial runs.
  public var probeValues: [(parameter: Int, value: String)] {
    var out: [(Int, String)] = []
    for (i, p) in parameters.enumerated() {
      switch p.domain {
      case .real, .integer:
        out.append((i, Self.value(of: p.domain, at: 0)))
        out.append((i, Self.value(of: p.domain, at: 1)))
      case .choice(let values): out += values.map { (i, $0) }
      }
    }
    return out
  }
}
