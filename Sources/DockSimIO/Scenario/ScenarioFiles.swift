import Foundation

/// File-system side of scenario loading: reading one file as UTF-8 text and expanding directories.
enum ScenarioFiles {
  /// Larger files are refused: a scenario is a page of YAML, and a multi-megabyte one is almost
  /// certainly the wrong file (a trace, a binary) that would otherwise be parsed at length.
  static let maximumSize = 4 << 20

  static let extensions: Set<String> = ["yaml", "yml"]

  /// The text of the scenario file at `path` (`InputFile`).
  static func read(path: String) throws(InputError) -> String {
    switch InputFile.check(path: path, maximumSize: maximumSize) {
    case .success(let text): return text
    case .failure(let problem):
      var expected = "a scenario file (.yaml or .yml)"
      // The size message names the kind of file without its extensions: the limit is the point there.
      if case .tooLarge = problem { expected = "a scenario file" }
      throw InputFile.error(problem, path: path, expected: expected, maximumSize: maximumSize)
    }
  }

  /// The scenario files `path` names: itself if it is a file (whatever its extension, since it was
  /// named explicitly), or the `*.yaml` and `*.yml` files directly inside it if it is a directory,
  /// sorted by path. Hidden files are skipped (editors' and atomic writers' temporaries are hidden).
  static func expand(path: String) throws(InputError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(
        file: path, message: "no such file or directory; expected a scenario file or a directory")
    }
    guard isDirectory.boolValue else { return [path] }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw InputError(file: path, message: "cannot list the directory: \(error.localizedDescription)")
    }
    let prefix = path.hasSuffix("/") ? path : path + "/"
    let files = names.filter { name in
      // Suite files sit beside scenarios but are not scenarios.
      guard !name.hasPrefix("."), !SuiteLoader.isSuite(name), let dot = name.lastIndex(of: ".") else {
        return false
      }
      guard extensions.contains(name[name.index(after: dot)...].lowercased()) else { return false }
      var isSubdirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: prefix + name, isDirectory: &isSubdirectory)
        && !isSubdirectory.boolValue
    }
    // Byte order of the paths, not a locale's collation, so every machine runs them in one order.
    let sorted = files.map { prefix + $0 }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    guard !sorted.isEmpty else {
      throw InputError(
        file: path, message: "no .yaml or .yml files in this directory; expected at least one")
    }
    return sorted
  }
}
