import DockSimCore
import DockSimIO
import Foundation
import Testing

/// What `TrackerParameters.table` derives in DockSimIO: the scenario reader (every entry round-trips,
/// is checked against its range and named in messages), the JSON Schema (every entry listed, with its
/// bounds and description), and the values given outside a file (`docksim replay`'s options, the values
/// `docksim tune` tries on logs).
struct TrackerParameterTableReadingTests {
  static let table = TrackerParameters.table

  /// `value` as YAML text (numbers in Swift's shortest round-trip form).
  static func text(_ value: ParameterValue, of entry: ParameterSpec<TrackerParameters>) -> String {
    guard case .number(let x) = value else { return "\(value)" }
    return "\(x)"
  }

  static func defaultText(_ entry: ParameterSpec<TrackerParameters>) -> String {
    text(table.defaultValue(of: entry), of: entry)
  }

  /// Equal, except that a field written in degrees may differ by the rounding of its conversion: no
  /// number of degrees converts to exactly 0.12 rad (the default `handover_angle_deg`:
  /// 6.875493541569878° gives 0.11999999999999998 rad, the next double up already more than 0.12).
  static func same(_ a: TrackerParameters, _ b: TrackerParameters) -> Bool {
    table.entries.allSatisfy { entry in
      guard case .degrees(let path, _) = entry.kind else { return entry.value(in: a) == entry.value(in: b) }
      return abs(a[keyPath: path] - b[keyPath: path]) <= 2 * b[keyPath: path].ulp
    }
  }

  static func scenario(tracker lines: [String]) throws(InputError) -> Scenario {
    let yaml = ScenarioSamples.minimal + "tracker:\n" + lines.map { "  \($0)\n" }.joined()
    return try ScenarioLoader.parse(yaml: yaml, file: "s.yaml")
  }

  /// YAML → reader → struct equals the default, for every entry alone and all together.
  @Test func everyEntryRoundTripsItsDefault() throws {
    for entry in Self.table.entries {
      let s = try Self.scenario(tracker: ["\(entry.name): \(Self.defaultText(entry))"])
      #expect(Self.same(s.tracker, TrackerParameters()), "\(entry.name): \(Self.defaultText(entry))")
      if case .degrees = entry.kind { continue }
      #expect(s.tracker == TrackerParameters(), "\(entry.name): \(Self.defaultText(entry))")
    }
    let all = try Self.scenario(tracker: Self.table.entries.map { "\($0.name): \(Self.defaultText($0))" })
    #expect(Self.same(all.tracker, TrackerParameters()))
  }

