/// The components that read a parameter: which of the trackers uses it (`TrackerParameters.table`).
///
/// A parameter no reader uses would be a setting that changes nothing; the table says who reads each
/// one, and `docksim replay` offers an option only for what its trackers read.
public struct ParameterReaders: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// `SingleSubjectTracker`: one EKF on the best observation (a library type).
  public static let singleSubjectTracker = ParameterReaders(rawValue: 1 << 0)
  /// `MultiTargetTracker`: scenario runs and `docksim replay`.
  public static let multiTargetTracker = ParameterReaders(rawValue: 1 << 1)
  /// `GNNReferenceTracker` (DockSimHarness): `docksim replay --tracker gnn`.
  public static let gnnReference = ParameterReaders(rawValue: 1 << 2)
  /// Every tracker: the filter's own parameters.
  public static let allTrackers: ParameterReaders = [
    .singleSubjectTracker, .multiTargetTracker, .gnnReference,
  ]
}

/// A parameter's value in the unit of its field as written: degrees for a `degrees` field, which
/// stores radians.
public enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
  case number(Double)
  case integer(Int)
  case boolean(Bool)

  /// Whole numbers without a fraction, others in Swift's shortest round-trip form.
  public var description: String {
    switch self {
    case .number(let x): return x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
    case .integer(let n): return String(n)
    case .boolean(let b): return b ? "true" : "false"
    }
  }
}

/// One parameter of a group (`TrackerParameters.table`): its name in scenario files, its unit, the
/// values it allows, its default, who reads it, its documentation, and the property that stores it.
///
/// The scenario reader, the JSON Schema, `docksim replay`'s options, `docksim tune`'s checks and the
/// docs' tables are all derived from these declarations.
public struct ParameterSpec<Root: Sendable>: Sendable {
  /// A property of the group's struct.
  public typealias Path<Value> = WritableKeyPath<Root, Value> & Sendable

  /// What the parameter holds and where it is stored.
  public enum Kind: Sendable {
    /// A finite number within the bounds, stored as written.
    case number(Path<Double>, NumberBounds)
    /// An angle or angular rate written in degrees (the bounds too) and stored in radians.
    case degrees(Path<Double>, NumberBounds)
    /// A whole number within the bounds.
    case integer(Path<Int>, IntegerBounds)
    /// `true` or `false`; on the command line optionally spelled as two words.
    case boolean(Path<Bool>, BooleanSpelling?)
  }

  /// The allowed whole numbers: from `lower` to a fixed value or to another integer field's value.
  public struct IntegerBounds: Sendable {
    public enum Upper: Sendable {
      case value(Int)
      /// At most that field's value: checked when the parameter is given, and an absent one is
      /// lowered to it (a hit count to its window). The field is declared earlier.
      case field(Path<Int>)
    }
    public var lower: Int
    public var upper: Upper
  }

  /// A boolean written on the command line as one of two words (`--cut-edges anchor|center` for
  /// `anchor_cut_edges: true|false`) under its own option name.
  public struct BooleanSpelling: Sendable, Equatable {
    /// The option's name without dashes (`cut-edges`).
    public var option: String
    public var whenTrue: String
    public var whenFalse: String
    public init(option: String, whenTrue: String, whenFalse: String) {
      self.option = option
      self.whenTrue = whenTrue
      self.whenFalse = whenFalse
    }
  }

  /// The field's name in scenario files (`process_noise_angle`), snake case; `_deg` and `_deg_s`
  /// name degrees.
  public var name: String
  /// The unit as the docs write it (`rad²/s³`, `°`, `frames`; `–` for none).
  public var unit: String
  public var kind: Kind
  public var readers: ParameterReaders
  /// One sentence that stands alone (command-line help, the JSON Schema's description).
  public var doc: String
  /// More for the docs' table, after `doc`; may be empty.
  public var notes: String

  public init(
    name: String, unit: String, kind: Kind, readers: ParameterReaders, doc: String, notes: String = ""
  ) {
    self.name = name
    self.unit = unit
    self.kind = kind
    self.readers = readers
    self.doc = doc
    self.notes = notes
  }

  public static func number(
    _ name: String, _ path: Path<Double>, unit: String, _ bounds: NumberBounds, readers: ParameterReaders,
    doc: String, notes: String = ""
  ) -> Self {
    Self(name: name, unit: unit, kind: .number(path, bounds), readers: readers, doc: doc, notes: notes)
  }

  /// Written in degrees (`unit` `°` or `°/s`, `bounds` in degrees), stored in radians.
  public static func degrees(
    _ name: String, _ path: Path<Double>, unit: String, _ bounds: NumberBounds, readers: ParameterReaders,
    doc: String, notes: String = ""
  ) -> Self {
    Self(name: name, unit: unit, kind: .degrees(path, bounds), readers: readers, doc: doc, notes: notes)
  }

