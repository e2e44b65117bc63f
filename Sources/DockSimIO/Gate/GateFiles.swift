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
    try InputFile.text(path: path, expected: expected, maximumSize: maximumSize)
  }
}
