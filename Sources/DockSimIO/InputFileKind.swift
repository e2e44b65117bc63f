import Foundation

/// What an input path is when it is not a regular file, in plain words, for the one-line errors of every
/// reader: a device, a pipe or a socket cannot be an input (`/dev/null` would otherwise read as an
/// unreadable or empty file, and a FIFO would block the command).
enum InputFileKind {
  /// "a character device", "a block device", "a named pipe (FIFO)", "a socket", or nil for a regular
  /// file, a directory (each reader says that itself) or a path that does not exist.
  static func nonRegular(_ path: String) -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let type = attributes[.type] as? FileAttributeType
    else { return nil }
    switch type {
    case .typeCharacterSpecial: return "a character device"
    case .typeBlockSpecial: return "a block device"
    case .typeSocket: return "a socket"
    case .typeRegular, .typeDirectory, .typeSymbolicLink: return nil
    default:
      var status = stat()
      if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO { return "a named pipe (FIFO)" }
      return "not a regular file"
    }
  }
}