  public static func integer(
    _ name: String, _ path: Path<Int>, unit: String, _ range: ClosedRange<Int>, readers: ParameterReaders,
    doc: String, notes: String = ""
  ) -> Self {
    Self(
      name: name, unit: unit,
      kind: .integer(path, IntegerBounds(lower: range.lowerBound, upper: .value(range.upperBound))),
      readers: readers, doc: doc, notes: notes)
  }

  /// At least `lower` and at most the value of the integer field `atMost` (declared earlier).
  public static func integer(
    _ name: String, _ path: Path<Int>, unit: String, from lower: Int, atMost field: Path<Int>,
    readers: ParameterReaders, doc: String, notes: String = ""
  ) -> Self {
    Self(
      name: name, unit: unit, kind: .integer(path, IntegerBounds(lower: lower, upper: .field(field))),
      readers: readers, doc: doc, notes: notes)
  }

  public static func boolean(
    _ name: String, _ path: Path<Bool>, spelled: BooleanSpelling? = nil, readers: ParameterReaders,
    doc: String, notes: String = ""
  ) -> Self {
    Self(name: name, unit: "–", kind: .boolean(path, spelled), readers: readers, doc: doc, notes: notes)
  }

  /// The value in `root`, in the field's unit (degrees for a `degrees` field).
  public func value(in root: Root) -> ParameterValue {
    switch kind {
    case .number(let path, _): return .number(root[keyPath: path])
    case .degrees(let path, _): return .number(Angle.degrees(radians: root[keyPath: path]))
    case .integer(let path, _): return .integer(root[keyPath: path])
    case .boolean(let path, _): return .boolean(root[keyPath: path])
    }
  }

  /// Stores `value` (in the field's unit; a `degrees` field converts it to radians). An integer is
  /// taken for a number field; any other mismatch is a programming error (check `violation` first).
  public func set(_ value: ParameterValue, in root: inout Root) {
    switch (kind, value) {
    case (.number(let path, _), .number(let x)): root[keyPath: path] = x
    case (.number(let path, _), .integer(let n)): root[keyPath: path] = Double(n)
    case (.degrees(let path, _), .number(let x)): root[keyPath: path] = Angle.radians(degrees: x)
    case (.degrees(let path, _), .integer(let n)): root[keyPath: path] = Angle.radians(degrees: Double(n))
    case (.integer(let path, _), .integer(let n)): root[keyPath: path] = n
    case (.boolean(let path, _), .boolean(let b)): root[keyPath: path] = b
    default: preconditionFailure("\(name): a \(value) does not fit this parameter")
    }
  }

  /// The whole numbers allowed in `root`: the upper bound of an `atMost` field is its value there.
  public func range(in root: Root) -> ClosedRange<Int>? {
    guard case .integer(_, let bounds) = kind else { return nil }
    switch bounds.upper {
    case .value(let upper): return bounds.lower...max(bounds.lower, upper)
    case .field(let field): return bounds.lower...max(bounds.lower, root[keyPath: field])
    }
  }

  /// What the field expects, as messages say it ("a number in (0, 1000]", "an integer in 0 ... 30",
  /// "true or false"), in `root` (for a field bounded by another one).
  public func expectation(in root: Root) -> String {
    switch kind {
    case .number(_, let bounds), .degrees(_, let bounds): return bounds.summary
    case .integer:
      let range = range(in: root)!
      return "an integer in \(range.lowerBound) ... \(range.upperBound)"
    case .boolean: return "true or false"
    }
  }

  /// The expectation `value` breaks in `root` ("a number <= 90", "a finite number (…)", "an integer in
  /// 0 ... 30"), or nil when it is allowed.
  public func violation(of value: ParameterValue, in root: Root) -> String? {
    switch (kind, value) {
    case (.number(_, let bounds), .number(let x)), (.degrees(_, let bounds), .number(let x)):
      // A non-finite value would poison the whole run (every later state becomes NaN).
      guard x.isFinite else { return "a finite number (\(bounds.summary))" }
      return bounds.violation(x)
    case (.number(_, let bounds), .integer(let n)), (.degrees(_, let bounds), .integer(let n)):
      return bounds.violation(Double(n))
    case (.integer, .integer(let n)):
      return range(in: root)!.contains(n) ? nil : expectation(in: root)
    case (.boolean, .boolean): return nil
    default: return expectation(in: root)
    }
  }

  /// Lowers a field bounded by another one to that field's value (a default above it).
  func lowerToLimit(_ root: inout Root) {
    guard case .integer(let path, let bounds) = kind, case .field(let field) = bounds.upper else { return }
    root[keyPath: path] = min(root[keyPath: path], root[keyPath: field])
  }
}

