import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that it appears whole or not at all: the bytes go to a hidden temporary file in
/// the same directory, which is renamed over the destination on `commit()`. A crash, an error or
/// `abort()` leaves the destination untouched (and removes the temporary file where it can).
///
/// Every failure is an `IOFailure` naming the destination and the cause in plain words (`no space
/// left on device`, `read-only file system`), never a Foundation error domain and code.
public final class AtomicFileWriter {
  public let destination: URL
  private let temporary: URL
  private var descriptor: Int32
  private var buffer: [UInt8] = []
  private var finished = false
  private static let flushThreshold = 1 << 16

  /// The prefix of every temporary file name: `.<name>.tmp-<pid>-<UUID>` (see `isTemporaryName`).
  static let temporaryMarker = ".tmp-"

  /// Creates the temporary file (and the destination's directory if missing).
  ///
  /// - Throws: `IOFailure` when `path` is (or links to) a device, a named pipe or a socket: the rename
  ///   would replace it, or the link, with a regular file (`--out /dev/null` or `--report /dev/stdout`,
  ///   run as root, would destroy the system's null device or its standard-output link).
  public init(path: String) throws {
    try Self.requireReplaceable(path)
    destination = URL(fileURLWithPath: path)
    let directory = destination.deletingLastPathComponent()
    try FileSystem.createDirectory(directory.path)
    temporary = directory.appendingPathComponent(
      ".\(destination.lastPathComponent)\(Self.temporaryMarker)\(getpid())-\(UUID().uuidString)")
    descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw IOFailure(path: path, errno: errno, doing: "cannot create the file") }
    buffer.reserveCapacity(AtomicFileWriter.flushThreshold * 2)
  }

  deinit {
    if !finished {
      close(descriptor)
      unlink(temporary.path)
    }
  }

  /// Appends UTF-8 text.
  public func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= AtomicFileWriter.flushThreshold { try flush() }
  }

  /// Appends `bytes` (a line a sink built in place).
  func write(bytes: [UInt8]) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= AtomicFileWriter.flushThreshold { try flush() }
  }

  /// Appends bytes as they are.
  public func write(_ data: Data) throws {
    buffer.append(contentsOf: data)
    if buffer.count >= AtomicFileWriter.flushThreshold { try flush() }
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    try FileSystem.writeAll(descriptor, buffer, path: destination.path)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, syncs and renames the temporary file over the destination.
  public func commit() throws {
    do {
      try flush()
      if fsync(descriptor) != 0 {
        throw IOFailure(path: destination.path, errno: errno, doing: "cannot write")
      }
    } catch {
      abort()
      throw error
    }
    finished = true
    if close(descriptor) != 0 {
      let failure = IOFailure(path: destination.path, errno: errno, doing: "cannot write")
      unlink(temporary.path)
      throw failure
    }
    if rename(temporary.path, destination.path) != 0 {
      let failure = IOFailure(
        path: destination.path, errno: errno, doing: "cannot move the finished file into place")
      unlink(temporary.path)
      throw failure
    }
  }

  /// Discards everything written; the destination is left as it was.
  public func abort() {
    guard !finished else { return }
    finished = true
    close(descriptor)
    unlink(temporary.path)
  }

  /// Throws `IOFailure` when `path` is (or links to) a device, a named pipe or a socket, which an
  /// output renamed into place would replace.
  static func requireReplaceable(_ path: String) throws {
    if let kind = InputFile.nonRegularTarget(path) {
      throw IOFailure(
        path: path,
        message:
          "is \(kind), not a regular file: an output is written whole to a new file and renamed into place, "
          + "which would replace it; choose a regular file's path")
    }
  }

  /// Writes `text` to `path` atomically in one go.
  public static func write(_ text: String, to path: String) throws {
    let writer = try AtomicFileWriter(path: path)
    do {
      try writer.write(text)
      try writer.commit()
    } catch {
      writer.abort()
      throw error
    }
  }

  /// Writes `text` to `path` atomically, or, when `text` is nil, removes a file an earlier run left at
  /// `path`, so that it is not read as this run's.
  public static func write(_ text: String?, orRemove path: String) throws {
    if let text {
      try write(text, to: path)
    } else {
      try FileSystem.removeIfPresent(path)
    }
  }

  /// Whether `name` is the name of one of this writer's temporary files (`.<name>.tmp-<pid>-<UUID>`),
  /// and the pid that made it.
  public static func temporaryOwner(_ name: String) -> Int32? {
    guard name.hasPrefix("."), let marker = name.range(of: temporaryMarker, options: .backwards) else {
      return nil
    }
    let tail = name[marker.upperBound...]
    guard let dash = tail.firstIndex(of: "-"), let pid = Int32(tail[..<dash]), pid > 0,
      UUID(uuidString: String(tail[tail.index(after: dash)...])) != nil
    else { return nil }
    return pid
  }
}

extension AtomicFileWriter {
  /// Copies the file at `source` to `path` byte for byte, atomically, in chunks (a trace may be larger
  /// than one wants to hold in memory).
  public static func copy(from source: String, to path: String) throws {
    guard let input = FileHandle(forReadingAtPath: source) else {
      throw IOFailure(path: source, message: "cannot open the file for reading")
    }
    defer { try? input.close() }
    let writer = try AtomicFileWriter(path: path)
    do {
      while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try writer.write(chunk) }
      try writer.commit()
    } catch {
      writer.abort()
      throw error
    }
  }
}

/// A file-system failure, naming the file.
public struct IOFailure: Error, CustomStringConvertible, Equatable {
  public let path: String
  public let message: String
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `<doing>: <the cause in words>`, e.g. `cannot write: no space left on device`.
  public init(path: String, errno code: Int32, doing: String) {
    self.init(path: path, message: "\(doing): \(IOFailure.reason(code))")
  }

  /// The C library's description of `code`, starting lower-case (`no space left on device`).
  public static func reason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  public var description: String { "\(path): \(message)" }
}

/// The few file-system calls DockSim's writers make, with `IOFailure`s in plain words.
public enum FileSystem {
  /// Creates `path` and its missing parents; an existing directory is fine.
  public static func createDirectory(_ path: String) throws {
    guard !path.isEmpty else { return }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw IOFailure(path: path, message: "cannot create the directory: a file of that name exists")
      }
      return
    }
    if let parent = parent(of: path) { try createDirectory(parent) }
    if mkdir(path, 0o755) != 0 && errno != EEXIST {
      throw IOFailure(path: path, errno: errno, doing: "cannot create the directory")
    }
  }

  /// The directory `path` is in, or nil for a one-component relative path or `/` (worked out by hand:
  /// Foundation's `deletingLastPathComponent` traps on a one-component relative path).
  public static func parent(of path: String) -> String? {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return nil }
    let parent = String(trimmed[..<slash])
    if parent.isEmpty { return trimmed == "/" ? nil : "/" }
    return parent
  }

  /// Writes all of `bytes` to `descriptor` (retrying short writes and interruptions).
  public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws {
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { raw in
        write(descriptor, raw.baseAddress! + done, raw.count - done)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw IOFailure(path: path, errno: errno, doing: "cannot write")
      }
      done += n
    }
  }

  /// Removes the file at `path` if there is one.
  public static func removeIfPresent(_ path: String) throws {
    if unlink(path) != 0 && errno != ENOENT {
      throw IOFailure(path: path, errno: errno, doing: "cannot remove the file of an earlier run")
    }
  }
}
