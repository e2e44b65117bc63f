import DockSimCore

/// DockSim's one SplitMix64, tiny, fast and fully determined by its seed, so iteration `i` of seed `S`
/// always makes the same input on every machine (the harness's whole reproduction story rests on this).
extension SplitMix64 {
  /// The generator for iteration `index` of run `seed`: inputs depend on (seed, index) only, never on
  /// earlier iterations, so any one of them can be rebuilt alone (`--replay`).
  init(seed: UInt64, index: UInt64) {
    self.init(state: seed &* SplitMix64.increment ^ (index &+ 0x632B_E59B_D9B4_E019))
    _ = next()
  }

  /// Uniform in 0..<n (n > 0); the modulo bias is irrelevant for fuzzing.
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Deterministic mutations of one input's bytes. Each is a kind of damage a real file can suffer or a
/// value a user can type; together they aim at the parsers' edges (numbers, structure, size, encoding).
struct Mutator {
  /// Inputs never grow past this: the loaders' limits are tested by the "very long" mutations, not by
  /// unbounded growth that would only slow the run.
  var maximumLength = 128 << 10
  /// Other corpus inputs, for splicing lines across files.
  let corpus: [[UInt8]]

  /// Replacements for a number or a scalar: extremes, non-numbers, YAML specials and awkward text.
  static let extremes: [String] = [
    "NaN", "nan", ".nan", ".NaN", "inf", "-inf", ".inf", "-.inf", "+.inf", "Infinity", "-1", "0", "-0", "1",
    "1e308", "-1e308", "1e309", "-1e309", "4.9e-324", "2.2250738585072014e-308", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616",
    "99999999999999999999999999999999999999", "0x7fffffffffffffff", "0o777", "0b101", "1_000_000",
    "1:30", "190:20:30", "3.", ".5", "1e", "e5", "--1", "+-1", "0.0.0", "", " ", "~", "null", "true", "no",
    "[]", "{}", "[[[]]]", "''", "\"\"", "\"\\u0000\"", "é", "😀", "\u{202E}", "\u{FEFF}", "a\u{0301}",
    "!!float 1", "!!int x", "!!binary AAAA", "!custom 3", "&anchor 1", "*nope", "? complex", "|", ">",
    "%YAML 1.2", "---", "...", "1,2,3", ",", "#", "humanFace", "humanBody", "object",
  ]

  /// One to four stacked mutations of a corpus input, all drawn from `rng`.
  func input(_ rng: inout SplitMix64) -> [UInt8] {
    var bytes = rng.pick(corpus)
    for _ in 0..<(1 + rng.below(4)) { mutate(&bytes, &rng) }
    if bytes.count > maximumLength { bytes.removeLast(bytes.count - maximumLength) }
    return bytes
  }

  func mutate(_ bytes: inout [UInt8], _ rng: inout SplitMix64) {
    switch rng.below(20) {
    case 0:  // flip one bit
      guard !bytes.isEmpty else { return }
      bytes[rng.below(bytes.count)] ^= 1 << UInt8(rng.below(8))
    case 1:  // one byte set to a structural or boundary byte
      guard !bytes.isEmpty else { return }
      let interesting: [UInt8] = [
        0, 0xFF, 0x0A, 0x0D, 0x09, 0x20, 0x3A, 0x2D, 0x2C, 0x23, 0x26, 0x2A, 0x5B, 0x5D,
        0x7B, 0x7D, 0x22, 0x27, 0x5C, 0x7C, 0x3E, 0x21, 0x25, 0x40, 0x60, 0x80, 0xC0, 0xED,
      ]
      bytes[rng.below(bytes.count)] = rng.pick(interesting)
    case 2:  // delete a range
      guard !bytes.isEmpty else { return }
      let start = rng.below(bytes.count)
      bytes.removeSubrange(start..<min(bytes.count, start + 1 + rng.below(64)))
    case 3:  // binary garbage
      let garbage = (0..<(1 + rng.below(32))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      bytes.insert(contentsOf: garbage, at: rng.below(bytes.count + 1))
    case 4:  // truncate
      guard !bytes.isEmpty else { return }
      bytes.removeLast(rng.below(bytes.count) + 1)
    case 5, 6, 7: editLines(&bytes, &rng)
    case 8, 9, 10: replaceToken(&bytes, &rng, numbersOnly: true)
    case 11, 12: replaceToken(&bytes, &rng, numbersOnly: false)
    case 13:  // a very long line
      let unit = Array(rng.pick(["a", "9", " ", "-", "[", "é", ",", "0.", "\t"]).utf8)
      let count = 1_000 << rng.below(6)
      var line: [UInt8] = []
      line.reserveCapacity(unit.count * count + 1)
      for _ in 0..<count { line += unit }
      insertLine(line, into: &bytes, &rng)
    case 14:  // deep nesting: flow, block, or a long chain of mappings
      let depth = 10 << rng.below(10)
      let deep: String
      switch rng.below(3) {
      case 0: deep = "x: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      case 1:
        deep = "x: " + String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
      default:
        deep = (0..<min(depth, 200)).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n")
      }
      insertLine(Array(deep.utf8), into: &bytes, &rng)
    case 15: laughs(&bytes, &rng)
    case 16:  // encodings: BOM, CRLF, NUL, invalid UTF-8, lone surrogate encodings
      let pieces: [[UInt8]] = [
        [0xEF, 0xBB, 0xBF], [0x0D, 0x0A], [0x0D], [0], [0xC3], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x80, 0xA8], [0xC2, 0x85], Array("\u{1F600}".utf8),
      ]
      bytes.insert(contentsOf: rng.pick(pieces), at: rng.below(bytes.count + 1))
    case 17:  // splice a line from another input
      let other = lines(of: rng.pick(corpus))
      guard !other.isEmpty else { return }
      insertLine(rng.pick(other), into: &bytes, &rng)
    case 18:  // duplicate the whole input (bounded by maximumLength)
      if bytes.count * 2 <= maximumLength { bytes += bytes }
    default:  // CSV cells: drop, duplicate or empty one separator's neighbourhood
      guard let comma = bytes.indices.filter({ bytes[$0] == 0x2C }).randomIndex(&rng) else { return }
      switch rng.below(3) {
      case 0: bytes.remove(at: comma)
      case 1: bytes.insert(0x2C, at: comma)
      default: bytes.insert(contentsOf: Array(",,,,,,,,".utf8), at: comma)
      }
    }
  }