/// A value a parameter does not allow, or a name no parameter has.
public struct ParameterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The parameter's name as written in scenario files.
  public var name: String
  /// What was wrong, saying what was expected ("expected a number <= 90, got 100").
  public var message: String
  public init(name: String, message: String) {
    self.name = name
    self.message = message
  }
  public var description: String { "\(name): \(message)" }
}

/// The parameters of one group (`TrackerParameters.table`), in the order scenario files document them,
/// with the defaults they start from.
public struct ParameterTable<Root: Sendable>: Sendable {
  /// The values of parameters not given: the struct's own defaults (`TrackerParameters()`).
  public let defaults: Root
  public let entries: [ParameterSpec<Root>]

  /// - Precondition: names are unique, and a field another is bounded by comes before it.
  public init(defaults: Root, _ entries: [ParameterSpec<Root>]) {
    self.defaults = defaults
    self.entries = entries
    precondition(Set(entries.map(\.name)).count == entries.count, "parameter names repeat")
    for (i, entry) in entries.enumerated() {
      guard case .integer(_, let bounds) = entry.kind, case .field(let field) = bounds.upper else { continue }
      let earlier = entries[..<i].contains { e in
        if case .integer(let path, _) = e.kind { return (path as AnyKeyPath) == (field as AnyKeyPath) }
        return false
      }
      precondition(earlier, "\(entry.name): the field bounding it must be declared before it")
    }
  }

  /// The names in declaration order.
  public var names: [String] { entries.map(\.name) }

  public subscript(name name: String) -> ParameterSpec<Root>? { entries.first { $0.name == name } }

  /// The default of `entry`, in its field's unit.
  public func defaultValue(of entry: ParameterSpec<Root>) -> ParameterValue { entry.value(in: defaults) }

  /// The name of the integer field stored at `path`.
  public func name(of path: ParameterSpec<Root>.Path<Int>) -> String? {
    entries.first { e in
      if case .integer(let p, _) = e.kind { return (p as AnyKeyPath) == (path as AnyKeyPath) }
      return false
    }?.name
  }

  /// Every whole number `entry` may ever take: a field bounded by another reaches that field's largest
  /// value (the JSON Schema's bound; the value in a given set is checked by `resolve`).
  public func widestRange(of entry: ParameterSpec<Root>) -> ClosedRange<Int>? {
    guard case .integer(_, let bounds) = entry.kind else { return nil }
    switch bounds.upper {
    case .value(let upper): return bounds.lower...max(bounds.lower, upper)
    case .field(let field):
      guard let other = name(of: field).flatMap({ self[name: $0] }), let range = widestRange(of: other) else {
        return nil
      }
      return bounds.lower...max(bounds.lower, range.upperBound)
    }
  }

  /// `base` with the values `value` gives, entry by entry in declaration order, each checked in the set
  /// so far (a field bounded by another is checked against that field's value; one not given is lowered
  /// to it), as the scenario reader does.
  ///
  /// - Parameters:
  ///   - base: The values the given ones are applied to (usually `defaults`).
  ///   - value: The value given for an entry (nil when not given), with what the entry expects for a
  ///     message about a malformed one.
  ///   - refuse: The error for a value outside what the entry allows: `broken` is the expectation it
  ///     breaks ("a number <= 90").
  public func resolve<E: Error>(
    base: Root,
    value: (_ entry: ParameterSpec<Root>, _ expected: String) throws(E) -> ParameterValue?,
    refuse: (_ entry: ParameterSpec<Root>, _ broken: String, _ value: ParameterValue) -> E
  ) throws(E) -> Root {
    var root = base
    for entry in entries {
      guard let given = try value(entry, entry.expectation(in: root)) else {
        entry.lowerToLimit(&root)
        continue
      }
      if let broken = entry.violation(of: given, in: root) { throw refuse(entry, broken, given) }
      entry.set(given, in: &root)
    }
    return root
  }

  /// `base` (the defaults when nil) with `values` (by name, each in its field's unit) set and checked as
  /// `resolve` does.
  public func applying(_ values: [String: ParameterValue], to base: Root? = nil) throws(ParameterError)
    -> Root
  {
    if let unknown = values.keys.sorted().first(where: { self[name: $0] == nil }) {
      throw ParameterError(
        name: unknown, message: "unknown parameter; expected one of: \(names.joined(separator: ", "))")
    }
    return try resolve(base: base ?? defaults) { (entry, _) throws(ParameterError) in
      values[entry.name]
    } refuse: {
      entry, broken, value in
      ParameterError(name: entry.name, message: "expected \(broken), got \(value)")
    }
  }
}
