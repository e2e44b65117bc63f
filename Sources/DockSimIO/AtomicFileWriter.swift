import Foundation

/// Writes a file so that it appears whole or not at all: the bytes go to a hidden temporary file in
/// the same directory, which is renamed over the destination on `commit()`. A crash, an error or
/// `abort()` leaves the destination untouched (and removes the temporary file where it can).
public final class AtomicFileWriter {
  public let destination: URL
  private let temporary: URL
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var finished = false
  private static let flushThreshold = 1 << 16

  /// Creates the temporary file (and the destination's directory if missing).
  public init(path: String) throws {
    destination = URL(fileURLWithPath: path)
    let directory = destination.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    temporary = directory.appendingPathComponent(
      ".\(destination.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    )
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw IOFailure(path: path, message: "cannot create a temporary file in \(directory.path)")
    }
    handle = try FileHandle(forWritingTo: temporary)
    buffer.reserveCapacity(AtomicFileWriter.flushThreshold * 2)
  }

  deinit {
    if !finished {
      try? handle.close()
      try? FileManager.default.removeItem(at: temporary)
    }
  }

  /// Appends UTF-8 text.
  public func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= AtomicFileWriter.flushThreshold { try flush() }
  }

  /// Appends bytes as they are.
  /// Appends `bytes` (a line a sink built in place).
  func write(bytes: [UInt8]) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= AtomicFileWriter.flushThreshold { try flush() }
  }

  public func write(_ data: Data) throws {
    buffer.append(contentsOf: data)
    if buffer.count >= AtomicFileWriter.flushThreshold { try flush() }
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    try handle.write(contentsOf: buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, syncs and renames the temporary file over the destination.
  public func commit() throws {
    try flush()
    try handle.synchronize()
    try handle.close()
    finished = true
    if rename(temporary.path, destination.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw IOFailure(path: destination.path, message: "cannot move the finished file into place: \(reason)")
    }
  }

  /// Discards everything written; the destination is left as it was.
  public func abort() {
    guard !finished else { return }
    finished = true
    try? handle.close()
    try? FileManager.default.removeItem(at: temporary)
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
    } else if FileManager.default.fileExists(atPath: path) {
      try FileManager.default.removeItem(atPath: path)
    }
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
  public var description: String { "\(path): \(message)" }
}
