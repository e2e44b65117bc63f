/// The one reader of the tables DockSim reads back (summary.csv, seeds.csv, expectations.csv,
/// montecarlo.csv, timing.csv and shard.csv of a shard, the report's traces, objects and events): a
/// header, then rows looked up by column name and read as typed values under the one number rule
/// (`CSVNumber`), every refusal located as `file:line:column: field: expected …, got '…'`
/// (docs/robustness.md, "Numbers read back"). Values come back in their column's unit, as written.
///
/// The header must be non-empty, its names non-empty and unique; every row must have the header's cell
/// count. The split is `CSVReader`'s; a reader made from a path streams the file, so a caller that keeps
/// only what it needs of each row reads a trace of any length in bounded memory.
public struct CSVTableReader {
  /// The path or name used in errors.
  public let file: String
  /// The header record, with its line and cells' columns.
  public let header: CSVRecord
  /// The header's names, in file order.
  public let columns: [String]
  private var reader: CSVReader

  /// A reader of `text`; `file` names it in errors and `expected` says what the file should be ("a
  /// summary CSV written by `docksim run`"), ending the message about an empty file.
  ///
  /// - Throws: `InputError` for an empty text, a quoting error in the header, or an empty or repeated
  ///   column name.
  public init(text: String, file: String, expected: String, skipsComments: Bool = false) throws(InputError) {
    try self.init(
      reader: CSVReader(text: text, file: file, skipsComments: skipsComments), file: file, expected: expected)
  }

  /// A reader streaming the file at `path` (`CSVReader(path:expected:skipsComments:)`).
  ///
  /// - Throws: `InputError` for a path that is not a readable file, and as `init(text:…)`.
  public init(path: String, expected: String, skipsComments: Bool = false) throws(InputError) {
    try self.init(
      reader: CSVReader(path: path, expected: expected, skipsComments: skipsComments), file: path,
      expected: expected)
  }

  private init(reader: CSVReader, file: String, expected: String) throws(InputError) {
    var reader = reader
    guard let header = try reader.next() else {
      throw InputError(file: file, message: "the file is empty; expected \(expected) with a header line")
    }
    var seen: Set<String> = []
    for cell in header.cells {
      guard !cell.text.isEmpty else {
        throw InputError(
          file: file, line: header.line, column: cell.column,
          message: "empty column name in the header; expected a name")
      }
      guard seen.insert(cell.text).inserted else {
        throw InputError(
          file: file, line: header.line, column: cell.column,
          message: "column '\(CSVNumber.shown(cell.text))' appears twice in the header; expected unique names"
        )
      }
    }
    self.file = file
    self.header = header
    columns = header.texts
    self.reader = reader
  }

  /// The position of `name` in the header, or nil when the file has no such column (a newer, optional
  /// column).
  public func columnIndex(_ name: String) -> Int? { columns.firstIndex(of: name) }

  /// The position of `name` in the header.
  ///
  /// - Throws: `InputError` naming the header's line when the file has no such column.
  public func column(_ name: String) throws(InputError) -> Int {
    guard let i = columnIndex(name) else {
      throw InputError(
        file: file, line: header.line, message: "no \(name) column in the header; expected one")
    }
    return i
  }

  /// The positions of `names` in the header.
  ///
  /// - Throws: `InputError` naming the header's line and every missing column.
  public func columns(_ names: [String]) throws(InputError) -> [Int] {
    let missing = names.filter { columnIndex($0) == nil }
    guard missing.isEmpty else {
      throw InputError(
        file: file, line: header.line,
        message: missing.count == 1
          ? "no \(missing[0]) column in the header; expected one"
          : "no \(missing.joined(separator: ", ")) columns in the header; expected them")
    }
    return names.compactMap { columnIndex($0) }
  }

  /// Refuses a header that is not exactly `names`, in order: a table whose every column a reader
  /// copies or checks.
  ///
  /// - Throws: `InputError` naming the header's line, the expected and the actual header.
  public func requireColumns(_ names: [String], what: String) throws(InputError) {
    guard columns != names else { return }
    throw InputError(
      file: file, line: header.line,
      message:
        "expected the columns of \(what) (\(names.joined(separator: ","))), got "
        + CSVNumber.shown(columns.joined(separator: ",")))
  }

