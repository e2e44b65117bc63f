/// How a number DockSim wrote into a CSV file is read back: the one rule for every table a command
/// reads again (`gate` and `baseline update`: summary.csv and seeds.csv; `merge`: a shard's tables;
/// `tune --resume`: trials.csv). docs/robustness.md, "Numbers read back".
///
/// The writers (`CSVFormat`, `CSVRow`) write a finite double in its shortest round-trip form, an
/// integer in decimal, and an empty cell for a value that is absent or not applicable. They never
/// write an infinity, and no table that is read back holds a NaN (a NaN stops the run, naming the
/// stage). So a non-finite value, a negative count or a fraction where a count belongs can only come
/// from an edit or a corrupted file, and is refused rather than compared, merged or ranked.
public enum CSVNumber {
  /// What a cell may hold.
  public enum Kind: Sendable, Equatable {
    /// Any finite number (MOTA and the camera lag may be negative).
    case finite
    /// A finite number ≥ 0: durations, shares, costs, counts averaged over seeds.
    case nonNegative
    /// A whole number ≥ 0 in decimal digits: frames, counts of failed expectations, repetitions, runs.
    case count
    /// A seed: a whole number in 0 … 2^64 − 1.
    case seed

    /// "a finite number", …: what the cell was expected to hold.
    public var expected: String {
      switch self {
      case .finite: "a finite number"
      case .nonNegative: "a finite number ≥ 0"
      case .count: "a whole number ≥ 0"
      case .seed: "a number that is a seed (a whole number ≥ 0)"
      }
    }
  }

  /// Why a cell was refused: the text after the field's name in a message, "expected …, got '…'".
  public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// The value of `text` read as `kind`; nil for an empty cell when `empty` says what an empty cell
  /// means there (e.g. "not applicable"), which is then part of the message.
  ///
  /// - Throws: `Refusal` with "expected <kind>[ or an empty cell (<empty>)], got '<text>'" ("expected a
  ///   number …" for text that is no number), plus why for a non-finite value.
  public static func read(_ text: some StringProtocol, _ kind: Kind, empty: String? = nil)
    throws(Refusal) -> Double?
  {
    if text.isEmpty, empty != nil { return nil }
    switch kind {
    case .count: return Double(try count(text, empty: empty))
    case .seed: return Double(try seed(text, empty: empty))
    case .finite, .nonNegative: return try finite(text, kind, empty: empty)
    }
  }

  /// `text` as a finite number (of `kind`, `.finite` or `.nonNegative`), in decimal: an optional
  /// sign, digits with an optional fraction, an optional exponent. Hexadecimal (`0x10`), `inf`,
  /// `nan`, spaces and digit separators are refused, although `Double(String)` reads some of them.
  ///
  /// - Throws: `Refusal`, as `read`; `empty` only words the message here.
  public static func finite(_ text: some StringProtocol, _ kind: Kind = .finite, empty: String? = nil)
    throws(Refusal) -> Double
  {
    // Text that is no number at all is told so first; the kind's range comes next.
    guard let value = Double(String(text)) else { throw refusal(text, "a number", empty: empty) }
    guard value.isFinite else {
      throw refusal(
        text, kind.expected, empty: empty, why: "; non-finite values cannot be compared and are refused")
    }
    // `Double(String)` also reads hexadecimal (`0x10`, `0x1p3`), which no writer writes.
    guard isDecimal(text.utf8) else { throw refusal(text, "a decimal number", empty: empty) }
    if kind == .nonNegative, value < 0 { throw refusal(text, kind.expected, empty: empty) }
    // -0.0 passes: the writers may write it and it compares equal to 0.
    return value
  }

  /// `text` as a count: decimal digits only, no sign, exponent or spaces (the writers write
  /// `Int.description`), at most `Int.max`.
  ///
  /// - Throws: `Refusal`, as `read`; `empty` only words the message here.
  public static func count(_ text: some StringProtocol, empty: String? = nil) throws(Refusal) -> Int {
    guard isDigits(text.utf8), let value = Int(String(text)) else {
      throw refusal(text, Kind.count.expected, empty: empty)
    }
    return value
  }

  /// `text` as a seed: decimal digits only, at most 2^64 − 1.
  ///
  /// - Throws: `Refusal`, as `read`; `empty` only words the message here.
  public static func seed(_ text: some StringProtocol, empty: String? = nil) throws(Refusal) -> UInt64 {
    guard isDigits(text.utf8), let value = UInt64(String(text)) else {
      throw refusal(text, Kind.seed.expected, empty: empty)
    }
    return value
  }

  /// `text` as shown in a message: at most 120 characters, longer ones elided with their size.
  public static func shown(_ text: some StringProtocol) -> String {
    text.count > 120 ? String(text.prefix(120)) + "… (\(text.utf8.count) bytes)" : String(text)
  }

  private static func refusal(
    _ text: some StringProtocol, _ expected: String, empty: String?, why: String = ""
  ) -> Refusal {
    let alternative = empty.map { " or an empty cell (\($0))" } ?? ""
    return Refusal(description: "expected \(expected)\(alternative), got '\(shown(text))'\(why)")
  }

  private static func isDigits(_ bytes: some Collection<UInt8>) -> Bool {
    !bytes.isEmpty && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// Whether `bytes` spell `[+-]?(d+(.d*)?|.d+)([eE][+-]?d+)?`.
  private static func isDecimal(_ bytes: some Collection<UInt8>) -> Bool {
    var i = bytes.startIndex
    func digits() -> Int {
      var n = 0
      while i != bytes.endIndex, bytes[i] >= 0x30, bytes[i] <= 0x39 {
        n += 1
        i = bytes.index(after: i)
      }
      return n
    }
    func skip(_ allowed: UInt8...) -> Bool {
      guard i != bytes.endIndex, allowed.contains(bytes[i]) else { return false }
      i = bytes.index(after: i)
      return true
    }
    _ = skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
    var mantissa = digits()
    if skip(UInt8(ascii: ".")) { mantissa += digits() }
    guard mantissa > 0 else { return false }
    if skip(UInt8(ascii: "e"), UInt8(ascii: "E")) {
      _ = skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
      guard digits() > 0 else { return false }
    }
    return i == bytes.endIndex
  }
}
