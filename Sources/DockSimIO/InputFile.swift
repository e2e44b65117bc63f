import Foundation

/// The one check of a file a command reads, before its format's reader sees a byte: the path names an
/// existing regular file (not a directory, a device, a pipe or a socket), within the reader's size
/// limit, readable, and UTF-8 text (a leading byte-order mark dropped).
///
/// `text(path:expected:maximumSize:)` words every failure the same way ("is a directory; expected a
/// summary CSV"); a reader with wording of its own (the observation logs) maps `Problem` itself.
public enum InputFile {
  /// Why a path cannot be read as an input.
  public enum Problem: Error, Equatable, Sendable {
    case emptyPath
    case missing
    case directory
    /// A device, pipe or socket, in plain words ("a character device", "a named pipe (FIFO)").
    case notRegular(String)
    case tooLarge(bytes: Int)
    /// The system's reason.
    case unreadable(String)
    /// The first byte that is not UTF-8, its 0-based offset and 1-based line.
    case notUTF8(byte: UInt8, offset: Int, line: Int)
  }

  /// The UTF-8 text of the file at `path`, or why there is none; `maximumSize` in bytes.
  public static func check(path: String, maximumSize: Int) -> Result<String, Problem> {
    guard !path.isEmpty else { return .failure(.emptyPath) }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure(.missing)
    }
    guard !isDirectory.boolValue else { return .failure(.directory) }
    // Before the size and the read: `/dev/null` would read as empty, and a FIFO would block.
    if let kind = nonRegular(path) { return .failure(.notRegular(kind)) }
    let data: Data
    do {
      let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
      guard size <= maximumSize else { return .failure(.tooLarge(bytes: size)) }
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      return .failure(.unreadable(error.localizedDescription))
    }
    return utf8(data)
  }

  /// The UTF-8 text of the file at `path`; `expected` says what it should be ("a scenario file (.yaml
  /// or .yml)") and ends every message.
  ///
  /// - Throws: `InputError` naming the file: an empty path, a missing file, a directory, a device or
  ///   pipe, a file over `maximumSize` bytes, one that cannot be read, or bytes that are not UTF-8 (with
  ///   their line).
  public static func text(path: String, expected: String, maximumSize: Int) throws(InputError) -> String {
    switch check(path: path, maximumSize: maximumSize) {
    case .success(let text): return text
    case .failure(let problem): throw error(problem, path: path, expected: expected, maximumSize: maximumSize)
    }
  }

  /// `problem` in the shared wording, every message ending with what was `expected`.
  public static func error(_ problem: Problem, path: String, expected: String, maximumSize: Int) -> InputError
  {
    switch problem {
    case .emptyPath: InputError(file: "''", message: "empty path; expected \(expected)")
    case .missing: InputError(file: path, message: "no such file; expected \(expected)")
    case .directory: InputError(file: path, message: "is a directory; expected \(expected)")
    case .notRegular(let kind): InputError(file: path, message: "is \(kind); expected \(expected)")
    case .tooLarge(let bytes):
      InputError(
        file: path, message: "file is \(bytes) bytes; expected \(expected) of at most \(maximumSize) bytes")
    case .unreadable(let reason): InputError(file: path, message: "cannot read the file: \(reason)")
    case .notUTF8(let byte, let offset, let line):
      InputError(file: path, line: line, message: notUTF8Message(byte: byte, offset: offset))
    }
  }

  private static func notUTF8Message(byte: UInt8, offset: Int) -> String {
    "byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset) is not valid UTF-8; "
      + "expected a UTF-8 text file"
  }

  /// `data` as a String, refusing bytes that are not UTF-8 rather than replacing them silently: a
  /// replaced byte inside a name or number would change what the file means.
  private static func utf8(_ data: Data) -> Result<String, Problem> {
    var iterator = data.makeIterator()
    var decoder = UTF8()
    var offset = 0
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: break decoding
      case .error:
        let byte = data[data.startIndex + offset]
        let line = data.prefix(offset).reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return .failure(.notUTF8(byte: byte, offset: offset, line: line))
      }
    }
    let text = String(decoding: data, as: UTF8.self)
    // A byte-order mark (U+FEFF, which spreadsheet programs put before their UTF-8) is an encoding
    // signature, not content: without this it would sit, invisible, in the first header cell.
    return .success(text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text)
  }

  /// What `path` ends at, symbolic links followed (`/dev/stdout` is a link to a pipe or a terminal):
  /// "a character device", "a block device", "a named pipe (FIFO)", "a socket", or nil for a regular
  /// file, a directory, or a path that does not exist or cannot be examined. For outputs: a link to
  /// one of these would be replaced by the rename.
  static func nonRegularTarget(_ path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return kindName(status.st_mode)
  }

  /// What `path` itself is, a symbolic link not followed: as `nonRegularTarget`, and "not a regular
  /// file" for any other kind; nil for a regular file, a directory, a link or a path that does not exist.
  static func nonRegular(_ path: String) -> String? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG, S_IFDIR, S_IFLNK: return nil
    default: return kindName(status.st_mode) ?? "not a regular file"
    }
  }

  /// The words for a device, named pipe or socket's `st_mode`; nil for any other kind.
  private static func kindName(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a named pipe (FIFO)"
    case S_IFSOCK: return "a socket"
    default: return nil
    }
  }
}