  /// Insert, delete, duplicate or swap whole lines.
  func editLines(_ bytes: inout [UInt8], _ rng: inout SplitMix64) {
    var all = lines(of: bytes)
    guard !all.isEmpty else { return }
    let i = rng.below(all.count)
    switch rng.below(4) {
    case 0: all.remove(at: i)
    case 1: all.insert(all[i], at: i)
    case 2: all.swapAt(i, rng.below(all.count))
    default:
      for _ in 0..<(1 + rng.below(200)) { all.insert(all[i], at: i) }
    }
    bytes = Array(all.joined(separator: [0x0A]))
  }

  /// Replaces one token (a run of number characters, or any scalar after `: `/`,`/`- `) with an extreme.
  func replaceToken(_ bytes: inout [UInt8], _ rng: inout SplitMix64, numbersOnly: Bool) {
    guard !bytes.isEmpty else { return }
    let isNumber: (UInt8) -> Bool = { (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x65 }
    let isToken: (UInt8) -> Bool = { $0 != 0x0A && $0 != 0x2C && $0 != 0x3A && $0 != 0x20 }
    let inside = numbersOnly ? isNumber : isToken
    // Start from a random position and look forward for a token start.
    var start = rng.below(bytes.count)
    while start < bytes.count, !(numbersOnly ? (0x30...0x39).contains(bytes[start]) : isToken(bytes[start])) {
      start += 1
    }
    guard start < bytes.count else { return }
    while start > 0, inside(bytes[start - 1]) { start -= 1 }
    var end = start
    while end < bytes.count, inside(bytes[end]) { end += 1 }
    let replacement: [UInt8]
    if rng.chance(15) {
      replacement = Array(String(Int64(bitPattern: rng.next()) >> rng.below(64)).utf8)
    } else {
      replacement = Array(rng.pick(Self.extremes).utf8)
    }
    bytes.replaceSubrange(start..<end, with: replacement)
  }

  /// A billion-laughs block: each anchor a sequence of aliases to the previous one, and a field set to
  /// the last, so a loader that expands aliases naively would build 10^depth nodes.
  func laughs(_ bytes: inout [UInt8], _ rng: inout SplitMix64) {
    let depth = 3 + rng.below(12)
    let width = 2 + rng.below(9)
    var text = "l0: &l0 [\"lol\"]\n"
    for level in 1...depth {
      let items = Array(repeating: "*l\(level - 1)", count: width).joined(separator: ", ")
      text += "l\(level): &l\(level) [\(items)]\n"
    }
    let use = "*l\(depth)"
    var out = Array(text.utf8)
    switch rng.below(3) {
    case 0:  // the aliases as keys too, which makes a mapping compare and hash them
      out += Array("k: {\(use): 1, *l\(depth - 1): 2}\n".utf8)
      out += bytes
    case 1:  // replace a scalar with the top alias
      var rest = bytes
      var copy = rng
      replaceToken(&rest, &copy, numbersOnly: false)
      out += rest
      // Point at the biggest node from an existing key when there is one.
      if let colon = rest.firstIndex(of: 0x3A) {
        var patched = rest
        patched.insert(contentsOf: Array(" \(use)\n".utf8), at: colon + 1)
        out = Array(text.utf8) + patched
      }
    default:
      out += bytes
      out += Array("\nsubjects: \(use)\nevents: \(use)\n".utf8)
    }
    bytes = out
  }

  func lines(of bytes: [UInt8]) -> [[UInt8]] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
  }

  func insertLine(_ line: [UInt8], into bytes: inout [UInt8], _ rng: inout SplitMix64) {
    let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
    let at = newlines.isEmpty || rng.chance(10) ? rng.below(bytes.count + 1) : rng.pick(newlines) + 1
    bytes.insert(contentsOf: line + [0x0A], at: min(at, bytes.count))
  }
}

extension Array where Element == Int {
  fileprivate func randomIndex(_ rng: inout SplitMix64) -> Int? { isEmpty ? nil : self[rng.below(count)] }
}
