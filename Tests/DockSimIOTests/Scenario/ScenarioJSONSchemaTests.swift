import DockSimIO
import Foundation
import Testing

/// The scenario JSON Schema: the committed copy is the generated one, and its bounds are the reader's
/// (a value just past one is refused naming that field; a value at one is not refused for its bound).
@Suite struct ScenarioJSONSchemaTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func committedSchemaIsTheGeneratedOne() throws {
    let committed = try String(
      contentsOf: Self.repository.appendingPathComponent(ScenarioJSONSchema.repositoryPath), encoding: .utf8)
    // On a mismatch: .build/debug/docksim schema scenario --out Scenarios/schema/scenario.schema.json
    #expect(committed == ScenarioJSONSchema.generate())
  }

  @Test func generationIsStableAndValidJSON() throws {
    let text = ScenarioJSONSchema.generate()
    #expect(text == ScenarioJSONSchema.generate())
    let root = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(root["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
    #expect(root["additionalProperties"] as? Bool == false)
    #expect((root["required"] as? [String]) == ["name", "seed", "duration_s"])
    // subjects, or a crowd that gives them.
    let either = (root["anyOf"] as? [[String: Any]])?.compactMap { $0["required"] as? [String] }
    #expect(either == [["subjects"], ["crowd"]])
  }

  /// A bounded number or integer field of the schema, with the override path that reaches it from
  /// `ScenarioSamples.minimal`.
  struct Bound: CustomStringConvertible {
    var path: String
    var value: String
    /// Valid values for the required fields beside it in a section the sample does not have.
    var companions: [String] = []
    /// Just past the schema's bound, or at (just inside) it.
    var kind: Kind
    enum Kind { case past, within }
    var description: String { "\(path)=\(value)" }
  }

  /// Every value just outside a bound the schema states, and at it, for each field the minimal sample
  /// can reach by `--set` (list elements at index 0 of the lists the sample has: subjects and their
  /// paths).
  static func boundsPastTheSchema() throws -> [Bound] {
    let text = ScenarioJSONSchema.generate()
    let root = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let definitions = root["definitions"] as? [String: Any] ?? [:]
    var out: [Bound] = []

    func resolve(_ schema: [String: Any]) -> [String: Any] {
      guard let ref = schema["$ref"] as? String else { return schema }
      return definitions[String(ref.split(separator: "/").last ?? "")] as? [String: Any] ?? [:]
    }
    func types(_ schema: [String: Any]) -> [String] {
      (schema["type"] as? [String]) ?? [(schema["type"] as? String)].compactMap { $0 }
    }
    /// A value inside the schema's bounds of a number or integer field.
    func inside(_ schema: [String: Any]) -> String? {
      let lower = (schema["minimum"] as? Double) ?? (schema["exclusiveMinimum"] as? Double)
      let upper = (schema["maximum"] as? Double) ?? (schema["exclusiveMaximum"] as? Double)
      guard let lower, let upper else { return nil }
      return types(schema) == ["integer"] ? "\(Int(lower))" : "\((lower + upper) / 2)"
    }
    // The sections ScenarioSamples.minimal has, whose required fields are there already.
    let inSample: Set<String> = ["", "subjects[0]", "subjects[0].path[0]"]
    var companions: [String] = []
    func walk(_ raw: [String: Any], _ path: String) {
      let schema = resolve(raw)
      let kinds = types(schema)
      if kinds.contains("object"), let properties = schema["properties"] as? [String: Any] {
        // Fields of a second alternative form (cartesian beside the sample's polar waypoint) would be
        // refused for the mix, not the bound.
        let groups = (schema["oneOf"] as? [[String: Any]])?.compactMap { $0["required"] as? [String] } ?? []
        let otherForms = Set(groups.dropFirst().joined())
        let required = (schema["required"] as? [String]) ?? []
        let saved = companions
        if !inSample.contains(path) {
          for name in required {
            guard let field = properties[name] as? [String: Any], let value = inside(field) else { continue }
            companions.append("\(path).\(name)=\(value)")
          }
        }
        for name in properties.keys.sorted() where !otherForms.contains(name) {
          // One metric stands for all: they share one definition.
          if path == "expect", name != "mota" { continue }
          walk(properties[name] as? [String: Any] ?? [:], path.isEmpty ? name : "\(path).\(name)")
        }
        companions = saved
      } else if kinds.contains("array"), path == "subjects" || path.hasSuffix("].path") {
        walk(schema["items"] as? [String: Any] ?? [:], "\(path)[0]")
      } else if kinds == ["number"] {
        let others = companions.filter { !$0.hasPrefix(path + "=") }
        func add(_ value: Double, _ kind: Bound.Kind) {
          out.append(Bound(path: path, value: "\(value)", companions: others, kind: kind))
        }
        if let v = schema["minimum"] as? Double {
          add(v - 1, .past)
          add(v, .within)
        }
        if let v = schema["exclusiveMinimum"] as? Double {
          add(v, .past)
          add(v.nextUp, .within)
        }
        if let v = schema["maximum"] as? Double {
          add(v + max(1, abs(v) / 2), .past)
          add(v, .within)
        }
        if let v = schema["exclusiveMaximum"] as? Double {
          add(v, .past)
          add(v.nextDown, .within)
        }
      } else if kinds == ["integer"] {
        let others = companions.filter { !$0.hasPrefix(path + "=") }
        func add(_ value: Int, _ kind: Bound.Kind) {
          out.append(Bound(path: path, value: "\(value)", companions: others, kind: kind))
        }
        if let v = schema["minimum"] as? Int {
          add(v - 1, .past)
          add(v, .within)
        }
        if let v = schema["maximum"] as? Int {
          if v < Int.max { add(v + 1, .past) }
          add(v, .within)
        }
      } else if kinds.isEmpty, let first = (schema["anyOf"] as? [[String: Any]])?.first,
        types(first).contains("object")
      {
        // A nullable mapping with alternatives of its own (an expectation: min or max) is
        // `anyOf: [the mapping, null]`.
        walk(first, path)
      }
    }
    walk(root, "")
    return out
  }

  /// Bounds the schema states looser than the reader, because the reader's depends on another field;
  /// the test checks these are the only ones.
  static let boundsOnOtherFields: Set<String> = [
    "sensors.encoder_rate_hz",  // at most physics_rate_hz
    "sensors.gyro_rate_hz",  // at most physics_rate_hz
  ]

  @Test func everyBoundOfTheSchemaIsEnforced() throws {
    let bounds = try Self.boundsPastTheSchema()
    // Every section's numbers are reached, not a handful.
    #expect(bounds.count > 300)
    for section in ["dock.yaw.", "camera.", "tracker.", "sensors.", "expect.mota.", "subjects[0].path[0]."] {
      #expect(bounds.contains { $0.path.hasPrefix(section) }, "no bound under \(section)")
    }
    var refusedWithin: Set<String> = []
    for bound in bounds {
      var overrides = ScenarioOverrides()
      for companion in bound.companions { try overrides.addAssignment(companion) }
      try overrides.addAssignment(bound.description)
      do {
        _ = try ScenarioLoader.parse(
          yaml: ScenarioSamples.minimal, file: "minimal.yaml", overrides: overrides)
        #expect(bound.kind == .within, "\(bound) is outside the schema but the reader accepted it")
      } catch {
        switch bound.kind {
        case .past:
          #expect(error.field == bound.path, "\(bound) with \(bound.companions): \(error)")
        case .within:
          // Another rule (a cross-field one) may refuse it, but not the field's own bound.
          let ownBound = ["expected a number", "expected an integer", "expected a finite number"].contains {
            error.message.hasPrefix($0)
          }
          if error.field == bound.path, ownBound { refusedWithin.insert(bound.path) }
        }
      }
    }
    #expect(refusedWithin == Self.boundsOnOtherFields)
  }
}
