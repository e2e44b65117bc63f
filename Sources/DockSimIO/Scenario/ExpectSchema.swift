import DockSimCore

/// The `expect:` section: bounds on the run's metrics.
///
///     expect:
///       framing_error_rms: { max: 0.05 }
///       in_frame_ratio: { min: 0.95 }
///       primary_switches: { max: 0 }
enum ExpectSchema {
  static let bound = NumberBounds.closed(-1e12, 1e12)

  /// A metric name for each field, each holding an expectation.
  static let spec = SectionSpec(
    MetricCatalog.names.map {
      FieldSpec($0, .named("expectation", .section(expectationSpec(allowsShare: true))))
    })

  static func expectationSpec(allowsShare: Bool) -> SectionSpec {
    SectionSpec(
      [FieldSpec("min", .number(bound)), FieldSpec("max", .number(bound))]
        + (allowsShare ? [FieldSpec("share", .number(shareBounds))] : []),
      atLeastOneOf: ["min", "max"])
  }

  static func read(_ node: NodeReader?) throws(InputError) -> [Expectation] {
    guard let node, !node.isNull else { return [] }
    let m = try node.mapping(allowed: spec.names)
    var out: [Expectation] = []
    // In the catalogue's order, so results are listed the same way whatever the file's order.
    for key in MetricCatalog.scenario {
      guard let entry = m[key.name] else { continue }
      out.append(try expectation(key, entry, allowsShare: true))
    }
    return out
  }

  /// The share of seeds an expectation must hold in: more than none, at most all.
  static let shareBounds = NumberBounds(lower: 0, lowerInclusive: false, upper: 1, upperInclusive: true)

  /// `{ min: a, max: b }` (either or both) bounding `metric`; also a tuning's constraints. With
  /// `allowsShare` (a scenario's `expect:`) also `share: s`, 0 < s ≤ 1, the share of Monte Carlo
  /// seeds that must meet the bound.
  static func expectation(_ metric: MetricKey, _ entry: NodeReader, allowsShare: Bool = false)
    throws(InputError) -> Expectation
  {
    let b = try entry.mapping(allowed: expectationSpec(allowsShare: allowsShare).names)
    let lo = try b["min"].map { n throws(InputError) in try n.number(bound) }
    let hi = try b["max"].map { n throws(InputError) in try n.number(bound) }
    let share = try b["share"].map { n throws(InputError) in try n.number(shareBounds) }
    guard lo != nil || hi != nil else { throw entry.mismatch("a mapping with min, max or both") }
    if let lo, let hi, lo > hi { throw entry.error("expected min ≤ max, got min \(lo) > max \(hi)") }
    return Expectation(metric: metric, minimum: lo, maximum: hi, share: share)
  }
}
