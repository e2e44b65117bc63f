import DockSimCore
import Testing

/// `TrackerParameters.table` declares every parameter once: each stored property has one entry, the
/// defaults are the initializer's, typed values are stored through the key paths (degrees as radians),
/// checked against the ranges, and the table says which tracker reads each one.
struct TrackerParameterTableTests {
  let table = TrackerParameters.table

  /// A value of `entry` other than its default, inside its range.
  func otherValue(_ entry: ParameterSpec<TrackerParameters>) -> ParameterValue {
    switch table.defaultValue(of: entry) {
    case .number(let x):
      let bounds: NumberBounds
      switch entry.kind {
      case .number(_, let b), .degrees(_, let b): bounds = b
      default: preconditionFailure()
      }
      // Halfway to the upper bound stays inside an open or closed interval.
      return .number(x + (bounds.upper! - x) / 2)
    case .integer(let n): return .integer(n == entry.range(in: table.defaults)!.lowerBound ? n + 1 : n - 1)
    case .boolean(let b): return .boolean(!b)
    }
  }

  @Test func everyStoredPropertyHasExactlyOneEntry() {
    let defaults = TrackerParameters()
    let labels = Mirror(reflecting: defaults).children.compactMap(\.label)
    #expect(table.entries.count == labels.count, "entries \(table.names) for properties \(labels)")
    var changed: [String] = []
    for entry in table.entries {
      var p = defaults
      entry.set(otherValue(entry), in: &p)
      let differing = zip(Mirror(reflecting: defaults).children, Mirror(reflecting: p).children)
        .filter { "\($0.value)" != "\($1.value)" }.compactMap(\.0.label)
      #expect(differing.count == 1, "\(entry.name) changes \(differing)")
      changed += differing
    }
    #expect(
      Set(changed).count == labels.count, "properties no entry stores: \(Set(labels).subtracting(changed))")
  }

  @Test func defaultsAreTheInitializers() {
    #expect(table.defaults == TrackerParameters())
    for entry in table.entries {
      #expect(table.defaultValue(of: entry) == entry.value(in: TrackerParameters()))
      #expect(entry.violation(of: table.defaultValue(of: entry), in: table.defaults) == nil, "\(entry.name)")
    }
  }

  @Test func namesSayTheirUnit() {
    for entry in table.entries {
      let inDegrees = entry.name.hasSuffix("_deg") || entry.name.hasSuffix("_deg_s")
      if case .degrees = entry.kind {
        #expect(inDegrees && entry.unit.hasPrefix("°"), "\(entry.name)")
      } else {
        #expect(!inDegrees, "\(entry.name)")
      }
      #expect(!entry.unit.isEmpty && !entry.doc.isEmpty && entry.doc.hasSuffix("."), "\(entry.name)")
      #expect(entry.name == entry.name.lowercased() && !entry.name.contains("-"))
    }
  }

  @Test func typedValuesAreStoredThroughTheKeyPaths() throws {
    let p = try table.applying([
      "gate": .number(16), "handover_angle_deg": .number(90), "confirm_hits": .integer(1),
      "anchor_cut_edges": .boolean(false), "initial_std_angle_rate_deg_s": .integer(180),
    ])
    var want = TrackerParameters()
    want.gate = 16
    want.handoverAngle = Angle.radians(degrees: 90)
    want.confirmHits = 1
    want.anchorCutEdges = false
    want.initialStdAngleRate = Double.pi
    #expect(p == want)
    #expect(table[name: "handover_angle_deg"]!.value(in: p) == .number(90))
    for entry in table.entries {
      let value = otherValue(entry)
      let set = try table.applying([entry.name: value])
      #expect(set != TrackerParameters(), "\(entry.name)")
      if case .number(let x) = value, case .number(let y) = entry.value(in: set) {
        #expect(abs(x - y) <= 1e-12 * abs(x), "\(entry.name)")
      } else {
        #expect(entry.value(in: set) == value, "\(entry.name)")
      }
    }
  }

  @Test func valuesOutsideTheRangesAreRefused() {
    let cases: [(String, ParameterValue, String)] = [
      ("gate", .number(0), "gate: expected a number > 0, got 0"),
      ("handover_angle_deg", .number(100), "handover_angle_deg: expected a number <= 90, got 100"),
      ("edge_size_noise_factor", .number(.nan), "expected a finite number (a number in [1, 10000])"),
      ("reacquire_frames", .integer(-1), "reacquire_frames: expected an integer in 0 ... 10000, got -1"),
      ("max_coast_s", .number(-1), "max_coast_s: expected a number >= 0, got -1"),
      ("confirm_hits", .number(2), "confirm_hits: expected an integer in 1 ... 100, got 2"),
      ("anchor_cut_edges", .integer(1), "anchor_cut_edges: expected true or false, got 1"),
      ("gait", .number(1), "gait: unknown parameter; expected one of: process_noise_angle,"),
    ]
    for (name, value, message) in cases {
      #expect {
        try table.applying([name: value])
      } throws: { error in
        "\(error)".contains(message)
      }
    }
  }

  /// A table's integer field bounded by another: checked when given, lowered to it when not (as the
  /// scenario reader does). No tracker parameter uses it today; a small group of its own shows it.
  struct Window: Sendable {
    var window = 30
    var minHits = 6
  }

  static let windowTable = ParameterTable<Window>(
    defaults: Window(),
    [
      .integer("window", \.window, unit: "frames", 1...64, readers: .multiTargetTracker, doc: "Window."),
      .integer(
        "min_hits", \.minHits, unit: "–", from: 0, atMost: \.window, readers: .multiTargetTracker,
        doc: "Fewest hits."),
    ])

  @Test func aFieldBoundedByAnotherFollowsIt() throws {
    let t = Self.windowTable
    #expect(try t.applying(["window": .integer(4)]).minHits == 4)
    #expect(try t.applying(["window": .integer(40)]).minHits == 6)
    #expect(try t.applying(["min_hits": .integer(30)]).minHits == 30)
    #expect {
      try t.applying(["window": .integer(5), "min_hits": .integer(10)])
    } throws: { error in
      "\(error)" == "min_hits: expected an integer in 0 ... 5, got 10"
    }
    #expect(t.widestRange(of: t[name: "min_hits"]!) == 0...64)
  }

  /// Who reads what: the GNN reference only the filter's own parameters, `reacquire_frames` only the
  /// single-subject tracker, everything some tracker.
  @Test func theTableSaysWhichTrackerReadsEachParameter() {
    let filter: Set = [
      "process_noise_angle", "process_noise_log_size", "measurement_noise_center", "measurement_noise_height",
      "measurement_noise_center_slope", "measurement_noise_height_slope", "initial_std_angle_deg",
      "initial_std_log_size", "initial_std_angle_rate_deg_s", "initial_std_log_size_rate", "gate",
    ]
    for entry in table.entries {
      #expect(!entry.readers.isEmpty, "\(entry.name) is read by no tracker")
      #expect(entry.readers.contains(.gnnReference) == filter.contains(entry.name), "\(entry.name)")
      #expect(
        entry.readers.contains(.multiTargetTracker) == (entry.name != "reacquire_frames"), "\(entry.name)")
    }
    #expect(table[name: "reacquire_frames"]!.readers == .singleSubjectTracker)
  }
}
