import Foundation

/// Reading the text inputs of `docksim gate` and `docksim baseline`.
public enum GateFiles {
  /// Larger inputs are refused: a summary or tolerance file is a few kilobytes, and a huge file is
  /// almost certainly the wrong one (a trace) that would otherwise be parsed at length.
  public static let maximumSize = 64 << 20

  /// The UTF-8 text of the file at `path`; `expected` names what the file should be ("a summary CSV").
  ///
  /// - Throws: `InputError` when the path is missing, a directory, too large, unreadable or not
  ///   UTF-8.
  public static func readText(path: String, expected: String) throws(InputError) -> String {
    var isDirectory: ObjCBool = false
    guard !path.isEmpty else { throw InputError(file: "''", message: "empty path; expected \(expected)") }
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(file: path, message: "no such file; expected \(expected)")
    }
    guard !isDirectory.boolValue else {
      throw InputError(file: path, message: "is a directory; expected \(expected)")
    }
    if let kind = InputFileKind.nonRegular(path) {
      throw InputError(file: path, message: "is \(kind); expected \(expected)")
    }
    let data: Data
    do {
      let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
      guard size <= maximumSize else {
        throw InputError(
          file: path, message: "file is \(size) bytes; expected \(expected) of at most \(maximumSize) bytes")
      }
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch let error as InputError {
      throw error
    } catch {
      throw InputError(file: path, message: "cannot read the file: \(error.localizedDescription)")
    }
    do {
      return try ScenarioFiles.text(of: data, file: path)
    } catch {
      throw InputError(file: error.file, line: error.line, message: error.message)
    }
  }
}
