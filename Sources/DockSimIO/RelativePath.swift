import Foundation

/// The one rule for a path a file names relative to itself: a suite's scenarios and `params:`, a
/// tuning file's suites, scenarios and logs, a scenario's trajectory file.
public enum RelativePath {
  /// `path` as named from the directory holding `file`: an absolute path as given; otherwise joined to
  /// that directory and normalised by `normalize`, so `Scenarios/tuning/example.tune.yaml` naming
  /// `../../Tests/log.csv` gives `Tests/log.csv`.
  public static func resolve(_ path: String, besideFile file: String) -> String {
    if path.hasPrefix("/") { return path }
    let directory = (file as NSString).deletingLastPathComponent
    return normalize(directory.isEmpty ? path : directory + "/" + path)
  }

  /// `path` without `.` components, repeated slashes and `name/..` pairs, worked out on the text alone
  /// (as the shell's `cd -L` does). A relative path keeps the `..` that climb above its start
  /// (`a/../../x` is `../x`); an absolute one stops at `/`. An empty result is `.`.
  public static func normalize(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !absolute {
          parts.append(part)
        }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    if absolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }
}