  /// The next row; nil at the end.
  ///
  /// - Throws: `InputError` naming the line of a quoting error or of a row whose cell count is not the
  ///   header's.
  public mutating func next() throws(InputError) -> CSVTableRow? {
    guard let record = try reader.next() else { return nil }
    guard record.cells.count == columns.count else {
      throw InputError(
        file: file, line: record.line,
        message: "expected \(columns.count) cells as in the header, got \(record.cells.count)")
    }
    return CSVTableRow(file: file, record: record, columns: columns)
  }

  /// Every remaining row, in file order.
  ///
  /// - Throws: `InputError`, as `next()`.
  public mutating func rows() throws(InputError) -> [CSVTableRow] {
    var rows: [CSVTableRow] = []
    while let row = try next() { rows.append(row) }
    return rows
  }
}

/// One row of a `CSVTableReader`: its cells read as typed values, each refusal an `InputError` at the
/// cell (`file:line:column: name: expected …, got '…'`).
public struct CSVTableRow: Sendable {
  /// The path or name used in errors.
  public let file: String
  /// The record: its 1-based line and its cells with their columns.
  public let record: CSVRecord
  /// The header's names (shared with the reader, not copied per row).
  public let columns: [String]

  /// 1-based line of the row in its file.
  public var line: Int { record.line }

  /// The text of the cell at `i`, as written (unquoted).
  public subscript(i: Int) -> String { record.cells[i].text }

  /// The cells' text, in header order.
  public var texts: [String] { record.texts }

  /// An error at the cell at `i`: its line, column and column name.
  public func error(_ i: Int, _ message: String) -> InputError {
    InputError(file: file, line: line, column: record.cells[i].column, field: columns[i], message: message)
  }

  /// An error at the row as a whole (several cells disagree): its line, and `field` when one is meant.
  public func error(field: String? = nil, _ message: String) -> InputError {
    InputError(file: file, line: line, field: field, message: message)
  }

  /// The cell at `i` as a finite number of `kind` (`.finite` or `.nonNegative`), in decimal.
  ///
  /// - Throws: `InputError` for an empty cell, text that is not a decimal number, or an infinite,
  ///   `nan` or (for `.nonNegative`) negative value.
  public func finite(_ i: Int, _ kind: CSVNumber.Kind = .finite) throws(InputError) -> Double {
    do { return try CSVNumber.finite(self[i], kind) } catch { throw self.error(i, error.description) }
  }

  /// The cell at `i` as a finite number within `range`; `unit` follows the bounds in the message.
  ///
  /// - Throws: `InputError`, as `finite(_:_:)`, or for a value outside `range`.
  public func finite(_ i: Int, in range: ClosedRange<Double>, unit: String = "") throws(InputError) -> Double
  {
    let value = try finite(i)
    guard range.contains(value) else {
      throw error(
        i, "expected a value in \(range.lowerBound)...\(range.upperBound)\(unit), got \(self[i])")
    }
    return value
  }

  /// The cell at `i` as a finite number of `kind`, or nil for an empty cell, which means `empty` there
  /// ("not applicable", "no bound").
  ///
  /// - Throws: `InputError`, as `finite(_:_:)`, saying that an empty cell was allowed.
  public func finite(_ i: Int, _ kind: CSVNumber.Kind = .finite, empty: String) throws(InputError) -> Double?
  {
    if self[i].isEmpty { return nil }
    do { return try CSVNumber.finite(self[i], kind, empty: empty) } catch {
      throw self.error(i, error.description)
    }
  }

  /// The cell at `i` as a finite number of `kind`, or NaN for a value that is missing: an empty cell or
  /// exactly `nan`. For the columns of a trace that frames may lack (a NIS without a measurement); every
  /// other column refuses `nan`. `-nan`, `NaN` and infinities are refused here too.
  ///
  /// - Throws: `InputError`, as `finite(_:_:)`, saying that an empty cell or `nan` was allowed.
  public func finiteOrMissing(_ i: Int, _ kind: CSVNumber.Kind = .finite) throws(InputError) -> Double {
    let text = self[i]
    if text.isEmpty || text == "nan" { return .nan }
    do { return try CSVNumber.finite(text, kind) } catch {
      throw self.error(
        i,
        "expected a \(kind == .nonNegative ? "non-negative " : "")finite number, an empty cell or nan (no "
          + "value), got '\(CSVNumber.shown(text))'")
    }
  }

