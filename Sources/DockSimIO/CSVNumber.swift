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
    func refuse(_ expected: String = kind.expected, _ why: String = "") -> Refusal {
      let alternative = empty.map { " or an empty cell (\($0))" } ?? ""
      let shown = text.count > 120 ? String(text.prefix(120)) + "… (\(text.utf8.count) bytes)" : String(text)
      return Refusal(description: "expected \(expected)\(alternative), got '\(shown)'\(why)")
    }
    switch kind {
    case .count, .seed:
      // Digits only: no sign, no exponent, no spaces (the writers write `Int.description`).
      guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        throw refuse()
      }
      if kind == .seed {
        guard let value = UInt64(text) else { throw refuse() }
        return Double(value)
      }
      guard let value = Int64(text) else { throw refuse() }
      return Double(value)
    case .finite, .nonNegative:
      // Text that is no number at all is told so first; the kind's range comes next.
      guard let value = Double(text) else { throw refuse("a number") }
      guard value.isFinite else {
        throw refuse(kind.expected, "; non-finite values cannot be compared and are refused")
      }
      if kind == .nonNegative, value < 0 { throw refuse() }
      // -0.0 passes: the writers may write it and it compares equal to 0.
      return value
    }
  }
}
