/// Better first lines for two usage errors ArgumentParser reports without guessing what was meant: a
/// misspelt command (it says only "Unexpected argument") and an option another tool's habit suggests
/// (its nearest spelling of `--seeds` is `--set`, which is not what anyone asking for seeds meant).
enum UsageHint {
  /// Options people reach for that a command spells otherwise: command → given → its option, why.
  static let renamedOptions: [String: [String: (option: String, meaning: String)]] = [
    "run": ["--seeds": ("--repetitions", "the number of seeds each scenario runs with")]
  ]

  /// The longest edit distance still offered as a suggestion: two edits catch a transposition plus a
  /// slip, while three would offer `gate` for `tune`.
  static let maximumDistance = 2

  /// ArgumentParser's `message` with a better first line, or nil to keep it as it is. `arguments`
  /// excludes the program's name; `commands` are the subcommands' names.
  static func message(_ message: String, arguments: [String], commands: [String]) -> String? {
    guard let first = arguments.first else { return nil }
    var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard !lines.isEmpty else { return nil }
    if !first.hasPrefix("-"), !commands.contains(first), first != "help" {
      let near = nearest(first, among: commands)
      let guess =
        near.isEmpty
        ? "Expected one of: \(commands.joined(separator: ", "))."
        : "Did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
      lines[0] = "Error: Unknown command '\(first)'. \(guess)"
      return lines.joined(separator: "\n")
    }
    for (given, renamed) in renamedOptions[first] ?? [:] {
      let used = arguments.contains { $0 == given || $0.hasPrefix(given + "=") }
      guard used, lines[0].contains("'\(given)'") else { continue }
      lines[0] = "Error: Unknown option '\(given)'. Did you mean '\(renamed.option)'? (\(renamed.meaning))"
      return lines.joined(separator: "\n")
    }
    return nil
  }

  /// The names at the smallest edit distance from `word`, when it is at most `maximumDistance`.
  static func nearest(_ word: String, among names: [String]) -> [String] {
    let scored = names.map { ($0, distance(word.lowercased(), $0)) }
    guard let best = scored.map(\.1).min(), best <= maximumDistance else { return [] }
    return scored.filter { $0.1 == best }.map(\.0)
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and transpositions of
  /// neighbours each cost one, so `rnu` is one edit from `run`.
  static func distance(_ a: String, _ b: String) -> Int {
    let x = Array(a)
    let y = Array(b)
    var d = (0...x.count).map { i in (0...y.count).map { j in i == 0 ? j : (j == 0 ? i : 0) } }
    for i in x.indices {
      for j in y.indices {
        let cost = x[i] == y[j] ? 0 : 1
        var best = min(d[i][j + 1] + 1, d[i + 1][j] + 1, d[i][j] + cost)
        if i > 0, j > 0, x[i] == y[j - 1], x[i - 1] == y[j] { best = min(best, d[i - 1][j - 1] + 1) }
        d[i + 1][j + 1] = best
      }
    }
    return d[x.count][y.count]
  }
}
