import DockSimCore

/// The declaration of a mapping in a scenario file: its fields in the order they are documented, and
/// which of them go together.
///
/// The readers (`*Schema.read`) take their allowed field names from here, and `ScenarioJSONSchema`
/// turns the same declarations into the JSON Schema that editors use, so the two cannot list different
/// fields or bounds. Rules between fields that JSON Schema cannot state (a start angle inside the axis's
/// range, waypoint times increasing) stay in the readers; the schema is a necessary check, `docksim
/// validate` the complete one.
struct SectionSpec: Sendable {
  var fields: [FieldSpec]
  /// Groups of fields of which exactly one group must be given (polar or cartesian positions, one
  /// command per event).
  var exactlyOneOf: [[String]] = []
  /// Fields of which at least one must be given (`min` or `max` of an expectation).
  var atLeastOneOf: [String] = []

  init(_ fields: [FieldSpec], exactlyOneOf: [[String]] = [], atLeastOneOf: [String] = []) {
    self.fields = fields
    self.exactlyOneOf = exactlyOneOf
    self.atLeastOneOf = atLeastOneOf
  }

  /// The field names a reader allows, in declaration order (the order error messages list them in).
  var names: [String] { fields.map(\.name) }

  var hasRequiredFields: Bool { fields.contains(where: \.required) }
}

/// One field of a mapping: its name as written in YAML, what it holds, and whether it must be given.
struct FieldSpec: Sendable {
  var name: String
  var kind: FieldKind
  var required: Bool
  /// What the field means, for the JSON Schema's `description` (fields declared in a parameter table).
  var description: String?

  init(_ name: String, _ kind: FieldKind, required: Bool = false, description: String? = nil) {
    self.name = name
    self.kind = kind
    self.required = required
    self.description = description
  }
}

/// What a field holds. Numbers are in the unit the field's name says (degrees, milliseconds, metres), as
/// `NumberBounds` are.
indirect enum FieldKind: Sendable {
  /// A finite number within the bounds (integers are numbers too).
  case number(NumberBounds)
  /// A whole number in the range.
  case integer(ClosedRange<Int>)
  case boolean
  /// Only `true` (a button press).
  case onlyTrue
  /// A scalar read as text, optionally constrained.
  case text(minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil)
  /// One of the names.
  case choice([String])
  /// A mapping with the declared fields. Without required fields it may also be null, which reads as
  /// an empty mapping (a section whose body is commented out keeps every default).
  case section(SectionSpec)
  /// A sequence of elements, optionally bounded in length.
  case list(FieldKind, minCount: Int = 0, maxCount: Int? = nil)
  /// `[lower, upper]`, each end within the bounds.
  case interval(NumberBounds)
  /// The field may also be null.
  case nullable(FieldKind)
  /// Any of the alternatives.
  case anyOf([FieldKind])
  /// A named kind used in several places (emitted once, as a JSON Schema definition).
  case named(String, FieldKind)
}