  /// A value at an end of every range is read into its property (in radians for degrees), one just
  /// past it is refused naming the field and the bound.
  @Test func everyEntryIsCheckedAgainstItsRange() throws {
    for entry in Self.table.entries {
      let inside: ParameterValue
      let outside: (String, String)
      switch entry.kind {
      case .number(_, let bounds), .degrees(_, let bounds):
        inside = .number(bounds.upper!)
        outside = ("\(bounds.upper! * 2 + 1)", "expected a number <= \(NumberBounds.format(bounds.upper!))")
      case .integer:
        let range = entry.range(in: Self.table.defaults)!
        inside = .integer(range.upperBound)
        outside = (
          "\(range.upperBound + 1)", "expected an integer in \(range.lowerBound) ... \(range.upperBound)"
        )
      case .boolean:
        inside = .boolean(Self.table.defaultValue(of: entry) != .boolean(true))
        outside = ("2", "expected true or false")
      }
      let s = try Self.scenario(tracker: ["\(entry.name): \(Self.text(inside, of: entry))"])
      if case .number(let x) = inside, case .number(let y) = entry.value(in: s.tracker) {
        #expect(abs(x - y) <= 1e-12 * x, "\(entry.name)")
      } else {
        #expect(entry.value(in: s.tracker) == inside, "\(entry.name)")
      }
      #expect {
        try Self.scenario(tracker: ["\(entry.name): \(outside.0)"])
      } throws: { error in
        "\(error)".contains("s.yaml:11: tracker.\(entry.name): \(outside.1), got \(outside.0)")
      }
    }
  }

  @Test func theReaderKeepsItsMessages() throws {
    #expect {
      try Self.scenario(tracker: ["quality_min_hit_share: 1.5"])
    } throws: { error in
      "\(error)" == "s.yaml:11: tracker.quality_min_hit_share: expected a number <= 1, got 1.5"
    }
    #expect(try Self.scenario(tracker: ["quality_window_s: 0.5"]).tracker.qualityWindowTime == 0.5)
    #expect {
      try Self.scenario(tracker: ["gait: 3"])
    } throws: { error in
      "\(error)".contains(
        "tracker.gait: unknown field 'gait' (did you mean 'gate'?); expected one of: \(Self.table.names.joined(separator: ", "))"
      )
    }
    #expect {
      try Self.scenario(tracker: ["confirm_hits: 2.0"])
    } throws: { error in
      "\(error)".contains("tracker.confirm_hits: expected an integer in 1 ... 100, got 2.0")
    }
    #expect {
      try Self.scenario(tracker: ["gate: .nan"])
    } throws: { error in
      "\(error)".contains("tracker.gate: expected a finite number (a number in (0, 1000]), got .nan")
    }
  }

  /// The JSON Schema's `tracker` lists every entry in the table's order, with its type, bounds and
  /// description.
  @Test func theJSONSchemaListsEveryEntry() throws {
    let root = try #require(
      JSONSerialization.jsonObject(with: Data(ScenarioJSONSchema.generate().utf8)) as? [String: Any])
    let tracker = try #require((root["properties"] as? [String: Any])?["tracker"] as? [String: Any])
    let properties = try #require(tracker["properties"] as? [String: Any])
    #expect(Set(properties.keys) == Set(Self.table.names))
    let text = ScenarioJSONSchema.generate()
    let order = Self.table.names.map { text.range(of: "\"\($0)\": {")!.lowerBound }
    #expect(order == order.sorted(), "in the table's order")
    for entry in Self.table.entries {
      let field = try #require(properties[entry.name] as? [String: Any])
      #expect(field["description"] as? String == TrackerParameterDocs.description(entry))
      #expect((field["description"] as? String)?.hasPrefix(entry.doc) == true)
      switch entry.kind {
      case .number(_, let bounds), .degrees(_, let bounds):
        #expect(field["type"] as? String == "number")
        let upper = field[bounds.upperInclusive ? "maximum" : "exclusiveMaximum"] as? Double
        let lower = field[bounds.lowerInclusive ? "minimum" : "exclusiveMinimum"] as? Double
        #expect(upper == bounds.upper && lower == bounds.lower, "\(entry.name)")
      case .integer:
        let range = try #require(Self.table.widestRange(of: entry))
        #expect(field["type"] as? String == "integer")
        #expect(field["minimum"] as? Int == range.lowerBound && field["maximum"] as? Int == range.upperBound)
      case .boolean:
        #expect(field["type"] as? String == "boolean")
      }
    }
  }

  /// `docksim replay`'s options: one per parameter a replayed tracker reads; each default given as
  /// typed changes nothing, a bad value names the option, and the GNN reference refuses what it does
  /// not read.
  @Test func replayOptionsComeFromTheTable() throws {
    let options = TrackerParameterInput.replayOptions
    #expect(options.map(\.parameter.name) == Self.table.names.filter { $0 != "reacquire_frames" })
    #expect(TrackerParameterInput.notReplayOptions.map(\.name) == ["reacquire_frames"])
    #expect(options.first { $0.parameter.name == "anchor_cut_edges" }?.flag == "--cut-edges")
    #expect(options.first { $0.parameter.name == "handover_angle_deg" }?.flag == "--handover-angle-deg")
    var given: [String: String] = [:]
    for option in options {
      if let words = option.words {
        given[option.parameter.name] = words.whenTrue
      } else {
        given[option.parameter.name] = Self.defaultText(option.parameter)
      }
    }
    #expect(
      Self.same(
        try TrackerParameterInput.replayParameters(given, tracker: .multiTargetTracker), TrackerParameters()))
    let gnn = given.filter { name, _ in Self.table[name: name]!.readers.contains(.gnnReference) }
    #expect(try TrackerParameterInput.replayParameters(gnn, tracker: .gnnReference) == TrackerParameters())
    #expect {
      try TrackerParameterInput.replayParameters(["size_gate": "0.3"], tracker: .gnnReference)
    } throws: { error in
      "\(error)".hasPrefix("--size-gate: applies to --tracker multi")
    }
    let typed = try TrackerParameterInput.replayParameters(
      ["handover_angle_deg": "90", "anchor_cut_edges": "center", "gate": "1e1", "confirm_hits": "0x10"],
      tracker: .multiTargetTracker)
    #expect(typed.handoverAngle == Double.pi / 2 && !typed.anchorCutEdges && typed.gate == 10)
    #expect(typed.confirmHits == 16)
    let refused: [([String: String], String)] = [
      (["max_coast_s": "-1"], "--max-coast-s: expected a number >= 0, got -1"),
      (
        ["confirm_hits": "many"],
        "--confirm-hits: expected an integer in 1 ... 100, got the string \"many\""
      ),
      (["anchor_cut_edges": "middle"], "--cut-edges: expected one of 'anchor' and 'center', got 'middle'"),
      (["gate": ""], "--gate: expected a value, got an empty one"),
    ]
    for (values, message) in refused {
      #expect {
        try TrackerParameterInput.replayParameters(values, tracker: .multiTargetTracker)
      } throws: { error in
        "\(error)" == message
      }
    }
  }

  /// The values `docksim tune` tries on a log, as text: read and checked as the scenario field.
  @Test func tunedValuesAreReadAsTheScenarioField() throws {
    let p = try TrackerParameterInput.parameters(
      [(field: "initial_std_angle_deg", text: "180"), (field: "max_occlusion_s", text: "2")], source: "t.yaml"
    )
    #expect(p.initialStdAngle == Double.pi && p.maxOcclusionTime == 2)
    #expect {
      try TrackerParameterInput.parameters([(field: "gaet", text: "3")], source: "t.yaml: parameters")
    } throws: { error in
      "\(error)".hasPrefix("t.yaml: parameters: tracker.gaet: unknown field 'gaet' (did you mean 'gate'?)")
    }
    #expect {
      try TrackerParameterInput.parameters([(field: "gate", text: "5000.0")], source: "t.yaml: parameters")
    } throws: { error in
      "\(error)" == "t.yaml: parameters: tracker.gate: expected a number <= 1000, got 5000.0"
    }
  }
}
