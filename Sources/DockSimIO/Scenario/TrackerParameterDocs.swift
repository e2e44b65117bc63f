import DockSimCore

/// The docs' tables of tracker parameters and the one-line descriptions of help and the JSON Schema,
/// rendered from `TrackerParameters.table`.
///
/// docs/scenarios.md (the `tracker` table) and docs/tracker.md (`docksim replay`'s tracker options) hold
/// these tables between `generatedBlockStart` and `generatedBlockEnd` markers; a test compares them with
/// the rendering and rewrites them when run with `DOCKSIM_REGENERATE=1`.
public enum TrackerParameterDocs {
  /// The block of docs/scenarios.md: the `tracker` section's fields.
  public static let scenarioBlock = "tracker-parameters"
  /// The block of docs/tracker.md: `docksim replay`'s tracker options.
  public static let replayBlock = "replay-tracker-options"

  /// The line opening a generated block.
  public static func generatedBlockStart(_ name: String) -> String {
    "<!-- generated \(name) from TrackerParameters.table; do not edit -->"
  }
  /// The line closing a generated block.
  public static func generatedBlockEnd(_ name: String) -> String { "<!-- end of generated \(name) -->" }

  /// The lines between the markers of block `name` in `text` (each ending in a newline), or nil when
  /// the markers are missing.
  public static func block(_ name: String, in text: String) -> String? {
    guard let start = text.range(of: generatedBlockStart(name) + "\n"),
      let end = text.range(of: generatedBlockEnd(name), range: start.upperBound..<text.endIndex)
    else { return nil }
    return String(text[start.upperBound..<end.lowerBound])
  }