  /// The cell at `i` as a count: a whole number ≥ 0 in decimal digits.
  ///
  /// - Throws: `InputError` for anything else, an empty cell among it.
  public func count(_ i: Int) throws(InputError) -> Int {
    do { return try CSVNumber.count(self[i]) } catch { throw self.error(i, error.description) }
  }

  /// The cell at `i` as a count, or nil for an empty cell, which means `empty` there.
  ///
  /// - Throws: `InputError`, as `count(_:)`, saying that an empty cell was allowed.
  public func count(_ i: Int, empty: String) throws(InputError) -> Int? {
    if self[i].isEmpty { return nil }
    do { return try CSVNumber.count(self[i], empty: empty) } catch { throw self.error(i, error.description) }
  }

  /// The cell at `i` as a seed: a whole number in 0 … 2^64 − 1 in decimal digits.
  ///
  /// - Throws: `InputError` for anything else, an empty cell among it.
  public func seed(_ i: Int) throws(InputError) -> UInt64 {
    do { return try CSVNumber.seed(self[i]) } catch { throw self.error(i, error.description) }
  }

  /// The cell at `i` as a seed, or nil for an empty cell, which means `empty` there.
  ///
  /// - Throws: `InputError`, as `seed(_:)`, saying that an empty cell was allowed.
  public func seed(_ i: Int, empty: String) throws(InputError) -> UInt64? {
    if self[i].isEmpty { return nil }
    do { return try CSVNumber.seed(self[i], empty: empty) } catch { throw self.error(i, error.description) }
  }

  /// The cell at `i` as a number of `kind` (a count or a seed as its double), or nil for an empty cell,
  /// which means `empty` there: for tables whose columns' kinds are looked up by name.
  ///
  /// - Throws: `InputError`, as the accessor of `kind`.
  public func number(_ i: Int, _ kind: CSVNumber.Kind, empty: String) throws(InputError) -> Double? {
    switch kind {
    case .count: try count(i, empty: empty).map { Double($0) }
    // `map(Double.init)` would pick `init(bitPattern:)` for a UInt64.
    case .seed: try seed(i, empty: empty).map { Double($0) }
    case .finite, .nonNegative: try finite(i, kind, empty: empty)
    }
  }

  /// The cell at `i` as a 64-bit digest written as 16 lowercase hexadecimal digits (a fingerprint).
  ///
  /// - Throws: `InputError` for anything else.
  public func digest(_ i: Int) throws(InputError) -> UInt64 {
    let text = self[i]
    let hex = text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    guard text.utf8.count == 16, hex, let value = UInt64(text, radix: 16) else {
      throw error(i, "expected 16 lowercase hexadecimal digits, got '\(CSVNumber.shown(text))'")
    }
    return value
  }

  /// The cell at `i` as a name that is safe as a file name (`ScenarioName`): never a path, `.` or `..`.
  ///
  /// - Throws: `InputError` for an empty cell or a name outside `ScenarioName`'s rule.
  public func name(_ i: Int) throws(InputError) -> String {
    let text = self[i]
    guard !text.isEmpty else { throw error(i, "expected a scenario name, got an empty cell") }
    if let problem = ScenarioName.problem(text) { throw error(i, problem) }
    return text
  }

  /// The cell at `i`, which must be one of `allowed` (fixed words: `ok`/`error`, `pass`/`fail`).
  ///
  /// - Throws: `InputError` listing the allowed words.
  public func word(_ i: Int, _ allowed: [String]) throws(InputError) -> String {
    let text = self[i]
    guard allowed.contains(text) else {
      let list =
        allowed.count <= 2
        ? allowed.joined(separator: " or ")
        : allowed.dropLast().joined(separator: ", ") + " or " + allowed[allowed.count - 1]
      throw error(i, "expected \(list), got '\(CSVNumber.shown(text))'")
    }
    return text
  }

  /// The cell at `i` as a boolean written as `whenTrue` or `whenFalse` (`1`/`0`, `pass`/`fail`).
  ///
  /// - Throws: `InputError` for any other text.
  public func flag(_ i: Int, true whenTrue: String, false whenFalse: String) throws(InputError) -> Bool {
    try word(i, [whenTrue, whenFalse]) == whenTrue
  }
}
