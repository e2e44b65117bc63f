/// "Did you mean …?" for misspelt field names and enum values.
enum Suggestion {
  /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo
  /// (at most a third of the word's length, and at least 2 edits allowed). Ties go to the earlier
  /// candidate so the suggestion is deterministic.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let limit = max(2, word.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let d = distance(word.lowercased(), candidate.lowercased())
      if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
    }
    // A prefix (`max_speed` for `max_speed_deg_s`) is a likely intent even when far in edits.
    if best == nil {
      best = candidates.first { $0.hasPrefix(word) && !word.isEmpty }.map { ($0, 0) }
    }
    return best?.candidate
  }

  /// Levenshtein distance over characters.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