  /// `text` with block `name` replaced by `content`, or nil when the markers are missing.
  public static func replacingBlock(_ name: String, in text: String, with content: String) -> String? {
    guard let start = text.range(of: generatedBlockStart(name) + "\n"),
      let end = text.range(of: generatedBlockEnd(name), range: start.upperBound..<text.endIndex)
    else { return nil }
    return text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: content)
  }

  /// The `tracker` table of docs/scenarios.md.
  public static func scenarioTable() -> String {
    let table = TrackerParameters.table
    var out =
      "| field | type | unit | default | allowed | read by | meaning |\n|---|---|---|---|---|---|---|\n"
    for entry in table.entries {
      let cells = [
        "`\(entry.name)`", typeName(entry), entry.unit, defaultText(entry, in: table, spelled: false),
        allowedText(entry, in: table, spelled: false), readersText(entry.readers),
        entry.notes.isEmpty ? entry.doc : entry.doc + " " + entry.notes,
      ]
      out += "| " + cells.map(escaped).joined(separator: " | ") + " |\n"
    }
    return out
  }

  /// The table of `docksim replay`'s tracker options in docs/tracker.md, and the parameters that have
  /// none.
  public static func replayTable() -> String {
    let table = TrackerParameters.table
    var out =
      "| option | `tracker` field ([scenarios.md](scenarios.md#tracker)) | unit | allowed | default | with `--tracker gnn` |\n"
      + "|---|---|---|---|---|---|\n"
    for option in TrackerParameterInput.replayOptions {
      let entry = option.parameter
      var flag = "`\(option.flag)`"
      var field = "`\(entry.name)`"
      if let words = option.words {
        flag = "`\(option.flag) \(words.whenTrue)|\(words.whenFalse)`"
        field = "`\(entry.name): true|false`"
      }
      let cells = [
        flag, field, entry.unit, allowedText(entry, in: table, spelled: true),
        defaultText(entry, in: table, spelled: true), option.refusedByGNN ? "refused" : "yes",
      ]
      out += "| " + cells.map(escaped).joined(separator: " | ") + " |\n"
    }
    let others = TrackerParameterInput.notReplayOptions
    if !others.isEmpty {
      out +=
        "\nNo option: "
        + others.map { "`\($0.name)` (read only by \(readersText($0.readers, long: true)))" }
        .joined(separator: ", ") + ".\n"
    }
    return out
  }

  /// The JSON Schema's description of a scenario field: its doc, the values it takes and its default.
  public static func description(_ entry: ParameterSpec<TrackerParameters>) -> String {
    line(entry, name: { $0 }, spelled: false)
  }

  /// "<doc> Value: a number in (0, 1000] rad²/s³; default 0.1." `name` spells another field's name
  /// (a bound set by another field); `spelled` uses a boolean's command-line words.
  public static func line(
    _ entry: ParameterSpec<TrackerParameters>, name: (String) -> String, spelled: Bool = true
  ) -> String {
    let table = TrackerParameters.table
    var value: String
    switch entry.kind {
    case .number(_, let bounds): value = bounds.summary + unitSuffix(entry.unit)
    case .degrees(_, let bounds):
      value = bounds.summary + " " + entry.unit.replacingOccurrences(of: "°", with: "degrees")
    case .integer(_, let bounds):
      switch bounds.upper {
      case .value(let upper): value = "an integer in \(bounds.lower) ... \(upper)"
      case .field(let field):
        value = "an integer in \(bounds.lower) ... \(name(table.name(of: field) ?? "?"))"
      }
      value += unitSuffix(entry.unit)
    case .boolean(_, let words):
      value =
        spelled
        ? words.map { "\($0.whenTrue) (true) or \($0.whenFalse) (false)" } ?? "true or false"
        : "true or false"
    }
    let defaultValue: String
    switch (entry.kind, table.defaultValue(of: entry)) {
    case (.boolean(_, let words?), .boolean(let b)) where spelled:
      defaultValue = b ? words.whenTrue : words.whenFalse
    case (_, .number(let x)): defaultValue = NumberBounds.format(x)
    case (_, let other): defaultValue = "\(other)"
    }
    return "\(entry.doc) Value: \(value); default \(defaultValue)."
  }

  /// number, integer or boolean (an angle in degrees is a number).
  static func typeName<Root>(_ entry: ParameterSpec<Root>) -> String {
    switch entry.kind {
    case .number, .degrees: return "number"
    case .integer: return "integer"
    case .boolean: return "boolean"
    }
  }

  /// The default as the docs write it: "0.1", "0.572958 (0.01 rad)", "45", "`true`" (or "`anchor`").
  static func defaultText<Root>(_ entry: ParameterSpec<Root>, in table: ParameterTable<Root>, spelled: Bool)
    -> String
  {
    switch (entry.kind, table.defaultValue(of: entry)) {
    case (.degrees(let path, _), .number(let degrees)):
      let radians = table.defaults[keyPath: path]
      return "\(NumberBounds.format(degrees)) (\(NumberBounds.format(radians)) \(radianUnit(entry.unit)))"
    case (_, .number(let x)): return NumberBounds.format(x)
    case (_, .integer(let n)): return String(n)
    case (.boolean(_, let words?), .boolean(let b)) where spelled:
      return "`\(b ? words.whenTrue : words.whenFalse)`"
    case (_, .boolean(let b)): return "`\(b)`"
    }
  }

  /// The allowed values as the docs write them: "(0, 1000]", "(0, 1145.92] (20 rad/s)", "0 … 10000",
  /// "0 … `window`" (a bound set by another field), "`true` / `false`".
  static func allowedText<Root>(_ entry: ParameterSpec<Root>, in table: ParameterTable<Root>, spelled: Bool)
    -> String
  {
    switch entry.kind {
    case .number(_, let bounds): return bounds.interval
    case .degrees(_, let bounds):
      // A bound set in radians is not a whole number of degrees: give it in radians too.
      let inRadians = [bounds.lower, bounds.upper].compactMap { $0 }.filter { $0 != $0.rounded() }.map {
        "\(NumberBounds.format(Angle.radians(degrees: $0))) \(radianUnit(entry.unit))"
      }
      return bounds.interval + (inRadians.isEmpty ? "" : " (\(inRadians.joined(separator: ", ")))")
    case .integer(_, let bounds):
      switch bounds.upper {
      case .value(let upper): return "\(bounds.lower) … \(upper)"
      case .field(let field): return "\(bounds.lower) … `\(table.name(of: field) ?? "?")`"
      }
    case .boolean(_, let words):
      if spelled, let words { return "`\(words.whenTrue)` / `\(words.whenFalse)`" }
      return "`true` / `false`"
    }
  }

  /// "all", or the trackers among multi (`MultiTargetTracker`), single (`SingleSubjectTracker`) and GNN
  /// (the GNN reference).
  static func readersText(_ readers: ParameterReaders, long: Bool = false) -> String {
    if readers == .allTrackers { return long ? "every tracker" : "all" }
    let names: [(ParameterReaders, String, String)] = [
      (.multiTargetTracker, "multi", "the multi-subject tracker"),
      (.singleSubjectTracker, "single", "the single-subject tracker"),
      (.gnnReference, "GNN", "the GNN reference"),
    ]
    return names.filter { readers.contains($0.0) }.map { long ? $0.2 : $0.1 }.joined(
      separator: long ? " and " : ", ")
  }

  private static func unitSuffix(_ unit: String) -> String {
    if unit == "–" { return "" }
    if unit.hasPrefix("– ") { return " " + unit.dropFirst(2) }
    return " " + unit
  }

  private static func radianUnit(_ unit: String) -> String { unit.replacingOccurrences(of: "°", with: "rad") }

  /// A table cell: a `|` would end it.
  private static func escaped(_ cell: String) -> String { cell.replacingOccurrences(of: "|", with: "\\|") }
}
