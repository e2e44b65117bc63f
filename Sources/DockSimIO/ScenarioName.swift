/// The rule for a scenario's name, in one place. A name becomes file names in a run's outputs
/// (`traces/<name>.csv`, …), so it is 1 to `maximumLength` characters of A-Z a-z 0-9 `_` `.` `-`,
/// and neither `.` nor `..`. The scenario reader holds a scenario file to it, and every reader of a
/// run's own tables that takes names from them (a summary, a shard manifest) holds the tables to it
/// too: a name read back can never lead a path out of its directory (`../x`, `/etc/x`).
public enum ScenarioName {
  public static let maximumLength = 100
  /// What a valid name is, for messages.
  public static let expected = "a name of 1 to \(maximumLength) characters from A-Z a-z 0-9 _ . -"

  /// Whether `name` is a valid scenario name.
  public static func isValid(_ name: String) -> Bool { problem(name) == nil }

  /// Why `name` is not a valid scenario name (`expected …, got '…'`), or nil when it is.
  public static func problem(_ name: String) -> String? {
    let allowed = name.unicodeScalars.allSatisfy { s in
      s.isASCII
        && (("A"..."Z").contains(s) || ("a"..."z").contains(s) || ("0"..."9").contains(s)
          || "_.-".unicodeScalars.contains(s))
    }
    guard allowed, !name.isEmpty, name.count <= maximumLength else {
      return "expected \(expected), got '\(InputCSV.quoted(Substring(name)))'"
    }
    guard name != ".", name != ".." else { return "expected a name other than . and .., got '\(name)'" }
    return nil
  }
}
